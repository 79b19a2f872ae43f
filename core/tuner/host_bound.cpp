#include "core/tuner/host_bound.h"

#include <fmt/format.h>

#include <optional>

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

// The config that replays `mode`'s work from a CUDA graph, which removes its launches: eager and
// eager capture, an AOTInductor package and the same package captured, torch.compile default and
// reduce-overhead (Inductor's kernels replayed through CUDA graph trees). A model rebuilt in Python
// has no eager capture (torch.compile and the packages do it), so only the two compiled pairs
// measure its launches.
std::optional<CompileMode> graphTwin(CompileMode mode) {
  switch (mode) {
    case CompileMode::None:
      return CompileMode::CudaGraph;
    case CompileMode::AotInductor:
      return CompileMode::AotInductorGraph;
    case CompileMode::TorchCompile:
      return CompileMode::TorchCompileReduceOverhead;
    default:
      return std::nullopt;
  }
}

// Which way of running the model a compile mode belongs to: eager LibTorch, an AOTInductor package,
// Python's torch.compile. Of two pairs with the winner's settings, the one of its own kind launches
// what the winner launches.
int kindOf(CompileMode mode) {
  if (runsAotInductorPackage(mode)) return 1;
  if (runsTorchCompile(mode)) return 2;
  return 0;
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
  // Candidate pairs: every config with its CUDA-graph twin measured. Ranked: a quiet host first,
  // then the winner's settings, then, between pairs of the same settings, the winner's own kind of
  // run.
  const ConfigResult *best_eager = nullptr, *best_graph = nullptr;
  int best_rank = 1000;
  for (const auto& r : results) {
    const auto twin_mode = graphTwin(r.config.compile);
    if (!twin_mode || r.status != ConfigStatus::Ok || !(r.stats.median_ms > 0)) continue;
    auto twin = r.config;
    twin.compile = *twin_mode;
    const auto* graph = findOk(results, twin);
    // A replay more than 10 % slower than the launches it removes measured something else (a
    // graph's capture that failed over to a slower path, a package's twin compiled apart): it
    // says nothing about launches.
    if (!graph || graph->stats.median_ms > 1.1 * r.stats.median_ms) continue;
    const bool busy = contended.count(r.config.key()) || contended.count(graph->config.key());
    const int rank = (busy ? 100 : 0) + 2 * distance(r.config, focus) +
                     (kindOf(r.config.compile) == kindOf(focus.compile) ? 0 : 1);
    if (rank < best_rank ||
        (rank == best_rank && best_eager && r.stats.median_ms > best_eager->stats.median_ms)) {
      best_rank = rank;
      best_eager = &r;
      best_graph = graph;
    }
  }
  HostBoundDiagnosis d;
  if (!best_eager) {
    d.sentence =
        "launch overhead not measured (needs a config and its CUDA-graph twin: eager and +graph, "
        "aoti and aoti-graph, or tc and tc-ro)";
    return d;
  }
  d.measured = true;
  d.eager_key = best_eager->config.key();
  d.graph_key = best_graph->config.key();
  d.eager_median_ms = best_eager->stats.median_ms;
  d.graph_median_ms = best_graph->stats.median_ms;
  d.launch_wait_share = std::max(0.0, 1.0 - d.graph_median_ms / d.eager_median_ms);
  d.host_bound = d.launch_wait_share >= kHostBoundShare;
  d.contended = best_rank >= 100;
  const bool eager = best_eager->config.compile == CompileMode::None;
  const auto evidence = fmt::format(
      "{} {:.3g} ms{} vs {:.3g} ms replayed from a CUDA graph{}", d.eager_key, d.eager_median_ms,
      eager ? " eager" : "", d.graph_median_ms,
      d.contended ? ", measured while a compile shared the host: an upper bound, lower on a quiet "
                    "host"
                  : "");
  // A busy pair's share is an upper bound: above the threshold it says "possibly", never a verdict
  // that a quiet run of the same model would contradict.
  d.sentence = d.host_bound
                   ? fmt::format(
                         "{}host-bound: the GPU waits for launches {}{:.0f} % of each iteration "
                         "({}); the host's speed, which differs between processes, sets the time — "
                         "{} the launches",
                         d.contended ? "possibly " : "", d.contended ? "up to " : "",
                         100.0 * d.launch_wait_share, evidence,
                         eager ? "CUDA graphs or AOTInductor compilation remove"
                               : fmt::format("{} removes", d.graph_key))
                   : fmt::format("GPU-bound: launches cost {:.0f} % of an iteration ({})",
                                 100.0 * d.launch_wait_share, evidence);
  return d;
}

}  // namespace inferscope::tuner
