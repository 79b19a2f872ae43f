#include "core/runner/command_run.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <utility>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/time_format.h"
#include "core/cudnn/ledger_builder.h"
#include "core/cudnn/ledger_json.h"
#include "core/engine/engine.h"
#include "core/runner/exit_code.h"
#include "core/runner/isolated_runner.h"
#include "core/runner/pinned_model.h"
#include "core/trace/chrome_trace_writer.h"
#include "core/trace/kernel_tracer.h"

namespace inferscope::runner {
namespace {

// ---- profile ----------------------------------------------------------------------------------

int profileExitCode(const SessionResult& session) {
  if (session.cancelled) return kExitCancelled;
  for (const auto& c : session.configs) {
    if (c.status != ConfigStatus::Ok) return kExitFailure;
  }
  return kExitOk;
}

// ---- trace ------------------------------------------------------------------------------------

std::string chromePathFor(const std::string& base, const std::string& key, bool several) {
  if (!several) return base;
  const std::filesystem::path p(base);
  return (p.parent_path() / (p.stem().string() + "-" + key + p.extension().string())).string();
}

// Each traced config's window as Chrome/Perfetto JSON: the paths written, by config, "" where none
// was. Several configs share the base name, each with its key before the extension.
std::vector<std::string> writeChromeTraces(const std::string& base, const SessionResult& session) {
  std::vector<std::string> paths(session.configs.size());
  if (base.empty()) return paths;
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const ConfigResult& c = session.configs[i];
    if (c.status != ConfigStatus::Ok || !c.trace_summary || !c.trace_window ||
        c.trace_summary->status != trace::TraceStatus::Traced)
      continue;
    paths[i] = chromePathFor(base, c.config.key(), session.configs.size() > 1);
    trace::ChromeTraceOptions chrome;
    chrome.title = fmt::format("{} · {} · {}", session.request.model.displayName(), c.config.key(),
                               session.device.name);
    trace::ChromeTraceWriter(chrome).writeFile(*c.trace_window, paths[i]);
  }
  return paths;
}

CommandOutcome runTrace(const CommandRun& run, EventSink& sink, const CancelToken& cancel) {
  CommandOutcome out;
  ProfileRequest request = run.request;
  request.run.trace_kernels = true;
  out.session = runInProcess(request, sink, cancel);  // with a compile queue of its own
  out.chrome_trace_paths = writeChromeTraces(run.chrome_trace_path, out.session);
  out.exit_code = out.session.cancelled ? kExitCancelled : kExitOk;
  return out;
}

// ---- cudnn ------------------------------------------------------------------------------------

// The config with its cuDNN tokens set for a mode (the base config's own cuDNN tokens dropped).
OptimizationConfig configForMode(OptimizationConfig base, cudnn::SelectionMode mode) {
  base.cudnn.enabled = true;
  base.cudnn.benchmark = mode == cudnn::SelectionMode::Benchmark;
  base.cudnn.deterministic = mode == cudnn::SelectionMode::Deterministic;
  return base;
}

// The re-tuning workers' log lines reach the run's sink; their configs and samples do not: each
// is a measurement of its own, not a config of the ledger's run.
class LogsOnly : public EventSink {
 public:
  explicit LogsOnly(EventSink& sink) : sink_(sink) {}
  void onLog(LogLevel level, const std::string& message) override { sink_.onLog(level, message); }

