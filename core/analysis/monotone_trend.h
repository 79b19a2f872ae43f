// Robust monotone-trend test on a series: Theil–Sen slope and Mann–Kendall Z over batch medians.
// Used by the analysis to tell a drifting level from a steady one (docs/MEASUREMENT.md).
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

// Medians of consecutive batches of `batch` values of y[begin, end); a partial last batch is
// dropped so every point has the same noise level.
std::vector<double> batchMedians(const std::vector<double>& y, std::size_t begin, std::size_t end,
                                 std::size_t batch);

// Median of all pairwise slopes (z_j − z_i)/(j − i); 0 for fewer than two points.
double theilSenSlope(const std::vector<double>& z);

// Mann–Kendall statistic with tie correction and continuity correction, as a standard normal Z.
// Positive means increasing. 0 for fewer than three points.
double mannKendallZ(const std::vector<double>& z);

struct TrendResult {
  std::size_t batches = 0;
  double total_change = 0;  // Theil–Sen slope × number of batches: change over the region (y units)
  double mann_kendall_z = 0;
  double slope_per_iteration = 0;  // Theil–Sen slope / batch length (y units per iteration)
};

// Batch medians over y[begin, end), then Theil–Sen and Mann–Kendall on them. Batches are 10
// iterations, shrunk (to no less than 3) for regions under 100 iterations so the tests still see
// 10 points: 4 batches cannot reach |Z| > 2.58 whatever the trend.
TrendResult batchTrend(const std::vector<double>& y, std::size_t begin, std::size_t end);

}  // namespace inferscope::analysis
