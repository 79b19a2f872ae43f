// Ranks a session's configs the way a user decides: fastest first, speed-up over the FP32
// reference with a confidence interval, and the latency-vs-error Pareto front. Unsafe configs
// (NaN/Inf in the output, error over the tolerance) are marked, never hidden; so are configs whose
// accuracy was not measured or cannot be judged, which are never on the front. Pure values: the CLI
// prints this, the GUI draws it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine/accuracy_rule.h"
#include "core/engine/session_result.h"

namespace inferscope {

struct RankedConfig {
  int index = 0;       // into SessionResult::configs
  int rank = 0;        // 1 = fastest ok config; 0 for configs that did not run
  double speedup = 0;  // baseline median / this median
  double speedup_low = 0, speedup_high = 0;  // 95 % CI of the speed-up
  // How the interval was found: "block-bootstrap"/"order-statistic" (95 %), "forks" (both
  // configs ran in several processes: the levels across processes, 95 %), "range" (bounds of both
  // runs' values, when a drifting series has no CI), "interval-arithmetic", "none".
  std::string speedup_ci_method = "none";
  bool real_difference = false;  // the CI excludes 1 ± δ
  bool on_pareto_front = false;  // no other safe config is both faster and more accurate
  std::string unsafe_reason;  // judgeAccuracy's reason: "cosine 0.97 < 0.99", "FP16 overflow: …"
  // Safe, Unsafe (unsafe_reason says why), NotMeasured (no accuracy against the FP32 reference:
  // never on the Pareto front, never shown as checked) or Unjudgeable (the reference itself cannot
  // tell: accuracy_note says why and what to do).
  AccuracyState accuracy_state = AccuracyState::NotMeasured;
  std::string accuracy_note;  // NotMeasured / Unjudgeable: judgeAccuracy's note
};

struct RankingOptions {
  AccuracyRule accuracy;            // what "safe" means (core/engine/accuracy_rule.h)
  double equivalence_delta = 0.02;  // "no real difference" band
};

struct SessionRanking {
  std::optional<int> baseline_index;  // the fp32 config (or the first ok one)
  std::vector<RankedConfig> configs;  // ok configs by rank, then the rest in plan order
};

SessionRanking rankSession(const SessionResult& session, const RankingOptions& options = {});

}  // namespace inferscope
