// Rank-based confidence intervals: binomial ranks, interpolation, dependence, p99 limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/analysis/confidence_interval.h"

using namespace inferscope::analysis;

namespace {
std::vector<double> oneTo(std::size_t n) {
  std::vector<double> v(n);
  std::iota(v.begin(), v.end(), 1.0);
  return v;
}
}  // namespace

TEST(ConfidenceInterval, ValidityAndRelativeHalfWidth) {
  ConfidenceInterval ci;
  EXPECT_FALSE(ci.valid());  // no method yet
  ci.method = "order-statistic";
  ci.low = 9.0;
  ci.high = 11.0;
  EXPECT_TRUE(ci.valid());
  EXPECT_DOUBLE_EQ(ci.relativeHalfWidth(10.0), 0.1);
  EXPECT_TRUE(std::isinf(ci.relativeHalfWidth(0.0)));
  EXPECT_FALSE(noInterval(0.95).valid());
  EXPECT_TRUE(std::isinf(noInterval(0.95).relativeHalfWidth(10.0)));
}

TEST(ConfidenceInterval, BinomialRanksOfTheMedian) {
  // n = 100 at 95 %: the classical ranks are 40 and 61 (P(B ≤ 39) = 0.0176 ≤ 0.025 < P(B ≤ 40)).
  const auto ci = orderStatisticInterval(oneTo(100), 0.5, 0.95);
  ASSERT_TRUE(ci.valid());
  EXPECT_EQ(ci.low, 40.0);
  EXPECT_EQ(ci.high, 61.0);
  EXPECT_EQ(ci.method, "order-statistic");
}

TEST(ConfidenceInterval, InterpolatedMedianLiesInsideTheConservativeRanks) {
  const auto exact = orderStatisticInterval(oneTo(100), 0.5, 0.95);
  const auto hs = medianOrderStatisticInterval(oneTo(100), 0.95);
  ASSERT_TRUE(hs.valid());
  EXPECT_GE(hs.low, exact.low);
  EXPECT_LE(hs.high, exact.high);
  EXPECT_LT(hs.low, 41.0);
  EXPECT_NEAR(hs.low + hs.high, 101.0, 1e-9);  // symmetric in ranks
}

TEST(ConfidenceInterval, TooFewSamplesGiveNoInterval) {
  // 5 samples: P(all on one side of the median) = 2/32 > 5 %, so no 95 % rank interval exists.
  EXPECT_FALSE(medianOrderStatisticInterval(oneTo(5), 0.95).valid());
  EXPECT_TRUE(medianOrderStatisticInterval(oneTo(6), 0.95).valid());
}

TEST(ConfidenceInterval, P99UpperBoundNeedsAbout367Samples) {
  // The largest sample bounds p99 from above with probability 1 − 0.99^n, which reaches 97.5 %
  // between n = 367 (0.97499) and n = 368.
  EXPECT_FALSE(orderStatisticInterval(oneTo(367), 0.99, 0.95).valid());
  EXPECT_TRUE(orderStatisticInterval(oneTo(368), 0.99, 0.95).valid());
}

TEST(ConfidenceInterval, OrderStatisticCoverageOnIndependentSamples) {
  // Coverage of the true median of an exponential distribution (ln 2), 2000 samples of n = 51.
  std::mt19937_64 rng(7);
  std::exponential_distribution<double> dist(1.0);
  int covered = 0;
  constexpr int kReps = 2000;
  for (int r = 0; r < kReps; ++r) {
    std::vector<double> v(51);
    for (double& x : v) x = dist(rng);
    std::sort(v.begin(), v.end());
    const auto ci = medianOrderStatisticInterval(v, 0.95);
    covered += ci.low <= std::log(2.0) && std::log(2.0) <= ci.high;
  }
  // ±1.5 points is 3 standard errors of a 95 % proportion over 2000 runs.
  EXPECT_NEAR(covered / double(kReps), 0.95, 0.015);
}

TEST(ConfidenceInterval, DependentIntervalWidensWithTau) {
  const auto v = oneTo(400);
  const auto iid = dependentOrderStatisticInterval(v, 0.5, 0.95, 1.0);
  const auto dep = dependentOrderStatisticInterval(v, 0.5, 0.95, 4.0);
  ASSERT_TRUE(iid.valid());
  ASSERT_TRUE(dep.valid());
  // Rank half-width ∝ √τ: twice as wide (up to the t quantile on n/τ − 1 degrees of freedom).
  const double ratio = (dep.high - dep.low) / (iid.high - iid.low);
  EXPECT_GT(ratio, 2.0);
  EXPECT_LT(ratio, 2.05);
  EXPECT_FALSE(dependentOrderStatisticInterval(oneTo(20), 0.5, 0.95, 50.0).valid());
}

TEST(ConfidenceInterval, PercentileInterval) {
  const auto ci = percentileInterval(oneTo(1001), 0.9, "block-bootstrap");
  EXPECT_DOUBLE_EQ(ci.low, 51.0);
  EXPECT_DOUBLE_EQ(ci.high, 951.0);
  EXPECT_EQ(ci.method, "block-bootstrap");
  EXPECT_FALSE(percentileInterval({}, 0.9, "block-bootstrap").valid());
}
