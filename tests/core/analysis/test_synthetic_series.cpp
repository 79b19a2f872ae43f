// The synthetic generator: determinism, ground truth, noise level and correlation, true median.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/analysis/summary_stats.h"
#include "core/analysis/synthetic_series.h"

using namespace inferscope::analysis;

TEST(SyntheticSeries, DeterministicFromTheSeed) {
  SyntheticSpec s;
  s.seed = 3;
  EXPECT_EQ(generateSeries(s).latencies_ms, generateSeries(s).latencies_ms);
  SyntheticSpec t = s;
  t.seed = 4;
  EXPECT_NE(generateSeries(s).latencies_ms, generateSeries(t).latencies_ms);
}

TEST(SyntheticSeries, GroundTruthOfEachShape) {
  SyntheticSpec s;
  s.n = 1000;
  s.shape = SeriesShape::Step;
  s.step_at = 50;
  EXPECT_EQ(generateSeries(s).true_steady_start, 50u);
  EXPECT_EQ(generateSeries(s).true_class, SeriesClass::Warmup);
  s.shape = SeriesShape::Decay;
  s.tau = 20;
  s.step_size = 2.0;  // excess 1 → 1 % after 20·ln(100) = 92.1 iterations
  EXPECT_EQ(generateSeries(s).true_steady_start, 93u);
  s.shape = SeriesShape::StepUp;
  s.step_up_fraction = 0.8;
  EXPECT_EQ(generateSeries(s).true_class, SeriesClass::NoSteadyState);
  s.step_up_fraction = 0.5;
  EXPECT_EQ(generateSeries(s).true_class, SeriesClass::Slowdown);
  s.shape = SeriesShape::LinearDrift;
  EXPECT_EQ(generateSeries(s).true_class, SeriesClass::Drift);
  s.shape = SeriesShape::SpikeThenStep;
  s.step_at = 1;
  const auto spike = generateSeries(s);
  EXPECT_EQ(spike.true_steady_start, 1u);
  EXPECT_GT(spike.latencies_ms[0], 500.0);
  s.shape = SeriesShape::Flat;
  s.n = 20;  // shorter than n_min
  EXPECT_EQ(generateSeries(s).true_class, SeriesClass::NoSteadyState);
}

TEST(SyntheticSeries, NoiseHasTheRequestedLevelAndCorrelation) {
  SyntheticSpec s;
  s.n = 20000;
  s.sigma = 0.03;
  s.phi = 0.5;
  s.outlier_rate = 0.0;
  const auto x = generateSeries(s).latencies_ms;
  std::vector<double> y;
  for (double v : x) y.push_back(std::log(v / s.base_ms));
  const auto st = summarize(y);
  EXPECT_NEAR(st.stdev, 0.03, 0.002);
  double num = 0, den = 0;
  for (std::size_t i = 0; i + 1 < y.size(); ++i) num += (y[i] - st.mean) * (y[i + 1] - st.mean);
  for (double v : y) den += (v - st.mean) * (v - st.mean);
  EXPECT_NEAR(num / den, 0.5, 0.03);
}

TEST(SyntheticSeries, TrueMedianMatchesALongSample) {
  for (SeriesShape shape : {SeriesShape::Flat, SeriesShape::Bimodal}) {
    SyntheticSpec s;
    s.shape = shape;
    s.n = 200000;
    s.sigma = 0.08;
    const auto series = generateSeries(s);
    auto sorted = series.latencies_ms;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_NEAR(quantileSorted(sorted, 0.5) / series.true_steady_median_ms, 1.0, 0.002)
        << toString(shape);
  }
}

TEST(SyntheticSeries, OutliersAreRareAndSlow) {
  SyntheticSpec s;
  s.n = 50000;
  s.sigma = 0.001;
  const auto x = generateSeries(s).latencies_ms;
  const auto slow =
      std::count_if(x.begin(), x.end(), [&](double v) { return v > 1.15 * s.base_ms; });
  EXPECT_NEAR(slow / 50000.0, 0.01, 0.002);
  EXPECT_LE(*std::max_element(x.begin(), x.end()), 2.01 * s.base_ms);
}

TEST(SyntheticSeries, SteadyOnlyCounterfactual) {
  SyntheticSpec s;
  s.shape = SeriesShape::Step;
  s.step_at = 10;
  s.step_size = 3.0;
  const auto series = generateSeries(s);
  ASSERT_EQ(series.steady_only_ms.size(), series.latencies_ms.size());
  EXPECT_NEAR(series.latencies_ms[5] / series.steady_only_ms[5], 3.0, 1e-12);
  EXPECT_EQ(series.latencies_ms[500], series.steady_only_ms[500]);
}
