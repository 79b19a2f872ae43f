// Speed-up ratios: real and not-real differences, dependence, coverage, empty input.
#include <gtest/gtest.h>

#include <cmath>

#include "core/analysis/ratio_estimate.h"
#include "core/analysis/synthetic_series.h"

using namespace inferscope::analysis;

namespace {
std::vector<double> series(double base_ms, double phi, std::uint64_t seed, std::size_t n = 500) {
  SyntheticSpec s;
  s.n = n;
  s.base_ms = base_ms;
  s.phi = phi;
  s.sigma = 0.03;
  s.seed = seed;
  return generateSeries(s).latencies_ms;
}
}  // namespace

TEST(RatioEstimate, RealSpeedup) {
  const auto r = compareMedians(series(10.0, 0.0, 1), series(8.0, 0.0, 2));
  EXPECT_NEAR(r.ratio, 1.25, 0.01);
  EXPECT_TRUE(r.ci.valid());
  EXPECT_LT(r.ci.low, r.ratio);
  EXPECT_GT(r.ci.high, r.ratio);
  EXPECT_TRUE(r.real_difference);
  EXPECT_EQ(r.ci.method, "block-bootstrap");
}

TEST(RatioEstimate, RealSlowdown) {
  const auto r = compareMedians(series(10.0, 0.0, 3), series(11.0, 0.0, 4));
  EXPECT_LT(r.ratio, 1.0);
  EXPECT_TRUE(r.real_difference);
}

TEST(RatioEstimate, WithinPracticalEquivalenceIsNotReal) {
  // 1 % apart with a CI of about ±0.4 %: the CI overlaps [1/1.02, 1.02], so not a real difference.
  const auto r = compareMedians(series(10.0, 0.0, 5), series(9.9, 0.0, 6));
  EXPECT_GT(r.ratio, 1.0);
  EXPECT_FALSE(r.real_difference);
  // Same configuration twice.
  EXPECT_FALSE(compareMedians(series(10.0, 0.0, 7), series(10.0, 0.0, 8)).real_difference);
}

TEST(RatioEstimate, NoisyLargeRatioNeedsItsInterval) {
  // A 3 % speed-up measured on 40 strongly correlated samples: not enough to call it real.
  const auto r = compareMedians(series(10.0, 0.8, 9, 40), series(9.7, 0.8, 10, 40));
  EXPECT_FALSE(r.real_difference);
}

TEST(RatioEstimate, AutocorrelatedSeriesUseTheirEffectiveSampleSize) {
  const auto iid = compareMedians(series(10.0, 0.0, 11, 1000), series(10.0, 0.0, 12, 1000));
  const auto dep = compareMedians(series(10.0, 0.8, 13, 1000), series(10.0, 0.8, 14, 1000));
  EXPECT_EQ(dep.ci.method, "order-statistic");
  EXPECT_GT(dep.ci.high - dep.ci.low, 1.8 * (iid.ci.high - iid.ci.low));
}

TEST(RatioEstimate, UnboundedMedianFallsBackToTheRangeOfBothRuns) {
  // A slow drift over the whole run (as a warming GPU gives): no order-statistic interval exists,
  // yet a 19 ms run against a 3 ms one is plainly different, and two 19 ms runs are not.
  std::vector<double> drift_a, drift_b, fast;
  for (int i = 0; i < 200; ++i) {
    drift_a.push_back(18.8 + 0.4 * i / 199.0);
    drift_b.push_back(19.2 - 0.4 * i / 199.0);
    fast.push_back(3.0 + 0.01 * (i % 7));
  }
  const auto far = compareMedians(drift_a, fast);
  EXPECT_EQ(far.ci.method, "range");
  EXPECT_NEAR(far.ci.low, 18.8 / 3.06, 1e-9);
  EXPECT_NEAR(far.ci.high, 19.2 / 3.0, 1e-9);
  EXPECT_TRUE(far.real_difference);
  const auto near = compareMedians(drift_a, drift_b);
  EXPECT_EQ(near.ci.method, "range");
  EXPECT_FALSE(near.real_difference);
}

TEST(RatioEstimate, DeterministicAndEmptyInputs) {
  const auto a = series(10.0, 0.0, 15), b = series(9.0, 0.0, 16);
  EXPECT_EQ(compareMedians(a, b, 0.02, 7).ci.low, compareMedians(a, b, 0.02, 7).ci.low);
  const auto none = compareMedians({}, b);
  EXPECT_TRUE(std::isnan(none.ratio));
  EXPECT_FALSE(none.ci.valid());
  EXPECT_FALSE(none.real_difference);
}

TEST(RatioEstimate, CoverageOfTheTrueRatio) {
  // 300 pairs of independent runs per lag-1 correlation, n = 300: the 95 % interval should cover
  // the ratio of the true medians in 92–98 % of pairs (±3.5 standard errors of 300 Bernoulli
  // trials around 95 %); a block bootstrap with ⌈2·n^(1/3)⌉ blocks covered ~86 % at φ = 0.8.
  for (double phi : {0.0, 0.8}) {
    int covered = 0, valid = 0;
    for (int r = 0; r < 300; ++r) {
      SyntheticSpec a;
      a.n = 300, a.phi = phi, a.sigma = 0.03, a.seed = 10000 + 2 * r;
      SyntheticSpec b = a;
      b.seed = a.seed + 1, b.base_ms = 8.0;
      const auto sa = generateSeries(a), sb = generateSeries(b);
      const double truth = sa.true_steady_median_ms / sb.true_steady_median_ms;
      const auto e = compareMedians(sa.latencies_ms, sb.latencies_ms, 0.02, r);
      valid += e.ci.valid();
      covered += e.ci.valid() && e.ci.low <= truth && truth <= e.ci.high;
    }
    EXPECT_GE(valid, 295) << "phi " << phi;
    EXPECT_GE(covered / double(valid), 0.92) << "phi " << phi;
    EXPECT_LE(covered / double(valid), 0.98) << "phi " << phi;
  }
}
