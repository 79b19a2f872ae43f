#include "core/tuner/host_bound.h"

#include <fmt/format.h>

namespace inferscope::tuner {
namespace {

// How far an eager config's settings are from the focus's (the winner's), compile aside: 0 the
// same settings, 1 the same precision and memory format (another cuDNN mode), 2 the same precision,
// 3 FP32 as PyTorch runs it, 4 anything else. The closer pair's launch share is the winner's own:
// picking "any pair" let runs of one model answer 12 % (fp16+cl+bench) and 38 % (fp32+cl+bench,
// beside a compile) on the H200.
int distance(const OptimizationConfig& eager, const OptimizationConfig& focus) {
  auto x = eager, y = focus;
  x.compile = y.compile = CompileMode::None;
  if (x == y) return 0;
  x.cudnn = y.cudnn;
  if (x == y) return 1;
  x.memory_format = y.memory_format;
  if (x == y) return 2;
  return eager == OptimizationConfig{} ? 3 : 4;
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
    const int rank = (busy ? 10 : 0) + distance(r.config, focus);
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
  // A busy pair's share is an upper bound: above the threshold it says "possibly", never a verdict
  // that a quiet run of the same model would contradict.
  d.sentence = d.host_bound
                   ? fmt::format(
                         "{}host-bound: the GPU waits for launches {}{:.0f} % of each iteration "
                         "({}); the host's speed, which differs between processes, sets the time — "
                         "CUDA graphs or AOTInductor compilation remove the launches",
                         d.contended ? "possibly " : "", d.contended ? "up to " : "",
                         100.0 * d.launch_wait_share, evidence)
                   : fmt::format("GPU-bound: launches cost {:.0f} % of an iteration ({})",
                                 100.0 * d.launch_wait_share, evidence);
  return d;
}

}  // namespace inferscope::tuner
