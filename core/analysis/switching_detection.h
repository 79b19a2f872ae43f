// Regime switching: a series that alternates between two levels and stays at each for a while (a
// host whose clocks or scheduling switch state), as opposed to independent bimodal noise (the two
// levels interleave at random) and to a warm-up, slowdown or drift (the level changes once, or
// keeps moving). docs/MEASUREMENT.md, "Regime switching".
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace inferscope::analysis {

struct SwitchingLevels {
  double fast_log = 0, slow_log = 0;  // the two levels' means of ln(latency)
  double slow_share = 0;              // share of the region's iterations at the slow level
  double mean_slow_dwell = 0;         // average length of a stay at the slow level, iterations
  double mean_fast_dwell = 0;
  std::size_t switches = 0;  // level changes between stays (a lone point joins its neighbours)
  // Integrated autocorrelation time of the level sequence, (1 + λ)/(1 − λ) with λ = 1 − p − q
  // the two-state chain's persistence: how much fewer independent samples the region is worth.
  double level_tau = 1;
  double runs_z = 0;  // Wald–Wolfowitz runs test on the level sequence: < 0 means persistent
  double threshold_log = 0;  // ln latency between the levels that assigns each iteration
};

// The levels, shares and stays of y[begin, end) split at `threshold_log` (lone points whose
// neighbours agree take their level). Levels are medians, so slow outliers do not move them.
SwitchingLevels describeLevels(const std::vector<double>& y, std::size_t begin, std::size_t end,
                               double threshold_log);

// Tests y[begin, end) (log latencies) for two persistent levels. Found when a two-component
// Gaussian mixture (fitted to the values clipped to their 2nd–98th percentiles, so that slow
// outliers do not become a level) separates them into levels at least `tolerance` (ln(1+δ)) and
// 2.5 robust within-level standard deviations apart, each holding ≥ 5 % of the region; the level
// sequence persists (runs-test Z < −3: independent bimodal noise stays "flat"); the levels
// alternate (at least two switches between stays of ≥ 2 iterations: one switch is a warm-up or a
// slowdown); two levels with AR(1) noise about them explain the series better than one AR(1)
// process by more than 0.7·ln m per parameter (level jumps, not autocorrelated wandering); and
// neither level trends on its own (a drift split in two halves does). Regions shorter than 100
// points are left to switchingSegments: below that, wandering AR(1) noise passes too often.
std::optional<SwitchingLevels> detectSwitching(const std::vector<double>& y, std::size_t begin,
                                               std::size_t end, double tolerance);

// The same question asked of a changepoint segmentation: stays long enough for PELT to cut them.
// `medians` are the segments' medians (log scale) from the first one after the warm-up.
// Switching when the medians fall into two groups more than `tolerance` apart, each tighter than
// the gap between them, and the sequence of groups changes at least twice (a level is left and
// returned to). Only `threshold_log` and `switches` are filled: describeLevels() says the rest.
std::optional<SwitchingLevels> switchingSegments(const std::vector<double>& medians,
                                                 double tolerance);

}  // namespace inferscope::analysis
