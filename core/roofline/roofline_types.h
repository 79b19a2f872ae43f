// The roofline's values, how far a config is from the device's limits: the work one iteration of
// a config does (FLOPs and bytes moved, counted per operator from the shapes the operator observer
// records), the device's measured ceilings, and the config's place under them. Plain values:
// ConfigResult and SessionResult hold them, roofline_json.h maps them to JSON (inside
// inferscope_core_base), docs/MEASUREMENT.md ("Roofline") says how each number is counted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope::roofline {

// One operator name's share of an iteration's counted work ("aten::linear": 73 calls, …).
struct OpWork {
  std::string op;  // the counted operator ("aten::linear", "aten::conv2d")
  std::string
      kind;  // matmul | convolution | attention | norm | elementwise | pooling | reduction | copy
  int calls = 0;          // per iteration
  double flops = 0;       // per iteration, 2 × multiply-adds (FlopCounterMode's convention)
  double bytes = 0;       // per iteration: inputs read + results written, once each
  double time_share = 0;  // of the iteration's operator time, 0..1
};

// A top-level operator whose work no rule counts (and that is no view or allocation).
struct UncountedOp {
  std::string op;
  int calls = 0;
  double time_share = 0;  // of the iteration's operator time, 0..1
};

// The work of one iteration of one config (the whole batch).
struct WorkCount {
  double flops = 0;
  double bytes = 0;
  std::vector<OpWork> ops;             // by FLOPs, then bytes, descending
  std::vector<UncountedOp> uncounted;  // by time share, descending
  double uncounted_time_share = 0;     // Σ uncounted[].time_share
  // What the time shares are of: "host" (each top-level operator's host time in the observed
  // iteration: on the CPU its compute) or "gpu-kernels" (kernel time per operator, CUPTI window).
  std::string time_basis = "host";
  int operator_calls = 0;  // every observed operator call, nested ones included
};

enum class Bound { Unknown, Compute, Memory, LaunchHost, Mixed };
const char* toString(Bound bound);
Bound parseBound(std::string_view text);  // Unknown for anything else

// An operator's kernels (from the CUPTI window) credited with its work: the FLOPs and bytes an
// operator name does per iteration over the time of every kernel it launched (an operator launches
// several: GEMM tiles that differ with the shape, a bias epilogue, a layout transform), named by
// its longest kernel. Crediting the longest kernel alone put a matmul's work over a fraction of
// its time (129 % of the BF16 peak for the encoder's aten::matmul on the H200).
struct KernelWork {
  std::string kernel;     // the longest of them, demangled, as in TraceSummary::top_kernels
  std::string op;         // their outermost operator
  int kernels_in_op = 1;  // distinct kernels summed (1 in sessions written before they were)
  double kernel_us_per_iteration = 0;  // all of them
  double flops = 0, bytes = 0;         // per iteration
  double achieved_tflops = 0, achieved_gbps = 0, intensity = 0;
  double pct_of_compute_ceiling = 0;
};

// One config's place on the roofline.
struct ConfigRoofline {
  WorkCount work;
  // "observed": counted from this config's own observed iteration. "eager": taken from the eager
  // count of `work_from` (compiled configs — AOTInductor, CUDA graph replay, TorchScript — whose
  // operators are not observed), with bytes rescaled to this config's element size when
  // `bytes_scaled`.
  std::string work_source = "observed";
  std::string work_from;
  bool bytes_scaled = false;
  std::string precision;  // the ceiling it is measured against: fp32 | tf32 | fp16 | bf16
  double median_ms = 0;   // the steady median the rates are of
  double achieved_tflops = 0, achieved_gbps = 0;
  double intensity = 0;                         // FLOPs per byte
  double ceiling_tflops = 0, ceiling_gbps = 0;  // measured; 0 when no ceiling was measured
  double pct_of_compute_ceiling = 0, pct_of_memory_ceiling = 0;
  // Share of the iteration the GPU is busy (−1: not known), and where it comes from: "trace"
  // (CUPTI: union of kernel time / wall) or "graph-pair" (tuner::diagnoseHostBound: this eager
  // config against its CUDA-graph twin).
  double gpu_busy_share = -1;
  std::string busy_basis;
  Bound bound = Bound::Unknown;
  std::string reason;  // one sentence: why this bound
  std::vector<KernelWork> kernels;
};

// Dense matmul peak of one precision: measured through LibTorch's own matmul, and the vendor's
// datasheet figure (dense, no sparsity; 0 when the table has none).
struct PrecisionPeak {
  std::string precision;  // fp32 | tf32 | fp16 | bf16
  double measured_tflops = 0;
  double datasheet_tflops = 0;
  std::int64_t matrix_size = 0;  // n of the n×n×n products timed
};

// What a measurement of ceilings is valid for: a cached one is re-measured when any part differs.
struct CeilingKey {
  std::string device_name, driver_version, libtorch_version, cuda_version, cudnn_version;
  int cpu_threads = 0;  // the CPU's GEMM depends on LibTorch's intra-op threads
  bool operator==(const CeilingKey& o) const {
    return device_name == o.device_name && driver_version == o.driver_version &&
           libtorch_version == o.libtorch_version && cuda_version == o.cuda_version &&
           cudnn_version == o.cudnn_version && cpu_threads == o.cpu_threads;
  }
  bool operator!=(const CeilingKey& o) const { return !(*this == o); }
};

struct DeviceCeilings {
  CeilingKey key;
  std::vector<PrecisionPeak> matmul;  // the precisions the device supports
  double copy_gbps = 0;               // device-memory copy: (read + write) bytes / time
  std::int64_t copy_bytes = 0;        // size of the buffer copied
  double datasheet_gbps = 0;          // 0: not in the table
  std::string datasheet_source;       // "NVIDIA H200 Tensor Core GPU datasheet (2024)"
  std::string measured_utc;
  bool from_cache = false;  // not written to files: this run read it from the cache

  // The peak of `precision`, or nullptr.
  const PrecisionPeak* peak(std::string_view precision) const;
};

}  // namespace inferscope::roofline
