// Regime switching: a series that alternates between two levels and stays at each for a while (a
// host whose clocks or scheduling switch state), as opposed to independent bimodal noise (the two
// levels interleave at random) and to a warm-up, slowdown or drift (the level changes once, or
// keeps moving). docs/MEASUREMENT.md, "Regime switching".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/analysis/markov_switching_ar.h"

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
  double persistence = 0;    // λ of the level chain (0: independent modes)
  // Likelihood ratios behind the verdict of detectSwitching (0 from the segment route), nats:
  // persistent levels against independent modes, and against one AR(1) level or one step.
  double persistence_gain = 0;
  double level_gain = 0;
  // The long-run slow share, 95 % interval, from the stays seen (analyse() fills it): each
  // level's mean stay is known to a factor e^(±1.96/√k) from k stays, so with few switches the
  // mix — and the median it feeds — is uncertain however many iterations each stay holds.
  double slow_share_low = 0, slow_share_high = 0;
};

// The levels, shares and stays of y[begin, end) split at `threshold_log` (lone points whose
// neighbours agree take their level). Levels are medians, so slow outliers do not move them.
SwitchingLevels describeLevels(const std::vector<double>& y, std::size_t begin, std::size_t end,
                               double threshold_log);

// What detectSwitching weighs, on y[begin, end) clipped to its 2nd–98th percentiles (so that slow
// outliers do not become a level): a two-state Markov-switching AR(1) fit and its likelihood
// against independent modes with the same noise (the bimodal-noise null) and against one AR(1)
// level or one step (the wandering-noise and warm-up/slowdown nulls); the decoded level sequence
// (P(slow) > ½, a lone point whose neighbours agree joins them). nullopt when the region is shorter
// than 60 points or a two- component mixture finds no two levels ≥ 5 % of the region each and ≥
// `tolerance` apart.
struct SwitchingEvidence {
  MarkovSwitchingAr fit;
  double persistence_gain = 0;  // ln L(persistent levels) − ln L(independent modes), nats
  // ln L(persistent levels) − ln L(the better of one AR(1) level and one step with AR(1) noise).
  double level_gain = 0;
  std::vector<std::uint8_t> stays;  // decoded level of each point of the region (1: slow)
  double slow_share = 0;            // of the decoded stays
  std::size_t switches = 0;
  bool level_trends = false;  // one level's own values trend (a drift cut in two)
};
std::optional<SwitchingEvidence> switchingEvidence(const std::vector<double>& y, std::size_t begin,
                                                   std::size_t end, double tolerance);

// Tests y[begin, end) (log latencies) for two persistent levels: switchingEvidence() finds levels
// at least `tolerance` (ln(1+δ)), 2 noise standard deviations (two modes) and 2.5 innovation
// standard deviations (each switch a jump) apart, each holding ≥ 5 % of the decoded stays, with a
// positive persistence λ; persistent levels beat independent modes by ≥ 1·ln m nats (independent
// bimodal noise stays "flat") and the better of one AR(1) level and one step by ≥ 1.5·ln m (level
// jumps, not autocorrelated wandering, and more than one of them); the decoded levels alternate
// (≥ 2 switches: one is a warm-up or a slowdown) and neither trends on its own. level_tau comes
// from the fitted λ. Regions shorter than 60 points are left to switchingSegments.
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
