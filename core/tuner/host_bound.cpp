#include "core/tuner/host_bound.h"

#include <fmt/format.h>

namespace inferscope::tuner {
namespace {

bool sameSettings(const OptimizationConfig& a, const OptimizationConfig& b) {
  auto x = a, y = b;
  x.compile = y.compile = CompileMode::None;
  return x == y;
}

const ConfigResult* findOk(const std::vector<ConfigResult>& results,
                           const OptimizationConfig& config) {
  for (const auto& r : results) {
    if (r.config == config && r.status == ConfigStatus::Ok && r.stats.median_ms > 0) return &r;
  }
  return nullptr;
}

}  // namespace

HostBoundDiagnosis diagnoseHostBound(const std::vector<ConfigResult>& results,
                                     const OptimizationConfig& focus,
                                     const std::set<std::string>& contended) {
  // Candidate pairs: every eager config with its CUDA-graph twin measured.
  const ConfigResult *best_eager = nullptr, *best_graph = nullptr;
  int best_rank = 1000;
  for (const auto& r : results) {
    if (r.config.compile != CompileMode::None || r.status != ConfigStatus::Ok ||
        !(r.stats.median_ms > 0))
      continue;
    auto twin = r.config;
    twin.compile = CompileMode::CudaGraph;
    const auto* graph = findOk(results, twin);
    if (!graph) continue;
    const bool busy = contended.count(r.config.key()) || contended.count(graph->config.key());
    const int rank = (busy ? 10 : 0) + (sameSettings(r.config, focus)      ? 0
                                        : r.config == OptimizationConfig{} ? 1
                                                                           : 2);
    if (rank < best_rank ||
        (rank == best_rank && best_eager && r.stats.median_ms > best_eager->stats.median_ms)) {
      best_rank = rank;
      best_eager = &r;
      best_graph = graph;
    }
  }
  HostBoundDiagnosis d;
  if (!best_eager) {
    d.sentence = "launch overhead not measured (needs an eager config and its CUDA-graph twin)";
    return d;
  }
  d.measured = true;
  d.eager_key = best_eager->config.key();
  d.graph_key = best_graph->config.key();
  d.eager_median_ms = best_eager->stats.median_ms;
  d.graph_median_ms = best_graph->stats.median_ms;
  d.launch_wait_share = std::max(0.0, 1.0 - d.graph_median_ms / d.eager_median_ms);
  d.host_bound = d.launch_wait_share >= kHostBoundShare;
  d.contended = best_rank >= 10;
  const auto evidence = fmt::format(
      "{} {:.3g} ms eager vs {:.3g} ms replayed from a CUDA graph{}", d.eager_key,
      d.eager_median_ms, d.graph_median_ms,
      d.contended ? ", measured while a compile shared the host: an upper bound, lower on a quiet "
                    "host"
                  : "");
  d.sentence = d.host_bound
                   ? fmt::format(
                         "host-bound: the GPU waits for launches {:.0f} % of each iteration ({}); "
                         "the host's "
                         "speed, which differs between processes, sets the time — CUDA graphs or "
                         "AOTInductor compilation remove the launches",
                         100.0 * d.launch_wait_share, evidence)
                   : fmt::format("GPU-bound: launches cost {:.0f} % of an iteration ({})",
                                 100.0 * d.launch_wait_share, evidence);
  return d;
}

}  // namespace inferscope::tuner
