#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/common/error.h"
#include "core/engine/plan.h"
#include "core/engine/session_ranking.h"

using namespace inferscope;

namespace {

PlanContext hopper(ModelFamily family = ModelFamily::Cnn) {
  PlanContext c;
  c.caps.kind = DeviceKind::Cuda;
  c.caps.cc_major = 9;
  c.caps.has_cudnn = true;
  c.family = family;
  c.aot_inductor_available = true;
  return c;
}

bool contains(const std::vector<OptimizationConfig>& plan, const std::string& key) {
  return std::find(plan.begin(), plan.end(), OptimizationConfig::parse(key)) != plan.end();
}

ConfigResult okResult(int index, const std::string& key, double median, double ci_half,
                      double err) {
  ConfigResult r;
  r.index = index;
  r.config = OptimizationConfig::parse(key);
  r.stats.median_ms = median;
  r.steady.analysed = true;
  r.steady.median_ci_low_ms = median - ci_half;
  r.steady.median_ci_high_ms = median + ci_half;
  r.accuracy.measured = true;
  r.accuracy.rel_l2_error = err;
  return r;
}

}  // namespace

TEST(Plan, GuidePlanCoversTheFiveTechniquesOnHopper) {
  const auto plan = guidePlan(hopper());
  for (const char* key :
       {"fp32", "nograd+fp32", "autograd+fp32", "tf32", "bf16", "fp16", "amp-bf16", "bf16+bench",
        "bf16+cl+bench", "fp32+det", "bf16+graph", "bf16+cl+graph+bench", "bf16+aoti"}) {
    EXPECT_TRUE(contains(plan, key)) << key;
  }
  EXPECT_FALSE(contains(plan, "fp32+ts"));  // zoo models are not TorchScript
}

TEST(Plan, PythonBuiltModelsCompileWithTorchCompileInsteadOfTheEnginesGraphs) {
  auto ctx = hopper();
  ctx.python_model = true;
  const auto plan = guidePlan(ctx);
  EXPECT_TRUE(contains(plan, "bf16+tc"));
  EXPECT_TRUE(contains(plan, "bf16+tc-ro"));
  EXPECT_TRUE(contains(plan, "bf16+aoti"));  // the engine runs its packages
  for (const auto& c : plan) EXPECT_NE(c.compile, CompileMode::CudaGraph) << c.key();
  EXPECT_FALSE(contains(guidePlan(hopper()), "bf16+tc"));  // a zoo model has no Python to compile
}

TEST(Plan, TuringUsesFp16AndTransformersSkipCnnKnobs) {
  auto turing = hopper(ModelFamily::Transformer);
  turing.caps.cc_major = 7;
  turing.caps.cc_minor = 5;
  const auto plan = guidePlan(turing);
  EXPECT_TRUE(contains(plan, "fp16+graph"));
  EXPECT_FALSE(contains(plan, "bf16+graph"));
  EXPECT_FALSE(contains(plan, "fp16+cl+bench"));
  EXPECT_TRUE(contains(plan, "bf16"));  // kept, so the user sees why it is unsupported
}

TEST(Plan, CpuPlanHasOnlyCpuSettings) {
  PlanContext cpu;
  cpu.is_torchscript_file = true;
  const auto plan = guidePlan(cpu);
  EXPECT_TRUE(contains(plan, "fp32+ts"));
  EXPECT_TRUE(contains(plan, "amp-bf16"));
  for (const auto& c : plan)
    EXPECT_FALSE(unsupportedReason(c, cpu.caps, false).has_value()) << c.key();
}

TEST(Plan, GridIsTheFullProduct) {
  GridKnobs k;
  k.precisions = {Precision::Fp32, Precision::Bf16Cast};
  k.compile_modes = {CompileMode::None, CompileMode::CudaGraph};
  EXPECT_EQ(gridPlan(k).size(), 2u * 2u * 2u * 2u);
  const auto parsed =
      parsePlan("grid:precision=fp32,bf16;cl=off;compile=none,graph;bench=off,on", hopper());
  EXPECT_EQ(parsed.size(), 8u);
  EXPECT_TRUE(contains(parsed, "bf16+graph+bench"));
}

TEST(Plan, ExplicitKeysKeepRepeatsAndBadInputIsNamed) {
  EXPECT_EQ(parsePlan("fp32,fp32,bf16", hopper()).size(), 3u);
  EXPECT_THROW(parsePlan("grid:turbo=on", hopper()), Error);
  EXPECT_THROW(parsePlan("grid:cl=maybe", hopper()), Error);
  EXPECT_THROW(parsePlan(",", hopper()), Error);
}

