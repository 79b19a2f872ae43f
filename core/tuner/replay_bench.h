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
  // How the race started: "" from nothing; "memory": a warm run from the run memory the cold
  // replay of the same model, budget and seed left (replayWarmFromMemory); "resume": that cold
  // replay at the default budget continued (replayResumed).
  std::string start;
  double budget_s = 0;  // 0: the default budget
  std::uint64_t seed = 0;
  std::string winner;                       // "" without one
  double regret = 0;                        // the answer's true level / the best safe true level
  std::string state;                        // toString(VerdictState)
  bool confirmed = false;                   // the winner ran in ≥ 2 fresh processes
  double elapsed_s = 0, race_budget_s = 0;  // the race's wall time, what came before included
  // The winner's fresh processes, and how many of them were remembered from the run that
  // confirmed it (ForkStats::remembered_forks); 0 without.
  int processes = 0, remembered_processes = 0;
  std::vector<TuneReason> reasons;    // the race's (TuneResult::reasons), for --trace
  std::vector<std::string> outcomes;  // each candidate: "key state: reason"
};

// One replay: the race on a fresh ReplayMeasurer. Without a winner the answer is strict FP32
// eager (the reference), and its regret is that config's.
ReplayRun replayOnce(const ReplayGpu& gpu, bool cold, double budget_s, std::uint64_t seed);

// The warm run a user gets after a cold one: the cold replay of (budget, seed) is raced first, its
// result kept as `tune` keeps it (raceRecord, mergeRun) and turned into the prior a later `tune`
// starts from (priorFromMemory); the warm replay, every package cached, races with that prior on
// the warm replay's own draws. Its regret against the cold one's is the memory's worth.
ReplayRun replayWarmFromMemory(const ReplayGpu& gpu, double budget_s, std::uint64_t seed);

// `tune --resume`: the cold replay at the default budget continued with `budget_s` through the
// prior resume builds from a session (priorFromSession of its race and configs). The packages the
// cold run left compiling are taken to have finished by then (they compile on after it exits).
ReplayRun replayResumed(const ReplayGpu& gpu, double budget_s, std::uint64_t seed);

struct ReplayBenchOptions {
  std::vector<double> budgets_s{60, 120, 240, 0};  // 0: the default
  int seeds = 5;
  std::uint64_t first_seed = 1;
  // Each cold replay is followed by a warm one from its run memory; each default-budget cold one
  // is also continued (`resume_budget_s`).
  bool memory = true;
  double resume_budget_s = 240;
};

std::vector<ReplayRun> runReplayBench(const std::vector<ReplayGpu>& corpus,
                                      const ReplayBenchOptions& options);

// The table: per budget and cold/warm, median and P95 regret, % confirmed and % final over every
// model; then per model at the default budget, warm against cold; then the warm runs from the run
// memory and the resumed ones against the cold replay of the same model, budget and seed.
std::string replayTable(const std::vector<ReplayRun>& runs);
// Every run as one JSON document.
std::string replayJson(const std::vector<ReplayRun>& runs);

// The P-quantile (0–1) of `values` by linear interpolation (0 when empty).
double replayQuantile(std::vector<double> values, double p);

}  // namespace inferscope::tuner
