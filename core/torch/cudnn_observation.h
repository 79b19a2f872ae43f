// A traced config's part of a cuDNN algorithm ledger (core/cudnn/ledger_builder.h): what ran under
// each convolution of the trace window and, when cuDNN chose by heuristics, cuDNN's own candidates
// per shape, asked in this process after the run (cuDNN is loaded and initialised as LibTorch uses
// it). No LibTorch types: the candidates come through core/engine/cudnn_query.h.
#pragma once

#include "core/cudnn/cudnn_ledger.h"
#include "core/engine/config_result.h"
#include "core/trace/trace_records.h"

namespace inferscope::engine {

// `result` is the config's finished run (config, latencies) with `warmup_iterations` before the
// measured part; `cuda_device` the device it ran on, or −1 for the CPU (no candidates there).
cudnn::CudnnLedger observeCudnn(const trace::TraceWindow& window, const ConfigResult& result,
                                int warmup_iterations, int cuda_device);

}  // namespace inferscope::engine
