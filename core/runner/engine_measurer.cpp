#include "core/runner/engine_measurer.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "core/common/error.h"
#include "core/common/units.h"
#include "core/engine/engine.h"
#include "core/model/model_zoo.h"
#include "core/runner/fork_runner.h"
#include "core/runner/pinned_model.h"
#include "core/runner/profile_run.h"

namespace inferscope::runner {

EngineMeasurer::EngineMeasurer(ProfileRequest base, EngineMeasurerOptions options,
                               CompileQueue& compiles, EventSink& sink, const CancelToken& cancel)
    : base_(std::move(base)),
      options_(std::move(options)),
      compiles_(compiles),
      sink_(sink),
      cancel_(cancel) {}

ProfileRequest EngineMeasurer::requestFor(const std::vector<OptimizationConfig>& configs,
                                          int warmup, int iterations) const {
  ProfileRequest r = base_;
  r.plan = configs;
  r.run.warmup_iterations = warmup;
  r.run.measure_iterations = iterations;
  r.run.adaptive = false;       // the race decides the iterations
  r.run.check_accuracy = true;  // "safe" needs every config's error
  r.run.config_time_budget_ms = 0;
  r.run.session_time_budget_ms = 0;
  return r;
}

namespace {

// Model files hold the user's code (a TorchScript program, an AOTInductor package's kernels): a
// forward that never returns or crashes must not take the tuner with it. Zoo models are ours;
// models Python rebuilds run in the Python worker already (python_model_run.h).
bool runsInWorker(ModelSource source) {
  return source == ModelSource::TorchScript || source == ModelSource::AotInductor;
}

// How long a worker may run past the race's deadline (which already holds the exit reserve)
// before it is killed: the worker's own time budget stops a config that returns within it.
constexpr double kWorkerDeadlineGraceMs = 500;

// The counting run's events: its log lines (the ceilings being measured, why one is missing) go
// on to the run's sink; its configs' starts, samples and results do not, since the race they
// would be drawn in has ended.
class LogOnlySink final : public EventSink {
 public:
  explicit LogOnlySink(EventSink& sink) : sink_(sink) {}
  void onLog(LogLevel level, const std::string& message) override { sink_.onLog(level, message); }

 private:
  EventSink& sink_;
};

}  // namespace

void EngineMeasurer::noteOverhead(const std::vector<ConfigResult>& configs,
                                  std::chrono::steady_clock::time_point started) {
  // What the session spent outside its configs' set-up and iterations: its model load, the FP32
  // reference, the device's start (and a worker's start); each fresh process of the finals pays
  // it again.
  double configs_ms = 0;
  for (const auto& c : configs) {
    configs_ms += c.setup_ms;
    for (double ms : c.host_ms) configs_ms += ms;
  }
  const double wall_ms = units::toMs(std::chrono::steady_clock::now() - started);
  session_overhead_ms_ = std::max(session_overhead_ms_, wall_ms - configs_ms);
}

PlanWorkerOptions EngineMeasurer::workerOptions(double deadline_ms) const {
  PlanWorkerOptions options;
  options.launcher = options_.launcher;
  if (deadline_ms > 0)
    options.deadline =
        start_ +
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double, std::milli>(deadline_ms + kWorkerDeadlineGraceMs));
  return options;
}

std::vector<ConfigResult> EngineMeasurer::measureInWorkers(const ProfileRequest& request,
                                                           double deadline_ms) {
  auto session = runPlanInWorkers(request, sink_, cancel_, workerOptions(deadline_ms));
  if (!first_session_) {
    first_session_ = session;
    first_session_->configs.clear();
    // A worker that never reached its session's end (a reference that hung) told nothing of the
    // device: the header names it all the same.
    if (first_session_->device.name.empty())
      first_session_->device = engine::deviceInfo(request.device, request.device_index);
    auto& header = first_session_->request;
    if (header.inputs.empty()) header.inputs = defaultInputs(request.model, request.batch);
    if (!header.inputs.empty()) header.batch = header.inputs.front().batch();
    if (request.run.roofline) noteRoofline(*first_session_);
  }
  return session.configs;
}