TEST(Ranking, FastestFirstWithSpeedupsAndParetoFront) {
  SessionResult s;
  s.configs = {okResult(0, "fp32", 10.0, 0.05, 0.0), okResult(1, "tf32", 5.0, 0.05, 6e-4),
               okResult(2, "bf16", 4.0, 0.05, 5e-3), okResult(3, "amp-bf16", 4.5, 0.05, 6e-3),
               okResult(4, "fp16", 3.0, 0.05, 0.5)};
  ConfigResult failed;
  failed.index = 5;
  failed.config = OptimizationConfig::parse("bf16+aoti");
  failed.status = ConfigStatus::Unsupported;
  s.configs.push_back(failed);
  const auto r = rankSession(s);
  ASSERT_TRUE(r.baseline_index.has_value());
  EXPECT_EQ(*r.baseline_index, 0);
  ASSERT_EQ(r.configs.size(), 6u);
  EXPECT_EQ(r.configs[0].index, 4);                  // fp16 is fastest …
  EXPECT_FALSE(r.configs[0].unsafe_reason.empty());  // … but over the tolerance
  EXPECT_FALSE(r.configs[0].on_pareto_front);
  EXPECT_EQ(r.configs[1].index, 2);
  EXPECT_NEAR(r.configs[1].speedup, 2.5, 1e-12);
  EXPECT_TRUE(r.configs[1].real_difference);
  EXPECT_LT(r.configs[1].speedup_low, 2.5);
  EXPECT_GT(r.configs[1].speedup_high, 2.5);
  EXPECT_TRUE(r.configs[1].on_pareto_front);   // bf16: fastest safe
  EXPECT_FALSE(r.configs[2].on_pareto_front);  // amp-bf16: slower and less accurate than bf16
  const auto tf32 = std::find_if(r.configs.begin(), r.configs.end(),
                                 [](const RankedConfig& c) { return c.index == 1; });
  EXPECT_TRUE(tf32->on_pareto_front);
  EXPECT_EQ(r.configs.back().rank, 0);  // the unsupported config comes last, unranked
}

// A config whose accuracy was not measured (a TorchScript row, --no-accuracy) keeps its rank by
// speed but is neither unsafe nor on the Pareto front, even as the fastest with "no" error; with a
// reference that cannot judge, no config is on the front.
TEST(Ranking, UnmeasuredOrUnjudgeableAccuracyIsItsOwnStateAndNeverOnTheFront) {
  SessionResult s;
  s.configs = {okResult(0, "fp32", 10.0, 0.05, 0.0), okResult(1, "bf16", 4.0, 0.05, 5e-3),
               okResult(2, "bf16+ts", 3.0, 0.05, 0.0)};
  s.configs[2].accuracy = AccuracyStats{};  // not measured
  auto r = rankSession(s);
  ASSERT_EQ(r.configs.size(), 3u);
  EXPECT_EQ(r.configs[0].index, 2);
  EXPECT_EQ(r.configs[0].rank, 1);
  EXPECT_EQ(r.configs[0].accuracy_state, AccuracyState::NotMeasured);
  EXPECT_TRUE(r.configs[0].unsafe_reason.empty());
  EXPECT_FALSE(r.configs[0].on_pareto_front);
  EXPECT_NE(r.configs[0].accuracy_note.find("not measured"), std::string::npos);
  EXPECT_TRUE(r.configs[1].on_pareto_front);  // bf16: the fastest config judged safe
  EXPECT_EQ(r.configs[1].accuracy_state, AccuracyState::Safe);
  for (auto& c : s.configs) c.accuracy.unjudgeable = "the FP32 reference output is all zeros";
  r = rankSession(s);
  for (const auto& c : r.configs) {
    if (s.configs[static_cast<std::size_t>(c.index)].accuracy.measured) {
      EXPECT_EQ(c.accuracy_state, AccuracyState::Unjudgeable) << c.index;
      EXPECT_NE(c.accuracy_note.find("use real weights or another output"), std::string::npos);
    }
    EXPECT_FALSE(c.on_pareto_front) << c.index;
  }
}

TEST(Ranking, OverlappingNoiseIsNoRealDifference) {
  SessionResult s;
  s.configs = {okResult(0, "fp32", 10.0, 0.5, 0.0), okResult(1, "nograd+fp32", 9.9, 0.5, 0.0)};
  const auto r = rankSession(s);
  EXPECT_FALSE(r.configs[0].real_difference);
  EXPECT_FALSE(r.configs[1].real_difference);
}

