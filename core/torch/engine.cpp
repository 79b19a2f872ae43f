// engine::run — the session loop: resolve inputs, compute the FP32 reference, then run each config
// on a fresh model under its settings, streaming every sample to the sink. One config's failure
// (unsupported, OOM, a throwing model) is recorded and the plan goes on.
#include "core/engine/engine.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <optional>

#include "core/analysis/online_analyser.h"
#include "core/engine/result_analysis.h"
#include "core/analysis/steady_state_analysis.h"
#include "core/analysis/summary_stats.h"
#include "core/common/error.h"
#include "core/common/time_format.h"
#include "core/common/units.h"
#include "core/common/version.h"
#include "core/cudnn/ledger_builder.h"
#include "core/cudnn/ledger_json.h"
#include "core/engine/cudnn_query.h"
#include "core/model/model_zoo.h"
#include "core/torch/accuracy.h"
#include "core/torch/iteration_timer.h"
#include "core/torch/memory_probe.h"
#include "core/torch/op_recorder.h"
#include "core/torch/prepared_model.h"
#include "core/torch/settings_guard.h"
#include "core/trace/kernel_tracer.h"
#include "core/trace/timeline_json.h"
#include "core/trace/trace_aggregator.h"
#include "core/trace/trace_summary_json.h"

