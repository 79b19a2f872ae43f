// The two-state Markov-switching AR(1) fit: parameters recovered from a simulated chain, the
// independent-state constraint held, and likelihoods that nest as the models do.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/analysis/markov_switching_ar.h"
#include "core/analysis/switching_detection.h"

using namespace inferscope::analysis;

namespace {

// y_t = μ_{s_t} + e_t, e_t = φ·e_{t−1} + η_t, s_t a chain leaving fast with `leave_fast`.
std::vector<double> simulate(std::size_t m, double gap, double phi, double sd, double leave_fast,
                             double leave_slow, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, sd);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<double> y(m);
  bool slow = false;
  double e = 0;
  for (std::size_t t = 0; t < m; ++t) {
    if (u(rng) < (slow ? leave_slow : leave_fast)) slow = !slow;
    e = phi * e + noise(rng);
    y[t] = 2.3 + (slow ? gap : 0.0) + e;
  }
  return y;
}

MarkovSwitchingAr roughStart(double low, double high) {
  MarkovSwitchingAr start;
  start.mean[0] = low, start.mean[1] = high;
  start.phi = 0.0, start.innovation_var = 1e-3;
  start.leave_fast = start.leave_slow = 0.3;
  return start;
}

}  // namespace

TEST(MarkovSwitchingAr, RecoversLevelsPersistenceAndNoise) {
  // Stays of 3 slow and 7 fast iterations (λ = 1 − 1/7 − 1/3 ≈ 0.52) under AR(0.5) noise.
  const auto y = simulate(3000, 0.1, 0.5, 0.02, 1.0 / 7.0, 1.0 / 3.0, 11);
  const auto fit = fitMarkovSwitchingAr(y, roughStart(2.28, 2.42), false, 1e-8);
  EXPECT_NEAR(fit.mean[1] - fit.mean[0], 0.1, 0.01);
  EXPECT_NEAR(fit.mean[0], 2.3, 0.01);
  EXPECT_NEAR(fit.phi, 0.5, 0.06);
  EXPECT_NEAR(std::sqrt(fit.innovation_var), 0.02, 0.002);
  EXPECT_NEAR(fit.persistence(), 1.0 - 1.0 / 7.0 - 1.0 / 3.0, 0.08);
  ASSERT_EQ(fit.slow_probability.size(), y.size());
}

TEST(MarkovSwitchingAr, IndependentStatesStayIndependentAndNeverFitBetter) {
  const auto y = simulate(1000, 0.1, 0.0, 0.01, 0.2, 0.3, 12);
  const auto persistent = fitMarkovSwitchingAr(y, roughStart(2.29, 2.41), false, 1e-8);
  const auto independent = fitMarkovSwitchingAr(y, roughStart(2.29, 2.41), true, 1e-8);
  EXPECT_NEAR(independent.persistence(), 0.0, 1e-9);
  EXPECT_GE(persistent.log_likelihood, independent.log_likelihood - 1e-6);
  // The chain persists (λ = 0.5): the constraint costs tens of nats on 1000 points.
  EXPECT_GT(persistent.log_likelihood - independent.log_likelihood, 20.0);
  // One AR(1) level is the special case μ_0 = μ_1.
  EXPECT_GT(persistent.log_likelihood, ar1LogLikelihood(y));
}

TEST(MarkovSwitchingAr, IndependentModesGainLittleFromPersistence) {
  // The same levels drawn independently (30 % slow): λ = 0 is the truth, so freeing it is worth
  // about ½·χ²₁ nats, not tens.
  const auto y = simulate(1000, 0.1, 0.0, 0.01, 0.3, 0.7, 13);
  const auto persistent = fitMarkovSwitchingAr(y, roughStart(2.29, 2.41), false, 1e-8);
  const auto independent = fitMarkovSwitchingAr(y, roughStart(2.29, 2.41), true, 1e-8);
  EXPECT_LT(persistent.log_likelihood - independent.log_likelihood, 5.0);
  EXPECT_NEAR(persistent.persistence(), 0.0, 0.1);
}

// detectSwitching on long regions, where a runs pre-test decides whether the Markov-switching fits
// are worth running: persistent levels still pass it (strong and weak persistence), independent
// modes of the same two levels do not switch.
TEST(DetectSwitching, LongRegionsStillFindPersistentLevels) {
  const double tolerance = std::log1p(0.02);
  const auto strong = simulate(5000, 0.2, 0.0, 0.03, 0.05, 0.2, 11);
  EXPECT_TRUE(detectSwitching(strong, 0, strong.size(), tolerance).has_value());
  // Stays of about 3 iterations at the slow level (λ = 1 − 0.5 − 1/3 ≈ 0.17).
  const auto weak = simulate(5000, 0.2, 0.0, 0.03, 0.5, 1.0 / 3.0, 12);
  EXPECT_TRUE(detectSwitching(weak, 0, weak.size(), tolerance).has_value());
}

TEST(DetectSwitching, LongIndependentModesDoNotSwitch) {
  const double tolerance = std::log1p(0.02);
  // Leaving each state with the other's share: independent draws from the two levels.
  const auto modes = simulate(20000, 0.2, 0.0, 0.03, 0.4, 0.6, 13);
  EXPECT_FALSE(detectSwitching(modes, 0, modes.size(), tolerance).has_value());
}
