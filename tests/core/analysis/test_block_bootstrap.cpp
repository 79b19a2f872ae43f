// Circular block bootstrap: resample quantiles are proper order statistics, seeded, degenerate-safe.
#include "core/analysis/block_bootstrap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/analysis/summary_stats.h"

using namespace inferscope::analysis;

TEST(BlockBootstrap, DefaultBlockLength) {
  EXPECT_EQ(BlockBootstrap::defaultBlockLength(1000), 20u);  // ⌈2·10⌉
  EXPECT_EQ(BlockBootstrap::defaultBlockLength(300), 14u);   // ⌈13.39⌉
  EXPECT_EQ(BlockBootstrap::defaultBlockLength(1), 1u);
}

TEST(BlockBootstrap, DrawsAreSampleQuantilesOfResamples) {
  std::vector<double> v(101);
  std::iota(v.begin(), v.end(), 0.0);
  const BlockBootstrap boot(v, 10);
  std::mt19937_64 rng(1);
  const auto draws = boot.quantileDraws({0.0, 0.5, 1.0}, 500, rng);
  ASSERT_EQ(draws.size(), 3u);
  ASSERT_EQ(draws[1].size(), 500u);
  for (std::size_t r = 0; r < 500; ++r) {
    EXPECT_LE(draws[0][r], draws[1][r]);
    EXPECT_LE(draws[1][r], draws[2][r]);
    EXPECT_GE(draws[0][r], 0.0);
    EXPECT_LE(draws[2][r], 100.0);
  }
  // The bootstrap medians centre on the sample median.
  std::vector<double> med = draws[1];
  std::sort(med.begin(), med.end());
  EXPECT_NEAR(quantileSorted(med, 0.5), 50.0, 3.0);
}

TEST(BlockBootstrap, DeterministicForASeed) {
  std::vector<double> v{5, 3, 8, 1, 9, 2, 7, 4, 6, 0};
  const BlockBootstrap boot(v, 3);
  std::mt19937_64 a(42), b(42);
  EXPECT_EQ(boot.quantileDraws({0.5}, 50, a), boot.quantileDraws({0.5}, 50, b));
}

TEST(BlockBootstrap, ConstantSeries) {
  const BlockBootstrap boot(std::vector<double>(20, 3.5), 4);
  std::mt19937_64 rng(3);
  const auto draws = boot.quantileDraws({0.5, 0.9}, 20, rng);
  for (const auto& quantile : draws) {
    for (double d : quantile) EXPECT_EQ(d, 3.5);
  }
}
