// Steady-part statistics. Independent samples get exact distribution-free rank intervals;
// autocorrelated ones (GPU clocks, thermal cycles, allocator rhythms) get rank intervals at their
// effective sample size, because plain rank intervals assume independence and are far too narrow.
#include "core/analysis/steady_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/analysis/analysis_cancelled.h"
#include "core/analysis/autocorrelation.h"
#include "core/analysis/block_bootstrap.h"

namespace inferscope::analysis {

SteadyStats computeSteadyStats(const std::vector<double>& steady_ms,
                               const SteadyStatsOptions& options) {
  SteadyStats st;
  st.summary = summarize(steady_ms);
  const std::size_t n = steady_ms.size();
  st.median_ci = noInterval(options.ci_level);
  st.p90_ci = noInterval(options.ci_level);
  if (n == 0) return st;
  st.cv = st.summary.mean != 0.0 ? st.summary.stdev / st.summary.mean : 0.0;

  throwIfCancelled(options.cancel, "steady statistics");
  std::vector<double> sorted = steady_ms;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> dev(n);
  for (std::size_t i = 0; i < n; ++i) dev[i] = std::abs(sorted[i] - st.summary.median);
  std::sort(dev.begin(), dev.end());
  st.mad = quantileSorted(dev, 0.5);

  const double q1 = quantileSorted(sorted, 0.25);
  const double q3 = quantileSorted(sorted, 0.75);
  const double iqr = q3 - q1;
  for (double v : sorted) {
    if (v < q1 - 1.5 * iqr) ++st.tukey_low_outliers;
    if (v > q3 + 1.5 * iqr) ++st.tukey_high_outliers;
  }

  throwIfCancelled(options.cancel, "steady statistics");
  st.lag1_autocorrelation = lag1RankAutocorrelation(steady_ms);
  throwIfCancelled(options.cancel, "steady statistics");
  const bool independent =
      std::abs(st.lag1_autocorrelation) < kIndependenceThreshold && options.min_tau <= 1.0;
  const auto tauAt = [&](double estimate) {
    return std::max(indicatorAutocorrelationTime(steady_ms, estimate), options.min_tau);
  };
  st.effective_samples =
      independent ? static_cast<double>(n) : static_cast<double>(n) / tauAt(st.summary.median);
  const bool p99_wanted = options.want_p99 && n >= kMinSamplesForP99;
  if (independent) {
    st.median_ci = medianOrderStatisticInterval(sorted, options.ci_level);
    st.p90_ci = orderStatisticInterval(sorted, 0.9, options.ci_level);
    if (p99_wanted) st.p99_ci = orderStatisticInterval(sorted, 0.99, options.ci_level);
    return st;
  }
  if (options.dependent_interval == DependentInterval::BlockBootstrap && n >= 2) {
    BlockBootstrap bootstrap(steady_ms, BlockBootstrap::defaultBlockLength(n));
    bootstrap.setCancelToken(options.cancel);
    std::mt19937_64 rng(options.seed);
    std::vector<double> qs{0.5, 0.9};
    if (p99_wanted) qs.push_back(0.99);
    auto draws = bootstrap.quantileDraws(qs, options.resamples, rng);
    st.median_ci = percentileInterval(std::move(draws[0]), options.ci_level, "block-bootstrap");
    st.p90_ci = percentileInterval(std::move(draws[1]), options.ci_level, "block-bootstrap");
    if (p99_wanted) {
      st.p99_ci = percentileInterval(std::move(draws[2]), options.ci_level, "block-bootstrap");
    }
    return st;
  }
  // Rank intervals from the effective sample size of each quantile.
  const auto dependent = [&](double q, double estimate) {
    return dependentOrderStatisticInterval(sorted, q, options.ci_level, tauAt(estimate));
  };
  st.median_ci = dependent(0.5, st.summary.median);
  st.p90_ci = dependent(0.9, st.summary.p90);
  if (p99_wanted) st.p99_ci = dependent(0.99, st.summary.p99);
  return st;
}

}  // namespace inferscope::analysis
