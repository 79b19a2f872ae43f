// A Measurer that answers as a recorded GPU did (core/tuner/replay_profile.h), on a simulated
// clock: a measure() call pays the model's load, each config its set-up and its iterations at
// levels drawn around the recorded ones; a fresh process pays its start, the load and its
// iterations at the recorded level across processes; AOTInductor packages compile in the
// background, two at a time in the race's priority order, for their recorded durations, paused
// while the finals run. The same Race code runs against it as against the GPU, in seconds.
#pragma once

#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/tuner/measurer.h"
#include "core/tuner/replay_profile.h"

namespace inferscope::tuner {

struct ReplaySettings {
  // Cold: no package is cached (each compiles for its recorded duration, torch.compile pays its
  // cold-cache compile). Warm: every package is cached, torch.compile pays its warm compile.
  bool cold = true;
  std::uint64_t seed = 1;
  // Not in the recorded streams: a fresh process's start before the model's load (the race's own
  // estimate, RaceOptions::process_start_ms), and the engine's parallel compiles.
  double process_start_ms = 3000;
  int compile_slots = 2;
};

class ReplayMeasurer : public Measurer {
 public:
  ReplayMeasurer(const ReplayGpu& gpu, ReplaySettings settings);

  std::vector<ConfigResult> measure(const std::vector<OptimizationConfig>& configs, int warmup,
                                    int iterations, double deadline_ms) override;
  std::vector<ConfigResult> measureForks(const std::vector<OptimizationConfig>& configs, int warmup,
                                         int iterations, int forks, double deadline_ms) override;
  void prepareInBackground(const std::vector<OptimizationConfig>& configs) override;
  void prioritiseBackground(const std::vector<OptimizationConfig>& order) override;
  bool needsPreparation(const OptimizationConfig& config) const override;
  std::vector<CompileStatus> compileJobs() const override;
  bool backgroundBusy() const override;
  bool ready(const OptimizationConfig& config) const override;
  void waitForBackground(double timeout_ms) override;
  void pauseBackground() override;
  void resumeBackground() override;
  double sessionOverheadMs() const override {
    return measure_calls_ ? gpu_.session_overhead_ms : 0;
  }
  double nowMs() const override { return now_ms_; }

 private:
  struct Job {
    std::string key;
    double duration_ms = 0, done_ms = 0;  // compile time needed / spent so far
    bool started = false;
    double started_at_ms = 0;
  };
  ConfigResult run(const OptimizationConfig& config, int warmup, int iterations, double level_ms,
                   double setup_ms, double share_ms);
  // Runs the compile queue forward to `to_ms` (nothing moves while paused).
  void advanceTo(double to_ms) const;
  void fillSlots() const;
  // When the next running compile ends if nothing pauses it (a large number: none running).
  double nextCompileEndMs() const;
  // A package the recorded runs compiled (a model's own .pt2 file never compiles).
  bool compiles(const OptimizationConfig& config) const;
  bool packageDone(const OptimizationConfig& config) const;
  void waitForPackage(const OptimizationConfig& config);

  const ReplayGpu& gpu_;
  ReplaySettings settings_;
  double now_ms_ = 0;
  int measure_calls_ = 0;
  bool paused_ = false;
  mutable double compiles_at_ms_ = 0;  // how far the compile queue has been run
  mutable std::vector<Job> jobs_;      // queue order; started ones first
  std::mt19937_64 rng_;
};

}  // namespace inferscope::tuner
