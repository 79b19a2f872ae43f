// Outliers relative to a rolling median: |y_i − median_W(i)| > 3·(p90 − p10) (MEASUREMENT.md).
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

struct RollingOutliers {
  std::vector<std::size_t> indices;  // ascending
  std::size_t leading = 0;           // length of the run of outliers that starts at index 0
  std::size_t window = 0;            // W actually used (0: series too short to judge)
};

// `y` is the log-latency series. Three windows are candidates: W = min(200, n/4) points centred on
// i (shifted inwards at the ends; the design note's window), the W/2 points before i and the W/2
// after it. Those whose p90 − p10 is within 2× the smallest are "calm"; y_i is an outlier when it
// is more than 3·(p90 − p10) from the median of every calm window. The design note uses the
// centred window only, which breaks next to a warm-up step: a window holding both levels has a
// spread of the step's size, so the real outliers just after the step survive into PELT, whose
// variance cost then cuts around them. One side of a step always holds a single level (and a
// point of either level is at home on its own side); a bimodal or autocorrelated series looks the
// same from every window. `min_spread` floors the spread so that a quantised timer, whose window
// can hold one repeated value, does not flag every other value.
RollingOutliers findRollingOutliers(const std::vector<double>& y, double min_spread);

}  // namespace inferscope::analysis