namespace inferscope::engine {
namespace tl = torchlayer;
namespace {

// This config's part of a cuDNN ledger (core/cudnn/ledger_builder.h): what ran under each
// convolution of the window, and — when cuDNN chose by heuristics — cuDNN's own candidates per
// shape, asked in this process after the run (cuDNN is loaded and initialised as LibTorch uses it).
std::string cudnnObservation(const trace::TraceWindow& window, const ConfigResult& r, int warmup,
                             const torch::Device& device) {
  cudnn::ModeRunInfo info;
  info.mode = r.config.cudnn.deterministic ? cudnn::SelectionMode::Deterministic
              : r.config.cudnn.benchmark   ? cudnn::SelectionMode::Benchmark
                                           : cudnn::SelectionMode::Heuristic;
  info.config_key = r.config.key();
  info.latency_ms = r.latency_ms;
  const auto measured =
      std::min<std::ptrdiff_t>(warmup, static_cast<std::ptrdiff_t>(r.latency_ms.size()));
  info.steady_median_ms =
      analysis::summarize({r.latency_ms.begin() + measured, r.latency_ms.end()}).median;
  cudnn::CudnnLedger part = cudnn::observeMode(window, info);
  if (info.mode == cudnn::SelectionMode::Heuristic) {
    const bool tf32 = r.config.convolutionsUseTf32();
    for (auto& layer : part.layers) {
      if (layer.shape.transposed) continue;
      if (!device.is_cuda()) {
        layer.query_error = "requires CUDA and cuDNN: this config ran on the CPU";
        continue;
      }
      auto query = engine::queryConvolutionAlgorithms(layer.shape, tf32, device.index());
      layer.candidates = std::move(query.candidates);
      layer.query_error = std::move(query.error);
    }
  }
  part.cudnn_version = engine::cudnnLibraryVersion();
  return cudnn::ledgerToJson(part);
}

using Clock = std::chrono::steady_clock;

std::string hostName() {
  char buf[256] = {};
  return ::gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : std::string();
}

// The sentence a user needs from a LibTorch error: c10::Error's first line without the C++
// backtrace; for TorchScript interpreter errors (a traceback ending in "RuntimeError: …") the last
// non-empty line.
std::string torchErrorSummary(const std::exception& e) {
  std::string text = e.what();
  if (const auto* c10_error = dynamic_cast<const c10::Error*>(&e))
    text = c10_error->what_without_backtrace();
  if (text.find("Traceback of TorchScript") != std::string::npos) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    const auto nl = text.rfind('\n');
    return nl == std::string::npos ? text : text.substr(nl + 1);
  }
  const auto nl = text.find('\n');
  return nl == std::string::npos ? text : text.substr(0, nl);
}

// Our spelling of a dtype ("float32"), as input specs use it.
std::string dtypeName(at::ScalarType type) {
  switch (type) {
    case at::kFloat:
      return "float32";
    case at::kHalf:
      return "float16";
    case at::kBFloat16:
      return "bfloat16";
    case at::kLong:
      return "int64";
    case at::kInt:
      return "int32";
    default:
      return c10::toString(type);
  }
}

struct SessionContext {
  const ProfileRequest& request;
  torch::Device device;
  std::vector<torch::Tensor> cpu_inputs;
  std::vector<torch::Tensor> reference;  // FP32-IEEE outputs on the CPU; empty if not checked
  EventSink& sink;
  const CancelToken& cancel;
  DeviceCaps caps;
  int config_count = 0;
  std::vector<std::string> output_shapes;
  std::vector<std::vector<torch::Tensor>> cycle_cpu_inputs;  // RunSettings::input_cycle, drawn once
  tl::FreeMemory memory_before;  // before the first config: what an OOM must leave behind again
};

int cycleLength(const SessionContext& ctx) {
  return 1 + static_cast<int>(ctx.cycle_cpu_inputs.size());
}

// Statistics of a finished config (core/engine/result_analysis.h): the steady-state analysis
// decides where steady state starts (not the fixed warm-up count), and every statistic is of the
// steady part. A latency that is not a time fails the config, naming the iteration.
void fillStats(ConfigResult& r, std::int64_t batch) {
  if (r.latency_ms.empty()) return;
  if (r.steady.stop_reason.empty()) {
    r.steady.stop_reason = r.status == ConfigStatus::Cancelled ? "cancelled" : "fixed-count";
  }
  try {
    analyseLatencies(r, batch);
  } catch (const Error& e) {
    r.status = ConfigStatus::Error;
    r.message = e.what();
  }
}

// The time budget of the next config: its own budget, capped by an equal share of what is left of
// the session's budget over the configs still to run (a slow config leaves less for the rest).
double configBudgetMs(const RunSettings& run, Clock::time_point session_start,
                      std::size_t configs_left) {
  double budget = run.config_time_budget_ms;
  if (run.session_time_budget_ms > 0 && configs_left > 0) {
    const double left =
        std::max(0.0, run.session_time_budget_ms - units::toMs(Clock::now() - session_start));
    const double share = left / static_cast<double>(configs_left);
    budget = budget > 0 ? std::min(budget, share) : share;
  }
  return budget;
}

// Fault injection for tests and demos: INFERSCOPE_FAULT_OOM=key1,key2 makes those configs fail
// with an out-of-memory error after their model is prepared, exercising the recovery path.
bool faultInjectedOom(const std::string& key) {
  const char* list = std::getenv("INFERSCOPE_FAULT_OOM");
  if (!list) return false;
  const std::string padded = fmt::format(",{},", list);
  return padded.find(fmt::format(",{},", key)) != std::string::npos;
}

// Runs the iterations of one prepared config. Returns the last iteration's outputs.
std::vector<torch::Tensor> iterate(SessionContext& ctx, tl::PreparedModel& model, ConfigResult& r,
                                   double time_budget_ms) {
  const auto& run = ctx.request.run;
  const int warmup = std::max(0, run.warmup_iterations);
  const int total =
      run.adaptive ? std::max(1, run.max_iterations) : warmup + std::max(1, run.measure_iterations);
  r.warmup_iterations = warmup;
  std::optional<analysis::OnlineAnalyser> online;
  if (run.adaptive) {
    analysis::StopRule rule;
    rule.target_rel_half_width = run.target_rel_ci;
    rule.min_iterations = static_cast<std::size_t>(std::max(1, run.min_iterations));
    rule.max_iterations = static_cast<std::size_t>(total);
    rule.time_budget_ms = time_budget_ms;
    online.emplace(rule);
  }
  auto timer = tl::makeIterationTimer(ctx.device);
  std::vector<std::vector<torch::Tensor>> cycle_inputs;  // input sets 1…k−1 on the device
  for (const auto& set : ctx.cycle_cpu_inputs) {
    cycle_inputs.push_back(tl::deviceInputs(set, r.config, model.model_dtype, ctx.device));
  }
  std::unique_ptr<trace::KernelTracer> tracer;
  // On the CPU only the host-only source traces (INFERSCOPE_TRACE_SOURCE=host-only: operators and
  // convolution records without kernels; how the ledger path is tested without a GPU).
  if (ctx.request.run.trace_kernels && (ctx.device.is_cuda() || trace::hostOnlyTraceRequested())) {
    trace::TraceWindowPolicy policy;
    policy.warmup_iterations_traced =
        std::min(warmup, std::max(0, ctx.request.run.trace_warmup_iterations));
    policy.steady_iterations_traced = std::max(0, ctx.request.run.trace_steady_iterations);
    policy.capture_convolutions = ctx.request.run.trace_convolutions;
    // Shapes formatted once per stretch are copied to later iterations: right only while every
    // iteration sees the same input sizes.
    if (!ctx.cycle_cpu_inputs.empty()) policy.input_shapes = trace::InputShapes::EveryIteration;
    std::string problems;
    policy = trace::applyTraceEnvironment(policy, &problems);  // ablation knobs (PERFORMANCE.md)
    if (!problems.empty()) ctx.sink.onLog(LogLevel::Warning, problems);
    tracer = std::make_unique<trace::KernelTracer>(trace::makeTraceActivitySource(), policy);
  } else if (ctx.request.run.trace_kernels) {
    trace::TraceSummary untraced;
    untraced.untraced_reason = "untraced: kernel tracing needs a CUDA device";
    r.trace_summary_json = trace::traceSummaryToJson(untraced);
  }
  std::vector<torch::Tensor> outputs;
  const auto start = Clock::now();
  auto last_progress = start;
  for (int i = 0; i < total; ++i) {
    if (ctx.cancel.cancelled()) {
      r.status = ConfigStatus::Cancelled;
      r.message = fmt::format("cancelled after {} of {} iterations", i, total);
      break;
    }
    const bool traced = tracer && tracer->beginIteration(i, i < warmup);
    std::optional<tl::OpRecorder> ops;
    if (traced) {
      if (tracer->wantsOps()) ops.emplace(*tracer);  // not in a light iteration (kernel_tracer.h)
      r.traced_iterations.push_back(i);
    }
    const auto& inputs = ctx.cycle_cpu_inputs.empty() || i % cycleLength(ctx) == 0
                             ? model.inputs
                             : cycle_inputs[static_cast<std::size_t>(i % cycleLength(ctx)) - 1];
    const auto host_start = Clock::now();
    timer->begin();
    outputs = model.forward(inputs);
    const double latency_ms = timer->endMs();
    const double host_ms = units::toMs(Clock::now() - host_start);
    if (traced) {
      ops.reset();
      tracer->endIteration(i);
    }
    r.latency_ms.push_back(latency_ms);
    r.host_ms.push_back(host_ms);
    ctx.sink.onSample(Sample{r.index, i, latency_ms, host_ms, i < warmup});
    if (online) online->add(latency_ms);
    const bool stop = online && online->shouldStop();
    const auto now = Clock::now();
    if (stop || i + 1 == total || now - last_progress > std::chrono::milliseconds(100)) {
      Progress p{r.index, ctx.config_count, i + 1, total, units::toMs(now - start)};
      if (online && online->provisionalSteadyStart())
        p.provisional_steady_start = static_cast<int>(*online->provisionalSteadyStart());
      ctx.sink.onProgress(p);
      last_progress = now;
    }
    if (stop) {
      r.steady.stop_reason = analysis::toString(online->stopReason());
      break;
    }
  }
  // Accuracy is always judged on input set 0, the one the reference saw.
  if (!ctx.cycle_cpu_inputs.empty() && r.status == ConfigStatus::Ok)
    outputs = model.forward(model.inputs);
  if (tracer) {
    auto window = std::make_shared<const trace::TraceWindow>(tracer->finish());
    r.trace_summary_json = trace::traceSummaryToJson(trace::TraceAggregator().summarize(*window));
    if (window->traced())
      r.timeline_json = trace::timelineToJson(trace::buildTimelineData(*window));
    if (window->traced() && ctx.request.run.trace_convolutions) {
      r.cudnn_observation_json = cudnnObservation(*window, r, warmup, ctx.device);
    }
    r.trace_window = std::move(window);
  }
  return outputs;
}

// The autocast config to try when a whole-model cast failed on a dtype mismatch (constants or
// buffers baked into a traced model stay FP32), or nullopt. AOTInductor packages have no autocast.
std::optional<OptimizationConfig> autocastFallback(const OptimizationConfig& config, const ConfigResult& r) {
  if (r.status != ConfigStatus::Error || !config.isLowPrecisionCast() ||
      config.compile == CompileMode::AotInductor || config.compile == CompileMode::AotInductorMax) {
    return std::nullopt;
  }
  const auto& m = r.message;
  const bool dtype_mismatch = m.find("scalar type") != std::string::npos || m.find("dtype") != std::string::npos ||
                              m.find("BFloat16") != std::string::npos || m.find("Half") != std::string::npos;
  if (!dtype_mismatch) return std::nullopt;
  auto fallback = config;
  fallback.precision = config.precision == Precision::Bf16Cast ? Precision::AutocastBf16 : Precision::AutocastFp16;
  return fallback;
}

// Runs one config on a fresh model. `kept_outputs` (reference-last mode) receives CPU copies of
// the last iteration's outputs, compared with the reference once it exists.
ConfigResult runConfig(SessionContext& ctx, const OptimizationConfig& config, int index,
                       std::vector<torch::Tensor>* kept_outputs, double time_budget_ms) {
  ConfigResult r;
  r.index = index;
  r.config = config;
  ctx.sink.onConfigStart(index, ctx.config_count, config);
  if (auto reason = unsupportedReason(config, ctx.caps, aotInductorAvailable())) {
    r.status = ConfigStatus::Unsupported;
    r.message = *reason;
    return r;
  }
  const bool static_shapes = config.compile == CompileMode::CudaGraph ||
                             config.compile == CompileMode::AotInductor ||
                             config.compile == CompileMode::AotInductorMax;
  if (static_shapes && !ctx.cycle_cpu_inputs.empty()) {
    r.status = ConfigStatus::Unsupported;
    r.message =
        "CUDA graphs and AOTInductor packages are compiled for one input shape; input sizes vary "
        "here";
    return r;
  }
  try {
    const auto setup_start = Clock::now();
    tl::GlobalSettingsGuard settings(config);       // precision and cuDNN flags first …
    tl::ForwardModeGuard mode(config, ctx.device);  // … grad mode and autocast …
    auto probe = tl::makeMemoryProbe(ctx.device);
    auto model =
        tl::prepareModel(ctx.request.model, config, ctx.cpu_inputs, ctx.device);  // … then compile
    r.setup_ms = units::toMs(Clock::now() - setup_start);
    r.compile_ms = model.compile_ms;
    r.memory.parameter_bytes = model.parameter_bytes;
    TORCH_CHECK_WITH(OutOfMemoryError, !faultInjectedOom(config.key()),
                     "injected by INFERSCOPE_FAULT_OOM");
    const auto outputs = iterate(ctx, model, r, time_budget_ms);
    r.memory = [&] {
      auto m = probe->read();
      m.parameter_bytes = model.parameter_bytes;
      return m;
    }();
    if (!ctx.reference.empty() && !outputs.empty() && r.status == ConfigStatus::Ok) {
      r.accuracy = tl::compareOutputs(outputs, ctx.reference);
    } else if (kept_outputs && r.status == ConfigStatus::Ok) {
      for (const auto& t : outputs) kept_outputs->push_back(t.detach().to(torch::kCPU).clone());
    }
  } catch (const c10::OutOfMemoryError& e) {
    r.status = ConfigStatus::OutOfMemory;
    r.message = fmt::format("out of memory: {}", torchErrorSummary(e));
  } catch (const Error& e) {
    r.status = e.kind() == ErrorKind::Unsupported   ? ConfigStatus::Unsupported
               : e.kind() == ErrorKind::OutOfMemory ? ConfigStatus::OutOfMemory
               : e.kind() == ErrorKind::Cancelled   ? ConfigStatus::Cancelled
                                                    : ConfigStatus::Error;
    r.message = e.what();
  } catch (const std::exception& e) {  // c10::Error and TorchScript interpreter errors
    r.status = ConfigStatus::Error;
    r.message = fmt::format("{} failed on {}: {}", ctx.request.model.displayName(),
                            toString(ctx.request.inputs), torchErrorSummary(e));
  }
  // The try block's objects (model, inputs, outputs, guards) are gone by now; what the allocator
  // still caches goes back to the device, so the next config starts as a fresh process would.
  tl::releaseCachedMemory(ctx.device);
  if (r.status == ConfigStatus::OutOfMemory) {
    r.message += "; " + tl::describeMemoryAfterOom(config.key(), ctx.memory_before,
                                                   tl::measureFreeMemory(ctx.device), ctx.device);
  }
  if (auto fallback = autocastFallback(config, r)) {
    // The guide's answer to a model that cannot be cast whole (a traced GPT-2: "expected scalar
    // type Float but found BFloat16"): autocast of the same precision, said so in the result.
    ctx.sink.onLog(LogLevel::Warning, fmt::format("{}: the whole-model cast failed ({}); trying {}", config.key(),
                                                  r.message, fallback->key()));
    auto fb = runConfig(ctx, *fallback, index, kept_outputs, time_budget_ms);
    fb.fallback_from = config.key();
    fb.message = fmt::format("fallback: the whole-model {} cast failed ({}); ran {} instead (autocast keeps the "
                             "weights in FP32 and casts per operator){}",
                             config.key(), r.message, fallback->key(), fb.message.empty() ? "" : "; " + fb.message);
    return fb;
  }
  fillStats(r, ctx.request.batch);
  if (r.status != ConfigStatus::Ok) {
    ctx.sink.onLog(r.status == ConfigStatus::Cancelled ? LogLevel::Info : LogLevel::Warning,
                   fmt::format("{}: {} — {}", config.key(), toString(r.status), r.message));
  }
  return r;
}

// Runs the FP32-IEEE config once: the outputs every config is compared with (kept when
// `keep_outputs`), and the model's parameter count. A model that cannot run at all fails the
// session here, with a message naming the model and its inputs.
std::int64_t referenceRun(SessionContext& ctx, bool keep_outputs) {
  OptimizationConfig fp32;
  if (ctx.request.model.source == ModelSource::AotInductor) {
    // A .pt2 holds compiled code only: no eager model to run in FP32-IEEE. The package itself,
    // in FP32, is the reference, and the session says so.
    fp32.compile = CompileMode::AotInductor;
    ctx.sink.onLog(LogLevel::Info,
                   "the reference is the AOTInductor package itself (a .pt2 has no eager model): "
                   "accuracy compares against its own FP32 output");
  }
  tl::GlobalSettingsGuard settings(fp32);
  tl::ForwardModeGuard mode(fp32, ctx.device);
  try {
    auto model = tl::prepareModel(ctx.request.model, fp32, ctx.cpu_inputs, ctx.device);
    const auto outputs = model.forward(model.inputs);
    ctx.output_shapes.clear();
    for (const auto& t : outputs) {
      ctx.output_shapes.push_back(
          fmt::format("{}:{}", fmt::join(t.sizes(), "x"), dtypeName(t.scalar_type())));
    }
    if (keep_outputs) {
      for (const auto& t : outputs) ctx.reference.push_back(t.detach().to(torch::kCPU).clone());
    }
    return model.parameter_count;
  } catch (const c10::OutOfMemoryError&) {
    tl::releaseCachedMemory(ctx.device);
    ctx.sink.onLog(LogLevel::Warning,
                   fmt::format("the FP32 reference ran out of memory: accuracy is not measured; {}",
                               tl::describeMemoryAfterOom("the reference", ctx.memory_before,
                                                          tl::measureFreeMemory(ctx.device),
                                                          ctx.device)));
    return 0;
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {  // c10::Error and TorchScript interpreter errors
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} cannot run on input {}: {}", ctx.request.model.displayName(),
                            toString(ctx.request.inputs), torchErrorSummary(e)));
  }
}

}  // namespace

