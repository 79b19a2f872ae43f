// A race over a shape set (core/tuner/shape_race.h): a race per shape, then every race's winner at
// every shape under one protocol, the routing table and the best single config for a mix from
// those measurements, and what the budget did not reach.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>

#include "core/common/error.h"
#include "core/engine/shape_sweep.h"
#include "core/tuner/race.h"
#include "core/tuner/shape_race.h"
#include "fake_measurer.h"

namespace inferscope::tuner {
namespace {

using testing::encoderSpace;
using testing::FakeMeasurer;
using testing::FakeProfile;

FakeProfile at(double median_ms) {
  FakeProfile p;
  p.median_ms = median_ms;
  p.rel_noise = 0.005;
  return p;
}

ShapeSet batches(std::initializer_list<std::int64_t> sizes) {
  ShapeSet set;
  for (const auto b : sizes) {
    ShapePoint p;
    p.label = "B=" + std::to_string(b);
    p.batch = b;
    p.dims = {{"B", b}};
    set.points.push_back(p);
  }
  return set;
}

// One fake device per shape, each with its own levels; the run's clock is their clocks' sum (one
// is used at a time). The race at a shape is the real Race over that shape's measurer; the
// contenders' run is its fresh processes (3 each, 50 iterations), as `tune` measures them.
struct FakeShapes {
  std::vector<std::unique_ptr<FakeMeasurer>> devices;
  std::vector<std::size_t> raced, measured;
  std::map<std::size_t, double> race_budgets_ms;

