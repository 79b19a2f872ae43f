// Theil–Sen and Mann–Kendall: both rank-based, so a few outliers or a skewed noise distribution
// do not fake a trend. Batching first makes them cheap (O(m²) on m = n/10 batches).
#include "core/analysis/monotone_trend.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {

std::vector<double> batchMedians(const std::vector<double>& y, std::size_t begin, std::size_t end,
                                 std::size_t batch) {
  std::vector<double> medians;
  if (batch == 0 || end > y.size() || begin >= end) return medians;
  std::vector<double> buf;
  for (std::size_t b = begin; b + batch <= end; b += batch) {
    buf.assign(y.begin() + static_cast<std::ptrdiff_t>(b),
               y.begin() + static_cast<std::ptrdiff_t>(b + batch));
    std::sort(buf.begin(), buf.end());
    medians.push_back(quantileSorted(buf, 0.5));
  }
  return medians;
}

double theilSenSlope(const std::vector<double>& z) {
  const std::size_t m = z.size();
  if (m < 2) return 0.0;
  std::vector<double> slopes;
  slopes.reserve(m * (m - 1) / 2);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = i + 1; j < m; ++j) {
      slopes.push_back((z[j] - z[i]) / static_cast<double>(j - i));
    }
  }
  std::sort(slopes.begin(), slopes.end());
  return quantileSorted(slopes, 0.5);
}

double mannKendallZ(const std::vector<double>& z) {
  const std::size_t m = z.size();
  if (m < 3) return 0.0;
  double s = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = i + 1; j < m; ++j) {
      s += (z[j] > z[i]) - (z[j] < z[i]);
    }
  }
  // Tie correction: quantised timers produce equal batch medians.
  std::vector<double> sorted = z;
  std::sort(sorted.begin(), sorted.end());
  double tie_term = 0.0;
  for (std::size_t i = 0; i < m;) {
    std::size_t j = i;
    while (j < m && sorted[j] == sorted[i]) ++j;
    const double t = static_cast<double>(j - i);
    tie_term += t * (t - 1.0) * (2.0 * t + 5.0);
    i = j;
  }
  const double md = static_cast<double>(m);
  const double var = (md * (md - 1.0) * (2.0 * md + 5.0) - tie_term) / 18.0;
  if (var <= 0.0 || s == 0.0) return 0.0;
  const double corrected = s > 0 ? s - 1.0 : s + 1.0;
  return corrected / std::sqrt(var);
}

TrendResult batchTrend(const std::vector<double>& y, std::size_t begin, std::size_t end) {
  TrendResult r;
  const std::size_t length = end > begin ? end - begin : 0;
  // At most kMaxTrendBatches batches: Theil–Sen and Mann–Kendall are O(m²) in time and Theil–Sen
  // in memory, 5·10⁹ slopes (40 GB) for a region of 10⁶ iterations in batches of 10. Longer
  // regions (above 20 000 iterations) get longer batches, which only makes the batch medians less
  // autocorrelated; shorter ones are unchanged.
  constexpr std::size_t kMaxTrendBatches = 2'000;
  const std::size_t batch = std::max(std::clamp<std::size_t>(length / 10, 3, 10),
                                     (length + kMaxTrendBatches - 1) / kMaxTrendBatches);
  const auto z = batchMedians(y, begin, end, batch);
  r.batches = z.size();
  const double slope = theilSenSlope(z);
  r.total_change = slope * static_cast<double>(z.size());
  r.slope_per_iteration = slope / static_cast<double>(batch);
  r.mann_kendall_z = mannKendallZ(z);
  return r;
}

}  // namespace inferscope::analysis
