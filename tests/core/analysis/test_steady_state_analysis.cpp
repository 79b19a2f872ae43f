// analyse() on clear synthetic cases: each class, warm-up end and cost, tiny and bad inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "core/analysis/steady_state_analysis.h"
#include "core/analysis/synthetic_series.h"

using namespace inferscope::analysis;

namespace {

SyntheticSpec spec(SeriesShape shape, std::size_t n = 1000, double sigma = 0.02, double phi = 0.0) {
  SyntheticSpec s;
  s.shape = shape;
  s.n = n;
  s.sigma = sigma;
  s.phi = phi;
  return s;
}

// Share of seeds (of `reps`) whose class matches the truth.
double classAccuracy(SyntheticSpec s, int reps) {
  int correct = 0;
  for (int r = 0; r < reps; ++r) {
    s.seed = 500 + r;
    const auto series = generateSeries(s);
    correct += analyse(series.latencies_ms).series_class == series.true_class;
  }
  return correct / double(reps);
}

}  // namespace

TEST(SteadyStateAnalysis, FlatSeries) {
  auto s = spec(SeriesShape::Flat);
  s.seed = 11;
  const auto a = analyse(generateSeries(s).latencies_ms);
  EXPECT_EQ(a.series_class, SeriesClass::Flat);
  EXPECT_EQ(a.steady_start, 0u);
  EXPECT_EQ(a.leading_outliers, 0u);
  EXPECT_DOUBLE_EQ(a.warmup_cost_ms, 0.0);
  EXPECT_EQ(a.steady.summary.count, 1000u);
  EXPECT_NEAR(a.steady.summary.median, 10.0, 0.05);
}

TEST(SteadyStateAnalysis, WarmupStepEndAndCost) {
  auto s = spec(SeriesShape::Step);
  s.step_at = 50;
  s.step_size = 1.5;
  s.seed = 12;
  const auto series = generateSeries(s);
  const auto a = analyse(series.latencies_ms);
  EXPECT_EQ(a.series_class, SeriesClass::Warmup);
  EXPECT_NEAR(static_cast<double>(a.steady_start), 50.0, 1.0);
  EXPECT_EQ(a.cold_start_ms, series.latencies_ms[0]);
  // 50 iterations at 1.5× of 10 ms cost about 250 ms more than 50 steady ones.
  EXPECT_NEAR(a.warmup_cost_ms, 250.0, 25.0);
  EXPECT_FALSE(a.low_confidence);
}

TEST(SteadyStateAnalysis, ColdStartSpikeIsALeadingOutlier) {
  auto s = spec(SeriesShape::SpikeThenStep);
  s.step_at = 1;  // only iteration 0 is slow (100×)
  s.seed = 13;
  const auto series = generateSeries(s);
  const auto a = analyse(series.latencies_ms);
  EXPECT_EQ(a.series_class, SeriesClass::Warmup);
  EXPECT_EQ(a.leading_outliers, 1u);
  EXPECT_EQ(a.steady_start, 1u);
  EXPECT_NEAR(a.cold_start_ms, 1000.0, 100.0);
}

TEST(SteadyStateAnalysis, EachClassOnClearCases) {
  EXPECT_GE(classAccuracy(spec(SeriesShape::Flat), 20), 0.95);
  EXPECT_GE(classAccuracy(spec(SeriesShape::Bimodal), 20), 0.95);
  auto warm = spec(SeriesShape::Step);
  warm.step_at = 100, warm.step_size = 2.0;
  EXPECT_GE(classAccuracy(warm, 20), 0.95);
  auto decay = spec(SeriesShape::Decay);
  decay.tau = 20, decay.step_size = 2.0;
  EXPECT_GE(classAccuracy(decay, 20), 0.9);
  auto slow = spec(SeriesShape::StepUp);
  slow.step_up_fraction = 0.5, slow.step_size = 1.3;
  EXPECT_GE(classAccuracy(slow, 20), 0.95);
  auto late = spec(SeriesShape::StepUp);  // throttling at 80 %: the last level is too short
  late.step_up_fraction = 0.8, late.step_size = 1.3;
  EXPECT_GE(classAccuracy(late, 20), 0.95);
  auto drift = spec(SeriesShape::LinearDrift, 1000, 0.01);
  drift.drift_total = 0.10;
  EXPECT_GE(classAccuracy(drift, 20), 0.95);
}

