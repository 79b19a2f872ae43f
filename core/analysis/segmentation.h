// The changepoint view of a (cleaned, log-scale) latency series: PELT segments, their medians and
// costs, the k* rule that picks the first steady segment, and the settling-head refinement.
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

struct Segmentation {
  std::vector<std::size_t> starts;  // segment starts (indices into the segmented series)
  std::vector<double> medians;
  std::vector<double> costs;  // NormalMeanVarCost of each segment
  double penalty = 0;         // per changepoint
  double variance_floor = 0;

  std::size_t end(std::size_t k, std::size_t n) const {
    return k + 1 < starts.size() ? starts[k + 1] : n;
  }
};

// PELT (normal mean + variance cost, min segment 3) on a non-empty series.
Segmentation segmentSeries(const std::vector<double>& y, double penalty);

// k*: earliest segment from which every segment's median is within `tolerance` of the last one's.
std::size_t firstSteadySegment(const Segmentation& seg, double tolerance);

// A warm-up that fades gradually (a decay) leaves its tail inside the first "steady" segment:
// PELT with its high penalty only cuts where the remaining excess is a few noise widths. Walks
// forward from `begin` in steps of 5 while the next 10 points are slower (direction +1) or faster
// (−1) than the median of the region's second half by more than 3 (to start) or 1.5 (to go on)
// standard deviations of a 10-point batch median, measured on that second half so that
// autocorrelation is included. Returns how many points to drop from `begin`; 0 for a clean cut.
std::size_t settlingHead(const std::vector<double>& y, std::size_t begin, double direction);

// Median of y[begin, end).
double medianOfRange(const std::vector<double>& y, std::size_t begin, std::size_t end);

}  // namespace inferscope::analysis
