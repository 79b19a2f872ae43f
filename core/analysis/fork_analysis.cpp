// Across-process statistics of a config measured in several fresh processes. Everything is on the
// log scale, where the process-to-process level changes and the timing noise are multiplicative.
#include "core/analysis/fork_analysis.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "core/analysis/analysis_cancelled.h"
#include "core/analysis/distributions.h"
#include "core/analysis/steady_state_analysis.h"
#include "core/analysis/steady_stats.h"

namespace inferscope::analysis {
namespace {

constexpr std::size_t kMinForkSamples = 6;  // fewer: no median interval for that fork
constexpr double kHeterogeneityP = 0.01;

// Standard error of ln(median) from a fork's own interval; +inf without one.
double logStandardError(const ForkMedian& f, double level) {
  if (f.ci_low_ms <= 0.0 || f.ci_high_ms <= f.ci_low_ms) return INFINITY;
  const double z = normalQuantile(1.0 - (1.0 - level) / 2.0);
  return (std::log(f.ci_high_ms) - std::log(f.ci_low_ms)) / 2.0 / z;
}

ConfidenceInterval logInterval(double centre_log, double half_log, double level,
                               const char* method) {
  if (!std::isfinite(half_log)) return noInterval(level);
  ConfidenceInterval ci;
  ci.low = std::exp(centre_log - half_log);
  ci.high = std::exp(centre_log + half_log);
  ci.level = level;
  ci.method = method;
  return ci;
}

// The level's log-scale variance per fork: the spread of the fork medians, but never less than a
// median's own within-process variance (identical medians do not make the level exact).
struct LogLevel {
  double mean = 0, variance = 0;
  std::size_t forks = 0;
};

LogLevel logLevel(const ForkSummary& f, double level) {
  LogLevel out;
  out.forks = f.forks;
  std::vector<double> logs;
  double within = 0;
  for (const auto& m : f.fork_medians) {
    if (m.median_ms <= 0) continue;
    logs.push_back(std::log(m.median_ms));
    const double se = logStandardError(m, level);
    within += std::isfinite(se) ? se * se : 0.0;
  }
  if (logs.empty()) return out;
  out.mean = std::accumulate(logs.begin(), logs.end(), 0.0) / static_cast<double>(logs.size());
  double ss = 0;
  for (double l : logs) ss += (l - out.mean) * (l - out.mean);
  const double between = logs.size() > 1 ? ss / static_cast<double>(logs.size() - 1) : 0.0;
  out.variance = std::max(between, within / static_cast<double>(logs.size()));
  return out;
}

}  // namespace

ForkSummary analyseForks(const std::vector<std::vector<double>>& steady_series_ms,
                         const ForkOptions& options) {
  ForkSummary out;
  out.median_ci = noInterval(options.level);
  out.next_process_interval = noInterval(options.level);
  for (std::size_t f = 0; f < steady_series_ms.size(); ++f) {
    const auto& series = steady_series_ms[f];
    if (const auto bad = firstInvalidLatency(series)) {
      std::ostringstream message;
      message << "fork " << f + 1 << ", steady iteration " << *bad << ": " << series[*bad]
              << " ms is not a time (every latency must be finite and above 0 ms)";
      throw std::invalid_argument(message.str());
    }
    if (series.size() < kMinForkSamples) continue;
    throwIfCancelled(options.cancel, "forks");
    SteadyStatsOptions stats_options;
    stats_options.ci_level = options.level;
    stats_options.cancel = options.cancel;
    const SteadyStats st = computeSteadyStats(series, stats_options);
    ForkMedian m;
    m.median_ms = st.summary.median;
    if (st.median_ci.valid()) m.ci_low_ms = st.median_ci.low, m.ci_high_ms = st.median_ci.high;
    out.fork_medians.push_back(m);
  }
  out.forks = out.fork_medians.size();
  if (out.forks == 0) return out;
  if (out.forks == 1) {
    const auto& only = out.fork_medians.front();
    out.median_ms = only.median_ms;
    if (only.ci_high_ms > 0) {
      out.median_ci.low = only.ci_low_ms, out.median_ci.high = only.ci_high_ms;
      out.median_ci.method = "order-statistic";
    }
    return out;
  }

  const LogLevel level = logLevel(out, options.level);
  const double k = static_cast<double>(out.forks);
  const double t = studentQuantile(1.0 - (1.0 - options.level) / 2.0, k - 1.0);
  out.median_ms = std::exp(level.mean);
  out.median_ci =
      logInterval(level.mean, t * std::sqrt(level.variance / k), options.level, "forks");
  out.next_process_interval =
      logInterval(level.mean, t * std::sqrt(level.variance * (1.0 + 1.0 / k)), options.level,
                  "forks-prediction");

  std::vector<double> medians;
  for (const auto& m : out.fork_medians) medians.push_back(m.median_ms);
  const auto [lo, hi] = std::minmax_element(medians.begin(), medians.end());
  out.between_fork_spread = (*hi - *lo) / out.median_ms;
  double ss = 0;
  for (double m : medians) ss += (std::log(m) - level.mean) * (std::log(m) - level.mean);
  out.between_fork_cv = std::sqrt(ss / (k - 1.0));

  // Cochran's Q: do the fork medians differ by more than their own intervals allow?
  double weight_sum = 0, weighted = 0;
  std::vector<std::pair<double, double>> log_and_weight;
  for (const auto& m : out.fork_medians) {
    const double se = logStandardError(m, options.level);
    if (!std::isfinite(se) || se <= 0) continue;
    const double w = 1.0 / (se * se);
    log_and_weight.emplace_back(std::log(m.median_ms), w);
    weight_sum += w, weighted += w * std::log(m.median_ms);
  }
  bool heterogeneous = false;
  if (log_and_weight.size() >= 2) {
    const double pooled = weighted / weight_sum;
    double q = 0;
    for (const auto& [l, w] : log_and_weight) q += w * (l - pooled) * (l - pooled);
    const double dof = static_cast<double>(log_and_weight.size() - 1);
    heterogeneous = 1.0 - chiSquareCdf(q, dof) < kHeterogeneityP;
  }
  out.stable = out.between_fork_spread <= options.equivalence_delta;
  out.noisy = !out.stable && !heterogeneous;
  return out;
}

ForkRatio compareForks(const ForkSummary& baseline, const ForkSummary& candidate, double delta) {
  ForkRatio r;
  const double level = baseline.median_ci.level;
  r.ci = noInterval(level);
  if (baseline.median_ms <= 0 || candidate.median_ms <= 0) return r;
  r.ratio = baseline.median_ms / candidate.median_ms;
  // Each side's squared standard error of its log level and the degrees of freedom behind it.
  const auto side = [level](const ForkSummary& f) -> std::pair<double, double> {
    if (f.forks >= 2) {
      const LogLevel l = logLevel(f, level);
      return {l.variance / static_cast<double>(f.forks), static_cast<double>(f.forks - 1)};
    }
    if (f.fork_medians.empty()) return {INFINITY, 1.0};
    const double se = logStandardError(f.fork_medians.front(), level);
    return {se * se, 1e6};  // one process: its within-run interval, normal quantiles
  };
  const auto [vb, db] = side(baseline);
  const auto [vc, dc] = side(candidate);
  const double variance = vb + vc;
  if (!std::isfinite(variance)) return r;
  // Welch–Satterthwaite.
  const double dof = variance * variance / (vb * vb / db + vc * vc / dc);
  const double t = studentQuantile(1.0 - (1.0 - level) / 2.0, std::max(dof, 1.0));
  r.ci = logInterval(std::log(r.ratio), t * std::sqrt(variance), level, "forks");
  r.real_difference = r.ci.low > 1.0 + delta || r.ci.high < 1.0 / (1.0 + delta);
  return r;
}

}  // namespace inferscope::analysis
