// Periodicity from the sample autocorrelation of the clipped log latencies: a peak that returns at
// twice its lag. See periodic_detection.h for the thresholds and why.
#include "core/analysis/periodic_detection.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {
namespace {

constexpr std::size_t kMinRegion = 40;
constexpr std::size_t kMaxWindow = 4'096;  // O(m²/2) lags × points beyond this would cost seconds
constexpr double kMinPeak = 0.3;
constexpr double kMinRise = 0.5;
constexpr double kMinRepeat = 0.6;  // r(2P) ≥ this × r(P)

}  // namespace

std::optional<Periodicity> detectPeriodic(const std::vector<double>& y, std::size_t begin,
                                          std::size_t end) {
  end = std::min(end, y.size());
  if (begin >= end || end - begin < kMinRegion) return std::nullopt;
  if (end - begin > kMaxWindow) {
    begin += (end - begin - kMaxWindow) / 2;
    end = begin + kMaxWindow;
  }
  std::vector<double> v(y.begin() + static_cast<std::ptrdiff_t>(begin),
                        y.begin() + static_cast<std::ptrdiff_t>(end));
  const std::size_t m = v.size();
  // Slow outliers would dominate the variance and hide the pattern of the other 98 %.
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const double lo = quantileSorted(sorted, 0.02), hi = quantileSorted(sorted, 0.98);
  double mean = 0;
  for (double& x : v) mean += (x = std::clamp(x, lo, hi));
  mean /= static_cast<double>(m);
  double var = 0;
  for (double& x : v) {
    x -= mean;
    var += x * x;
  }
  if (var <= 0) return std::nullopt;
  const std::size_t max_lag = m / 2;
  std::vector<double> r(max_lag + 1, 0.0);
  for (std::size_t k = 0; k <= max_lag; ++k) {
    double s = 0;
    for (std::size_t i = 0; i + k < m; ++i) s += v[i] * v[i + k];
    r[k] = s / var;
  }
  // The fundamental: the shortest lag whose peak qualifies (its multiples qualify too).
  for (std::size_t p = 2; 2 * p <= max_lag; ++p) {
    if (r[p] < kMinPeak || r[p] < r[p - 1] || r[p] < r[p + 1]) continue;
    const double dip = *std::min_element(r.begin() + 1, r.begin() + static_cast<std::ptrdiff_t>(p));
    if (r[p] - dip < kMinRise) continue;
    // The repeat: the best of 2P ± 1 (a period that is not a whole number of iterations).
    const std::size_t q = 2 * p;
    double repeat = r[q];
    if (q + 1 <= max_lag) repeat = std::max(repeat, r[q + 1]);
    repeat = std::max(repeat, r[q - 1]);
    const double dip2 = *std::min_element(r.begin() + static_cast<std::ptrdiff_t>(p),
                                          r.begin() + static_cast<std::ptrdiff_t>(q));
    if (repeat < kMinRepeat * r[p] || repeat - dip2 < kMinRise) continue;
    Periodicity out;
    out.period = p;
    out.autocorrelation = r[p];
    out.repeat = repeat;
    std::vector<double> phase_sum(p, 0.0), phase_count(p, 0.0);
    for (std::size_t i = 0; i < m; ++i) phase_sum[i % p] += v[i], phase_count[i % p] += 1;
    double top = -INFINITY, bottom = INFINITY;
    for (std::size_t j = 0; j < p; ++j) {
      const double mean_j = phase_sum[j] / phase_count[j];
      top = std::max(top, mean_j), bottom = std::min(bottom, mean_j);
    }
    out.amplitude_log = top - bottom;
    return out;
  }
  return std::nullopt;
}

}  // namespace inferscope::analysis
