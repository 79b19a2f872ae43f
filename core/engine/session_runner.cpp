#include "core/engine/session_runner.h"

#include <fmt/format.h>

#include <chrono>

#include "core/common/error.h"
#include "core/common/units.h"
#include "core/engine/result_analysis.h"
#include "core/engine/run_budget.h"

namespace inferscope {
namespace {

using Clock = std::chrono::steady_clock;

class SessionLoop {
 public:
  SessionLoop(SessionResult& session, ConfigBackend& backend, const SessionEnvironment& environment,
              EventSink& sink)
      : session_(session), backend_(backend), environment_(environment), sink_(sink) {}

  // One config, and its autocast fallback when its whole-model cast failed.
  ConfigResult runOne(const OptimizationConfig& config, int index, bool keep_outputs,
                      double time_budget_ms) {
    const auto& request = session_.request;
    sink_.onConfigStart(index, static_cast<int>(request.plan.size()), config);
    ConfigResult r;
    r.index = index;
    r.config = config;
    if (auto reason =
            unsupportedReason(config, environment_.caps, environment_.aot_inductor_available)) {
      r.status = ConfigStatus::Unsupported;
      r.message = *reason;
      return r;
    }
    const bool static_shapes =
        replaysCudaGraph(config.compile) || runsAotInductorPackage(config.compile);
    if (static_shapes && !request.run.input_cycle.empty()) {
      r.status = ConfigStatus::Unsupported;
      r.message =
          "CUDA graphs and AOTInductor packages are compiled for one input shape; input sizes vary "
          "here";
      return r;
    }
    r = backend_.runConfig(config, index, keep_outputs, time_budget_ms);
    if (auto fallback = autocastFallback(config, r)) {
      sink_.onLog(LogLevel::Warning, fmt::format("{}: the whole-model cast failed ({}); trying {}",
                                                 config.key(), r.message, fallback->key()));
      auto fb = runOne(*fallback, index, keep_outputs, time_budget_ms);
      fb.fallback_from = config.key();
      fb.message = fmt::format(
          "fallback: the whole-model {} cast failed ({}); ran {} instead (autocast keeps the "
          "weights in FP32 and casts per operator){}",
          config.key(), r.message, fallback->key(), fb.message.empty() ? "" : "; " + fb.message);
      return fb;
    }
    finishStatistics(r);
    if (r.status != ConfigStatus::Ok) {
      sink_.onLog(r.status == ConfigStatus::Cancelled ? LogLevel::Info : LogLevel::Warning,
                  fmt::format("{}: {} — {}", config.key(), toString(r.status), r.message));
    }
    return r;
  }

 private:
  // The steady-state analysis decides where steady state starts (not the fixed warm-up count),
  // and every statistic is of the steady part. A latency that is not a time fails the config,
  // naming the iteration.
  void finishStatistics(ConfigResult& r) const {
    if (r.latency_ms.empty()) return;
    if (r.steady.stop_reason.empty()) {
      r.steady.stop_reason = r.status == ConfigStatus::Cancelled ? "cancelled" : "fixed-count";
    }
    try {
      analyseLatencies(r, session_.request.batch);
    } catch (const Error& e) {
      r.status = ConfigStatus::Error;
      r.message = e.what();
    }
  }

  SessionResult& session_;
  ConfigBackend& backend_;
  const SessionEnvironment& environment_;
  EventSink& sink_;
};

}  // namespace

std::optional<OptimizationConfig> autocastFallback(const OptimizationConfig& config,
                                                   const ConfigResult& r) {
  if (r.status != ConfigStatus::Error || !config.isLowPrecisionCast() ||
      runsAotInductorPackage(config.compile)) {
    return std::nullopt;
  }
  const auto& m = r.message;
  const bool dtype_mismatch =
      m.find("scalar type") != std::string::npos || m.find("dtype") != std::string::npos ||
      m.find("BFloat16") != std::string::npos || m.find("Half") != std::string::npos;
  if (!dtype_mismatch) return std::nullopt;
  auto fallback = config;
  fallback.precision =
      config.precision == Precision::Bf16Cast ? Precision::AutocastBf16 : Precision::AutocastFp16;
  return fallback;
}

void runSession(SessionResult& session, ConfigBackend& backend,
                const SessionEnvironment& environment, EventSink& sink, const CancelToken& cancel) {
  const auto& request = session.request;
  const auto& run = request.run;
  if (request.plan.empty()) throw Error(ErrorKind::InvalidInput, "the plan has no configs");
  const auto reference = [&] {
    const ReferenceRun ref = backend.runReference(run.check_accuracy);
    session.parameter_count = ref.parameter_count;
    session.output_shapes = ref.output_shapes;
  };
  if (!run.reference_last) {
    // The FP32 reference runs first, on the device: it validates the model and its inputs before
    // any config starts, and it pays for CUDA context creation (configs' cold starts exclude it;
    // the isolation mode, which runs it last, measures true cold starts).
    reference();
  }
  if (!run.reference_last || !environment.device_is_cuda) {
    backend.measureBaseline();  // the reference's blocks are not the configs' baseline
  } else {
    backend.skipBaseline(
        "an isolated worker measures nothing before its config, whose cold start would then not "
        "include creating the CUDA context; the config ran in a fresh process");
  }
  SessionLoop loop(session, backend, environment, sink);
  const auto session_start = Clock::now();
  for (std::size_t i = 0; i < request.plan.size(); ++i) {
    if (cancel.cancelled()) {
      session.cancelled = true;
      break;
    }
    const double budget_ms =
        configBudgetMs(run, units::toMs(Clock::now() - session_start), request.plan.size() - i);
    session.configs.push_back(
        loop.runOne(request.plan[i], static_cast<int>(i), run.reference_last, budget_ms));
    if (!run.reference_last) {
      if (environment.finish_config) environment.finish_config(session.configs.back(), session);
      sink.onConfigDone(session.configs.back());
    }
    if (session.configs.back().status == ConfigStatus::Cancelled) session.cancelled = true;
  }
  if (run.reference_last) {
    reference();
    for (std::size_t i = 0; i < session.configs.size(); ++i) {
      backend.compareKeptOutputs(static_cast<int>(i), session.configs[i]);
      if (environment.finish_config) environment.finish_config(session.configs[i], session);
      sink.onConfigDone(session.configs[i]);
    }
  }
  sink.onSessionDone(session);
}

}  // namespace inferscope
