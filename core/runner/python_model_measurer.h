// The tuner's Measurer for a model that only Python can compile (an ExportedProgram or a
// --model-py entry point): every config runs where it can run best, and all of them are judged by
// one set of rules.
//   * AOTInductor configs (aoti, aoti-graph): the engine's measurer, in LibTorch, on the packages
//     the Python helper compiled from the user's model (cast before export), on the prepared
//     example inputs, against the prepared FP32 reference.
//   * Every other config — eager casts, autocast, channels_last, cuDNN benchmark, and Python's
//     torch.compile in its modes — in the Python worker (python_worker.h): the in-process rounds in
//     its long-lived process (the model loaded once, compiled configs kept between rounds), each
//     fork in a fresh one.
// The worker's raw series get the same steady-state analysis (result_analysis.h) and fork summary
// as the engine's; its outputs are compared with the reference by `compare`, the engine's own
// accuracy code (a LibTorch function the caller hands in: this layer stays LibTorch-free).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/runner/python_worker.h"
#include "core/tuner/measurer.h"

namespace inferscope::runner {

// Whether `config` of a Python-built model runs in the engine (its AOTInductor package) rather
// than in the Python worker.
bool runsInEngine(const OptimizationConfig& config);

// Why neither the worker nor the engine runs `config` of a Python-built model when they cannot
// (the engine's compile modes for its own models: TorchScript freeze, CUDA graph capture of the
// eager forward), naming the config to use instead; nullopt when one of them runs it.
std::optional<std::string> pythonModelRefusal(const OptimizationConfig& config);

// The model's weights as `r`'s config holds them, when nobody reported them: the worker and a
// package know nothing of the model's parameters. A cast holds them in two bytes each; every
// other precision (autocast included) keeps FP32 weights.
void fillParameterBytes(ConfigResult& r, std::int64_t parameter_count);

class PythonModelMeasurer final : public tuner::Measurer {
 public:
  // Reads a config's output archive and returns its accuracy against the prepared reference.
  using CompareOutputs = std::function<AccuracyStats(const std::string& output_path)>;

  PythonModelMeasurer(tuner::Measurer& engine, PythonWorker& worker, ModelRef model,
                      PreparedPythonModel prepared, CompareOutputs compare, std::int64_t batch,
                      const CancelToken* cancel);

  std::vector<ConfigResult> measure(const std::vector<OptimizationConfig>& configs, int warmup,
                                    int iterations, double deadline_ms) override;
  std::vector<ConfigResult> measureForks(const std::vector<OptimizationConfig>& configs, int warmup,
                                         int iterations, int forks, double deadline_ms) override;
  void prepareInBackground(const std::vector<OptimizationConfig>& configs) override;
  void prioritiseBackground(const std::vector<OptimizationConfig>& order) override;
  bool needsPreparation(const OptimizationConfig& config) const override;
  std::vector<CompileStatus> compileJobs() const override { return engine_.compileJobs(); }
  bool backgroundBusy() const override { return engine_.backgroundBusy(); }
  bool ready(const OptimizationConfig& config) const override;
  void waitForBackground(double timeout_ms) override { engine_.waitForBackground(timeout_ms); }
  void pauseBackground() override { engine_.pauseBackground(); }
  void resumeBackground() override { engine_.resumeBackground(); }
  // A measure() call's load: the engine's session (the worker's rounds run in the process that
  // prepared the model, which has it loaded).
  double sessionOverheadMs() const override { return engine_.sessionOverheadMs(); }
  // A fork of a package is an engine process; of any other config, a fresh Python worker.
  double forkOverheadMs(const OptimizationConfig& config) const override;
  double nowMs() const override { return engine_.nowMs(); }
  bool cancelled() const override { return engine_.cancelled(); }

 private:
  // `configs` in the worker — its long-lived process, or a fresh one (the finals' forks) —
  // results analysed and compared, in order.
  std::vector<ConfigResult> runInWorker(const std::vector<OptimizationConfig>& configs, int warmup,
                                        int iterations, double deadline_ms, bool fresh_process);

  tuner::Measurer& engine_;
  PythonWorker& worker_;
  ModelRef model_;
  PreparedPythonModel prepared_;
  CompareOutputs compare_;
  std::int64_t batch_;
  const CancelToken* cancel_;
  // The most a fresh worker process spent before its first config (from the preparing process's
  // time until a fork has run).
  double worker_overhead_ms_ = 0;
};

}  // namespace inferscope::runner
