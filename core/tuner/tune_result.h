// What a tuning run found, as plain values: every candidate's fate (pruned, failed, unsafe,
// eliminated with the reason, finalist, winner, tied), the winner chosen on the across-process
// interval, and why the model is or is not stable. The CLI prints it, the GUI draws it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/engine/package_compiler.h"
#include "core/engine/tune_record.h"
#include "core/tuner/host_bound.h"
#include "core/tuner/search_space.h"

namespace inferscope::tuner {

// NotMeasured: never ran (the budget ended first, or its package was still compiling).
// AccuracyNotMeasured: ran, but its output was not compared with the FP32 reference (TorchScript
// rows of some models): its speed is shown, it is not unsafe, and it never wins.
enum class CandidateState {
  NotMeasured,
  Failed,
  Unsafe,
  AccuracyNotMeasured,
  Eliminated,
  Finalist,
  Winner,
  Tied
};

const char* toString(CandidateState state);

// A candidate's level from all its rounds in this process: the median of the pooled steady
// samples, with an interval that covers both that median's CI and every round's own median (rounds
// are separate model preparations, whose level can differ).
struct Estimate {
  double median_ms = 0;
  double low_ms = 0, high_ms = 0;
  std::size_t samples = 0;
  int rounds = 0;
  bool contended = false;  // a background compile ran while its latest round was measured
};

struct CandidateOutcome {
  OptimizationConfig config;
  CandidateState state = CandidateState::NotMeasured;
  std::string
      reason;  // why eliminated / failed / unsafe / not measured; the accuracy summary otherwise
  // The same reason as a code with values, which text/ renders in the reader's language; "" code
  // only where a reason came from a race saved before the codes (`reason` is then all there is).
  TuneReason reason_code;
  Estimate estimate;
  std::string accuracy;  // judgeAccuracy's summary
  double setup_ms = 0, compile_ms = 0;
  std::optional<ForkStats> forks;  // finalists
  std::string fallback;  // "bf16 cast failed: …; autocast BF16 (amp-bf16) is measured instead"
};

// Final: every candidate was measured (or pruned, or failed) and the winner was confirmed in
// fresh processes. Provisional: a winner, but the budget ended first (candidates not measured, or
// not confirmed in fresh processes); the reasons say what is missing. NoWinner: nothing ran
// cleanly and safely. Cancelled: the user stopped the run.
enum class VerdictState { Final, Provisional, NoWinner, Cancelled };

const char* toString(VerdictState state);  // "final", "provisional", "no-winner", "cancelled"

// What the budget did not reach: how many candidates, which precision and compile families they
// cover (OptimizationConfig keys of the family alone: "tf32", "amp-fp16"; "graph", "ts", "eager"),
// and a budget that would reach them at the per-candidate cost measured in this run.
struct Unmeasured {
  int count = 0;
  std::vector<std::string> precisions, compiles;
  double budget_to_reach_ms = 0;  // 0 when nothing is missing or nothing was measured to price it
};

struct TuneResult {
  std::vector<CandidateOutcome> candidates;  // in race order
  std::vector<PrunedConfig> pruned;
  std::optional<OptimizationConfig> winner;
  std::vector<OptimizationConfig> tied_with;  // finalists the winner cannot be told apart from
  VerdictState verdict_state = VerdictState::NoWinner;
  Unmeasured unmeasured;
  // Set when the FP32 reference cannot judge accuracy (constant, all zeros, one top-1 class):
  // judgeAccuracy's note (an "accuracy-unjudgeable" reason says so too).
  std::string accuracy_note;
  std::string rule;  // the accuracy rule, described (AccuracyRule::describe)
  // The winner's place under the measured roofline ("at 41 % of the measured BF16 matmul ceiling:
  // compute-bound"), or why it has none, as one English clause kept for readers of older versions
  // (a "roofline-unplaced" reason gives the why as data; the session row the place). Set by the
  // run around the race (core/runner/tuning.h), which can count the winner's work; "" without a
  // winner.
  std::string roofline;
  HostBoundDiagnosis host;
  std::vector<ConfigResult> finals;     // the finalists' forked results (session material)
  std::vector<ConfigResult> screening;  // every in-process result, last round of each config
  double elapsed_ms = 0, budget_ms = 0;
  double spent_before_ms = 0, exit_reserve_ms = 0;  // of the budget: before the race, and kept
  std::vector<OptimizationConfig> finalists;        // sent to fresh processes
  int forks = 0, fork_iterations = 0;               // per finalist, as planned
  std::vector<CompileStatus> compiles;              // the compile jobs as the race ended
  std::string budget_note;  // why the budget is what it is, when the race changed it
  int rounds = 0;
  bool cancelled = false;
  // The answer's reasons as codes with values, which text/ renders in the reader's language
  // (core/engine/tune_answer.h gathers them with the figures); no sentence of the answer is built
  // in core. And the logs a reader may want, apart.
  std::vector<TuneReason> reasons;
  std::vector<std::string> log_paths;

  const CandidateOutcome* find(const OptimizationConfig& config) const;
};

}  // namespace inferscope::tuner
