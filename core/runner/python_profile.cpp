#include "core/runner/python_profile.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

#include "core/analysis/summary_stats.h"
#include "core/common/error.h"
#include "core/cudnn/ledger_builder.h"
#include "core/engine/engine.h"
#include "core/engine/result_analysis.h"
#include "core/engine/session_runner.h"
#include "core/roofline/roofline_place.h"
#include "core/runner/fork_runner.h"
#include "core/runner/isolated_runner.h"
#include "core/runner/python_model_measurer.h"
#include "core/runner/python_model_run.h"
#include "core/trace/kernel_tracer.h"

namespace inferscope::runner {
namespace {

// An engine run of one config of the plan, seen by the plan's sink as config `index`: its samples,
// progress and log lines pass with the index shifted; its start, result and session end are the
// outer loop's to report.
class OneConfigSink final : public EventSink {
 public:
  OneConfigSink(EventSink& sink, int index, int count)
      : sink_(sink), index_(index), count_(count) {}
  void onSample(const Sample& sample) override {
    Sample s = sample;
    s.config_index = index_;
    sink_.onSample(s);
  }
  void onProgress(const Progress& progress) override {
    Progress p = progress;
    p.config_index = index_;
    p.config_count = count_;
    sink_.onProgress(p);
  }
  void onLog(LogLevel level, const std::string& message) override { sink_.onLog(level, message); }

 private:
  EventSink& sink_;
  int index_, count_;
};

class PythonModelBackend final : public ConfigBackend {
 public:
  PythonModelBackend(const ProfileRequest& request, const ProfileRunOptions& options,
                     PythonModelRun& python, EventSink& sink, const CancelToken& cancel)
      : request_(request), options_(options), python_(python), sink_(sink), cancel_(cancel) {}

  // The worker ran the strict-FP32 reference when it prepared the model; its outputs are on disk.
  ReferenceRun runReference(bool) override {
    ReferenceRun ref;
    ref.parameter_count = python_.prepared().parameter_count;
    ref.output_shapes = python_.prepared().output_shapes;
    return ref;
  }
  // The worker frees each config's memory itself and counts a config's peak above what it started
  // from (inferscope_pymodel.py); the engine's configs measure their own baseline.
  void measureBaseline() override {}
  void skipBaseline(const std::string&) override {}
  void compareKeptOutputs(int, ConfigResult&) override {}

  ConfigResult runConfig(const OptimizationConfig& config, int index, bool,
                         double time_budget_ms) override {
    if (auto refusal = pythonModelRefusal(config)) {
      ConfigResult r;
      r.index = index;
      r.config = config;
      r.status = ConfigStatus::Unsupported;
      r.message = *refusal;
      return r;
    }
    if (runsInEngine(config)) {
      ConfigResult r = inEngine(config, index);
      r.index = index;
      fillParameterBytes(r, python_.prepared().parameter_count);
      return r;
    }
    // The worker sends the config's iterations while it runs (a few times a second): they go to
    // the sink as they come, as the engine's loop sends its own, so the window draws the series
    // growing. Forked configs send theirs with the result: each fork starts from iteration 0
    // again, and the series the session keeps is the first fork's.
    int streamed = 0;
    const int planned = request_.run.warmup_iterations + request_.run.measure_iterations;
    PythonWorker& worker = python_.worker();
    if (options_.forks <= 1)
      worker.setSampleListener([&](const PythonSampleBatch& batch) {
        if (!(batch.config == config) || batch.first_iteration != streamed) return;
        streamed = sendSamples(index, streamed, batch.latency_ms, batch.host_ms, 0,
                               request_.run.warmup_iterations, planned);
      });
    struct StopListening {
      PythonWorker& worker;
      ~StopListening() { worker.setSampleListener({}); }
    } stop_listening{worker};
    ConfigResult r = inWorker(config, time_budget_ms);
    worker.setSampleListener({});
    r.index = index;
    fillParameterBytes(r, python_.prepared().parameter_count);
    if (request_.run.trace_kernels && !r.trace_summary) r.trace_summary = untracedInWorker(r);
    // What the worker had not sent yet (the last tenth of a second, or the whole series of a
    // worker that does not stream) arrives with the result.
    sendSamples(index, streamed, r.latency_ms, r.host_ms, static_cast<std::size_t>(streamed),
                r.warmup_iterations, planned);
    return r;
  }

 private:
  // Sends latency_ms[first…] (host_ms beside them where the worker sent them) as the iterations
  // from `iteration` on of config `index`, then its progress; returns the next iteration.
  int sendSamples(int index, int iteration, const std::vector<double>& latency_ms,
                  const std::vector<double>& host_ms, std::size_t first, int warmup, int planned) {
    for (std::size_t k = first; k < latency_ms.size(); ++k, ++iteration) {
      Sample s;
      s.config_index = index;
      s.iteration = iteration;
      s.latency_ms = latency_ms[k];
      s.host_ms = k < host_ms.size() ? host_ms[k] : s.latency_ms;
      s.warmup = iteration < warmup;
      sink_.onSample(s);
    }
    Progress p;
    p.config_index = index;
    p.config_count = static_cast<int>(request_.plan.size());
    p.iteration = iteration;
    p.planned_iterations = planned;
    sink_.onProgress(p);
    return iteration;
  }

