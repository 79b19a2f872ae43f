// Circular block bootstrap: resample quantiles are proper order statistics, seeded,
// degenerate-safe.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/analysis/analysis_cancelled.h"
#include "core/analysis/block_bootstrap.h"
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

namespace {

std::vector<double> ar1Series(std::size_t n, double phi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::vector<double> x(n);
  double e = 0;
  for (double& v : x) {
    e = phi * e + std::sqrt(1.0 - phi * phi) * noise(rng);
    v = 10.0 * std::exp(0.03 * e);
  }
  return x;
}

// Percentile interval of the draws, as steady_stats builds it.
std::pair<double, double> interval(std::vector<double> d) {
  std::sort(d.begin(), d.end());
  return {quantileSorted(d, 0.025), quantileSorted(d, 0.975)};
}

}  // namespace

// The windowed path draws the same distribution as full resamples: on a fixed seed, the 95 %
// percentile intervals agree to within their Monte-Carlo error (2000 resamples: a few % of the
// interval's width), for independent draws and for blocks, at the median, p90 and p99.
TEST(BlockBootstrap, WindowedPathMatchesFullResamples) {
  for (const std::size_t block : {std::size_t{1}, std::size_t{40}}) {
    const auto x = ar1Series(30'000, block == 1 ? 0.0 : 0.6, 11 + block);
    const BlockBootstrap boot(x, block);
    std::mt19937_64 a(5), b(6);
    const auto full = boot.quantileDrawsFull({0.5, 0.9, 0.99}, 2000, a);
    const auto windowed = boot.quantileDrawsWindowed({0.5, 0.9, 0.99}, 2000, b);
    for (std::size_t k = 0; k < 3; ++k) {
      const auto [fl, fh] = interval(full[k]);
      const auto [wl, wh] = interval(windowed[k]);
      const double width = fh - fl;
      ASSERT_GT(width, 0.0);
      EXPECT_NEAR(wl, fl, 0.12 * width) << "block " << block << ", quantile " << k;
      EXPECT_NEAR(wh, fh, 0.12 * width) << "block " << block << ", quantile " << k;
      EXPECT_NEAR(wh - wl, width, 0.12 * width) << "block " << block << ", quantile " << k;
    }
  }
}

// Every windowed draw is a proper resample quantile: extreme quantiles (whose windows reach the
// ends of the sample) and a window that a resample leaves (completed in full) included.
TEST(BlockBootstrap, WindowedDrawsAreValuesOfTheSample) {
  std::vector<double> v(20'000);
  std::iota(v.begin(), v.end(), 0.0);
  std::reverse(v.begin(), v.end());
  const BlockBootstrap boot(v, 500);  // blocks of sorted runs: the rank count varies a lot
  std::mt19937_64 rng(9);
  const auto draws = boot.quantileDrawsWindowed({0.0, 0.5, 1.0}, 300, rng);
  for (std::size_t r = 0; r < 300; ++r) {
    EXPECT_LE(draws[0][r], draws[1][r]);
    EXPECT_LE(draws[1][r], draws[2][r]);
    EXPECT_GE(draws[0][r], 0.0);
    EXPECT_LE(draws[2][r], 19'999.0);
  }
}

TEST(BlockBootstrap, CancelledBootstrapThrows) {
  const auto x = ar1Series(20'000, 0.0, 3);
  BlockBootstrap boot(x, 1);
  inferscope::CancelToken cancel;
  cancel.cancel();
  boot.setCancelToken(&cancel);
  std::mt19937_64 rng(1);
  EXPECT_THROW(boot.quantileDraws({0.5}, 2000, rng), AnalysisCancelled);
  EXPECT_THROW(boot.quantileDrawsFull({0.5}, 2000, rng), AnalysisCancelled);
}
