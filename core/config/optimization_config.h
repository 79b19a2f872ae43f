// One combination of the guide's five techniques, as a plain value with a stable text key
// ("bf16+cl+graph+bench") used by session files, CLI flags and the GUI. Defaults are PyTorch's
// eager FP32 under inference_mode; the key lists only what differs, in a fixed order:
//   grad · precision · memory format · compile · cuDNN
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/device/device_info.h"

namespace inferscope {

enum class GradMode { InferenceMode, NoGrad, Autograd };

// How the model's float math is done. Fp32 is strict IEEE everywhere (matmul "highest", cuDNN conv
// TF32 off) — the reference every other precision is compared against.
enum class Precision { Fp32, Tf32, Fp16Cast, Bf16Cast, AutocastFp16, AutocastBf16 };

// torch.set_float32_matmul_precision levels (and their fp32_precision equivalents on ≥ 2.9).
enum class MatmulPrecision { Highest, High, Medium };

enum class MemoryFormat { Contiguous, ChannelsLast };

enum class CompileMode {
  None,
  TorchScript,       // torch::jit freeze + optimize_for_inference
  AotInductor,       // AOTInductor .pt2 package (LibTorch ≥ 2.6)
  AotInductorMax,    // AOTInductor package compiled with max-autotune
  CudaGraph,         // capture the eager forward once, replay it (static shapes, CUDA only)
  AotInductorGraph,  // the AOTInductor package's run captured once in a CUDA graph, replayed
  // Python's torch.compile, measured in InferScope's Python worker (resources/python/
  // inferscope_pymodel.py) for models Python can rebuild: an ExportedProgram or a --model-py entry.
  TorchCompile,                // torch.compile(mode="default")
  TorchCompileReduceOverhead,  // torch.compile(mode="reduce-overhead"): Inductor + CUDA graphs
  TorchCompileMax,             // torch.compile(mode="max-autotune"): minutes of autotuning
};

// Whether `mode` runs an AOTInductor package: compiled ahead of time for one dtype and one shape,
// by the background compile queue for zoo models.
bool runsAotInductorPackage(CompileMode mode);
// Whether `mode` replays a captured CUDA graph: CUDA only, static shapes, no autograd history.
bool replaysCudaGraph(CompileMode mode);
// Whether `mode` is Python's torch.compile: it runs in the Python worker, never in LibTorch.
bool runsTorchCompile(CompileMode mode);

struct CudnnSettings {
  bool enabled = true;
  bool benchmark = false;
  bool deterministic = false;  // also torch.use_deterministic_algorithms(true)
  bool operator==(const CudnnSettings& o) const {
    return enabled == o.enabled && benchmark == o.benchmark && deterministic == o.deterministic;
  }
};

struct OptimizationConfig {
  GradMode grad = GradMode::InferenceMode;
  Precision precision = Precision::Fp32;
  // Only read when precision == Tf32: what TF32 covers.
  MatmulPrecision tf32_matmul = MatmulPrecision::High;
  bool tf32_conv = true;
  MemoryFormat memory_format = MemoryFormat::Contiguous;
  CompileMode compile = CompileMode::None;
  CudnnSettings cudnn;

  // Stable text key, e.g. "fp32", "tf32", "tf32-medium", "bf16+cl+graph+bench", "nograd+fp16".
  std::string key() const;
  // Parses a key; throws Error(InvalidInput) naming the unknown token and listing valid ones.
  static OptimizationConfig parse(std::string_view key);
  // A readable one-line description: "BF16 cast · channels_last · CUDA graph · cuDNN benchmark".
  std::string describe() const;

  bool isLowPrecisionCast() const;
  // Whether FP32 convolutions may use TF32 (precision tf32 with conv TF32 on): what cuDNN's math
  // type, the settings guard and the exported code follow.
  bool convolutionsUseTf32() const { return precision == Precision::Tf32 && tf32_conv; }
  bool usesAutocast() const;
  bool operator==(const OptimizationConfig& o) const { return key() == o.key(); }
  bool operator!=(const OptimizationConfig& o) const { return !(*this == o); }
};

// The config named by the AOTInductor package `config` runs: aoti-graph captures the aoti config's
// package at load time, so the two share one compile job, one cache entry and one key. Any other
// config is its own.
OptimizationConfig packageConfig(const OptimizationConfig& config);

// Why a config cannot run on a device, or nullopt when it can. Never a silent fallback:
// "unsupported: BF16 needs compute capability ≥ 8.0 (Turing 7.5 has no BF16 Tensor Cores)".
std::optional<std::string> unsupportedReason(const OptimizationConfig& config,
                                             const DeviceCaps& caps, bool libtorch_has_aoti);

// Every token the key grammar accepts, with its meaning (for --help and error messages).
std::vector<std::pair<std::string, std::string>> configTokens();

}  // namespace inferscope
