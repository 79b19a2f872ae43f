// Rolling-median outlier detection. The window is kept as a sorted vector updated by one erase and
// one insert per step (O(n·W) with memmove-sized constants) instead of re-sorting every window.
#include "core/analysis/rolling_outliers.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {

RollingOutliers findRollingOutliers(const std::vector<double>& y, double min_spread) {
  RollingOutliers out;
  const std::size_t n = y.size();
  const std::size_t w = std::min<std::size_t>(200, n / 4);
  // Below 5 points p10 and p90 are the extremes themselves: no meaningful spread.
  if (w < 5) return out;
  out.window = w;

  const auto window_start = [&](std::size_t i) {
    const std::size_t half = w / 2;
    const std::size_t start = i > half ? i - half : 0;
    return std::min(start, n - w);
  };

  std::size_t start = window_start(0);
  std::vector<double> window(y.begin() + static_cast<std::ptrdiff_t>(start),
                             y.begin() + static_cast<std::ptrdiff_t>(start + w));
  std::sort(window.begin(), window.end());
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t want = window_start(i);
    while (start < want) {  // slide by one: drop y[start], add y[start + w]
      window.erase(std::lower_bound(window.begin(), window.end(), y[start]));
      const double add = y[start + w];
      window.insert(std::upper_bound(window.begin(), window.end(), add), add);
      ++start;
    }
    const double median = quantileSorted(window, 0.5);
    const double spread =
        std::max(quantileSorted(window, 0.9) - quantileSorted(window, 0.1), min_spread);
    if (std::abs(y[i] - median) > 3.0 * spread) out.indices.push_back(i);
  }
  while (out.leading < out.indices.size() && out.indices[out.leading] == out.leading) {
    ++out.leading;
  }
  return out;
}

}  // namespace inferscope::analysis
