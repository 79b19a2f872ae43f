// Why a model is unstable across processes, without CUPTI: the share of an iteration in which the
// GPU waits for the host to launch work, from two configs the race measures anyway — the same work
// launched op by op and replayed from a CUDA graph (which removes launches, so its time is the
// GPU's busy time): eager and +graph, an AOTInductor package and aoti-graph, torch.compile's
// default and reduce-overhead modes. "host-bound: the GPU waits for launches 40 % of each
// iteration".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/engine/config_result.h"

namespace inferscope::tuner {

// Above this share of waiting the host decides the iteration time, and its speed differs between
// processes (MobileNetV3's medians ranged 1.9–3.4 ms across fresh processes).
inline constexpr double kHostBoundShare = 0.2;

struct HostBoundDiagnosis {
  bool measured = false;
  double launch_wait_share = 0;      // 1 − graph median / eager median, ≥ 0
  std::string eager_key, graph_key;  // the pair: launched op by op, and its graph twin
  double eager_median_ms = 0, graph_median_ms = 0;
  bool host_bound = false;
  // The pair was measured while a compile shared the host: eager launches are slower then, so the
  // share is an upper bound (on the H200 the ResNet-50 runs' eager fp16+cl+bench took 4.4–4.9 ms
  // beside compiles, 2.74 ms on a quiet host: "51 %" against 12 %).
  bool contended = false;
  std::string sentence;
};

// Prefers a pair measured on a quiet host (neither key in `contended`: the configs measured while
// a compile ran), then the pair closest to `focus`'s settings (between pairs of equal settings,
// the one of `focus`'s own kind of run: eager, package or torch.compile): the same precision,
// memory format and cuDNN mode, then another cuDNN mode, then another memory format, then FP32's,
// then the pair with the largest eager median. Unmeasured when no pair ran. A busy pair above the
// threshold reads "possibly host-bound … up to N %".
HostBoundDiagnosis diagnoseHostBound(const std::vector<ConfigResult>& results,
                                     const OptimizationConfig& focus,
                                     const std::set<std::string>& contended = {});

}  // namespace inferscope::tuner