  // An AOTInductor config: the engine, in this process or its workers as the run asks, on the
  // prepared inputs against the prepared reference (the engine reads both from the folder).
  ConfigResult inEngine(const OptimizationConfig& config, int index) {
    ProfileRequest one = request_;
    one.plan = {config};
    OneConfigSink sink(sink_, index, static_cast<int>(request_.plan.size()));
    const SessionResult s = options_.forks > 1
                                ? runForked(one, options_.forks, sink, cancel_, options_.isolation)
                            : options_.isolate ? runIsolated(one, sink, cancel_, options_.isolation)
                                               : runInProcess(one, sink, cancel_);
    if (!s.configs.empty()) return s.configs.front();
    ConfigResult r;
    r.config = config;
    r.status = s.cancelled ? ConfigStatus::Cancelled : ConfigStatus::Error;
    r.message = s.cancelled ? "cancelled" : "the engine returned no result";
    return r;
  }

  // The config's part of the cuDNN ledger from the worker's trace window (its convolution
  // records and the kernels under them, as cudnn::observeMode reads the engine's window). cuDNN's
  // own candidate algorithms per shape are asked in the process that ran the model; the worker's
  // instruments module does not ask them yet, so a heuristic-mode layer says so instead of
  // showing another process's cuDNN's answer.
  cudnn::CudnnLedger observeWorkerCudnn(const ConfigResult& r, int cudnn_version) const {
    cudnn::ModeRunInfo info;
    info.mode = r.config.cudnn.deterministic ? cudnn::SelectionMode::Deterministic
                : r.config.cudnn.benchmark   ? cudnn::SelectionMode::Benchmark
                                             : cudnn::SelectionMode::Heuristic;
    info.config_key = r.config.key();
    info.latency_ms = r.latency_ms;
    const auto warmup = std::clamp<std::ptrdiff_t>(
        r.warmup_iterations, 0, static_cast<std::ptrdiff_t>(r.latency_ms.size()));
    if (warmup < static_cast<std::ptrdiff_t>(r.latency_ms.size()))
      info.steady_median_ms =
          analysis::summarize({r.latency_ms.begin() + warmup, r.latency_ms.end()}).median;
    cudnn::CudnnLedger part = cudnn::observeMode(*r.trace_window, info);
    if (info.mode == cudnn::SelectionMode::Heuristic) {
      for (auto& layer : part.layers) {
        if (layer.shape.transposed) continue;
        layer.query_error =
            request_.device == DeviceKind::Cuda
                ? "cuDNN's candidates are not asked in the Python worker yet (its instruments "
                  "module has no cuDNN query); what ran is from its trace"
                : "requires CUDA and cuDNN: this config ran on the CPU";
      }
    }
    part.cudnn_version = cudnn_version;
    return part;
  }

  // What `trace` says of a config the worker ran without a window: the worker traces with the
  // engine's tracer (its window, or why it could not start, comes with the config), so this is a
  // CPU run, as in the engine, or a config that ended before its window was written.
  trace::TraceSummary untracedInWorker(const ConfigResult& r) const {
    trace::TraceSummary untraced;
    untraced.untraced_reason =
        request_.device != DeviceKind::Cuda && !trace::hostOnlyTraceRequested()
            ? "untraced: kernel tracing needs a CUDA device"
            : fmt::format("untraced: the Python worker returned no trace window for {} ({})",
                          r.config.key(), toString(r.status));
    return untraced;
  }

