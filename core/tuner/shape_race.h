// A tuning run over a shape set (`tune --batch 1,8,32`, `--dims S=…`): the two answers a server
// over many shapes needs, each from measurements taken under one protocol.
//
//  1. The race at each shape, one after the other (the heaviest shapes of the mix first), sharing
//     the races' part of the budget (what a race leaves goes to the shapes after it): each answers
//     its shape's fastest safe config, decided in fresh processes as a one-shape `tune` does.
//  2. The contenders — every race's winner and the configs tied with it — measured at every
//     shape under the same protocol (one run per shape with its own FP32 reference, the same
//     iterations and fresh processes for every config), heaviest shapes of the mix first. From that
//     one joined session: the routing table (per shape bucket, the fastest safe contender: what a
//     router would pick) and the best single config for the mix, with its ratio to the table's
//     weighted latency (core/engine/shape_answers.h).
//
// Both answers rest on step 2's measurements, never on the races' in-process levels, which come
// from different processes, iteration counts and budgets per shape. A shape set multiplies the
// work: what the budget did not reach (a shape not raced, a race that ended provisional, a shape
// where the contenders were not measured) is listed, never hidden. Pure logic over two hooks, so
// the tests drive it with fake measurers (tests/core/tuner/test_shape_race.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"
#include "core/model/shape_set.h"
#include "core/tuner/tune_result.h"

namespace inferscope::tuner {

struct ShapeRaceOptions {
  double budget_ms = 60000;  // the whole run: every race and the contenders' runs
  // Of the budget, what the contenders' runs at every shape keep; the races share the rest.
  double cross_share = 0.3;
  // The least a race is given: a share below it is raised to it while the races' budget holds it;
  // once less than this is left, the remaining shapes are listed as not raced.
  double min_race_ms = 2000;
  std::string shape_mix;   // parseShapeMix text ("B=1:3,B=8:1"); "" uniform over the shapes
  RankingOptions ranking;  // the accuracy rule that judges the contenders' runs
};

struct ShapeRaceHooks {
  // The race at `set.points[shape]` within `budget_ms`: a whole one-shape tune.
  std::function<TuneResult(std::size_t shape, double budget_ms)> race;
  // `configs` at `set.points[shape]`, all under the same protocol; the run's session (a result per
  // config, in order). Throws Error for a run that fails as a whole.
  std::function<SessionResult(std::size_t shape, const std::vector<OptimizationConfig>& configs)>
      measure;
  std::function<double()> now_ms;  // the clock the budget is counted on
};

struct ShapeRaceResult {
  std::vector<ShapePoint> shapes;
  std::vector<std::optional<TuneResult>> races;  // per shape; unset: not raced
  // Every race's winner and ties, first seen first: what step 2 measured at every shape.
  std::vector<OptimizationConfig> contenders;
  // Step 2's results at every shape it reached, each tagged with its shape, and the answers
  // derived from them (routing table, best single config for the mix, the throughput curves).
  SessionResult session;
  std::optional<ShapeRecord> record;
  std::vector<std::string> measured_shapes;  // labels step 2 reached, in the order it ran them
  std::vector<std::string> not_measured;     // one line per thing the budget did not reach
  double elapsed_ms = 0;
  double budget_ms = 0;
  bool cancelled = false;
};

// Runs both steps. The mix is checked against the set's labels before anything runs (throws
// Error(InvalidInput) naming the entry). A contenders' run that fails as a whole at a shape is
// recorded as every contender failing there, with the reason (as runShapeSweep does), unless it is
// the first: then the error is rethrown.
ShapeRaceResult raceShapes(const ShapeSet& set, const ShapeRaceOptions& options,
                           const ShapeRaceHooks& hooks, const CancelToken& cancel);

}  // namespace inferscope::tuner
