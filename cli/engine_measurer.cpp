#include "cli/engine_measurer.h"

#include "cli/fork_runner.h"
#include "core/common/units.h"
#include "core/engine/compile_queue.h"
#include "core/engine/engine.h"

namespace inferscope::cli {

EngineMeasurer::EngineMeasurer(ProfileRequest base, ModelOptions options, EventSink& sink)
    : base_(std::move(base)), options_(std::move(options)), sink_(sink) {}

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

std::vector<ConfigResult> EngineMeasurer::measure(const std::vector<OptimizationConfig>& configs,
                                                  int warmup, int iterations) {
  auto session = engine::run(requestFor(configs, warmup, iterations), sink_, processCancelToken());
  if (!first_session_) {
    first_session_ = session;
    first_session_->configs.clear();
  }
  return session.configs;
}

std::vector<ConfigResult> EngineMeasurer::measureForks(
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations, int forks,
    double deadline_ms) {
  // Every config in `forks` fresh isolation workers, fork_stats filled (as runSession does for
  // --forks), none started past the deadline.
  IsolationOptions isolation;
  isolation.timeout_s = options_.isolate_timeout_s;
  if (deadline_ms > 0)
    isolation.deadline = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double, std::milli>(deadline_ms));
  auto session = runForked(requestFor(configs, warmup, iterations), forks, sink_,
                           processCancelToken(), isolation);
  completeRoofline(session);
  return session.configs;
}

void EngineMeasurer::prepareInBackground(const std::vector<OptimizationConfig>& configs) {
  engine::startAotInductorCompiles(base_, configs);
}

void EngineMeasurer::prioritiseBackground(const std::vector<OptimizationConfig>& order) {
  engine::prioritiseAotInductorCompiles(base_, order);
}

bool EngineMeasurer::needsPreparation(const OptimizationConfig& config) const {
  return engine::aotInductorNeedsCompile(base_, config);
}

std::vector<CompileStatus> EngineMeasurer::compileJobs() const {
  return CompileQueue::instance().jobs();
}

bool EngineMeasurer::backgroundBusy() const {
  return CompileQueue::instance().busy();
}

bool EngineMeasurer::ready(const OptimizationConfig& config) const {
  return engine::aotInductorReady(base_, config);
}

void EngineMeasurer::waitForBackground(double timeout_ms) {
  CompileQueue::instance().waitForAny(timeout_ms);
}

void EngineMeasurer::pauseBackground() {
  CompileQueue::instance().pause();
}

void EngineMeasurer::resumeBackground() {
  CompileQueue::instance().resume();
}

double EngineMeasurer::nowMs() const {
  return units::toMs(std::chrono::steady_clock::now() - start_);
}

bool EngineMeasurer::cancelled() const {
  return processCancelToken().cancelled();
}

}  // namespace inferscope::cli