TEST(SteadyStateAnalysis, ClassNamesOfTheVerdicts) {
  auto slow = spec(SeriesShape::StepUp);
  slow.step_up_fraction = 0.5, slow.step_size = 1.3, slow.seed = 14;
  EXPECT_EQ(analyse(generateSeries(slow).latencies_ms).series_class, SeriesClass::Slowdown);
  auto late = spec(SeriesShape::StepUp);
  late.step_up_fraction = 0.8, late.step_size = 1.3, late.seed = 15;
  const auto a = analyse(generateSeries(late).latencies_ms);
  EXPECT_EQ(a.series_class, SeriesClass::NoSteadyState);
  EXPECT_NEAR(static_cast<double>(a.steady_start), 800.0, 5.0);  // the last level, reported anyway
}

TEST(SteadyStateAnalysis, WarmupEndAcrossPositions) {
  for (std::size_t k0 : {5u, 20u, 50u, 200u}) {
    int within = 0;
    for (int r = 0; r < 20; ++r) {
      auto s = spec(SeriesShape::Step, 1000, 0.02, 0.5);
      s.step_at = k0, s.step_size = 1.3, s.seed = 900 + r;
      const auto a = analyse(generateSeries(s).latencies_ms);
      within += std::abs(static_cast<double>(a.steady_start) - static_cast<double>(k0)) <= 5.0;
    }
    EXPECT_GE(within, 19) << "k0 = " << k0;
  }
}

TEST(SteadyStateAnalysis, TinyInputs) {
  const auto empty = analyse({});
  EXPECT_EQ(empty.series_class, SeriesClass::NoSteadyState);
  EXPECT_EQ(empty.steady.summary.count, 0u);
  EXPECT_EQ(empty.cold_start_ms, 0.0);
  for (const std::vector<double>& x : {std::vector<double>{5.0}, std::vector<double>{5.0, 4.0},
                                       std::vector<double>{9.0, 5.0, 5.1, 4.9, 5.0}}) {
    const auto a = analyse(x);
    EXPECT_EQ(a.series_class, SeriesClass::NoSteadyState) << x.size();
    EXPECT_LE(a.steady_start, x.size());
    EXPECT_EQ(a.cold_start_ms, x[0]);
    EXPECT_GE(a.warmup_cost_ms, 0.0);
    EXPECT_FALSE(a.steady.median_ci.valid());
  }
}

TEST(SteadyStateAnalysis, ShortButSufficientSeries) {
  std::vector<double> x(40, 2.0);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] += 0.01 * static_cast<double>(i % 3);
  const auto a = analyse(x);
  EXPECT_EQ(a.series_class, SeriesClass::Flat);
  EXPECT_TRUE(a.steady.median_ci.valid());
}

TEST(SteadyStateAnalysis, QuantisedTimerIsFlat) {
  // A coarse clock: 1.000 or 1.001 ms only.
  std::vector<double> x(500);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = (i * 7919) % 5 == 0 ? 1.001 : 1.000;
  const auto a = analyse(x);
  EXPECT_EQ(a.series_class, SeriesClass::Flat);
  EXPECT_TRUE(a.outliers.empty());
}