  // An eager or torch.compile config in the Python worker: its serving process, or a fresh one
  // (isolation), or one fresh one per fork.
  ConfigResult inWorker(const OptimizationConfig& config, double time_budget_ms) {
    PythonWorker& worker = python_.worker();
    const auto& run = request_.run;
    const int forks = std::max(1, options_.forks);
    ConfigResult first;
    for (int f = 0; f < forks; ++f) {
      if (f > 0 && cancel_.cancelled()) break;
      auto runs =
          forks > 1 || options_.isolate
              ? worker.measure(request_.model, python_.prepared(), {config}, run.warmup_iterations,
                               run.measure_iterations, time_budget_ms, &cancel_)
              : worker.measureInSession(request_.model, python_.prepared(), {config},
                                        run.warmup_iterations, run.measure_iterations,
                                        time_budget_ms, &cancel_);
      ConfigResult r = std::move(runs.at(0).result);
      if (f == 0 && request_.run.roofline && !runs.at(0).work_error.empty())
        sink_.onLog(LogLevel::Warning, fmt::format("roofline: {} not counted: {}", config.key(),
                                                   runs.at(0).work_error));
      if (f == 0 && !runs.at(0).memory_error.empty())
        sink_.onLog(LogLevel::Warning,
                    fmt::format("memory: {}: InferScope's memory probe did not run: {}",
                                config.key(), runs.at(0).memory_error));
      judge(r, runs.at(0).output_path);
      if (f == 0 && request_.run.trace_convolutions && r.status == ConfigStatus::Ok &&
          r.trace_window && r.trace_window->traced())
        r.cudnn_observation = observeWorkerCudnn(r, runs.at(0).cudnn_version);
      if (f == 0) {
        first = std::move(r);
        if (first.status != ConfigStatus::Ok) return first;
        continue;
      }
      if (r.status == ConfigStatus::Ok && !r.latency_ms.empty()) {
        try {
          analyseLatencies(r, request_.batch, &cancel_);
        } catch (const Error& e) {
          r.status = ConfigStatus::Error;
          r.message = e.what();
        }
      }
      first.forks.push_back(asForkRun(r));
    }
    if (!first.forks.empty()) {
      // Each fork's steady state, then their spread: what the engine's forked runs report.
      try {
        analyseLatencies(first, request_.batch, &cancel_);
        summariseForks(first, &cancel_);
      } catch (const Error& e) {
        if (e.kind() == ErrorKind::Cancelled) throw;
        first.status = ConfigStatus::Error;
        first.message = e.what();
      }
    }
    return first;
  }

  // The config's last outputs against the FP32 reference, by the engine's rule.
  void judge(ConfigResult& r, const std::string& output_path) const {
    if (r.status != ConfigStatus::Ok || output_path.empty()) return;
    if (!request_.run.check_accuracy) {
      python_.compareWithReference(output_path);  // removes the archive; the figures are unused
      return;
    }
    try {
      r.accuracy = python_.compareWithReference(output_path);
    } catch (const Error& e) {
      // Outputs that do not match the reference's count or shapes: the config computes something
      // else.
      r.status = ConfigStatus::Error;
      r.message =
          fmt::format("its outputs cannot be compared with the FP32 reference: {}", e.what());
    }
  }

  const ProfileRequest& request_;
  const ProfileRunOptions& options_;
  PythonModelRun& python_;
  EventSink& sink_;
  const CancelToken& cancel_;
};

}  // namespace

SessionResult runPythonProfile(const ProfileRequest& given, const ProfileRunOptions& options,
                               EventSink& sink, const CancelToken& cancel) {
  ProfileRequest request = given;
  if (request.plan.empty()) throw Error(ErrorKind::InvalidInput, "the plan has no configs");
  // Built and run once in strict FP32 by the worker: request.inputs becomes the example inputs
  // (or the --input overrides), request.model.prepared_dir the folder the engine's configs read.
  PythonModelRun python(request, cancel);
  python.worker().setCompileInSeries(true);
  if (request.run.adaptive)
    sink.onLog(LogLevel::Warning,
               fmt::format("--adaptive: the Python worker runs a fixed --warmup {} + --iters {} of "
                           "{}'s eager and torch.compile configs; the steady state is found in "
                           "them as in any series",
                           request.run.warmup_iterations, request.run.measure_iterations,
                           request.model.displayName()));
  SessionResult session = python.header(request);
  PythonInstruments instruments;
  // `trace`: the engine's kernel tracer in the worker (its instruments module with the CUPTI
  // source, built against the worker's PyTorch) over the engine's window, for eager and
  // torch.compile configs alike; on the CPU only the host-only source traces, as in the engine.
  if (request.run.trace_kernels &&
      (request.device == DeviceKind::Cuda || trace::hostOnlyTraceRequested())) {
    instruments.trace.on = true;
    instruments.trace.warmup_iterations = request.run.trace_warmup_iterations;
    instruments.trace.steady_iterations = request.run.trace_steady_iterations;
    instruments.trace.convolutions = request.run.trace_convolutions;
  }
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) session.host = host;
  SessionEnvironment environment;
  environment.caps = DeviceCaps::from(session.device);
  environment.aot_inductor_available = engine::aotInductorAvailable();
  environment.device_is_cuda = request.device == DeviceKind::Cuda;
  if (request.run.roofline) {
    // The engine's instruments in the worker (its operator recorder, built against the worker's
    // PyTorch on first use): each eager config runs one more, untimed forward under it; compiled
    // configs take an eager config's count, as the engine's own do. The ceilings are this
    // process's to read or measure, once per device and software stack.
    std::string why;
    session.ceilings = engine::deviceCeilings(request.device, request.device_index, sink, &why);
    if (!why.empty()) sink.onLog(LogLevel::Info, fmt::format("roofline ceilings: {}", why));
    instruments.count_work = true;
    environment.finish_config = [](ConfigResult& r, const SessionResult& s) {
      roofline::placeConfig(r, s.configs, s.ceilings ? &*s.ceilings : nullptr);
    };
  }
  python.worker().setInstruments(instruments);
  PythonModelBackend backend(session.request, options, python, sink, cancel);
  runSession(session, backend, environment, sink, cancel);
  return session;
}

}  // namespace inferscope::runner
