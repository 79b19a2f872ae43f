// Theil–Sen and Mann–Kendall, alone and over batch medians.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/analysis/monotone_trend.h"

using namespace inferscope::analysis;

TEST(TrendTest, TheilSenIgnoresAnOutlier) {
  std::vector<double> z{0, 1, 2, 3, 4, 5, 6, 7, 100, 9};
  EXPECT_DOUBLE_EQ(theilSenSlope(z), 1.0);
  EXPECT_DOUBLE_EQ(theilSenSlope({1.0}), 0.0);
}

TEST(TrendTest, MannKendallOfAMonotoneSeries) {
  // 10 increasing points: S = 45, Var = 10·9·25/18 = 125, Z = 44/√125.
  std::vector<double> z{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_NEAR(mannKendallZ(z), 44.0 / std::sqrt(125.0), 1e-12);
  std::reverse(z.begin(), z.end());
  EXPECT_NEAR(mannKendallZ(z), -44.0 / std::sqrt(125.0), 1e-12);
  EXPECT_EQ(mannKendallZ({1, 1, 1, 1}), 0.0);  // all tied
}

TEST(TrendTest, BatchTrendOnADriftAndOnNoise) {
  std::mt19937_64 rng(9);
  std::normal_distribution<double> noise(0.0, 0.01);
  std::vector<double> drift(1000), flat(1000);
  for (std::size_t i = 0; i < drift.size(); ++i) {
    drift[i] = 0.1 * static_cast<double>(i) / 999.0 + noise(rng);
    flat[i] = noise(rng);
  }
  const TrendResult d = batchTrend(drift, 0, drift.size());
  EXPECT_EQ(d.batches, 100u);
  EXPECT_NEAR(d.total_change, 0.1, 0.01);
  EXPECT_GT(d.mann_kendall_z, 5.0);
  EXPECT_NEAR(d.slope_per_iteration, 1e-4, 1e-5);
  const TrendResult f = batchTrend(flat, 0, flat.size());
  EXPECT_LT(std::abs(f.total_change), 0.01);
  EXPECT_LT(std::abs(f.mann_kendall_z), 3.0);
}

TEST(TrendTest, ShortRegionsUseSmallerBatches) {
  std::vector<double> y(60);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = static_cast<double>(i);
  EXPECT_EQ(batchTrend(y, 0, y.size()).batches, 10u);  // batches of 6
  EXPECT_EQ(batchMedians(y, 0, 25, 10).size(), 2u);    // partial batch dropped
}
