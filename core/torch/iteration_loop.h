// The iteration loop of one prepared config: per-iteration device time (iteration_timer.h) and
// host time, samples and progress to the sink, the online analyser's adaptive stop, cancellation
// between iterations, varying input sizes, and the bounded kernel-trace window (core/trace/), whose
// summary, timeline copy and cuDNN observation land in the result as values.
#pragma once

#include <vector>

#include "core/engine/config_result.h"
#include "core/torch/prepared_model.h"
#include "core/torch/torch_backend.h"

namespace inferscope::torchlayer {

// Runs the config's iterations into `result` (latency_ms, host_ms, warmup_iterations, trace
// fields, stop reason); `time_budget_ms` 0 means none. Returns the last iteration's outputs (of
// input set 0 when sizes vary, so accuracy is judged on what the reference saw).
std::vector<torch::Tensor> iterate(const TorchSession& session, PreparedModel& model,
                                   ConfigResult& result, double time_budget_ms);

}  // namespace inferscope::torchlayer
