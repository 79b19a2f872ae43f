// Rolling-median outliers: isolated slow iterations, cold starts, steps, bimodal noise, timers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/analysis/rolling_outliers.h"

using namespace inferscope::analysis;

namespace {
std::vector<double> noise(std::size_t n, double sigma, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> d(0.0, sigma);
  std::vector<double> y(n);
  for (double& v : y) v = d(rng);
  return y;
}
}  // namespace

TEST(RollingOutliers, FlagsIsolatedSlowIterations) {
  auto y = noise(400, 0.01, 1);
  y[100] += std::log(1.5);
  y[250] += std::log(2.0);
  const auto o = findRollingOutliers(y, 0.0);
  EXPECT_EQ(o.indices, (std::vector<std::size_t>{100, 250}));
  EXPECT_EQ(o.leading, 0u);
  EXPECT_EQ(o.window, 100u);
}

TEST(RollingOutliers, LeadingRunIsCounted) {
  auto y = noise(400, 0.01, 2);
  y[0] += std::log(100.0);  // a cold-start spike
  y[1] += std::log(3.0);
  y[3] += std::log(3.0);
  const auto o = findRollingOutliers(y, 0.0);
  EXPECT_EQ(o.leading, 2u);
  ASSERT_GE(o.indices.size(), 3u);
  EXPECT_EQ(o.indices[2], 3u);
}

TEST(RollingOutliers, OutlierRightAfterAWarmupStepIsStillFound) {
  // The centred window straddles the step, so its p90 − p10 is the step's size; the one-sided
  // windows on either side are calm and expose the outlier at 83, which fits neither level.
  auto y = noise(1000, 0.01, 3);
  for (int i = 0; i < 80; ++i) y[i] += std::log(1.5);
  y[83] += std::log(2.5);
  const auto o = findRollingOutliers(y, 0.0);
  EXPECT_NE(std::find(o.indices.begin(), o.indices.end(), 83u), o.indices.end());
  // The two levels themselves are not outliers next to the step.
  for (std::size_t i : o.indices) EXPECT_TRUE(i < 70 || i > 82) << i;
}

TEST(RollingOutliers, SlowIterationThatMatchesTheWarmupLevelIsNotAnOutlier) {
  // Right after a 1.5× warm-up, a 1.4× iteration is at home next to the warm-up level: it is left
  // to the segmentation rather than called an outlier.
  auto y = noise(1000, 0.01, 3);
  for (int i = 0; i < 80; ++i) y[i] += std::log(1.5);
  y[83] += std::log(1.4);
  const auto o = findRollingOutliers(y, 0.0);
  EXPECT_EQ(std::find(o.indices.begin(), o.indices.end(), 83u), o.indices.end());
}

TEST(RollingOutliers, BimodalNoiseIsNotFlagged) {
  std::mt19937_64 rng(4);
  std::bernoulli_distribution upper(0.3);
  auto y = noise(600, 0.01, 5);
  for (double& v : y) v += upper(rng) ? std::log(1.3) : 0.0;
  EXPECT_TRUE(findRollingOutliers(y, 0.0).indices.empty());
}

TEST(RollingOutliers, QuantisedTimerNeedsTheFloor) {
  // 90 % of the values identical: p90 − p10 is 0 and every other value would be "far".
  std::vector<double> y(200, 0.0);
  for (std::size_t i = 0; i < y.size(); i += 10) y[i] = 0.01;
  EXPECT_FALSE(findRollingOutliers(y, 0.0).indices.empty());
  EXPECT_TRUE(findRollingOutliers(y, std::log1p(0.02) / 3.0).indices.empty());
}

TEST(RollingOutliers, ShortSeriesAreNotJudged) {
  EXPECT_EQ(findRollingOutliers({1.0, 5.0, 1.0, 1.0}, 0.0).window, 0u);
  EXPECT_TRUE(findRollingOutliers({}, 0.0).indices.empty());
}
