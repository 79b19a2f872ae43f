// `inferscope-cli cudnn`: the cuDNN algorithm ledger of one model and config — per unique
// convolution shape, cuDNN's candidate algorithms and what actually ran with cudnn.benchmark off,
// on, and with deterministic algorithms.
//
// Each selection mode runs in an isolation worker of its own (core/runner/isolated_runner.h, the
// path `profile --isolate` takes): PyTorch keeps one cuDNN plan cache per process, so a mode run
// after another in the same process would reuse the earlier mode's plans and show neither its own
// choice nor its autotune cost. The worker traces its run with convolution records and returns its
// part of the ledger in the config result (ConfigResult::cudnn_observation, built by the engine;
// the heuristic mode's part carries cuDNN's candidates). The parent merges, prints and writes.
#include <fmt/format.h>

#include <map>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "core/common/time_format.h"
#include "core/cudnn/ledger_builder.h"
#include "core/cudnn/ledger_json.h"
#include "core/engine/cudnn_query.h"
#include "core/engine/engine.h"
#include "core/runner/isolated_runner.h"
#include "core/session/session_file.h"
#include "core/trace/kernel_tracer.h"

namespace inferscope::cli {
namespace {

struct CudnnOptions {
  ModelOptions model;
  std::string config = "fp32";
  std::vector<std::string> retune_inputs;  // input sets for the re-tuning measurement
  std::string json_out;
  std::string session_out;
  std::string events = "text";  // or ndjson: run events on stdout instead of the ledger's text
  bool quiet = false;
};

// The config with its cuDNN tokens set for a mode (the base config's own cuDNN tokens dropped).
OptimizationConfig configForMode(OptimizationConfig base, cudnn::SelectionMode mode) {
  base.cudnn.enabled = true;
  base.cudnn.benchmark = mode == cudnn::SelectionMode::Benchmark;
  base.cudnn.deterministic = mode == cudnn::SelectionMode::Deterministic;
  return base;
}

OptimizationConfig baseConfig(const std::string& key) {
  OptimizationConfig c = OptimizationConfig::parse(key);
  if (replaysCudaGraph(c.compile) || runsAotInductorPackage(c.compile)) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format(
            "the ledger observes convolutions as the eager model runs them: drop +graph/+aoti from "
            "'{}' (a CUDA-graph replay runs the kernels the eager run chose)",
            key));
  }
  if (!c.cudnn.enabled)
    throw Error(ErrorKind::InvalidInput, "'nocudnn' leaves nothing for a cuDNN ledger to show");
  c.cudnn = CudnnSettings{};
  return c;
}

// Runs `plan` with every mode in a fresh worker process.
SessionResult runIsolatedPlan(ProfileRequest request, const std::vector<OptimizationConfig>& plan,
                              EventSink& sink) {
  request.plan = plan;
  return runner::runIsolated(request, sink, processCancelToken(), isolationOptions());
}

void writeOutputs(const CudnnOptions& o, const SessionResult& session,
                  const cudnn::CudnnLedger& ledger) {
  if (!o.json_out.empty()) {
    writeFileAtomically(o.json_out, cudnn::ledgerToJson(ledger, 1));
    fmt::print(stderr, "ledger written to {}\n", o.json_out);
  }
  writeSessionOutput(session, o.session_out);
}

