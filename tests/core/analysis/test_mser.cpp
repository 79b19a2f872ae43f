// MSER-5 truncation: transients, stationary noise, first-half limit, short input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/analysis/mser.h"

using namespace inferscope::analysis;

TEST(Mser, TruncatesAnInitialTransient) {
  // Deterministic noise: the statistic of the stationary part is exactly variance/(m − d), so the
  // minimum is where the transient ends (MSER's answer on random noise wanders, see below).
  std::vector<double> y;
  for (int i = 0; i < 500; ++i) y.push_back((i < 60 ? 0.5 : 0.0) + ((i * 7) % 11 - 5) * 0.004);
  EXPECT_EQ(mser5(y), 60u);
}

TEST(Mser, FlatSeriesTruncatesLittleOnTypicalRuns) {
  // On stationary noise MSER-5 sometimes truncates a good part of the run (a chance dip of the
  // statistic): that is why the analysis only uses it as a cross-check.
  std::vector<std::size_t> truncations;
  for (std::uint64_t seed = 0; seed < 21; ++seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> noise(0.0, 0.02);
    std::vector<double> y(1000);
    for (double& v : y) v = noise(rng);
    truncations.push_back(mser5(y));
  }
  std::sort(truncations.begin(), truncations.end());
  EXPECT_LE(truncations[10], 50u);  // the median run truncates at most 5 %
}

TEST(Mser, NeverBeyondTheFirstHalf) {
  std::vector<double> y(200, 0.0);
  for (int i = 0; i < 180; ++i) y[i] = 1.0;  // transient over 90 % of the run
  EXPECT_LE(mser5(y), 100u);
}

TEST(Mser, ShortSeries) {
  EXPECT_EQ(mser5({}), 0u);
  EXPECT_EQ(mser5({1, 2, 3}), 0u);
  EXPECT_EQ(mser5({1, 2, 3, 4, 5, 6, 7, 8, 9}), 0u);
}
