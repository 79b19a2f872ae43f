#include "core/engine/session_ranking.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/analysis/fork_analysis.h"
#include "core/analysis/ratio_estimate.h"
#include "core/engine/result_analysis.h"

namespace inferscope {
namespace {

bool hasCi(const ConfigResult& c) {
  return c.steady.analysed && c.steady.median_ci_low_ms > 0 &&
         c.steady.median_ci_high_ms >= c.steady.median_ci_low_ms;
}

// τ's persistence floor for a config's steady series, from its steady-state analysis when that
// said (the engine's analysis at the config's end, or today's re-analysis of a file): the analysis
// ran the same switching test on the run after its warm-up, so the ranking does not fit the
// Markov-switching models again for every comparison (0: not known, compareMedians fits).
double knownPersistenceFloor(const ConfigResult& c) {
  if (!c.steady.analysed || c.steady.series_class.empty()) return 0;
  if (c.steady.series_class != "switching") return 1.0;
  return c.steady.level_tau > 0 ? c.steady.level_tau : 0;
}

// The steady-state analysis's median interval, when it is the order-statistic one the comparison
// would compute again (not a --bootstrap-ci run's): the ranking then fits nothing per comparison.
analysis::KnownSeries knownSeries(const ConfigResult& c) {
  analysis::KnownSeries k;
  k.tau_floor = knownPersistenceFloor(c);
  if (k.tau_floor > 0 && c.steady.ci_method == "order-statistic" && hasCi(c)) {
    k.median_ci_low = c.steady.median_ci_low_ms;
    k.median_ci_high = c.steady.median_ci_high_ms;
  }
  return k;
}

double errorOf(const ConfigResult& c) {
  return c.accuracy.measured ? c.accuracy.rel_l2_error : 0.0;
}

}  // namespace

SessionRanking rankSession(const SessionResult& session, const RankingOptions& options) {
  SessionRanking ranking;
  const auto& configs = session.configs;
  // Positions in `configs` throughout (not ConfigResult::index, the plan index: a run in progress
  // or a hand-made session may have gaps).
  for (std::size_t i = 0; i < configs.size() && !ranking.baseline_index; ++i) {
    const auto& c = configs[i];
    if (c.status == ConfigStatus::Ok && c.config == OptimizationConfig{} && c.stats.median_ms > 0) {
      ranking.baseline_index = static_cast<int>(i);
    }
  }
  for (std::size_t i = 0; i < configs.size() && !ranking.baseline_index; ++i) {
    if (configs[i].status == ConfigStatus::Ok && configs[i].stats.median_ms > 0)
      ranking.baseline_index = static_cast<int>(i);
  }
  std::vector<RankedConfig> ok, rest;
  // The baseline's across-process summary, computed once for every comparison that needs it.
  std::optional<analysis::ForkSummary> baseline_forks;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const auto& c = configs[i];
    RankedConfig r;
    r.index = static_cast<int>(i);
    if (c.status != ConfigStatus::Ok || c.stats.median_ms <= 0) {
      rest.push_back(r);
      continue;
    }
    // Unmeasured accuracy (--no-accuracy, TorchScript rows) is its own state: the config keeps
    // its rank by speed but is neither unsafe nor checked, and never on the Pareto front.
    const auto judgement = judgeAccuracy(c.accuracy, c.config, options.accuracy);
    r.accuracy_state = judgement.state;
    r.unsafe_reason = judgement.unsafe_reason;
    r.accuracy_note = judgement.note;
    if (ranking.baseline_index) {
      const auto& b = configs[static_cast<std::size_t>(*ranking.baseline_index)];
      r.speedup = b.stats.median_ms / c.stats.median_ms;
      const auto b_steady = b.steadyLatencies(), c_steady = c.steadyLatencies();
      if (b.fork_stats && c.fork_stats && b.fork_stats->forks >= 2 && c.fork_stats->forks >= 2) {
        // Both ran in several processes: the speed-up a fresh process sees, from the levels
        // across processes (docs/MEASUREMENT.md, "Forks").
        if (!baseline_forks) baseline_forks = analysis::analyseForks(forkSteadySeries(b));
        const auto ratio =
            analysis::compareForks(*baseline_forks, analysis::analyseForks(forkSteadySeries(c)),
                                   options.equivalence_delta);
        r.speedup = ratio.ratio;
        r.speedup_low = ratio.ci.low;
        r.speedup_high = ratio.ci.high;
        r.speedup_ci_method = ratio.ci.method;
        r.real_difference = ratio.real_difference;
      } else if (b_steady.size() >= 2 && c_steady.size() >= 2) {
        // The samples are there: a bootstrap CI of the ratio of medians (docs/MEASUREMENT.md).
        const analysis::KnownAnalyses known{knownSeries(b), knownSeries(c)};
        const auto ratio = analysis::compareMediansAtLevel(
            b_steady, c_steady, options.equivalence_delta, 0.95, 42, known);
        r.speedup_low = ratio.ci.low;
        r.speedup_high = ratio.ci.high;
        r.speedup_ci_method = ratio.ci.method;
        r.real_difference = ratio.real_difference;
      } else if (hasCi(b) && hasCi(c)) {
        // Only summaries (hand-made results): conservative interval arithmetic on the two
        // medians' CIs, which contains every ratio of values inside both intervals.
        r.speedup_low = b.steady.median_ci_low_ms / c.steady.median_ci_high_ms;
        r.speedup_high = b.steady.median_ci_high_ms / c.steady.median_ci_low_ms;
        r.speedup_ci_method = "interval-arithmetic";
        const double band = 1.0 + options.equivalence_delta;
        r.real_difference = r.speedup_low > band || r.speedup_high < 1.0 / band;
      } else {
        r.speedup_low = r.speedup_high = r.speedup;
      }
    }
    ok.push_back(r);
  }
  std::stable_sort(ok.begin(), ok.end(), [&](const RankedConfig& a, const RankedConfig& b) {
    return configs[a.index].stats.median_ms < configs[b.index].stats.median_ms;
  });
  for (std::size_t i = 0; i < ok.size(); ++i) ok[i].rank = static_cast<int>(i + 1);
  // Pareto front over (median latency, relative error) among configs judged safe: an error that
  // was not measured, or measured against a constant reference, is no point on that axis.
  const auto judgedSafe = [](const RankedConfig& r) {
    return r.accuracy_state == AccuracyState::Safe;
  };
  for (auto& r : ok) {
    if (!judgedSafe(r)) continue;
    const auto& c = configs[r.index];
    bool dominated = false;
    for (const auto& o : ok) {
      if (o.index == r.index || !judgedSafe(o)) continue;
      const auto& oc = configs[o.index];
      const bool no_worse = oc.stats.median_ms <= c.stats.median_ms && errorOf(oc) <= errorOf(c);
      const bool better = oc.stats.median_ms < c.stats.median_ms || errorOf(oc) < errorOf(c);
      if (no_worse && better) {
        dominated = true;
        break;
      }
    }
    r.on_pareto_front = !dominated;
  }
  ranking.configs = ok;
  ranking.configs.insert(ranking.configs.end(), rest.begin(), rest.end());
  return ranking;
}

}  // namespace inferscope