int runLedger(const CudnnOptions& o) {
  RunFiles files;
  addModelInputs(files, o.model);
  files.addOutput("--json", o.json_out);
  files.addOutput("-o", o.session_out);
  files.check();
  ProfileRequest request = toRequest(o.model);  // validates model and inputs before any worker runs
  const OptimizationConfig base = baseConfig(o.config);
  std::vector<InputSpec> retune_specs;
  for (const auto& spec : o.retune_inputs) retune_specs.push_back(InputSpec::parse(spec));

  cudnn::CudnnLedger ledger;
  ledger.model = request.model.displayName();
  ledger.config = base.key();
  ledger.tf32 = base.convolutionsUseTf32();
  ledger.torch_version = engine::libtorchVersion();

  // On the CPU the ledger is absent — unless the host-only trace source is asked for, which records
  // the convolutions without CUPTI: a shape inventory, and the way CI runs this command's workers.
  if (request.device != DeviceKind::Cuda && !trace::hostOnlyTraceRequested()) {
    ledger.available = false;
    ledger.reason = "requires CUDA and cuDNN: choose a CUDA device (-d cuda)";
    if (eventsAreNdjson(o.events)) {
      makeRunSink(o.events, true)->onLog(LogLevel::Error, "the cuDNN ledger " + ledger.reason);
    } else {
      fmt::print("{}", cudnn::formatLedger(ledger));
    }
    SessionResult session;
    session.created_utc = utcTimestamp();
    session.request = request;
    session.device = engine::deviceInfo(DeviceKind::Cpu, 0);
    session.cudnn_ledgers = {ledger};
    writeOutputs(o, session, ledger);
    return kExitUnsupported;
  }

  // The three modes, traced with convolution records: iteration 0 (autotuning) and 3 steady ones.
  request.run.check_accuracy = false;
  request.run.trace_kernels = true;
  request.run.trace_convolutions = true;
  request.run.trace_warmup_iterations = 1;
  request.run.trace_steady_iterations = 3;
  std::vector<OptimizationConfig> plan;
  for (cudnn::SelectionMode mode : cudnn::kSelectionModes)
    plan.push_back(configForMode(base, mode));
  const auto sink = makeRunSink(o.events, o.quiet);
  SessionResult session = runIsolatedPlan(request, plan, *sink);
  if (session.cancelled) {
    fmt::print(stderr, "cancelled\n");
    return kExitCancelled;
  }
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
  for (const auto& spec : retune_specs) {
    for (cudnn::SelectionMode mode :
         {cudnn::SelectionMode::Heuristic, cudnn::SelectionMode::Benchmark}) {
      ProfileRequest r = request;
      r.run.trace_kernels = false;
      r.run.trace_convolutions = false;
      r.run.warmup_iterations = 0;
      r.run.measure_iterations = 4;
      r.run.adaptive = false;
      r.run.input_cycle = {{spec}};
      ConsoleSink quiet(true);  // a measurement of its own, not a config of the ledger's run
      const SessionResult s = runIsolatedPlan(r, {configForMode(base, mode)}, quiet);
      if (s.cancelled) return kExitCancelled;
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
  session.cudnn_ledgers = {ledger};
  if (!eventsAreNdjson(o.events)) fmt::print("{}", cudnn::formatLedger(ledger));
  writeOutputs(o, session, ledger);
  for (const auto& [mode, totals] : ledger.modes) {
    if (!totals.ok) return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

void addCudnnCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<CudnnOptions>();
  auto* cmd = app.add_subcommand("cudnn",
                                 "cuDNN algorithm ledger: per convolution shape, cuDNN's "
                                 "candidates and what ran with benchmark off, "
                                 "on and deterministic (CUDA + cuDNN)");
  options->model.warmup = 5;  // per mode: a ledger needs a steady state, not a tight CI
  options->model.iters = 20;
  addModelOptions(*cmd, options->model);
  cmd->add_option("-c,--config", options->config,
                  "the base config (precision, memory format, TorchScript); its cuDNN tokens are "
                  "replaced per mode")
      ->capture_default_str();
  cmd->add_option(
      "--retune-input", options->retune_inputs,
      "measure re-tuning: iteration 0 at this input spec after the main run (repeatable)");
  cmd->add_option("--json", options->json_out, "write the ledger alone as JSON");
  cmd->add_option("-o,--out", options->session_out,
                  "write a session file (the modes' runs and the ledger)");
  cmd->add_flag("-q,--quiet", options->quiet, "no progress lines");
  addEventsOption(*cmd, options->events);
  cmd->callback([options, &action] { action = [options] { return runLedger(*options); }; });
}

}  // namespace inferscope::cli
