// Plans: which configs a sweep runs. "guide" is the optimization guide's combinations for this
// device and model family; "grid" the full product of chosen knobs; or an explicit list of keys.
// Configs the device cannot run stay in a plan on purpose: the engine records them as unsupported
// with the reason, which is what a user of an older GPU needs to see.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/config/optimization_config.h"
#include "core/model/model_zoo.h"

namespace inferscope {

struct PlanContext {
  DeviceCaps caps;
  ModelFamily family = ModelFamily::Cnn;
  bool is_torchscript_file = false;  // TorchScript freeze applies to .pt files only
  bool aot_inductor_available = false;
  // A model only Python can build (an ExportedProgram, a --model-py entry point): the guide's
  // compile step is torch.compile (tc, tc-ro), run in the Python worker, in place of the engine's
  // capture of the eager forward in a CUDA graph.
  bool python_model = false;
};

// The guide's five techniques, combined as the guide combines them (§1–§5 and its table).
std::vector<OptimizationConfig> guidePlan(const PlanContext& context);

// Knobs of a grid; every combination of the values is one config.
struct GridKnobs {
  std::vector<Precision> precisions{Precision::Fp32,         Precision::Tf32,
                                    Precision::Fp16Cast,     Precision::Bf16Cast,
                                    Precision::AutocastFp16, Precision::AutocastBf16};
  std::vector<MemoryFormat> memory_formats{MemoryFormat::Contiguous, MemoryFormat::ChannelsLast};
  std::vector<CompileMode> compile_modes{CompileMode::None, CompileMode::CudaGraph};
  std::vector<bool> cudnn_benchmark{false, true};
};
std::vector<OptimizationConfig> gridPlan(const GridKnobs& knobs);

// "guide", "grid", "grid:precision=fp32,bf16;cl=off,on;compile=none,graph;bench=off,on", or
// "KEY,KEY,…". Throws Error(InvalidInput) naming what is wrong.
std::vector<OptimizationConfig> parsePlan(std::string_view text, const PlanContext& context);

}  // namespace inferscope
