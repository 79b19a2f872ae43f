// Steady-part statistics. Independent samples get exact distribution-free rank intervals;
// autocorrelated ones (GPU clocks, thermal cycles, allocator rhythms) get a block bootstrap,
// because rank intervals assume independence and are far too narrow otherwise.
#include "core/analysis/steady_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/analysis/block_bootstrap.h"

namespace inferscope::analysis {

double lag1RankAutocorrelation(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n < 3) return 0.0;
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> rank(n);
  for (std::size_t r = 0; r < n; ++r) rank[order[r]] = static_cast<double>(r);
  const double mean = static_cast<double>(n - 1) / 2.0;
  double num = 0.0, den = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    den += (rank[i] - mean) * (rank[i] - mean);
    if (i + 1 < n) num += (rank[i] - mean) * (rank[i + 1] - mean);
  }
  return den > 0.0 ? num / den : 0.0;
}

std::size_t bootstrapBlockLength(std::size_t n, double /*r1*/) {
  return BlockBootstrap::defaultBlockLength(n);
}

SteadyStats computeSteadyStats(const std::vector<double>& steady_ms,
                               const SteadyStatsOptions& options) {
  SteadyStats st;
  st.summary = summarize(steady_ms);
  const std::size_t n = steady_ms.size();
  st.median_ci = noInterval(options.ci_level);
  st.p90_ci = noInterval(options.ci_level);
  if (n == 0) return st;
  st.cv = st.summary.mean != 0.0 ? st.summary.stdev / st.summary.mean : 0.0;

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

  st.lag1_autocorrelation = lag1RankAutocorrelation(steady_ms);
  const bool p99_wanted = options.want_p99 && n >= kMinSamplesForP99;
  if (std::abs(st.lag1_autocorrelation) < kIndependenceThreshold) {
    st.median_ci = medianOrderStatisticInterval(sorted, options.ci_level);
    st.p90_ci = orderStatisticInterval(sorted, 0.9, options.ci_level);
    if (p99_wanted) st.p99_ci = orderStatisticInterval(sorted, 0.99, options.ci_level);
    return st;
  }
  if (n < 2) return st;
  const BlockBootstrap bootstrap(steady_ms, bootstrapBlockLength(n, st.lag1_autocorrelation));
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

}  // namespace inferscope::analysis
