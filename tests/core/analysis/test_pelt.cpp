// PELT: hand-made steps, variance changes, minimum segment, optimality of pruning, speed.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <random>

#include "core/analysis/pelt.h"

using namespace inferscope::analysis;

namespace {

std::vector<double> steps(const std::vector<std::pair<std::size_t, double>>& levels, double sigma,
                          std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, sigma);
  std::vector<double> y;
  for (const auto& [length, level] : levels) {
    for (std::size_t i = 0; i < length; ++i) y.push_back(level + noise(rng));
  }
  return y;
}

// Exhaustive optimal partitioning (O(n²), no pruning): PELT must find the same optimum.
double bruteForceCost(const std::vector<double>& y, double penalty, std::size_t min_segment,
                      std::vector<std::size_t>& starts) {
  const NormalMeanVarCost cost(y);
  const std::size_t n = y.size();
  std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
  std::vector<std::size_t> last(n + 1, 0);
  best[0] = -penalty;
  for (std::size_t e = min_segment; e <= n; ++e) {
    for (std::size_t t = 0; t + min_segment <= e; ++t) {
      if (t != 0 && t < min_segment) continue;
      const double v = best[t] + cost.segment(t, e) + penalty;
      if (v < best[e]) best[e] = v, last[e] = t;
    }
  }
  starts.clear();
  for (std::size_t e = n; e > 0; e = last[e]) starts.insert(starts.begin(), last[e]);
  return best[n];
}

double totalCost(const std::vector<double>& y, const std::vector<std::size_t>& starts,
                 double penalty) {
  const NormalMeanVarCost cost(y);
  double total = penalty * static_cast<double>(starts.size() - 1);
  for (std::size_t k = 0; k < starts.size(); ++k) {
    total += cost.segment(starts[k], k + 1 < starts.size() ? starts[k + 1] : y.size());
  }
  return total;
}

}  // namespace

TEST(Pelt, FindsHandMadeSteps) {
  const auto y = steps({{40, 1.0}, {60, 0.0}, {50, 0.5}}, 0.05, 1);
  const auto starts = pelt(y, 15 * std::log(150.0), 3);
  EXPECT_EQ(starts, (std::vector<std::size_t>{0, 40, 100}));
}

TEST(Pelt, FlatSeriesIsOneSegment) {
  const auto y = steps({{500, 2.0}}, 0.03, 2);
  EXPECT_EQ(pelt(y, 15 * std::log(500.0), 3), (std::vector<std::size_t>{0}));
}

TEST(Pelt, VarianceChangeAloneIsACut) {
  // Normal mean + variance cost: a quiet half and a noisy half with the same mean.
  auto y = steps({{200, 0.0}}, 0.01, 3);
  const auto noisy = steps({{200, 0.0}}, 0.2, 4);
  y.insert(y.end(), noisy.begin(), noisy.end());
  const auto starts = pelt(y, 15 * std::log(400.0), 3);
  ASSERT_EQ(starts.size(), 2u);
  EXPECT_NEAR(static_cast<double>(starts[1]), 200.0, 3.0);
}

TEST(Pelt, RespectsMinimumSegment) {
  // A 2-point blip cannot be its own segment with min_segment 3.
  auto y = steps({{50, 0.0}, {2, 5.0}, {50, 0.0}}, 0.01, 5);
  for (std::size_t s : pelt(y, 1.0, 3)) {
    if (s == 0) continue;
    EXPECT_NE(s, 51u);
  }
  const auto starts = pelt(y, 1.0, 3);
  for (std::size_t k = 1; k < starts.size(); ++k) EXPECT_GE(starts[k] - starts[k - 1], 3u);
  EXPECT_GE(y.size() - starts.back(), 3u);
}

TEST(Pelt, PruningKeepsTheOptimum) {
  for (std::uint64_t seed = 10; seed < 20; ++seed) {
    const auto y = steps({{30, 0.0}, {25, 0.3}, {45, 0.1}, {20, 0.6}}, 0.1, seed);
    const double penalty = 3.0 * std::log(120.0);
    std::vector<std::size_t> brute;
    const double optimum = bruteForceCost(y, penalty, 3, brute);
    const auto starts = pelt(y, penalty, 3);
    EXPECT_NEAR(totalCost(y, starts, penalty), optimum, 1e-6) << "seed " << seed;
  }
}

TEST(Pelt, TinyAndEmptyInputs) {
  EXPECT_TRUE(pelt({}, 10.0, 3).empty());
  EXPECT_EQ(pelt({1.0}, 10.0, 3), (std::vector<std::size_t>{0}));
  EXPECT_EQ(pelt({1.0, 2.0, 3.0, 4.0, 5.0}, 10.0, 3), (std::vector<std::size_t>{0}));
  // Identical values (a quantised timer): the variance floor keeps the cost finite.
  EXPECT_EQ(pelt(std::vector<double>(100, 1.0), 10.0, 3), (std::vector<std::size_t>{0}));
}

TEST(Pelt, TenThousandPointsInWellUnderASecond) {
  const auto y = steps({{3000, 0.2}, {7000, 0.0}}, 0.03, 6);
  const auto t0 = std::chrono::steady_clock::now();
  const auto starts = pelt(y, 15 * std::log(10000.0), 3);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(starts, (std::vector<std::size_t>{0, 3000}));
  // ~60 ms on a 2-core CI machine in RelWithDebInfo; generous for sanitizer or debug builds.
  EXPECT_LT(seconds, 5.0);
}

// Above kExactPeltMaxSamples the changepoints are searched on a grid and then placed exactly:
// steps of a few hundred iterations and more are found at the iteration the exact search finds,
// with the objective within a hair of the exact optimum's.
TEST(Pelt, GridSearchFindsTheExactChangepointsOfALongSeries) {
  const auto y = steps({{5003, 0.3}, {4100, 0.0}, {3300, 0.1}, {9000, 0.0}}, 0.03, 7);
  ASSERT_GT(y.size(), kExactPeltMaxSamples);
  const double penalty = 15 * std::log(static_cast<double>(y.size()));
  const auto grid = pelt(y, penalty, 3);
  // The exact search on a prefix that fits kExactPeltMaxSamples finds the same first changepoints.
  const std::vector<double> head(y.begin(), y.begin() + 9800);
  const auto exact = pelt(head, penalty, 3);
  ASSERT_EQ(grid.size(), 4u);
  ASSERT_EQ(exact.size(), 3u);
  EXPECT_EQ(grid[1], exact[1]);
  EXPECT_EQ(grid[2], exact[2]);
  // The 0.1 step at 12 403 is 3σ: the optimum may sit an iteration or two away from the truth.
  EXPECT_NEAR(static_cast<double>(grid[3]), 12403.0, 3.0);
}

// A long flat series takes the grid search (above kExactPeltMaxSamples) and finds no changepoint.
// How long it takes is bench_reanalysis's to say (docs/PERFORMANCE.md), not a unit test's.
TEST(Pelt, LongFlatSeriesHasNoChangepoint) {
  const auto y = steps({{200'000, 0.0}}, 0.03, 8);
  EXPECT_EQ(pelt(y, 15 * std::log(2e5), 3), (std::vector<std::size_t>{0}));
}
