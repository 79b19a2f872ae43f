// Outliers relative to a rolling median: |y_i − median_W(i)| > 3·(p90_W − p10_W) (MEASUREMENT.md).
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

struct RollingOutliers {
  std::vector<std::size_t> indices;  // ascending
  std::size_t leading = 0;           // length of the run of outliers that starts at index 0
  std::size_t window = 0;            // W actually used (0: series too short to judge)
};

// `y` is the log-latency series. The window is W = min(200, n/4) centred on i and shifted inwards
// at the ends. `min_spread` is a floor on p90 − p10 so that a quantised timer, whose window can
// hold one repeated value, does not flag every other value.
RollingOutliers findRollingOutliers(const std::vector<double>& y, double min_spread);

}  // namespace inferscope::analysis
