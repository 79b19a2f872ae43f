// The cuDNN algorithm ledger of one model and config: for every unique convolution shape the model
// executes, the forward algorithms cuDNN offers (legacy Find/Get API: status, time, workspace,
// determinism, math type), and what actually ran under that convolution (CUPTI kernels classified
// into families) with cudnn.benchmark off, on, and with deterministic algorithms. Plain data: no
// LibTorch, no CUDA, no Qt; built by core/cudnn/ledger_builder.h, serialised by ledger_json.h.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/cudnn/kernel_family.h"

namespace inferscope::cudnn {

// The three ways a config lets cuDNN pick, in this order in every ledger.
enum class SelectionMode { Heuristic, Benchmark, Deterministic };
const char* toString(SelectionMode mode);  // "heuristic", "benchmark", "deterministic"
std::optional<SelectionMode> selectionModeFromString(const std::string& text);
inline constexpr SelectionMode kSelectionModes[] = {
    SelectionMode::Heuristic, SelectionMode::Benchmark, SelectionMode::Deterministic};

// One convolution shape as cuDNN sees it: logical NCHW sizes whatever the memory format.
struct ConvShape {
  std::vector<std::int64_t> input;   // N, C, H, W (or N, C, D, H, W)
  std::vector<std::int64_t> weight;  // K, C/groups, R, S
  std::vector<std::int64_t> stride, padding, dilation;
  std::int64_t groups = 1;
  std::string dtype = "float32";  // "float32", "float16", "bfloat16", "float64"
  bool channels_last = false;     // input in NHWC memory format
  bool transposed = false;        // transposed convolutions are listed, not queried

  // Stable, readable dedup key: "32x64x56x56 * 64x64x3x3 s1 p1 d1 g1 bfloat16 nhwc".
  std::string key() const;
  // The output's spatial sizes, by the usual formula (empty for transposed convolutions).
  std::vector<std::int64_t> outputSizes() const;
  bool operator==(const ConvShape& other) const { return key() == other.key(); }
};

// One forward algorithm as cuDNN's legacy API reports it.
struct AlgorithmCandidate {
  std::string algo;  // "IMPLICIT_PRECOMP_GEMM" (cudnnConvolutionFwdAlgo_t without prefix)
  KernelFamily family = KernelFamily::Other;  // the family that algorithm belongs to
  std::string status = "ok";      // "ok" or cuDNN's status text ("CUDNN_STATUS_NOT_SUPPORTED")
  std::optional<double> time_ms;  // measured by Find; absent for Get (heuristic) entries
  std::uint64_t workspace_bytes = 0;
  bool deterministic = true;
  bool tensor_core = false;  // math type CUDNN_TENSOR_OP_MATH*
  std::string math_type;     // "DEFAULT_MATH", "TENSOR_OP_MATH", "FMA_MATH", …
  int heuristic_rank = -1;   // position in cudnnGetConvolutionForwardAlgorithm_v7's list
};

// One kernel that ran under a convolution call.
struct RanKernel {
  std::string name;  // demangled, possibly shortened for display
  KernelFamily family = KernelFamily::Other;
  bool tensor_core = false;
  double time_us = 0;  // median GPU time per call of this convolution shape
};

// What one selection mode ran for one shape, over the traced steady iterations.
struct ModeObservation {
  bool observed = false;           // false: the mode's run failed or this shape never ran
  std::vector<RanKernel> kernels;  // in launch order of one call
  KernelFamily family = KernelFamily::Other;  // the main kernel's family (transposes excluded)
  bool tensor_core = false;                   // the main kernel ran on Tensor Cores
  double gpu_time_us = 0;                     // median over calls: sum of the call's kernel times
  int layout_transposes = 0;                  // NCHW↔NHWC transposes per call
  // The first call's host time beyond a steady call's: cudnnFind's autotuning with benchmark on;
  // with it off, what choosing and building the plan costs (cuDNN heuristics, plan cache fill).
  std::optional<double> autotune_ms;
  double steady_host_us = 0;  // median host time of one call in the steady iterations
  std::string error;          // why not observed, when known
};

struct LedgerLayer {
  ConvShape shape;
  std::vector<std::string> layer_names;  // the model's module paths when known, else "conv #3"
  int calls_per_iteration = 0;
  std::vector<AlgorithmCandidate> candidates;  // Find results (time order), then Get-only ones
  std::string heuristic_algo;                  // Get_v7's first choice
  std::string fastest_algo;                    // Find's fastest with status ok
  std::string query_error;  // why there are no candidates (transposed, cuDNN error, …)
  std::map<SelectionMode, ModeObservation> ran;
  // Derived by the builder:
  bool benchmark_differs = false;  // the benchmark run's main kernel differs from the heuristic's
  double benchmark_gain_us = 0;    // heuristic GPU time − benchmark GPU time (positive: faster)
  bool nondeterministic_choice =
      false;  // benchmark picked a family cuDNN reports non-deterministic
  // Deterministic mode ran another main kernel than the heuristic, the mode it differs from by
  // one flag (both leave benchmark off).
  bool deterministic_differs = false;
};

struct ModeTotals {
  bool ok = false;
  std::string config_key;         // the config actually run ("bf16+cl+bench")
  std::string error;              // when !ok
  double first_iteration_ms = 0;  // iteration 0 (cold: autotune happens here with benchmark)
  double steady_median_ms = 0;
  double conv_gpu_time_us = 0;  // sum over layers × calls of the convolution GPU time
  // Benchmark only: iteration 0 at new input shapes after the steady state (re-tuning cost).
  std::vector<std::pair<std::string, double>> retune_first_ms;  // (input shape, first iteration ms)
};

struct LedgerSummary {
  int unique_shapes = 0;
  int conv_calls_per_iteration = 0;
  int benchmark_differs = 0;     // shapes where benchmark ran another main kernel
  int benchmark_faster = 0;      // … and was faster by more than 2 % (noise)
  int benchmark_slower = 0;      // … and was slower by more than 2 %
  double benchmark_gain_us = 0;  // per iteration, all conv calls
  double autotune_ms_total = 0;  // first-iteration autotune over all unique shapes
  int tensor_core_shapes = 0;    // shapes whose heuristic kernel used Tensor Cores
  int nondeterministic_choices = 0;
  int deterministic_differs = 0;            // shapes where deterministic mode changed the kernel
  int layout_transposes_per_iteration = 0;  // in the heuristic run
};

struct CudnnLedger {
  bool available = false;
  std::string reason;     // when !available: "requires CUDA and cuDNN", …
  std::string model;      // "resnet50", a file name
  std::string input;      // "32x3x224x224:float32"
  std::string config;     // the base config key, without cuDNN tokens ("bf16+cl")
  std::string device;     // "NVIDIA H200 (sm_90)"
  int cudnn_version = 0;  // cudnnGetVersion(): 91900
  std::string torch_version;
  bool tf32 = false;  // TF32 allowed for cuDNN convolutions in this config
  std::map<SelectionMode, ModeTotals> modes;
  std::vector<LedgerLayer> layers;  // in first-execution order
  LedgerSummary summary;
  std::vector<std::string> notes;  // caveats shown with the ledger
};

}  // namespace inferscope::cudnn