TEST(SteadyStateAnalysis, RejectsNonFiniteLatencies) {
  std::vector<double> x(100, 1.0);
  x[17] = std::nan("");
  try {
    analyse(x);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("iteration 17"), std::string::npos);
  }
  // A zero or negative time is a broken timer or a corrupt file, not a fast iteration: rejected,
  // naming the iteration and the value.
  for (double bad : {0.0, -1.0, std::numeric_limits<double>::infinity()}) {
    std::vector<double> series(60, 2.0);
    series[42] = bad;
    try {
      analyse(series);
      FAIL() << "expected std::invalid_argument for " << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("iteration 42"), std::string::npos) << e.what();
    }
    EXPECT_EQ(firstInvalidLatency(series), std::optional<std::size_t>(42));
  }
}

TEST(SteadyStateAnalysis, ThreeIterationWarmupInAShortRunIsAWarmup) {
  // The default 10 + 100 iterations: three slow ones first (the rolling windows used to miss them
  // and call the run flat from iteration 0, with the warm-up's value as its p99). 200 runs against
  // the grid's 95 % target: with 40, one run either way moved the rate by 2.5 points.
  int right = 0;
  for (int r = 0; r < 200; ++r) {
    auto s = spec(SeriesShape::Step, 110, 0.02, 0.3);
    s.step_at = 3, s.step_size = 2.0, s.seed = 300 + r;
    const auto a = analyse(generateSeries(s).latencies_ms);
    right += a.series_class == SeriesClass::Warmup && a.steady_start == 3;
  }
  EXPECT_GE(right, 190);
}

TEST(SteadyStateAnalysis, PersistentTwoLevelSeriesIsSwitchingWithBothLevels) {
  // 30 % of the time at 1.5×, in stays of about 15 iterations: one steady behaviour, not a
  // warm-up or a slowdown cut at the last stay.
  auto s = spec(SeriesShape::Switching, 600, 0.01, 0.0);
  s.switch_ratio = 1.5, s.switch_dwell = 15, s.switch_share = 0.3, s.seed = 77;
  const auto series = generateSeries(s);
  ASSERT_EQ(series.true_class, SeriesClass::Switching);
  const auto a = analyse(series.latencies_ms);
  ASSERT_EQ(a.series_class, SeriesClass::Switching);
  ASSERT_TRUE(a.switching.has_value());
  EXPECT_NEAR(std::exp(a.switching->slow_log - a.switching->fast_log), 1.5, 0.05);
  EXPECT_NEAR(a.switching->slow_share, series.realised_slow_share, 0.05);
  EXPECT_GT(a.switching->level_tau, 5.0);
  EXPECT_LT(a.steady_start, 5u);
  // The interval is that of a few dozen stays, not of 600 independent iterations.
  EXPECT_TRUE(a.steady.median_ci.valid());
  EXPECT_LT(a.steady.effective_samples, 600.0 / 5.0);
}

TEST(SteadyStateAnalysis, IndependentBimodalNoiseStaysFlat) {
  auto s = spec(SeriesShape::Bimodal, 600, 0.01, 0.0);
  s.bimodal_ratio = 1.5, s.bimodal_weight = 0.3, s.seed = 78;
  EXPECT_EQ(analyse(generateSeries(s).latencies_ms).series_class, SeriesClass::Flat);
}

TEST(SteadyStateAnalysis, ShortStaysAtASlowLevelAreSwitching) {
  // Stays of about 3 iterations at 1.3×, 30 % of the time, at CV 1 %: the levels are 26 noise
  // widths apart and the level sequence persists (λ ≈ 0.52). A per-switch penalty on the jumps
  // called most such runs flat; the two-level Markov fit pays for the chain, not for each stay.
  int switching = 0, truly = 0;
  for (int r = 0; r < 20; ++r) {
    auto s = spec(SeriesShape::Switching, 300, 0.01, 0.5);
    s.switch_ratio = 1.3, s.switch_dwell = 3, s.switch_share = 0.3, s.seed = 900 + r;
    const auto series = generateSeries(s);
    if (series.true_class != SeriesClass::Switching) continue;
    ++truly;
    const auto a = analyse(series.latencies_ms);
    switching += a.series_class == SeriesClass::Switching;
    if (a.switching) {
      EXPECT_NEAR(std::exp(a.switching->slow_log - a.switching->fast_log), 1.3, 0.03);
      EXPECT_GT(a.switching->level_tau, 1.5);  // the stays' persistence, not 1
    }
  }
  ASSERT_GE(truly, 18);
  EXPECT_GE(switching, truly - 2);
}

