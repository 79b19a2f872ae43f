#include "core/torch/cudnn_observation.h"

#include <algorithm>

#include "core/analysis/summary_stats.h"
#include "core/cudnn/ledger_builder.h"
#include "core/engine/cudnn_query.h"

namespace inferscope::engine {

cudnn::CudnnLedger observeCudnn(const trace::TraceWindow& window, const ConfigResult& r,
                                int warmup_iterations, int cuda_device) {
  cudnn::ModeRunInfo info;
  info.mode = r.config.cudnn.deterministic ? cudnn::SelectionMode::Deterministic
              : r.config.cudnn.benchmark   ? cudnn::SelectionMode::Benchmark
                                           : cudnn::SelectionMode::Heuristic;
  info.config_key = r.config.key();
  info.latency_ms = r.latency_ms;
  const auto measured =
      std::min<std::ptrdiff_t>(warmup_iterations, static_cast<std::ptrdiff_t>(r.latency_ms.size()));
  info.steady_median_ms =
      analysis::summarize({r.latency_ms.begin() + measured, r.latency_ms.end()}).median;
  cudnn::CudnnLedger part = cudnn::observeMode(window, info);
  if (info.mode == cudnn::SelectionMode::Heuristic) {
    const bool tf32 = r.config.convolutionsUseTf32();
    for (auto& layer : part.layers) {
      if (layer.shape.transposed) continue;
      if (cuda_device < 0) {
        layer.query_error = "requires CUDA and cuDNN: this config ran on the CPU";
        continue;
      }
      auto query = queryConvolutionAlgorithms(layer.shape, tf32, cuda_device);
      layer.candidates = std::move(query.candidates);
      layer.query_error = std::move(query.error);
    }
  }
  part.cudnn_version = cudnnLibraryVersion();
  return part;
}

}  // namespace inferscope::engine
