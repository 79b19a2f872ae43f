// What the tuner needs from the engine: "measure these configs for N iterations" and "measure them
// in F fresh processes". The run layer implements it over engine::run and the isolation workers
// (core/runner/engine_measurer.h); CPU tests implement it with latency distributions of their
// choosing.
#pragma once

#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/engine/package_compiler.h"

namespace inferscope::tuner {

class Measurer {
 public:
  virtual ~Measurer() = default;
  // Runs each config for `warmup` + `iterations` iterations in this process, one result per config
  // in order (status, latency series, steady analysis, accuracy against the FP32 reference). With
  // a deadline (nowMs()'s clock; 0: none), a config stops measuring once its share of the time to
  // it is spent, with the warm-up and a few iterations in (steady.stop_reason "time-budget").
  virtual std::vector<ConfigResult> measure(const std::vector<OptimizationConfig>& configs,
                                            int warmup, int iterations, double deadline_ms) = 0;
  // Each config in `forks` fresh processes: ConfigResult::forks and ::fork_stats filled. With a
  // deadline (nowMs()'s clock; 0: none), no process starts that the ones before it say would end
  // after it: a config may then have fewer processes (fork_stats->forks says how many), or, when
  // even its first did not start, no result (the vector is a prefix of `configs`).
  virtual std::vector<ConfigResult> measureForks(const std::vector<OptimizationConfig>& configs,
                                                 int warmup, int iterations, int forks,
                                                 double deadline_ms) = 0;
  // Starts whatever the configs need before they can run (AOTInductor compiles) in the background
  // and returns at once; measure() of such a config waits for it.
  virtual void prepareInBackground(const std::vector<OptimizationConfig>& configs) {
    (void)configs;
  }
  // Background preparations start in this order (the likeliest winners first); the default
  // measurer has none to order.
  virtual void prioritiseBackground(const std::vector<OptimizationConfig>& order) { (void)order; }
  // True when `config` needs a background preparation that nothing has done yet (an AOTInductor
  // package neither cached nor compiled): the run pays that compile.
  virtual bool needsPreparation(const OptimizationConfig& config) const {
    (void)config;
    return false;
  }
  // Compile jobs started so far, and whether any is running now (measurements taken meanwhile
  // share the host and the GPU with a compiler, and are judged with a wider margin).
  virtual std::vector<CompileStatus> compileJobs() const { return {}; }
  virtual bool backgroundBusy() const { return false; }
  // False while `config` waits for its background preparation; measure() would block on it.
  virtual bool ready(const OptimizationConfig& config) const {
    (void)config;
    return true;
  }
  // Blocks until a background job finishes or `timeout_ms` passes, whichever is first.
  virtual void waitForBackground(double timeout_ms) { (void)timeout_ms; }
  // Background work stopped, then continued: the finals' fresh processes decide the answer, and a
  // compiler sharing the host with them moved a package's level by 25 % between processes on the
  // H200 (docs/PERFORMANCE.md).
  virtual void pauseBackground() {}
  virtual void resumeBackground() {}
  // The most an in-process measure() spent outside its configs (the model's load, the FP32
  // reference, the device's start): a fresh process pays it again, so the finals' price holds it.
  // A session loads a model file once for all its configs (core/torch SessionModel), so the
  // configs' own cost no longer carries a load per config (0: not measured).
  virtual double sessionOverheadMs() const { return 0; }
  // What a fresh process of `config` pays before its first iteration beyond the process start
  // itself: the session's load by default. A measurer whose configs run in two kinds of process
  // (a model rebuilt in Python: packages in the engine, the rest in a Python worker that imports
  // PyTorch and rebuilds the model) prices each config's forks by its own.
  virtual double forkOverheadMs(const OptimizationConfig& config) const {
    (void)config;
    return sessionOverheadMs();
  }
  // The clock the budget is counted on, in ms since an arbitrary start.
  virtual double nowMs() const = 0;
  virtual bool cancelled() const { return false; }
};

}  // namespace inferscope::tuner