  double now() const {
    double t = 0;
    for (const auto& d : devices) t += d->nowMs();
    return t;
  }
  ShapeRaceHooks hooks() {
    ShapeRaceHooks h;
    h.race = [this](std::size_t shape, double budget_ms) {
      raced.push_back(shape);
      race_budgets_ms[shape] = budget_ms;
      RaceOptions o;
      o.budget_ms = budget_ms;
      Race race(*devices[shape], o);
      return race.run(encoderSpace());
    };
    h.measure = [this](std::size_t shape, const std::vector<OptimizationConfig>& configs) {
      measured.push_back(shape);
      SessionResult s;
      s.configs = devices[shape]->measureForks(configs, 5, 50, 3, 0);
      return s;
    };
    h.now_ms = [this] { return now(); };
    return h;
  }
};

// Batch 1 is launch-bound (the CUDA graph wins), batch 32 compute-bound (the package wins; its
// graph is slower there): a router would switch between them.
FakeShapes launchBoundThenComputeBound() {
  FakeShapes f;
  auto small = std::make_unique<FakeMeasurer>();
  small->profiles["bf16+graph"] = at(1.0);
  small->profiles["fp16+aoti"] = at(1.6);
  small->profiles["fp16+aoti"].compile_ms = 5000;
  auto large = std::make_unique<FakeMeasurer>();
  large->fallback_profile = at(40);
  large->profiles["bf16+graph"] = at(12.0);
  large->profiles["fp16+aoti"] = at(8.0);
  large->profiles["fp16+aoti"].compile_ms = 5000;
  f.devices.push_back(std::move(small));
  f.devices.push_back(std::move(large));
  return f;
}

TEST(ShapeRace, RoutesEachShapeToItsWinnerAndPicksOneConfigForTheMix) {
  auto f = launchBoundThenComputeBound();
  ShapeRaceOptions o;
  o.budget_ms = 900000;
  const auto r = raceShapes(batches({1, 32}), o, f.hooks(), CancelToken{});
  ASSERT_EQ(r.races.size(), 2u);
  ASSERT_TRUE(r.races[0] && r.races[0]->winner);
  ASSERT_TRUE(r.races[1] && r.races[1]->winner);
  EXPECT_EQ(r.races[0]->winner->key(), "bf16+graph");
  EXPECT_EQ(r.races[1]->winner->key(), "fp16+aoti");
  // Both winners measured at both shapes, in one session whose results carry their shape.
  ASSERT_EQ(r.contenders.size(), 2u);
  EXPECT_EQ(r.session.configs.size(), 4u);
  EXPECT_EQ(f.measured, (std::vector<std::size_t>{0, 1}));
  ASSERT_TRUE(r.record);
  ASSERT_EQ(r.record->routing.size(), 2u);
  EXPECT_EQ(r.record->routing[0].shape_label, "B=1");
  EXPECT_EQ(r.record->routing[0].config_key, "bf16+graph");
  EXPECT_NEAR(r.record->routing[0].median_ms, 1.0, 0.02);
  EXPECT_EQ(r.record->routing[1].config_key, "fp16+aoti");
  EXPECT_NEAR(r.record->routing[1].median_ms, 8.0, 0.15);
  // Uniform: the package costs (1.6 + 8) / 2 = 4.8 ms against the graph's (1 + 12) / 2 = 6.5 ms;
  // the table's 4.5 ms makes it ×1.067.
  ASSERT_TRUE(r.record->best_single);
  EXPECT_EQ(r.record->best_single->config_key, "fp16+aoti");
  EXPECT_NEAR(r.record->best_single->weighted_median_ms, 4.8, 0.1);
  EXPECT_NEAR(r.record->best_single->ratio_to_oracle, 4.8 / 4.5, 0.02);
  EXPECT_TRUE(r.not_measured.empty()) << r.not_measured.front();
  EXPECT_LE(r.elapsed_ms, o.budget_ms);
}

TEST(ShapeRace, AMixWeightedToSmallBatchesPicksTheGraphAndMeasuresItsShapeFirst) {
  auto f = launchBoundThenComputeBound();
  ShapeRaceOptions o;
  o.budget_ms = 900000;
  o.shape_mix = "B=1:9,B=32:1";
  const auto r = raceShapes(batches({1, 32}), o, f.hooks(), CancelToken{});
  ASSERT_TRUE(r.record && r.record->best_single);
  // 0.9 × 1 + 0.1 × 12 = 2.1 ms against the package's 0.9 × 1.6 + 0.1 × 8 = 2.24 ms.
  EXPECT_EQ(r.record->best_single->config_key, "bf16+graph");
  EXPECT_NEAR(r.record->best_single->weighted_median_ms, 2.1, 0.05);
  EXPECT_EQ(r.record->shape_mix, "B=1:9,B=32:1");
  ASSERT_EQ(r.record->weights.size(), 2u);
  EXPECT_NEAR(r.record->weights[0].weight, 0.9, 1e-9);

  // The heavier shape goes first when the mix says so.
  auto g = launchBoundThenComputeBound();
  o.shape_mix = "B=1:1,B=32:5";
  const auto heavy = raceShapes(batches({1, 32}), o, g.hooks(), CancelToken{});
  EXPECT_EQ(g.measured, (std::vector<std::size_t>{1, 0}));
  EXPECT_EQ(heavy.measured_shapes, (std::vector<std::string>{"B=32", "B=1"}));
  ASSERT_TRUE(heavy.record && heavy.record->best_single);
  EXPECT_EQ(heavy.record->best_single->config_key, "fp16+aoti");
}

TEST(ShapeRace, AMixNamingAShapeOutsideTheSetFailsBeforeAnythingRuns) {
  auto f = launchBoundThenComputeBound();
  ShapeRaceOptions o;
  o.shape_mix = "B=8:1";
  try {
    raceShapes(batches({1, 32}), o, f.hooks(), CancelToken{});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NE(std::string(e.what()).find("no shape 'B=8'"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(f.raced.empty());
  EXPECT_TRUE(f.measured.empty());
}

// Hooks on a clock the test advances: each race costs what it was given, each shape's contenders'
// run a fixed time; races name a winner chosen by the test.
struct ScriptedShapes {
  double clock_ms = 0;
  double measure_cost_ms = 10000;
  std::vector<std::string> winners;  // per shape
  std::vector<double> budgets_ms;
  std::vector<std::size_t> measured;
  std::size_t throw_at = 99;

  ShapeRaceHooks hooks() {
    ShapeRaceHooks h;
    h.race = [this](std::size_t shape, double budget_ms) {
      budgets_ms.push_back(budget_ms);
      clock_ms += budget_ms / 2;  // each race ends halfway through its share
      TuneResult r;
      r.winner = OptimizationConfig::parse(winners[shape]);
      r.verdict_state = VerdictState::Final;
      return r;
    };
    h.measure = [this](std::size_t shape, const std::vector<OptimizationConfig>& configs) {
      measured.push_back(shape);
      clock_ms += measure_cost_ms;
      if (shape == throw_at) throw Error(ErrorKind::OutOfMemory, "CUDA out of memory at B=64");
      SessionResult s;
      for (std::size_t i = 0; i < configs.size(); ++i) {
        ConfigResult c;
        c.config = configs[i];
        c.status = ConfigStatus::Ok;
        c.latency_ms = std::vector<double>(20, 1.0 + static_cast<double>(i));
        c.stats.median_ms = 1.0 + static_cast<double>(i);
        s.configs.push_back(c);
      }
      return s;
    };
    h.now_ms = [this] { return clock_ms; };
    return h;
  }
};

TEST(ShapeRace, WhatARaceLeavesGoesToTheShapesAfterIt) {
  ScriptedShapes s;
  s.winners = {"bf16", "bf16", "fp16"};
  ShapeRaceOptions o;
  o.budget_ms = 100000;
  o.cross_share = 0.4;  // races share 60 s
  const auto r = raceShapes(batches({1, 8, 64}), o, s.hooks(), CancelToken{});
  ASSERT_EQ(s.budgets_ms.size(), 3u);
  EXPECT_DOUBLE_EQ(s.budgets_ms[0], 20000);  // 60 s / 3
  EXPECT_DOUBLE_EQ(s.budgets_ms[1], 25000);  // (60 − 10) / 2
  EXPECT_DOUBLE_EQ(s.budgets_ms[2], 37500);  // 60 − 10 − 12.5
  // Two contenders (repeats once), measured at every shape: 3 shapes × 2 results.
  ASSERT_EQ(r.contenders.size(), 2u);
  EXPECT_EQ(r.contenders[0].key(), "bf16");
  EXPECT_EQ(r.contenders[1].key(), "fp16");
  EXPECT_EQ(r.session.configs.size(), 6u);
  EXPECT_EQ(r.session.request.plan.size(), 2u);
}

TEST(ShapeRace, SaysWhichShapesTheBudgetDidNotReach) {
  ScriptedShapes s;
  s.winners = {"bf16", "fp16", "fp16"};
  s.measure_cost_ms = 30000;  // the contenders' run at one shape takes 30 s
  ShapeRaceOptions o;
  o.budget_ms = 100000;
  o.cross_share = 0.3;
  o.min_race_ms = 15000;  // with 70 s for the races: 23.3 s, then 29.2 s, then 43.8 s: all run
  const auto r = raceShapes(batches({1, 8, 64}), o, s.hooks(), CancelToken{});
  // Races end at 11.7 + 14.6 + 21.9 ≈ 48.1 s; the first shape's contenders end near 78 s; a second
  // would end near 108 s, past the budget: only one shape measured, the others named.
  ASSERT_EQ(s.measured.size(), 1u);
  EXPECT_EQ(r.measured_shapes, (std::vector<std::string>{"B=1"}));
  const auto said = [&](const std::string& text) {
    return std::any_of(r.not_measured.begin(), r.not_measured.end(),
                       [&](const std::string& l) { return l.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(said("B=8: the contenders were not measured here — the budget ended"));
  EXPECT_TRUE(said("B=64: the contenders were not measured here"));
  EXPECT_TRUE(said("one config for the mix: not answered"));
  EXPECT_FALSE(r.record);  // one shape measured: a one-shape session has no record

  // A budget too small for every race at its least: the shapes that come first (the mix's
  // heaviest) get 40 s each, the last is not raced, and said so.
  ScriptedShapes t;
  t.winners = {"bf16", "fp16", "fp16"};
  o.min_race_ms = 40000;
  const auto few = raceShapes(batches({1, 8, 64}), o, t.hooks(), CancelToken{});
  EXPECT_EQ(t.budgets_ms, (std::vector<double>{40000, 40000}));  // 70 s: 40, then 50 left → 40
  EXPECT_FALSE(few.races[2]);
  EXPECT_TRUE(std::any_of(few.not_measured.begin(), few.not_measured.end(),
                          [](const std::string& l) { return l.find("B=64: not raced") == 0; }));
}

TEST(ShapeRace, AShapeWhoseRunFailsRecordsEveryContenderFailedThereAndGoesOn) {
  ScriptedShapes s;
  s.winners = {"bf16", "fp16", "fp16"};
  s.throw_at = 2;
  ShapeRaceOptions o;
  o.budget_ms = 1e7;
  const auto r = raceShapes(batches({1, 8, 64}), o, s.hooks(), CancelToken{});
  ASSERT_EQ(r.session.configs.size(), 6u);
  const auto at64 = sessionAtShape(r.session, "B=64");
  ASSERT_EQ(at64.configs.size(), 2u);
  EXPECT_EQ(at64.configs[0].status, ConfigStatus::OutOfMemory);
  EXPECT_NE(at64.configs[0].message.find("CUDA out of memory at B=64"), std::string::npos);
  ASSERT_TRUE(r.record);
  ASSERT_EQ(r.record->routing.size(), 3u);
  EXPECT_EQ(r.record->routing[2].config_key, "");  // nothing served B=64
  EXPECT_FALSE(r.record->best_single);             // no config served every shape of the mix

  // At the first shape measured, a failure is the model's: it ends the run.
  ScriptedShapes first;
  first.winners = {"bf16", "fp16", "fp16"};
  first.throw_at = 0;
  EXPECT_THROW(raceShapes(batches({1, 8, 64}), o, first.hooks(), CancelToken{}), Error);
}

}  // namespace
}  // namespace inferscope::tuner
