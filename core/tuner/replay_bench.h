// The replay bench: the race run against every replayed GPU of a corpus (replay_profile.h), cold
// and warm, at several budgets and seeds, and judged by regret — the answer's true level over the
// best safe config recorded for that model and GPU — and by whether it ended confirmed in fresh
// processes. bench/tuner/replay_bench prints it; docs/ADVISOR.md ("Replay bench") holds the table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/tuner/race.h"
#include "core/tuner/replay_profile.h"

namespace inferscope::tuner {

// The race's options for a replayed run, as `tune` sets them (core/runner/tuning.cpp
// setTuneBudget and runTuning, which the tuner library cannot call): `budget_s` > 0 is
// --budget-s (no cold allowance); 0 is the default budget, 60 s, with 110 s added when no
// package is cached (150 s for a model rebuilt in Python). The exit keeps 1 s, and 2 s more and a
// model load for the roofline's count where the model is not rebuilt in Python; what the command
// spent before the race is 3 s (15 s to prepare a model rebuilt in Python: 12–17 s on the H200).
RaceOptions replayRaceOptions(const ReplayGpu& gpu, double budget_s);

struct ReplayRun {
  std::string model;
  bool cold = true;
  double budget_s = 0;  // 0: the default budget
  std::uint64_t seed = 0;
  std::string winner;                       // "" without one
  double regret = 0;                        // the answer's true level / the best safe true level
  std::string state;                        // toString(VerdictState)
  bool confirmed = false;                   // the winner ran in ≥ 2 fresh processes
  double elapsed_s = 0, race_budget_s = 0;  // the race's wall time, what came before included
  std::string verdict;                      // the race's, for --trace
  std::vector<std::string> outcomes;        // each candidate: "key state: reason"
};

// One replay: the race on a fresh ReplayMeasurer. Without a winner the answer is strict FP32
// eager (the reference), and its regret is that config's.
ReplayRun replayOnce(const ReplayGpu& gpu, bool cold, double budget_s, std::uint64_t seed);

struct ReplayBenchOptions {
  std::vector<double> budgets_s{60, 120, 240, 0};  // 0: the default
  int seeds = 5;
  std::uint64_t first_seed = 1;
};

std::vector<ReplayRun> runReplayBench(const std::vector<ReplayGpu>& corpus,
                                      const ReplayBenchOptions& options);

// The table: per budget and cold/warm, median and P95 regret, % confirmed and % final over every
// model; then per model at the default budget, warm against cold.
std::string replayTable(const std::vector<ReplayRun>& runs);
// Every run as one JSON document.
std::string replayJson(const std::vector<ReplayRun>& runs);

// The P-quantile (0–1) of `values` by linear interpolation (0 when empty).
double replayQuantile(std::vector<double> values, double p);

}  // namespace inferscope::tuner
