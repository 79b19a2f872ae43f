// Recorded GPU runs as replayable GPUs. The corpus (bench/tuner/corpus/*.json, written from tune
// event streams by bench/tuner/make_replay_corpus.py) holds, per model and GPU, what each recorded
// run measured of each config. A ReplayGpu reduces those runs to one figure per config — its level
// in this process and across fresh processes, how much both move, what its set-up, compile and
// package compile cost, whether it failed or was unsafe — so a ReplayMeasurer can answer the race
// as that GPU did. docs/ADVISOR.md ("Replay bench") says how each figure is reduced.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/config/optimization_config.h"

namespace inferscope::tuner {

enum class ReplayState { Ok, Failed, Unsafe, AccuracyNotMeasured };

struct ReplayConfig {
  OptimizationConfig config;
  ReplayState state = ReplayState::Ok;
  std::string message;  // a failure's or an unsafe result's recorded reason
  // In this process, without a compile beside it: the median over the runs' medians (a run that
  // measured it only beside a compile counts at its level divided by the model's contention).
  double level_ms = 0;
  double round_log_sd = 0;   // how much one preparation's level moves (between runs' medians)
  double noise_rel = 0;      // iteration-to-iteration spread (from the recorded intervals)
  double fork_level_ms = 0;  // across fresh processes (geometric mean over runs); 0: never forked
  double fork_log_sd = 0;    // between processes
  // Before its first iteration: a cast, a package's load, or (torch.compile) its compile, as cold
  // runs (compiler caches empty) and warm runs paid it.
  double setup_cold_ms = 0, setup_warm_ms = 0;
  int runs = 0;  // recorded runs that measured it
};

struct ReplayGpu {
  std::string model, device;
  bool python_built = false;  // rebuilt in Python: a longer cold allowance and preparation
  std::vector<OptimizationConfig> candidates;  // race order, configs with a figure only
  // Configs some run raced that no run measured: left out of the replayed space, counted here.
  std::vector<std::string> unavailable;
  std::map<std::string, ReplayConfig> configs;  // by key
  // AOTInductor package compiles by package key (packageConfig(c).key()), cold: each a recorded
  // duration, or where no run saw one end, a bound from the longest time a run saw it running.
  std::map<std::string, double> package_compile_ms;
  double session_overhead_ms = 0;  // a measure() call's model load and FP32 reference
  double contention = 1;    // in-process level beside a compile / without (median over configs)
  double fresh_factor = 1;  // fork level / in-process level (median over configs with both)
  int runs = 0;

  // What the replay takes for the config's true level: its level across fresh processes, or its
  // in-process level times the model's fresh factor where it was never forked.
  double trueLevelMs(const ReplayConfig& c) const;
  // The best true level among safe configs measured with their accuracy checked (0: none).
  double bestSafeMs() const;
  const ReplayConfig* find(const OptimizationConfig& config) const;
};

// Reads a corpus file; Error(InvalidInput) naming the file and the value on bad input.
std::vector<ReplayGpu> loadReplayCorpus(const std::string& path);
// The same from text (`origin` names it in errors).
std::vector<ReplayGpu> parseReplayCorpus(const std::string& text, const std::string& origin);

}  // namespace inferscope::tuner
