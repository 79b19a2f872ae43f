// Steady-part statistics: descriptive numbers and the choice of confidence interval.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/analysis/steady_stats.h"

using namespace inferscope::analysis;

namespace {
std::vector<double> lognormalAr1(std::size_t n, double phi, double sigma, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  std::vector<double> x(n);
  double e = sigma * z(rng);
  for (double& v : x) {
    v = 10.0 * std::exp(e);
    e = phi * e + sigma * std::sqrt(1 - phi * phi) * z(rng);
  }
  return x;
}
}  // namespace

TEST(SteadyStats, DescriptiveNumbers) {
  const auto st = computeSteadyStats({10, 11, 9, 10, 12, 10, 30, 10, 9, 11}, {});
  EXPECT_EQ(st.summary.count, 10u);
  EXPECT_DOUBLE_EQ(st.summary.median, 10.0);
  EXPECT_DOUBLE_EQ(st.mad, 1.0);  // |x − 10| sorted: 0 0 0 0 1 1 1 1 2 20
  EXPECT_NEAR(st.cv, st.summary.stdev / st.summary.mean, 1e-12);
  EXPECT_EQ(st.tukey_high_outliers, 1u);  // Q1 = 10, Q3 = 11: only 30 lies above 12.5
  EXPECT_EQ(st.tukey_low_outliers, 0u);
}

TEST(SteadyStats, IndependentSamplesGetRankIntervals) {
  const auto st = computeSteadyStats(lognormalAr1(500, 0.0, 0.03, 1), {});
  EXPECT_LT(std::abs(st.lag1_autocorrelation), 0.1);
  EXPECT_EQ(st.median_ci.method, "order-statistic");
  EXPECT_TRUE(st.median_ci.valid());
  EXPECT_LE(st.median_ci.low, st.summary.median);
  EXPECT_GE(st.median_ci.high, st.summary.median);
  EXPECT_TRUE(st.p90_ci.valid());
  EXPECT_FALSE(st.p99_ci.has_value());  // not requested
  EXPECT_DOUBLE_EQ(st.effective_samples, 500.0);
}

TEST(SteadyStats, AutocorrelatedSamplesGetWiderIntervals) {
  const auto iid = computeSteadyStats(lognormalAr1(2000, 0.0, 0.03, 2), {});
  const auto dep = computeSteadyStats(lognormalAr1(2000, 0.8, 0.03, 3), {});
  EXPECT_GT(dep.lag1_autocorrelation, 0.5);
  EXPECT_LT(dep.effective_samples, 600.0);
  // τ ≈ 6.4 at φ = 0.8: the interval is about √6.4 ≈ 2.5 times wider.
  const double ratio = dep.median_ci.relativeHalfWidth(dep.summary.median) /
                       iid.median_ci.relativeHalfWidth(iid.summary.median);
  EXPECT_GT(ratio, 1.8);
  EXPECT_LT(ratio, 3.5);
}

TEST(SteadyStats, P99IntervalOnlyFromAThousandSamples) {
  SteadyStatsOptions options;
  options.want_p99 = true;
  EXPECT_FALSE(computeSteadyStats(lognormalAr1(999, 0.0, 0.03, 4), options).p99_ci.has_value());
  const auto st = computeSteadyStats(lognormalAr1(1000, 0.0, 0.03, 5), options);
  ASSERT_TRUE(st.p99_ci.has_value());
  EXPECT_TRUE(st.p99_ci->valid());
  EXPECT_GT(st.p99_ci->high, st.summary.median);
}

TEST(SteadyStats, BlockBootstrapOptionIsDeterministic) {
  SteadyStatsOptions options;
  options.dependent_interval = DependentInterval::BlockBootstrap;
  const auto x = lognormalAr1(400, 0.8, 0.03, 6);
  const auto a = computeSteadyStats(x, options);
  const auto b = computeSteadyStats(x, options);
  EXPECT_EQ(a.median_ci.method, "block-bootstrap");
  EXPECT_EQ(a.median_ci.low, b.median_ci.low);
  EXPECT_EQ(a.median_ci.high, b.median_ci.high);
}

TEST(SteadyStats, EmptyAndTiny) {
  const auto empty = computeSteadyStats({}, {});
  EXPECT_EQ(empty.summary.count, 0u);
  EXPECT_FALSE(empty.median_ci.valid());
  const auto one = computeSteadyStats({4.0}, {});
  EXPECT_DOUBLE_EQ(one.summary.median, 4.0);
  EXPECT_FALSE(one.median_ci.valid());
  EXPECT_EQ(one.median_ci.method, "none");
}
