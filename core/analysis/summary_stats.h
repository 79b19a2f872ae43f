// Plain descriptive statistics of a latency series: the numbers every result table shows.
// The steady-state analysis (warm-up detection, confidence intervals) builds on these.
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

struct SummaryStats {
  std::size_t count = 0;
  double mean = 0.0;
  double median = 0.0;
  double p90 = 0.0;
  double p99 = 0.0;
  double min = 0.0;
  double max = 0.0;
  double stdev = 0.0;  // sample standard deviation (n − 1)
};

// Linear-interpolated quantile (type 7, as numpy's default) of an already sorted series; q in [0,
// 1].
double quantileSorted(const std::vector<double>& sorted, double q);

// Statistics of `values` (any order). An empty series gives all zeros and count 0.
SummaryStats summarize(std::vector<double> values);

}  // namespace inferscope::analysis