std::vector<ConfigResult> EngineMeasurer::measure(const std::vector<OptimizationConfig>& configs,
                                                  int warmup, int iterations, double deadline_ms) {
  const auto started = std::chrono::steady_clock::now();
  // Outside the catch below: a model file changed during the run stops the run, not a config.
  checkPinnedModels({base_.model.path});
  auto request = requestFor(configs, warmup, iterations);
  // Each config's share of what is left to the deadline: a config far slower than the race
  // expected (its first call measures configs whose cost is still unknown) cannot take the run
  // past its budget (a 20 s CPU tune once ran 116 s on BF16 convolutions).
  if (deadline_ms > 0 && !configs.empty())
    request.run.config_time_budget_ms =
        std::max(1.0, (deadline_ms - nowMs()) / static_cast<double>(configs.size()));
  if (runsInWorker(base_.model.source)) {
    auto configs_done = measureInWorkers(request, deadline_ms);
    noteOverhead(configs_done, started);
    return configs_done;
  }
  SessionResult session;
  try {
    session = engine::run(request, sink_, cancel_, &compiles_);
  } catch (const std::exception& e) {
    // A failure of the session itself (its baseline, its device) costs this call's configs, never
    // the race: each is reported failed with the reason, and the race goes on with the others.
    if (const auto* error = dynamic_cast<const Error*>(&e);
        error != nullptr && error->kind() == ErrorKind::Cancelled)
      throw;
    std::vector<ConfigResult> failed(configs.size());
    for (std::size_t i = 0; i < configs.size(); ++i) {
      failed[i].index = static_cast<int>(i);
      failed[i].config = configs[i];
      failed[i].status = ConfigStatus::Error;
      failed[i].message = fmt::format("the measuring session failed: {}", e.what());
    }
    return failed;
  }
  noteOverhead(session.configs, started);
  if (!first_session_) {
    first_session_ = session;
    first_session_->configs.clear();
  }
  return session.configs;
}

SessionResult EngineMeasurer::measureWork(const OptimizationConfig& config, double deadline_ms) {
  // Warm-up and iterations only steady the config before its observed iteration: the rates are
  // placed on the race's own level of the winner, not on these two iterations.
  checkPinnedModels({base_.model.path});
  auto request = requestFor({config}, 1, 2);
  request.run.roofline = true;
  request.run.check_accuracy = false;
  if (deadline_ms > 0) request.run.config_time_budget_ms = std::max(1.0, deadline_ms - nowMs());
  LogOnlySink sink(sink_);
  if (runsInWorker(base_.model.source)) {
    auto session = runPlanInWorkers(request, sink, cancel_, workerOptions(deadline_ms));
    // The worker measured the ceilings into the cache; they are read back here.
    if (const auto why = completeRoofline(session); !why.empty())
      sink.onLog(LogLevel::Warning, "roofline: " + why);
    return session;
  }
  return engine::run(request, sink, cancel_, &compiles_);
}

std::vector<ConfigResult> EngineMeasurer::measureForks(
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations, int forks,
    double deadline_ms) {
  // Every config in `forks` fresh isolation workers, fork_stats filled (as runSession does for
  // --forks), none started past the deadline.
  checkPinnedModels({base_.model.path});
  IsolationOptions isolation;
  isolation.launcher = options_.launcher;
  isolation.timeout_s = options_.isolate_timeout_s;
  if (deadline_ms > 0)
    isolation.deadline = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double, std::milli>(deadline_ms));
  auto session =
      runForked(requestFor(configs, warmup, iterations), forks, sink_, cancel_, isolation);
  noteRoofline(session);
  return session.configs;
}

void EngineMeasurer::prepareInBackground(const std::vector<OptimizationConfig>& configs) {
  engine::startAotInductorCompiles(base_, configs, compiles_);
}

void EngineMeasurer::prioritiseBackground(const std::vector<OptimizationConfig>& order) {
  engine::prioritiseAotInductorCompiles(base_, order, compiles_);
}

bool EngineMeasurer::needsPreparation(const OptimizationConfig& config) const {
  return engine::aotInductorNeedsCompile(base_, config);
}

std::vector<CompileStatus> EngineMeasurer::compileJobs() const {
  return compiles_.jobs();
}

bool EngineMeasurer::backgroundBusy() const {
  return compiles_.busy();
}

bool EngineMeasurer::ready(const OptimizationConfig& config) const {
  return engine::aotInductorReady(base_, config, compiles_);
}

void EngineMeasurer::waitForBackground(double timeout_ms) {
  compiles_.waitForAny(timeout_ms);
}

void EngineMeasurer::pauseBackground() {
  compiles_.pause();
}

void EngineMeasurer::resumeBackground() {
  compiles_.resume();
}

double EngineMeasurer::nowMs() const {
  return units::toMs(std::chrono::steady_clock::now() - start_);
}

bool EngineMeasurer::cancelled() const {
  return cancel_.cancelled();
}

void EngineMeasurer::noteRoofline(SessionResult& session) {
  if (const auto why = completeRoofline(session); !why.empty())
    sink_.onLog(LogLevel::Warning, "roofline: " + why);
}

}  // namespace inferscope::runner
