#include <gtest/gtest.h>

#include "core/analysis/summary_stats.h"

using inferscope::analysis::summarize;

TEST(SummaryStats, EmptySeriesIsAllZero) {
  const auto s = summarize({});
  EXPECT_EQ(s.count, 0u);
  EXPECT_EQ(s.median, 0.0);
}

TEST(SummaryStats, MatchesHandComputedValues) {
  // 1..10 shuffled: median 5.5, mean 5.5, p90 = 9.1 (type-7 interpolation), stdev of 1..10.
  const auto s = summarize({7, 3, 10, 1, 5, 2, 9, 4, 8, 6});
  EXPECT_EQ(s.count, 10u);
  EXPECT_DOUBLE_EQ(s.median, 5.5);
  EXPECT_DOUBLE_EQ(s.mean, 5.5);
  EXPECT_NEAR(s.p90, 9.1, 1e-12);
  EXPECT_DOUBLE_EQ(s.min, 1.0);
  EXPECT_DOUBLE_EQ(s.max, 10.0);
  EXPECT_NEAR(s.stdev, 3.0276503540974917, 1e-12);
}

TEST(SummaryStats, SingleValue) {
  const auto s = summarize({4.25});
  EXPECT_DOUBLE_EQ(s.median, 4.25);
  EXPECT_DOUBLE_EQ(s.p90, 4.25);
  EXPECT_DOUBLE_EQ(s.stdev, 0.0);
}
