// Online analyser: checkpoints, provisional start, convergence and budget stops.
#include <gtest/gtest.h>

#include "core/analysis/online_analyser.h"
#include "core/analysis/synthetic_series.h"

using namespace inferscope::analysis;

namespace {
std::vector<double> series(SeriesShape shape, std::size_t n, double sigma, std::uint64_t seed) {
  SyntheticSpec s;
  s.shape = shape;
  s.n = n;
  s.sigma = sigma;
  s.step_at = 30;
  s.step_size = 2.0;
  s.seed = seed;
  return generateSeries(s).latencies_ms;
}
}  // namespace

TEST(OnlineAnalyser, StopReasonNames) {
  EXPECT_STREQ(toString(StopReason::None), "running");
  EXPECT_STREQ(toString(StopReason::Converged), "converged");
  EXPECT_STREQ(toString(StopReason::IterationBudget), "iteration-budget");
  EXPECT_STREQ(toString(StopReason::TimeBudget), "time-budget");
}

TEST(OnlineAnalyser, StopsOnAFlatSeries) {
  OnlineAnalyser online;
  const auto x = series(SeriesShape::Flat, 10000, 0.02, 1);
  std::size_t used = 0;
  for (double v : x) {
    online.add(v);
    ++used;
    if (online.shouldStop()) break;
  }
  EXPECT_EQ(online.stopReason(), StopReason::Converged);
  EXPECT_GE(used, 100u);   // min_iterations
  EXPECT_LT(used, 2000u);  // a 1 % half-width at CV 2 % needs a few hundred samples
  ASSERT_TRUE(online.provisionalSteadyStart().has_value());
  EXPECT_EQ(*online.provisionalSteadyStart(), 0u);
  const auto& last = online.lastCheckpoint();
  ASSERT_TRUE(last.has_value());
  EXPECT_LE(last->steady.median_ci.relativeHalfWidth(last->steady.summary.median), 0.01);
  EXPECT_DOUBLE_EQ(last->steady.median_ci.level, 0.99);  // interim looks at 99 %
}

TEST(OnlineAnalyser, CheckpointsAreGeometric) {
  OnlineAnalyser online;
  const auto x = series(SeriesShape::Flat, 100, 0.02, 2);
  for (std::size_t i = 0; i < 49; ++i) online.add(x[i]);
  EXPECT_FALSE(online.lastCheckpoint().has_value());  // nothing before n = 50
  online.add(x[49]);
  ASSERT_TRUE(online.lastCheckpoint().has_value());
  EXPECT_EQ(online.lastCheckpoint()->steady.summary.count, 50u);
  for (std::size_t i = 50; i < 61; ++i) online.add(x[i]);
  EXPECT_EQ(online.lastCheckpoint()->steady.summary.count, 50u);
  online.add(x[61]);  // n = 62
  EXPECT_EQ(online.lastCheckpoint()->steady.summary.count, 62u);
}

TEST(OnlineAnalyser, ProvisionalStartAfterAWarmup) {
  OnlineAnalyser online;
  const auto x = series(SeriesShape::Step, 400, 0.02, 3);
  for (double v : x) online.add(v);
  ASSERT_TRUE(online.provisionalSteadyStart().has_value());
  EXPECT_NEAR(static_cast<double>(*online.provisionalSteadyStart()), 30.0, 2.0);
}

TEST(OnlineAnalyser, IterationBudget) {
  StopRule rule;
  rule.max_iterations = 300;
  rule.target_rel_half_width = 1e-6;  // unreachable
  OnlineAnalyser online(rule);
  const auto x = series(SeriesShape::Flat, 1000, 0.05, 4);
  std::size_t used = 0;
  for (double v : x) {
    online.add(v);
    ++used;
    if (online.shouldStop()) break;
  }
  EXPECT_EQ(online.stopReason(), StopReason::IterationBudget);
  EXPECT_EQ(used, 300u);
  EXPECT_EQ(online.count(), 300u);
}

TEST(OnlineAnalyser, TimeBudget) {
  StopRule rule;
  rule.time_budget_ms = 1000.0;  // about 100 iterations of 10 ms
  rule.target_rel_half_width = 1e-6;
  OnlineAnalyser online(rule);
  const auto x = series(SeriesShape::Flat, 1000, 0.05, 5);
  for (double v : x) {
    online.add(v);
    if (online.shouldStop()) break;
  }
  EXPECT_EQ(online.stopReason(), StopReason::TimeBudget);
  EXPECT_GE(online.elapsedMs(), 1000.0);
  EXPECT_LT(online.elapsedMs(), 1000.0 + 30.0);
}

TEST(OnlineAnalyser, ASeriesThatKeepsDriftingNeverConverges) {
  StopRule rule;
  rule.max_iterations = 3000;
  OnlineAnalyser online(rule);
  SyntheticSpec s;
  s.shape = SeriesShape::LinearDrift;
  s.n = 3000;
  s.sigma = 0.01;
  s.drift_total = 2.0;  // visibly moving at every checkpoint (a slow drift looks flat early on)
  s.seed = 6;
  for (double v : generateSeries(s).latencies_ms) {
    online.add(v);
    if (online.shouldStop()) break;
  }
  EXPECT_EQ(online.stopReason(), StopReason::IterationBudget);
}

TEST(OnlineAnalyser, P99RequirementNeedsAThousandSteadySamples) {
  StopRule rule;
  rule.need_p99 = true;
  OnlineAnalyser online(rule);
  std::size_t used = 0;
  SyntheticSpec s;  // no outliers: with 1 % of them p99 sits among the outliers and is wide
  s.n = 10000;
  s.sigma = 0.02;
  s.outlier_rate = 0.0;
  s.seed = 7;
  for (double v : generateSeries(s).latencies_ms) {
    online.add(v);
    ++used;
    if (online.shouldStop()) break;
  }
  EXPECT_EQ(online.stopReason(), StopReason::Converged);
  EXPECT_GE(used, 1000u);
}
