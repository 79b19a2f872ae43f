#include "core/runner/tuning.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <string>

#include "core/common/units.h"
#include "core/engine/compile_queue.h"
#include "core/engine/engine.h"
#include "core/model/model_zoo.h"
#include "core/runner/python_model_run.h"
#include "core/runner/tuned_session.h"

namespace inferscope::runner {
namespace {

// Packages still compiling when a run ends are left to finish after it (CompileQueue's lock makes
// the next run wait for them instead of starting over): on the H200 a ResNet-50 package takes
// about 100 s, longer than a warm run's 60 s, so stopping them meant compiling them again, and
// never finishing, in every run. A cancelled run stops them.
void leaveCompilesRunning(tuner::TuneResult& result) {
  if (result.cancelled) return;
  const auto left = CompileQueue::instance().detachRunning();
  if (left.empty()) return;
  std::vector<std::string> keys;
  keys.reserve(left.size());
  for (const auto& job : left)
    keys.push_back(fmt::format("{} ({:.0f} s in, log {})", job.key, units::msToS(job.elapsed_ms),
                               job.log_path));
  result.verdict += fmt::format(
      ". Still compiling, left to finish in the background at low priority: {}; the next run "
      "uses {} once done",
      fmt::join(keys, ", "), left.size() == 1 ? "its package" : "their packages");
}

}  // namespace

void setTuneBudget(tuner::RaceOptions& race, double budget_s) {
  constexpr double kDefaultBudgetS = 60, kColdCompileAllowanceS = 110;
  race.budget_ms = units::sToMs(budget_s > 0 ? budget_s : kDefaultBudgetS);
  race.cold_compile_allowance_ms = budget_s > 0 ? 0 : units::sToMs(kColdCompileAllowanceS);
  // Writing the session and exiting (CUDA's teardown): a warm ResNet-50 run on the H200 exited
  // 1.0 s after its race, start-up included, and so took 61.0 s of a 60 s budget.
  race.exit_reserve_ms = 1000;
}

TuningRun runTuning(const ProfileRequest& given, const std::vector<OptimizationConfig>& seeds,
                    const tuner::RaceOptions& race, const TuneSettings& settings,
                    TuneReporter& reporter, const CancelToken& cancel,
                    const std::optional<ShardSpec>& shard) {
  const auto called = std::chrono::steady_clock::now();
  ProfileRequest request = given;
  // A model only Python can compile is built and run once in the Python worker first: its example
  // inputs and FP32 reference are what every config, in either process, is measured against.
  std::optional<PythonModelRun> python;
  if (builtInPython(request.model.source)) python.emplace(request, cancel);
  tuner::SpaceContext ctx;
  ctx.caps = DeviceCaps::from(engine::deviceInfo(request.device, request.device_index));
  ctx.aot_inductor_available = engine::aotInductorAvailable();
  ctx.source = request.model.source;
  ctx.inputs =
      request.inputs.empty() ? defaultInputs(request.model, request.batch) : request.inputs;
  ctx.static_shapes = request.run.input_cycle.empty();
  ctx.max_autotune = settings.max_autotune;
  tuner::SearchSpace space(ctx, seeds);
  std::string what = fmt::format("{} ({})", request.model.displayName(), toString(ctx.inputs));
  if (shard) {
    std::size_t others = 0;  // the candidates dealt out: all but the FP32 reference
    for (const auto& c : space.candidates()) others += isReferenceConfig(c) ? 0 : 1;
    checkShardFits(*shard, others, "--shard");
    const auto whole = space.restrictToShard(*shard);
    what += fmt::format(", shard {}: {} of the space's {} candidates", shard->toString(),
                        space.candidates().size(), whole);
  }
  const auto device_name = engine::deviceInfo(request.device, request.device_index).name;
  reporter.start(what, device_name, race.budget_ms, race.accuracy.describe());
  EngineMeasurer engine_measurer(request, settings.measurer, reporter, cancel);
  tuner::Measurer& measurer =
      python ? python->measurer(engine_measurer, request.batch) : engine_measurer;
  tuner::RaceOptions options = race;
  options.spent_before_ms =
      race.spent_before_ms + units::toMs(std::chrono::steady_clock::now() - called);
  tuner::Race racer(measurer, options, &reporter);
  TuningRun run;
  run.result = racer.run(space);
  leaveCompilesRunning(run.result);
  appendPeerComparison(run.result);
  if (const auto advice = inductorAdvice(request.model); !advice.empty())
    run.result.verdict += ". " + advice;
  std::optional<SessionResult> header = engine_measurer.firstSession();
  if (python) {
    if (!header) header = python->header(request);
    header->parameter_count = python->prepared().parameter_count;
  }
  if (header) run.session = tunedSession(*header, run.result, what, device_name, shard);
  return run;
}

}  // namespace inferscope::runner
