// A Measurer whose latencies come from distributions a test chooses, on a simulated clock: each
// measured iteration advances the clock by its latency, each preparation by its set-up time, each
// fresh process by a start cost. Records what was asked, so tests check the race's decisions.
#pragma once

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/tuner/measurer.h"
#include "core/tuner/search_space.h"
#include "core/tuner/tune_result.h"

namespace inferscope::tuner::testing {

struct FakeProfile {
  double median_ms = 10;
  double rel_noise = 0.01;  // iteration-to-iteration spread (log-normal sigma)
  double process_sd = 0;    // between-process spread of the level (log scale)
  double fresh_factor = 1;  // a fresh process's level against the screening process's
  // The first preparation's level against every later one's (in-process rounds and fresh
  // processes): a lucky or unlucky first draw of a config whose level moves between preparations.
  double first_round_factor = 1;
  ConfigStatus status = ConfigStatus::Ok;
  std::string message;
  AccuracyStats accuracy;         // measured by default, error 1e-3
  bool compares_accuracy = true;  // false: no comparison with the reference (TorchScript rows)
  double setup_ms = 100;
  double compile_ms = 0;  // background compile time (set on the aoti config: aoti-graph shares it)
  std::string fallback_to;  // the engine ran this config instead (a failed cast's autocast)
  // The steady analysis says the run switched too rarely to estimate its levels' mix.
  bool too_few_switches = false;
};

class FakeMeasurer : public Measurer {
 public:
  FakeMeasurer();
  std::map<std::string, FakeProfile> profiles;  // by config key; others get `fallback_profile`
  FakeProfile fallback_profile;
  double process_start_ms = 1000;
  // A session's model load and FP32 reference, outside its configs: each measure() call pays it
  // once, and so does each fresh process (what the engine does since it loads a model once).
  double session_overhead_ms = 0;
  // A fresh process's load by config key where it differs from the session's (a Python worker's
  // import and rebuild beside the engine's package session): forks pay it, forkOverheadMs says it.
  std::map<std::string, double> fork_overhead_by_key;
  // Background compiles at once (0: all at once); queued ones start in the latest priority order.
  int compile_slots = 0;

  // Measures in full (the race's own budget checks are what its tests test); records the deadline.
  std::vector<ConfigResult> measure(const std::vector<OptimizationConfig>& configs, int warmup,
                                    int iterations, double deadline_ms) override;
  std::vector<ConfigResult> measureForks(const std::vector<OptimizationConfig>& configs, int warmup,
                                         int iterations, int forks, double deadline_ms) override;
  void prepareInBackground(const std::vector<OptimizationConfig>& configs) override;
  void prioritiseBackground(const std::vector<OptimizationConfig>& order) override;
  bool needsPreparation(const OptimizationConfig& config) const override;
  bool backgroundBusy() const override;
  bool ready(const OptimizationConfig& config) const override;
  void waitForBackground(double timeout_ms) override;
  std::vector<CompileStatus> compileJobs() const override;
  void pauseBackground() override { paused = true; }
  void resumeBackground() override { paused = false; }
  double nowMs() const override { return now_ms_; }
  double sessionOverheadMs() const override { return measure_calls_ ? session_overhead_ms : 0; }
  double forkOverheadMs(const OptimizationConfig& config) const override;

  // What the race asked for.
  std::map<std::string, int> iterations_measured;
  std::map<std::string, int> forks_measured;         // fresh processes that ran, per config
  std::vector<double> fork_deadlines_ms;             // measureForks' deadline, per call
  std::vector<double> measure_deadlines_ms;          // measure()'s deadline, per call
  std::vector<std::vector<std::string>> fork_calls;  // measureForks' configs in order, per call
  std::vector<std::string> measure_order;
  std::map<std::string, double> first_measured_at_ms;  // when each config's first measure() began
  std::vector<std::string> busy_measurements;          // measured while a compile was running
  bool paused = false;                                 // background work stopped (pauseBackground)
  std::vector<std::string> forked_while_paused;
  std::vector<std::string> compile_start_order;  // keys, as the simulated queue started them
  std::map<std::string, double> compile_started_at_ms;

 private:
  static std::string packageKey(const OptimizationConfig& c);  // the compile job's key
  const FakeProfile& profile(const OptimizationConfig& c) const;
  ConfigResult run(const OptimizationConfig& config, int warmup, int iterations,
                   double level_factor);
  // Starts queued compiles in free slots, at the simulated times the slots freed, up to now.
  void advanceCompiles() const;
  double slotFreeAt(double from) const;  // the earliest time ≥ from that a compile slot is free
  double now_ms_ = 0;
  int measure_calls_ = 0;
  // Started (running or done) compiles; queued ones wait in priority order.
  mutable std::map<std::string, double> compile_done_at_ms_;
  mutable std::vector<std::pair<std::string, double>> compile_queue_;  // key, submitted at
  mutable std::vector<std::string> started_keys_;
  mutable std::map<std::string, double> started_at_;
  std::mt19937_64 rng_{7};
};

// An encoder on a Hopper GPU: 12 eager/graph candidates, 4 AOTInductor ones and their 4 twins
// replayed in CUDA graphs, the guide's bf16+graph first (the race and run-memory tests' space).
SearchSpace encoderSpace();

// A race's reasons as "code(name=value, …); …": what a failing test prints of its answer.
inline std::string reasonsText(const std::vector<TuneReason>& reasons) {
  std::string out;
  for (const auto& r : reasons) {
    if (!out.empty()) out += "; ";
    out.append(r.code).append("(");
    bool first = true;
    for (const auto& [name, value] : r.values) {
      out.append(first ? "" : ", ").append(name).append("=").append(value);
      first = false;
    }
    out += ")";
  }
  return out;
}

// The first reason with `code` (nullptr: none).
inline const TuneReason* reasonOf(const std::vector<TuneReason>& reasons, const std::string& code) {
  const auto it = std::find_if(reasons.begin(), reasons.end(),
                               [&](const TuneReason& r) { return r.code == code; });
  return it == reasons.end() ? nullptr : &*it;
}

}  // namespace inferscope::tuner::testing