TEST(SteadyStateAnalysis, IndependentSpikesStayFlatAtEveryNoise) {
  // Independent 1.3× modes (30 %) under AR(1) noise: the level sequence does not persist, so the
  // two-level fit gains nothing from the chain and the run is flat, however clear the levels.
  for (double sigma : {0.01, 0.03}) {
    for (double phi : {0.0, 0.8}) {
      int switching = 0;
      for (int r = 0; r < 15; ++r) {
        auto s = spec(SeriesShape::Bimodal, 1000, sigma, phi);
        s.seed = 950 + r;
        switching += analyse(generateSeries(s).latencies_ms).series_class == SeriesClass::Switching;
      }
      EXPECT_EQ(switching, 0) << "σ " << sigma << ", φ " << phi;
    }
  }
}

TEST(SteadyStateAnalysis, SlowdownWithOutliersIsNotSwitching) {
  // One change at 50 % plus 3 % slow outliers, clipped onto the slow level: one-iteration "stays"
  // that must not turn a slowdown into alternation.
  int switching = 0;
  for (int r = 0; r < 20; ++r) {
    auto s = spec(SeriesShape::StepUp, 600, 0.01, 0.0);
    s.step_size = 1.3, s.step_up_fraction = 0.5, s.outlier_rate = 0.03, s.seed = 980 + r;
    switching += analyse(generateSeries(s).latencies_ms).series_class == SeriesClass::Switching;
  }
  EXPECT_LE(switching, 1);
}

TEST(SteadyStateAnalysis, FewTimerStepsAreResolutionLimitedNotSegmented) {
  // A 1 µs clock on a 1–3 µs call: no changepoints in the quantisation.
  std::vector<double> x(300);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = 0.001 * static_cast<double>(1 + (i * 7919 + i / 37) % 3);
  const auto a = analyse(x);
  EXPECT_TRUE(a.resolution_limited);
  EXPECT_NEAR(a.timer_quantum_ms, 0.001, 1e-9);
  EXPECT_EQ(a.series_class, SeriesClass::Flat);
  EXPECT_TRUE(a.changepoints.empty());
}

TEST(SteadyStateAnalysis, DeterministicAndP99OnRequest) {
  auto s = spec(SeriesShape::Flat, 2000, 0.03, 0.8);
  s.seed = 16;
  const auto x = generateSeries(s).latencies_ms;
  AnalysisOptions options;
  options.want_p99 = true;
  const auto a = analyse(x, options);
  const auto b = analyse(x, options);
  EXPECT_EQ(a.steady.median_ci.low, b.steady.median_ci.low);
  EXPECT_EQ(a.steady_start, b.steady_start);
  ASSERT_TRUE(a.steady.p99_ci.has_value());
  EXPECT_FALSE(analyse(x).steady.p99_ci.has_value());
}

TEST(SteadyStateAnalysis, ConstantSeries) {
  const auto a = analyse(std::vector<double>(300, 5.0));
  EXPECT_EQ(a.series_class, SeriesClass::Flat);
  EXPECT_EQ(a.steady.lag1_autocorrelation, 0.0);
  ASSERT_TRUE(a.steady.median_ci.valid());
  EXPECT_EQ(a.steady.median_ci.low, 5.0);
  EXPECT_EQ(a.steady.median_ci.high, 5.0);
  EXPECT_EQ(a.steady.cv, 0.0);
}
