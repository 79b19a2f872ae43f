// The tuner's Measurer over the real engine: in-process rounds through engine::run (one FP32
// reference per call), finalists in fresh isolation workers (`--forks`), AOTInductor compiles in
// the background through the tune's compile queue (compile_queue.h), which the engine's rounds
// obtain their packages from. A model file's rounds run in a worker
// process instead (runPlanInWorkers): its code is the user's, and a forward that never returns or
// crashes must cost configs, not the run or its budget.
#pragma once

#include <chrono>
#include <optional>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"
#include "core/runner/compile_queue.h"
#include "core/runner/isolated_runner.h"
#include "core/tuner/measurer.h"

namespace inferscope::runner {

struct EngineMeasurerOptions {
  WorkerLauncher launcher;         // the workers of model files' rounds and of the finals
  double isolate_timeout_s = 900;  // a finalist's fresh process, per config
};

class EngineMeasurer final : public tuner::Measurer {
 public:
  // `compiles`, `sink` and `cancel` outlive the measurer.
  EngineMeasurer(ProfileRequest base, EngineMeasurerOptions options, CompileQueue& compiles,
                 EventSink& sink, const CancelToken& cancel);

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
  double nowMs() const override;
  double sessionOverheadMs() const override { return session_overhead_ms_; }
  bool cancelled() const override;

  // The roofline's counting run for a tuned answer (docs/MEASUREMENT.md, "Roofline"): `config`
  // once more with the roofline on — one warm-up, two iterations and the observed one, no accuracy
  // check — in a worker for model files as every round of theirs; the session holds the device's
  // ceilings (from the cache, measured into it when missing) and the config's counted work. Its
  // iterations stop at `deadline_ms` (nowMs's clock); a worker still running past it is killed.
  // Only log lines reach the sink: the race's view has ended. Throws Error as engine::run does.
  SessionResult measureWork(const OptimizationConfig& config, double deadline_ms);

  // The first in-process session (device, resolved inputs, reference's output shapes): the header
  // of the session a tuning run writes.
  const std::optional<SessionResult>& firstSession() const { return first_session_; }

 private:
  void noteRoofline(SessionResult& session);
  void noteOverhead(const std::vector<ConfigResult>& configs,
                    std::chrono::steady_clock::time_point started);
  // A worker call's options: this measurer's launcher, and the deadline (the race's clock) plus
  // the grace a worker gets to report before it is killed.
  PlanWorkerOptions workerOptions(double deadline_ms) const;
  std::vector<ConfigResult> measureInWorkers(const ProfileRequest& request, double deadline_ms);
  ProfileRequest requestFor(const std::vector<OptimizationConfig>& configs, int warmup,
                            int iterations) const;

  ProfileRequest base_;
  EngineMeasurerOptions options_;
  CompileQueue& compiles_;
  EventSink& sink_;
  const CancelToken& cancel_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::optional<SessionResult> first_session_;
  double session_overhead_ms_ = 0;  // the most a measure() spent outside its configs
};

}  // namespace inferscope::runner
