// Normal, Student t and binomial helpers against tabulated values.
#include <gtest/gtest.h>

#include <cmath>

#include "core/analysis/distributions.h"

using namespace inferscope::analysis;

TEST(Distributions, NormalQuantileKnownValues) {
  EXPECT_NEAR(normalQuantile(0.975), 1.959963984540054, 1e-9);
  EXPECT_NEAR(normalQuantile(0.5), 0.0, 1e-12);
  EXPECT_NEAR(normalQuantile(0.005), -2.5758293035489, 1e-9);
  EXPECT_NEAR(normalQuantile(1e-10), -6.361340902404, 1e-7);
  EXPECT_TRUE(std::isinf(normalQuantile(0.0)));
}

TEST(Distributions, NormalCdfInvertsQuantile) {
  for (double p : {0.001, 0.02, 0.3, 0.77, 0.999})
    EXPECT_NEAR(normalCdf(normalQuantile(p)), p, 1e-12);
}

TEST(Distributions, StudentQuantileMatchesTables) {
  EXPECT_NEAR(studentQuantile(0.975, 10), 2.228, 2e-3);
  EXPECT_NEAR(studentQuantile(0.975, 30), 2.042, 1e-3);
  EXPECT_NEAR(studentQuantile(0.995, 20), 2.845, 3e-3);
  EXPECT_NEAR(studentQuantile(0.975, 1e6), 1.960, 1e-3);
}

TEST(Distributions, BinomialCdfTable) {
  const auto cdf = binomialCdfTable(10, 0.5);
  ASSERT_EQ(cdf.size(), 11u);
  EXPECT_NEAR(cdf[0], 1.0 / 1024.0, 1e-15);
  EXPECT_NEAR(cdf[4], 386.0 / 1024.0, 1e-12);
  EXPECT_NEAR(cdf[10], 1.0, 1e-12);
  // Large n must not underflow to 0 everywhere (0.5^20000 does).
  const auto big = binomialCdfTable(20000, 0.5);
  EXPECT_NEAR(big[10000], 0.5 + 0.5 * 0.005641, 1e-4);
}