TEST(Ranking, NanOutputsAreUnsafe) {
  SessionResult s;
  s.configs = {okResult(0, "fp32", 10.0, 0.1, 0.0), okResult(1, "fp16", 3.0, 0.1, 0.0)};
  s.configs[1].accuracy.nan_count = 4;
  const auto r = rankSession(s);
  EXPECT_NE(r.configs[0].unsafe_reason.find("NaN"), std::string::npos);
}

// Plan indices need not be positions (a run in progress, a hand-made session): ranking uses
// positions.
TEST(Ranking, UsesPositionsNotPlanIndices) {
  SessionResult s;
  s.configs = {okResult(7, "bf16", 4.0, 0.05, 5e-3), okResult(3, "fp32", 10.0, 0.05, 0.0)};
  const auto r = rankSession(s);
  ASSERT_TRUE(r.baseline_index.has_value());
  EXPECT_EQ(*r.baseline_index, 1);
  EXPECT_EQ(r.configs[0].index, 0);  // bf16, fastest
  EXPECT_NEAR(r.configs[0].speedup, 2.5, 1e-12);
}

// fp32 at 10 ms against tf32 at 8 ms, both analysed: `series(level)` gives each one's samples,
// `mark(result)` what its steady-state analysis says. Returns the width of tf32's speed-up CI.
namespace {
template <typename Series, typename Mark>
double speedupIntervalWidth(Series series, Mark mark) {
  SessionResult s;
  auto base = series(10.0), cand = series(8.0);
  base.index = 0, cand.index = 1;
  base.config = OptimizationConfig::parse("fp32");
  cand.config = OptimizationConfig::parse("tf32");
  for (auto* r : {&base, &cand}) {
    r->status = ConfigStatus::Ok;
    r->stats.median_ms = r == &base ? 10.0 : 8.0;
    r->steady.analysed = true;
    mark(*r);
  }
  s.configs = {base, cand};
  const auto ranked = rankSession(s);
  const auto it = std::find_if(ranked.configs.begin(), ranked.configs.end(),
                               [](const RankedConfig& c) { return c.index == 1; });
  return it->speedup_high - it->speedup_low;
}
}  // namespace

// The ranking takes τ's persistence floor from each config's steady-state analysis instead of
// fitting the switching models again: the same samples marked "switching" with a long level
// autocorrelation time get a wider speed-up interval than when marked "flat" (floor 1).
TEST(Ranking, ThePersistenceFloorComesFromTheSteadyStateAnalysis) {
  const auto series = [](double level) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(level));
    std::normal_distribution<double> noise(0.0, 0.05);
    ConfigResult r;
    for (int i = 0; i < 400; ++i) r.latency_ms.push_back(level * std::exp(noise(rng)));
    return r;
  };
  const auto marked = [&](const char* series_class, double level_tau) {
    return speedupIntervalWidth(series, [&](ConfigResult& r) {
      r.steady.series_class = series_class;
      r.steady.level_tau = level_tau;
    });
  };
  EXPECT_GT(marked("switching", 40.0), 2.0 * marked("flat", 0.0));
}

// For dependent samples the speed-up interval combines the two medians' intervals; the ranking
// takes them from each config's steady-state analysis (order-statistic, as it would compute)
// instead of computing them again: a stored interval of ±20 % widens the speed-up's interval.
TEST(Ranking, DependentSeriesUseTheAnalysisMedianInterval) {
  const auto series = [](double level) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(level) + 100);
    std::normal_distribution<double> noise(0.0, 0.01);
    ConfigResult r;
    double e = 0;
    for (int i = 0; i < 600; ++i) {
      e = 0.9 * e + noise(rng);  // AR(1): not independent, so not the plain bootstrap
      r.latency_ms.push_back(level * std::exp(e));
    }
    return r;
  };
  const auto marked = [&](const char* ci_method) {
    return speedupIntervalWidth(series, [&](ConfigResult& r) {
      r.steady.series_class = "flat";
      r.steady.ci_method = ci_method;
      r.steady.median_ci_low_ms = r.stats.median_ms * 0.8;
      r.steady.median_ci_high_ms = r.stats.median_ms * 1.2;
    });
  };
  // "block-bootstrap" (a --bootstrap-ci run): not the interval the comparison uses, recomputed.
  EXPECT_GT(marked("order-statistic"), 3.0 * marked("block-bootstrap"));
}
