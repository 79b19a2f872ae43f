// Rank lag-1 autocorrelation and the indicator autocorrelation time against AR(1) theory.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/analysis/autocorrelation.h"

using namespace inferscope::analysis;

namespace {
std::vector<double> ar1(std::size_t n, double phi, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0.0, 1.0);
  std::vector<double> x(n);
  double e = z(rng);
  for (double& v : x) {
    v = e;
    e = phi * e + std::sqrt(1 - phi * phi) * z(rng);
  }
  return x;
}
}  // namespace

TEST(Autocorrelation, Lag1OfRanks) {
  EXPECT_NEAR(lag1RankAutocorrelation(ar1(20000, 0.0, 1)), 0.0, 0.03);
  // Spearman-type lag-1 correlation of a Gaussian AR(1): (6/π)·asin(φ/2).
  EXPECT_NEAR(lag1RankAutocorrelation(ar1(20000, 0.8, 2)), 6.0 / std::acos(-1.0) * std::asin(0.4),
              0.03);
  EXPECT_EQ(lag1RankAutocorrelation({1.0, 2.0}), 0.0);
}

TEST(Autocorrelation, Lag1OfRanksIgnoresOutliers) {
  auto x = ar1(5000, 0.5, 3);
  for (std::size_t i = 0; i < x.size(); i += 100) x[i] += 1000.0;  // 1 % huge outliers
  EXPECT_GT(lag1RankAutocorrelation(x), 0.4);
}

TEST(Autocorrelation, IndicatorTimeMatchesTheory) {
  // τ of the sign process of a Gaussian AR(1) at its median: 1 + 2·Σ (2/π)·asin(φ^k).
  for (double phi : {0.5, 0.8}) {
    double theory = 1.0;
    for (int k = 1; k < 400; ++k)
      theory += 2.0 * 2.0 / std::acos(-1.0) * std::asin(std::pow(phi, k));
    double mean = 0.0;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      mean += indicatorAutocorrelationTime(ar1(3000, phi, 100 + seed), 0.0) / 20.0;
    }
    EXPECT_NEAR(mean, theory, 0.12 * theory) << "phi " << phi;
  }
  EXPECT_NEAR(indicatorAutocorrelationTime(ar1(3000, 0.0, 5), 0.0), 1.0, 0.3);
  EXPECT_EQ(indicatorAutocorrelationTime({1.0, 2.0}, 1.5), 1.0);
}

TEST(Autocorrelation, TiesShareTheirRank) {
  EXPECT_EQ(lag1RankAutocorrelation(std::vector<double>(50, 3.0)), 0.0);
  // A coarse timer on independent noise: two values, 20 % / 80 %, in random order.
  std::mt19937_64 rng(8);
  std::bernoulli_distribution tick(0.2);
  std::vector<double> timer(2000);
  for (double& t : timer) t = tick(rng) ? 1.001 : 1.000;
  EXPECT_LT(std::abs(lag1RankAutocorrelation(timer)), 0.06);
}

// The FFT path that long series take gives the direct sums, lag for lag, and the same τ.
TEST(Autocorrelation, FftSumsMatchDirectSums) {
  const auto x = ar1(3000, 0.7, 9);
  const auto sums = autocovarianceSums(x);
  ASSERT_EQ(sums.size(), x.size());
  for (std::size_t k : {0, 1, 2, 17, 500, 2999}) {
    double direct = 0.0;
    for (std::size_t i = 0; i + k < x.size(); ++i) direct += x[i] * x[i + k];
    EXPECT_NEAR(sums[k], direct, 1e-9 * sums[0]) << "lag " << k;
  }
  // τ of a long AR(1) indicator (FFT path) against the short series' direct path.
  const auto longer = ar1(40000, 0.9, 10);
  const std::vector<double> shorter(longer.begin(), longer.begin() + 16000);
  const double tau_long = indicatorAutocorrelationTime(longer, 0.0);
  const double tau_short = indicatorAutocorrelationTime(shorter, 0.0);
  EXPECT_GT(tau_long, 5.0);
  EXPECT_NEAR(tau_long / tau_short, 1.0, 0.35);
}