SessionResult run(const ProfileRequest& request_in, EventSink& sink, const CancelToken& cancel) {
  SessionResult session;
  session.generator = fmt::format("inferscope {}", kInferScopeVersion);
  session.created_utc = utcTimestamp();
  session.host = hostName();
  session.request = request_in;
  auto& request = session.request;
  if (request.device == DeviceKind::Cuda && !cudaAvailable()) {
#ifdef INFERSCOPE_WITH_CUDA
    throw Error(ErrorKind::Unsupported,
                "--device cuda: no CUDA device is visible (check nvidia-smi "
                "and CUDA_VISIBLE_DEVICES), or use --device cpu");
#else
    throw Error(ErrorKind::Unsupported,
                fmt::format("--device cuda: this InferScope is built against the CPU-only LibTorch "
                            "{}; rebuild against a CUDA LibTorch (README, 'Building with CUDA') or "
                            "use --device cpu",
                            libtorchVersion()));
#endif
  }
  session.device = deviceInfo(request.device, request.device_index);
  if (request.inputs.empty()) request.inputs = defaultInputs(request.model, request.batch);
  request.batch = request.inputs.front().batch();
  if (request.plan.empty()) throw Error(ErrorKind::InvalidInput, "the plan has no configs");

  const torch::Device device =
      request.device == DeviceKind::Cuda
          ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(request.device_index))
          : torch::Device(torch::kCPU);
  SessionContext ctx{request,
                     device,
                     tl::makeInputs(request.inputs, request.model.seed),
                     {},
                     sink,
                     cancel,
                     DeviceCaps::from(session.device),
                     static_cast<int>(request.plan.size()),
                     {},
                     {}};
  for (const auto& set : request.run.input_cycle)
    ctx.cycle_cpu_inputs.push_back(tl::makeInputs(set, request.model.seed));
  if (!request.run.reference_last) {
    // The FP32 reference runs first, on the device: it validates the model and its inputs before
    // any config starts, and it pays for CUDA context creation (configs' cold starts exclude it;
    // the isolation mode, which runs it last, measures true cold starts).
    session.parameter_count = referenceRun(ctx, request.run.check_accuracy);
    session.output_shapes = ctx.output_shapes;
  }
  if (!request.run.reference_last || !device.is_cuda()) {
    tl::releaseCachedMemory(device);  // the reference's blocks are not the configs' baseline
    ctx.memory_before = tl::measureFreeMemory(device);
  } else {
    ctx.memory_before.source =
        "an isolated worker measures nothing before its config, whose cold start would then not "
        "include creating the CUDA context; the config ran in a fresh process";
  }
  std::vector<std::vector<torch::Tensor>> kept(request.plan.size());
  const auto session_start = Clock::now();
  for (std::size_t i = 0; i < request.plan.size(); ++i) {
    if (cancel.cancelled()) {
      session.cancelled = true;
      break;
    }
    session.configs.push_back(runConfig(
        ctx, request.plan[i], static_cast<int>(i), request.run.reference_last ? &kept[i] : nullptr,
        configBudgetMs(request.run, session_start, request.plan.size() - i)));
    if (!request.run.reference_last) sink.onConfigDone(session.configs.back());
    if (session.configs.back().status == ConfigStatus::Cancelled) session.cancelled = true;
  }
  if (request.run.reference_last) {
    session.parameter_count = referenceRun(ctx, request.run.check_accuracy);
    session.output_shapes = ctx.output_shapes;
    for (std::size_t i = 0; i < session.configs.size(); ++i) {
      auto& c = session.configs[i];
      if (!ctx.reference.empty() && !kept[i].empty())
        c.accuracy = tl::compareOutputs(kept[i], ctx.reference);
      sink.onConfigDone(c);
    }
  }
  sink.onSessionDone(session);
  return session;
}

}  // namespace inferscope::engine
