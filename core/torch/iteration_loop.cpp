#include "core/torch/iteration_loop.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>

#include "core/analysis/online_analyser.h"
#include "core/common/units.h"
#include "core/roofline/roofline_place.h"
#include "core/roofline/work_recorder.h"
#include "core/torch/cudnn_observation.h"
#include "core/torch/iteration_timer.h"
#include "core/torch/op_recorder.h"
#include "core/trace/kernel_tracer.h"
#include "core/trace/timeline_json.h"
#include "core/trace/trace_aggregator.h"

namespace inferscope::torchlayer {

using Clock = std::chrono::steady_clock;

// Measured iterations a fixed-count config keeps when its time budget runs out: a median of a few.
constexpr int kMinIterationsInBudget = 3;

std::vector<torch::Tensor> iterate(const TorchSession& ctx, PreparedModel& model, ConfigResult& r,
                                   double time_budget_ms) {
  const auto& run = ctx.request.run;
  int warmup = std::max(0, run.warmup_iterations);  // both shrink when a time budget runs out
  int total =
      run.adaptive ? std::max(1, run.max_iterations) : warmup + std::max(1, run.measure_iterations);
  r.warmup_iterations = warmup;
  const int cycle_length = 1 + static_cast<int>(ctx.cycle_cpu_inputs.size());
  std::optional<analysis::OnlineAnalyser> online;
  if (run.adaptive) {
    analysis::StopRule rule;
    rule.target_rel_half_width = run.target_rel_ci;
    rule.min_iterations = static_cast<std::size_t>(std::max(1, run.min_iterations));
    rule.max_iterations = static_cast<std::size_t>(total);
    rule.time_budget_ms = time_budget_ms;
    online.emplace(rule);
  }
  auto timer = ctx.probes.timer ? ctx.probes.timer() : makeIterationTimer(ctx.device);
  std::vector<std::vector<torch::Tensor>> cycle_inputs;  // input sets 1…k−1 on the device
  for (const auto& set : ctx.cycle_cpu_inputs) {
    cycle_inputs.push_back(deviceInputs(set, r.config, model.model_dtype, ctx.device));
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
    r.trace_summary = std::move(untraced);
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
    std::optional<OpRecorder> ops;
    if (traced) {
      if (tracer->wantsOps()) ops.emplace(*tracer);  // not in a light iteration (kernel_tracer.h)
      r.traced_iterations.push_back(i);
    }
    const auto& inputs = ctx.cycle_cpu_inputs.empty() || i % cycle_length == 0
                             ? model.inputs
                             : cycle_inputs[static_cast<std::size_t>(i % cycle_length) - 1];
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
      Progress p{r.index, static_cast<int>(ctx.request.plan.size()), i + 1, total,
                 units::toMs(now - start)};
      if (online && online->provisionalSteadyStart())
        p.provisional_steady_start = static_cast<int>(*online->provisionalSteadyStart());
      ctx.sink.onProgress(p);
      last_progress = now;
    }
    // A fixed count stops at the time budget too (the tuner's deadline: the CLI takes budgets in
    // adaptive runs only), once the warm-up and a few measured iterations are in. A config that
    // slow (BF16 convolutions on a CPU without BF16 units: seconds per ResNet-18 iteration) is
    // measured well enough to lose, and the run keeps its budget.
    if (!online && time_budget_ms > 0 && units::toMs(now - start) > time_budget_ms) {
      if (i + 1 < warmup) {  // out of time in the warm-up: it ends here, and a few are measured
        warmup = i + 1;
        r.warmup_iterations = warmup;
        total = std::min(total, warmup + kMinIterationsInBudget);
        r.steady.stop_reason = analysis::toString(analysis::StopReason::TimeBudget);
      } else if (i + 1 >= warmup + kMinIterationsInBudget) {
        r.steady.stop_reason = analysis::toString(analysis::StopReason::TimeBudget);
        break;
      }
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
    r.trace_summary = trace::TraceAggregator().summarize(*window);
    if (window->traced()) r.timeline = trace::boundedTimeline(trace::buildTimelineData(*window));
    if (window->traced() && ctx.request.run.trace_convolutions) {
      r.cudnn_observation =
          engine::observeCudnn(*window, r, warmup, ctx.device.is_cuda() ? ctx.device.index() : -1);
    }
    r.trace_window = std::move(window);
  }
  // The roofline's observed iteration: one more forward, untimed and after the trace window is
  // closed, with every operator's argument and result shapes recorded for its work
  // (core/roofline/). Compiled configs whose operators are not seen (CUDA graph replay,
  // AOTInductor) take an eager config's count afterwards (roofline::placeConfig).
  if (run.roofline && r.status == ConfigStatus::Ok && roofline::operatorsObservable(r.config)) {
    roofline::WorkRecorder recorder;
    {
      OpRecorder ops(recorder);
      outputs = model.forward(model.inputs);
      synchronize(ctx.device);
    }
    roofline::ConfigRoofline counted;
    counted.work = roofline::countWork(recorder.takeCalls());
    // Each operator's longest kernel in the trace window, to carry its work (roofline_place.h).
    if (r.trace_window && r.trace_window->traced())
      counted.kernels = roofline::mainKernels(*r.trace_window);
    r.roofline = std::move(counted);
  }
  return outputs;
}

}  // namespace inferscope::torchlayer
