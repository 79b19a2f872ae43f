// A confidence interval and the distribution-free ways the analysis builds one.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace inferscope::analysis {

struct ConfidenceInterval {
  double low = 0;
  double high = 0;
  double level = 0.95;
  std::string method;  // "order-statistic" | "block-bootstrap" | "none"

  // False when no interval could be built (too few samples, or an unbounded side).
  bool valid() const;
  // (high − low) / 2 / |centre|: the stopping rule's precision measure. +infinity when invalid
  // or when centre is 0.
  double relativeHalfWidth(double centre) const;
};

// "none": what a caller gets when the data cannot support an interval.
ConfidenceInterval noInterval(double level);

// Distribution-free CI of the q-quantile from binomial ranks: [x_(l), x_(u)] with
// P(l ≤ B < u) ≥ level, B ~ Binomial(n, q). Conservative (coverage ≥ level). Invalid when a side
// has no rank, e.g. the p99 upper bound needs n ≥ 367 at 95 %. `sorted` must be ascending.
ConfidenceInterval orderStatisticInterval(const std::vector<double>& sorted, double q,
                                          double level);

// CI of the median from binomial ranks with Hettmansperger–Sheather (1986) interpolation between
// adjacent order statistics: the plain rank interval over-covers by up to 2–3 points at small n
// because the binomial is discrete; the interpolation brings coverage to the nominal level while
// staying distribution-free.
ConfidenceInterval medianOrderStatisticInterval(const std::vector<double>& sorted, double level);

// Order-statistic CI of the q-quantile for a dependent series: the rank half-width of the
// independent case, z·√(n·q(1−q)), widened by √τ (τ: integrated autocorrelation time of the
// indicator series at the quantile, see autocorrelation.h), i.e. ranks from the effective sample
// size n/τ, with z from Student t on n/τ − 1 degrees of freedom and linear interpolation between
// order statistics. Invalid when a side falls outside the sample. τ below 1 (down to
// kMinVarianceRatio) narrows the interval: a stratified sample, such as a periodic series whose
// phases are all sampled about equally often, has a quantile less variable than independent draws.
inline constexpr double kMinVarianceRatio = 0.05;
ConfidenceInterval dependentOrderStatisticInterval(const std::vector<double>& sorted, double q,
                                                   double level, double tau);

// Percentile interval [q_(α/2), q_(1−α/2)] of a bootstrap distribution (any order).
ConfidenceInterval percentileInterval(std::vector<double> draws, double level,
                                      const std::string& method);

}  // namespace inferscope::analysis
