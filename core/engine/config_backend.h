// What the session loop (session_runner.h) needs from whatever runs models. LibTorch's
// implementation is core/torch/torch_backend.h; CPU tests fake it, so the loop's order, budgets,
// fallbacks and cancellation are tested without a model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/config_result.h"

namespace inferscope {

struct ReferenceRun {
  std::int64_t parameter_count = 0;        // 0 when the reference could not run (out of memory)
  std::vector<std::string> output_shapes;  // "1x1000:float32"
};

class ConfigBackend {
 public:
  virtual ~ConfigBackend() = default;
  // Runs the FP32-IEEE reference once and keeps its outputs when `keep_outputs` (accuracy). Throws
  // Error naming the model and its inputs when the model cannot run at all.
  virtual ReferenceRun runReference(bool keep_outputs) = 0;
  // Frees what earlier runs left cached and measures the memory the configs start from (what an
  // out-of-memory config must leave behind again).
  virtual void measureBaseline() = 0;
  // Says why no baseline is measured (an isolation worker, whose config must pay for creating the
  // CUDA context), instead of measureBaseline.
  virtual void skipBaseline(const std::string& reason) = 0;
  // Runs one supported config on a fresh model: set-up, iterations (samples and progress go to the
  // sink), memory, and accuracy against the reference when one is kept. With `keep_outputs` the
  // outputs are kept for compareKeptOutputs instead (the reference runs last). Failures are the
  // result's status and message, never exceptions. Statistics are left to the caller.
  virtual ConfigResult runConfig(const OptimizationConfig& config, int index, bool keep_outputs,
                                 double time_budget_ms) = 0;
  // Reference last: compares the outputs kept for config `index` with the reference.
  virtual void compareKeptOutputs(int index, ConfigResult& result) = 0;
};

}  // namespace inferscope
