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
};

// Batch medians of 10 over y[begin, end), then Theil–Sen and Mann–Kendall on them.
TrendResult batchTrend(const std::vector<double>& y, std::size_t begin, std::size_t end,
                       std::size_t batch = 10);

}  // namespace inferscope::analysis
