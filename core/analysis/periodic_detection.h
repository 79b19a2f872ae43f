// Periodic patterns: a level that rises and falls with a fixed period (an allocator or cache
// rhythm, work done every P iterations). Such a series is steady in distribution, but its two
// halves of a tooth look like two persistent levels, and without this test it was called
// "switching" (docs/MEASUREMENT.md, "Periodic patterns").
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace inferscope::analysis {

struct Periodicity {
  std::size_t period = 0;      // iterations per cycle
  double autocorrelation = 0;  // of the clipped log latencies at the period
  double repeat = 0;           // … at twice the period
  double amplitude_log = 0;    // max − min of the mean cycle (phase means), ln latency
};

// Tests y[begin, end) (log latencies, clipped to their 2nd–98th percentiles) for a period P of
// 2 … m/4 iterations (four cycles at least): the autocorrelation has a peak at P of ≥ 0.3 that
// rises ≥ 0.5 above its lowest value at a shorter lag, and repeats at 2P (≥ 0.6 of the peak,
// again above the lowest value between P and 2P). A two-state chain's autocorrelation λ^k decays
// without returning, so its chance peaks rarely repeat at twice their lag. Regions of fewer than
// 40 points are not tested; above 4 096 points a contiguous middle window is.
std::optional<Periodicity> detectPeriodic(const std::vector<double>& y, std::size_t begin,
                                          std::size_t end);

}  // namespace inferscope::analysis