 private:
  EventSink& sink_;
};

// Runs `plan` with every mode in a fresh worker process.
SessionResult runIsolatedPlan(ProfileRequest request, const std::vector<OptimizationConfig>& plan,
                              const IsolationOptions& isolation, EventSink& sink,
                              const CancelToken& cancel) {
  request.plan = plan;
  return runIsolated(request, sink, cancel, isolation);
}

void writeLedgerJson(CommandOutcome& out, const cudnn::CudnnLedger& ledger,
                     const std::string& path) {
  if (path.empty()) return;
  writeFileAtomically(path, cudnn::ledgerToJson(ledger, 1));
  out.ledger_json_written = path;
}

// On the CPU the ledger is absent, with its reason, in a session of its own.
CommandOutcome absentLedger(const CommandRun& run, cudnn::CudnnLedger ledger) {
  CommandOutcome out;
  ledger.available = false;
  ledger.reason = "requires CUDA and cuDNN: choose a CUDA device (-d cuda)";
  out.session.created_utc = utcTimestamp();
  out.session.request = run.request;
  out.session.device = engine::deviceInfo(DeviceKind::Cpu, 0);
  out.session.cudnn_ledgers = {ledger};
  writeLedgerJson(out, ledger, run.ledger_json_path);
  out.ledger = std::move(ledger);
  out.exit_code = kExitUnsupported;
  return out;
}

CommandOutcome runLedger(const CommandRun& run, EventSink& sink, const CancelToken& cancel) {
  const OptimizationConfig& base = run.cudnn_base;
  cudnn::CudnnLedger ledger;
  ledger.model = run.request.model.displayName();
  ledger.config = base.key();
  ledger.tf32 = base.convolutionsUseTf32();
  ledger.torch_version = engine::libtorchVersion();

  // The host-only trace source records the convolutions without CUPTI: a shape inventory on the
  // CPU, and the way CI runs the ledger's workers.
  if (run.request.device != DeviceKind::Cuda && !trace::hostOnlyTraceRequested())
    return absentLedger(run, std::move(ledger));

  // The three modes, traced with convolution records: iteration 0 (autotuning) and 3 steady ones.
  ProfileRequest request = run.request;
  request.run.check_accuracy = false;
  request.run.trace_kernels = true;
  request.run.trace_convolutions = true;
  request.run.trace_warmup_iterations = 1;
  request.run.trace_steady_iterations = 3;
  std::vector<OptimizationConfig> plan;
  for (cudnn::SelectionMode mode : cudnn::kSelectionModes)
    plan.push_back(configForMode(base, mode));
  CommandOutcome out;
  out.session = runIsolatedPlan(request, plan, run.profile.isolation, sink, cancel);
  if (out.session.cancelled) {
    out.exit_code = kExitCancelled;
    return out;
  }
  const SessionResult& session = out.session;
  ledger.device = session.device.kind == DeviceKind::Cuda
                      ? fmt::format("{} (sm_{}{})", session.device.name, session.device.cc_major,
                                    session.device.cc_minor)
                      : session.device.name;
  if (!session.request.inputs.empty()) ledger.input = toString(session.request.inputs);

  std::vector<cudnn::CudnnLedger> parts;
  for (std::size_t i = 0; i < session.configs.size() && i < plan.size(); ++i) {
    const auto mode = cudnn::kSelectionModes[i];
    const ConfigResult& c = session.configs[i];
    if (c.status != ConfigStatus::Ok) {
      parts.push_back(cudnn::failedMode(mode, c.config.key(),
                                        fmt::format("{}: {}", toString(c.status), c.message)));
    } else if (!c.cudnn_observation && builtInPython(run.request.model.source) &&
               !runsAotInductorPackage(c.config.compile)) {
      // The worker traces its configs with the engine's tracer, convolution records included;
      // without a window, its trace says why (a CPU run, a module built without CUPTI), which is
      // the reason here too, rather than blaming CUPTI or the model.
      parts.push_back(cudnn::failedMode(
          mode, c.config.key(),
          fmt::format("no convolution records: {}",
                      c.trace_summary && !c.trace_summary->untraced_reason.empty()
                          ? c.trace_summary->untraced_reason
                          : std::string("the Python worker returned no trace window"))));
    } else if (!c.cudnn_observation) {
      parts.push_back(
          cudnn::failedMode(mode, c.config.key(),
                            "no convolution records: the run was not traced "
                            "(CUPTI missing or busy?) or the model has no convolutions"));
    } else {
      parts.push_back(*c.cudnn_observation);
      if (ledger.cudnn_version == 0) ledger.cudnn_version = parts.back().cudnn_version;
    }
  }

  // Re-tuning: a fresh worker per mode and input size, alternating the original input (iteration 0,
  // tuned there) with the new one, so iteration 1 is the first call at the new shapes.
  std::map<cudnn::SelectionMode, std::vector<std::pair<std::string, double>>> retune;
  for (const auto& spec : run.retune_inputs) {
    for (cudnn::SelectionMode mode :
         {cudnn::SelectionMode::Heuristic, cudnn::SelectionMode::Benchmark}) {
      ProfileRequest r = request;
      r.run.trace_kernels = false;
      r.run.trace_convolutions = false;
      r.run.warmup_iterations = 0;
      r.run.measure_iterations = 4;
      r.run.adaptive = false;
      r.run.input_cycle = {{spec}};
      LogsOnly logs(sink);
      const SessionResult s =
          runIsolatedPlan(r, {configForMode(base, mode)}, run.profile.isolation, logs, cancel);
      if (s.cancelled) {
        out.exit_code = kExitCancelled;
        out.session.cancelled = true;
        return out;
      }
      const auto& c = s.configs.at(0);
      if (c.status == ConfigStatus::Ok && c.latency_ms.size() >= 2)
        retune[mode].emplace_back(spec.toString(), c.latency_ms[1]);
    }
  }

  ledger.available = true;
  ledger = cudnn::mergeModes(ledger, parts, {});  // candidates came with the heuristic mode's part
  if (request.device != DeviceKind::Cuda) {
    ledger.notes.push_back(
        "CPU run with the host-only trace source: the convolutions the model executes, "
        "without kernels or cuDNN's candidates (those need CUDA and cuDNN)");
  }
  for (auto& [mode, list] : retune) ledger.modes[mode].retune_first_ms = list;
  ledger.notes.push_back(
      "PyTorch selects through cuDNN's v8 graph API (engine configs); the candidate list is "
      "cuDNN's legacy Find/Get catalogue for the same shape, dtype and math type, and what ran "
      "is read from the kernels CUPTI saw beneath each convolution.");
  if (!retune.empty()) {
    ledger.notes.push_back(
        "re-tune: the first iteration at each new input size, in a worker that has just run "
        "the original size (iterations alternate between the two)");
  }
  out.session.cudnn_ledgers = {ledger};
  writeLedgerJson(out, ledger, run.ledger_json_path);
  out.exit_code = kExitOk;
  for (const auto& [mode, totals] : ledger.modes) {
    if (!totals.ok) out.exit_code = kExitFailure;
  }
  out.ledger = std::move(ledger);
  return out;
}

}  // namespace

namespace {

CommandOutcome runPinned(const CommandRun& run, EventSink& sink, const CancelToken& cancel) {
  switch (run.kind) {
    case RunCommandKind::Trace:
      return runTrace(run, sink, cancel);
    case RunCommandKind::CudnnLedger:
      return runLedger(run, sink, cancel);
    case RunCommandKind::Profile:
      break;
  }
  CommandOutcome out;
  out.session = runProfile(run.request, run.profile, sink, cancel);
  out.exit_code = profileExitCode(out.session);
  return out;
}

}  // namespace

CommandOutcome runCommand(const CommandRun& given, EventSink& sink, const CancelToken& cancel) {
  // Every command loads the bytes the user trusted and nothing else: the model file is pinned
  // for the whole run and checked before each worker starts (pinned_model.h); runProfile, called
  // with the copy, keeps this pin.
  CommandRun run = given;
  PinnedModel pinned(run.request.model);
  CommandOutcome out = runPinned(run, sink, cancel);
  // The session names the file the user gave, not this run's private copy.
  if (pinned.active()) out.session.request.model.path = given.request.model.path;
  return out;
}

}  // namespace inferscope::runner
