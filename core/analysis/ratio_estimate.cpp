// Ratio of medians: two-sample bootstrap for independent samples, log-scale combination of the
// two median intervals for dependent ones.
#include "core/analysis/ratio_estimate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "core/analysis/autocorrelation.h"
#include "core/analysis/block_bootstrap.h"
#include "core/analysis/distributions.h"
#include "core/analysis/steady_stats.h"
#include "core/analysis/summary_stats.h"
#include "core/analysis/switching_detection.h"

namespace inferscope::analysis {
namespace {

constexpr std::size_t kResamples = 2000;
constexpr double kSwitchingDelta = 0.02;  // the analysis's δ for telling two levels apart

bool independent(const std::vector<double>& values, double tau_floor) {
  return tau_floor <= 1.0 && std::abs(lag1RankAutocorrelation(values)) < kIndependenceThreshold;
}

ConfidenceInterval bootstrapInterval(const std::vector<double>& baseline,
                                     const std::vector<double>& candidate, double level,
                                     std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto base = BlockBootstrap(baseline, 1).quantileDraws({0.5}, kResamples, rng)[0];
  const auto cand = BlockBootstrap(candidate, 1).quantileDraws({0.5}, kResamples, rng)[0];
  std::vector<double> ratios;
  ratios.reserve(kResamples);
  for (std::size_t i = 0; i < kResamples; ++i) {
    if (cand[i] > 0.0) ratios.push_back(base[i] / cand[i]);
  }
  return percentileInterval(std::move(ratios), level, "block-bootstrap");
}

// Log half-width of a series' median CI as a standard error: (ln high − ln low) / 2 / z.
double logStandardError(const std::vector<double>& values, double level, double tau_floor) {
  SteadyStatsOptions options;
  options.ci_level = level;
  options.min_tau = tau_floor;
  const ConfidenceInterval ci = computeSteadyStats(values, options).median_ci;
  if (!ci.valid() || ci.low <= 0.0) return std::numeric_limits<double>::infinity();
  const double z = normalQuantile(1.0 - (1.0 - level) / 2.0);
  return (std::log(ci.high) - std::log(ci.low)) / 2.0 / z;
}

// The log standard error from a median interval already known at `level` (the steady-state
// analysis's), or computed.
double logStandardErrorOf(const std::vector<double>& values, double level, double tau_floor,
                          const KnownSeries& known) {
  if (level == 0.95 && known.median_ci_low > 0 && known.median_ci_high >= known.median_ci_low) {
    const double z = normalQuantile(1.0 - (1.0 - level) / 2.0);
    return (std::log(known.median_ci_high) - std::log(known.median_ci_low)) / 2.0 / z;
  }
  return logStandardError(values, level, tau_floor);
}

ConfidenceInterval combinedInterval(const std::vector<double>& baseline,
                                    const std::vector<double>& candidate, double ratio,
                                    double level, double tau_b, double tau_c,
                                    const KnownAnalyses& known) {
  const double se = std::hypot(logStandardErrorOf(baseline, level, tau_b, known.baseline),
                               logStandardErrorOf(candidate, level, tau_c, known.candidate));
  if (!std::isfinite(se)) return noInterval(level);
  const double half = normalQuantile(1.0 - (1.0 - level) / 2.0) * se;
  ConfidenceInterval ci;
  ci.low = ratio * std::exp(-half);
  ci.high = ratio * std::exp(half);
  ci.level = level;
  ci.method = "order-statistic";
  return ci;
}

// When dependence leaves a median unbounded (a slow drift over the whole run: the effective sample
// size is too small for an order-statistic interval), the ratio is still bounded by the values
// each run took: [min(b)/max(c), max(b)/min(c)]. No coverage level is claimed ("range"), but a
// 19 ms series against a 3 ms one is not "no real difference".
ConfidenceInterval rangeInterval(const std::vector<double>& baseline,
                                 const std::vector<double>& candidate, double level) {
  const auto [b_min, b_max] = std::minmax_element(baseline.begin(), baseline.end());
  const auto [c_min, c_max] = std::minmax_element(candidate.begin(), candidate.end());
  if (*c_min <= 0.0 || !std::isfinite(*b_max) || !std::isfinite(*c_max)) return noInterval(level);
  ConfidenceInterval ci;
  ci.low = *b_min / *c_max;
  ci.high = *b_max / *c_min;
  ci.level = level;
  ci.method = "range";
  return ci;
}

}  // namespace

// A series that switches between two persistent levels is worth its stays, not its iterations:
// the level sequence's autocorrelation time, or 1 when it does not switch. Without this floor a
// run that happened to spend most of its time at one level would look precisely faster.
double persistenceFloor(const std::vector<double>& values) {
  std::vector<double> logs(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) logs[i] = std::log(std::max(values[i], 1e-300));
  const auto levels = detectSwitching(logs, 0, logs.size(), std::log1p(kSwitchingDelta));
  return levels ? levels->level_tau : 1.0;
}

RatioEstimate compareMediansAtLevel(const std::vector<double>& baseline_steady_ms,
                                    const std::vector<double>& candidate_steady_ms, double delta,
                                    double level, std::uint64_t seed, const KnownAnalyses& known) {
  RatioEstimate r;
  r.ci = noInterval(level);
  if (baseline_steady_ms.empty() || candidate_steady_ms.empty()) {
    r.ratio = std::numeric_limits<double>::quiet_NaN();
    return r;
  }
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return quantileSorted(v, 0.5);
  };
  const double base_median = median(baseline_steady_ms);
  const double cand_median = median(candidate_steady_ms);
  r.ratio =
      cand_median > 0.0 ? base_median / cand_median : std::numeric_limits<double>::quiet_NaN();
  if (!std::isfinite(r.ratio) || baseline_steady_ms.size() < 2 || candidate_steady_ms.size() < 2) {
    return r;
  }
  const double tau_b = known.baseline.tau_floor > 0 ? known.baseline.tau_floor
                                                    : persistenceFloor(baseline_steady_ms);
  const double tau_c = known.candidate.tau_floor > 0 ? known.candidate.tau_floor
                                                     : persistenceFloor(candidate_steady_ms);
  r.ci = independent(baseline_steady_ms, tau_b) && independent(candidate_steady_ms, tau_c)
             ? bootstrapInterval(baseline_steady_ms, candidate_steady_ms, level, seed)
             : combinedInterval(baseline_steady_ms, candidate_steady_ms, r.ratio, level, tau_b,
                                tau_c, known);
  if (!r.ci.valid()) r.ci = rangeInterval(baseline_steady_ms, candidate_steady_ms, level);
  const double upper_equivalent = 1.0 + delta;
  const double lower_equivalent = 1.0 / (1.0 + delta);
  r.real_difference = r.ci.valid() && (r.ci.low > upper_equivalent || r.ci.high < lower_equivalent);
  return r;
}

RatioEstimate compareMedians(const std::vector<double>& baseline_steady_ms,
                             const std::vector<double>& candidate_steady_ms, double delta,
                             std::uint64_t seed) {
  return compareMediansAtLevel(baseline_steady_ms, candidate_steady_ms, delta, 0.95, seed);
}

}  // namespace inferscope::analysis
