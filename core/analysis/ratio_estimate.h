// Speed-up of one configuration over another, with the uncertainty of both measurements.
#pragma once

#include <cstdint>
#include <vector>

#include "core/analysis/confidence_interval.h"

namespace inferscope::analysis {

struct RatioEstimate {
  double ratio = 0;       // median(baseline) / median(candidate): > 1 means the candidate is faster
  ConfidenceInterval ci;  // interval of the ratio (see compareMedians for the method)
  bool real_difference = false;  // the CI excludes [1/(1+δ), 1+δ] entirely
};

// Compares the steady parts of two runs (resampled or bounded each on its own: they come from
// different runs). When both series are independent (lag-1 rank autocorrelation below 0.1): an
// ordinary bootstrap of the two medians, 2000 resamples deterministic from `seed`, percentile
// interval (method "block-bootstrap", blocks of 1). Otherwise the interval combines the two
// median CIs of the steady statistics on the log scale, log(ratio) ± √(h_b² + h_c²) with h the
// log half-widths of the effective-sample-size order-statistic intervals (method
// "order-statistic"): a block bootstrap, even with blocks of 6τ, covered only 86–92 % at lag-1
// correlation 0.8 (docs/MEASUREMENT.md). When a series' dependence leaves its median unbounded,
// the interval falls back to the bounds of the values both runs took, [min(b)/max(c),
// max(b)/min(c)] (method "range", no coverage claimed). A series that switches between two
// persistent levels (switching_detection.h) is never treated as independent, and its median's
// interval is that of its stays (the level sequence's autocorrelation time as τ's floor), so that
// a run that spent most of its time at one level is not called faster on the strength of it.
// With an empty series the ratio CI is "none" and the ratio NaN.
RatioEstimate compareMedians(const std::vector<double>& baseline_steady_ms,
                             const std::vector<double>& candidate_steady_ms, double delta = 0.02,
                             std::uint64_t seed = 42);

// The persistence floor of τ for one steady series: the level sequence's autocorrelation time
// when it switches between two persistent levels (detectSwitching at the analysis's δ of 2 %),
// else 1. The costly part of a comparison (Markov-switching fits): a caller that compares one
// series many times, or whose steady-state analysis already found it, passes it in below.
double persistenceFloor(const std::vector<double>& steady_ms);

// What a caller already knows about a series from its steady-state analysis: τ's floor, and the
// median's 95 % order-statistic interval computed with that floor (the one the combined interval
// would compute again; used at level 0.95 only). ≤ 0: computed here.
struct KnownSeries {
  double tau_floor = 0;
  double median_ci_low = 0, median_ci_high = 0;
};
struct KnownAnalyses {
  KnownSeries baseline, candidate;
};

// As above at a chosen confidence level (compareMedians uses 0.95), with what is known beforehand.
RatioEstimate compareMediansAtLevel(const std::vector<double>& baseline_steady_ms,
                                    const std::vector<double>& candidate_steady_ms, double delta,
                                    double level, std::uint64_t seed,
                                    const KnownAnalyses& known = {});

}  // namespace inferscope::analysis
