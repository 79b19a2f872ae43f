// `inferscope-cli cudnn`: the cuDNN algorithm ledger of one model and config — per unique
// convolution shape, cuDNN's candidate algorithms and what actually ran with cudnn.benchmark off,
// on, and with deterministic algorithms.
//
// Each selection mode runs in a child process of its own (this executable, with the hidden
// --mode/--part-out options): PyTorch keeps one cuDNN plan cache per process, so a mode run after
// another would reuse the earlier mode's plans and show neither its own choice nor its autotune
// cost. The heuristic mode's child also asks cuDNN about every shape (legacy Find/Get); the parent
// only merges, prints and writes — it never touches the GPU.
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "core/common/time_format.h"
#include "core/cudnn/ledger_builder.h"
#include "core/cudnn/ledger_json.h"
#include "core/engine/cudnn_query.h"
#include "core/engine/engine.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

struct CudnnOptions {
  ModelOptions model;
  std::string config = "fp32";
  std::vector<std::string> retune_inputs;  // input sets for the re-tuning measurement
  std::string json_out;
  std::string session_out;
  bool quiet = false;
  // Hidden: one mode in this process, its part written to part_out.
  std::string mode;
  std::string part_out;
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
  if (c.compile == CompileMode::CudaGraph || c.compile == CompileMode::AotInductor ||
      c.compile == CompileMode::AotInductorMax) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("the ledger observes convolutions as the eager model runs them: drop +graph/+aoti from "
                            "'{}' (a CUDA-graph replay runs the kernels the eager run chose)", key));
  }
  if (!c.cudnn.enabled) throw Error(ErrorKind::InvalidInput, "'nocudnn' leaves nothing for a cuDNN ledger to show");
  c.cudnn = CudnnSettings{};
  return c;
}

bool convTf32(const OptimizationConfig& c) { return c.precision == Precision::Tf32 && c.tf32_conv; }

// ---- child: one mode ----------------------------------------------------------------------------

int runMode(const CudnnOptions& o) {
  const auto mode = cudnn::selectionModeFromString(o.mode);
  if (!mode) throw Error(ErrorKind::InvalidInput, fmt::format("unknown --mode '{}'", o.mode));
  ProfileRequest request = toRequest(o.model);
  const OptimizationConfig config = configForMode(baseConfig(o.config), *mode);
  if (auto reason = engine::cudnnLedgerUnavailableReason(request.device_index); !reason.empty()) {
    SessionResult carrier;
    carrier.device = engine::deviceInfo(DeviceKind::Cpu, 0);
    cudnn::CudnnLedger part;
    part.reason = std::move(reason);
    carrier.cudnn_ledgers = {part};
    writeFileAtomically(o.part_out, sessionToJson(carrier, -1));
    return kExitUnsupported;
  }
  request.plan = {config};
  request.run.check_accuracy = false;
  request.run.trace_kernels = true;
  request.run.trace_convolutions = true;
  request.run.trace_warmup_iterations = 1;  // iteration 0: where autotuning happens
  request.run.trace_steady_iterations = 3;
  ConsoleSink sink(true);
  const SessionResult session = engine::run(request, sink, processCancelToken());
  const ConfigResult& result = session.configs.at(0);
  cudnn::CudnnLedger part;
  if (result.status != ConfigStatus::Ok) {
    part = cudnn::failedMode(*mode, config.key(), fmt::format("{}: {}", toString(result.status), result.message));
  } else if (!result.trace_window || !result.trace_window->traced()) {
    part = cudnn::failedMode(*mode, config.key(),
                             result.trace_window ? result.trace_window->untraced_reason : "the run was not traced");
  } else {
    cudnn::ModeRunInfo info;
    info.mode = *mode;
    info.config_key = config.key();
    info.latency_ms = result.latency_ms;
    info.steady_median_ms = result.stats.median_ms;
    // Re-tuning: the same process (its plan cache already holds the first input's shapes) at new
    // input sizes; iteration 0 there pays autotuning for every new convolution shape.
    for (const auto& spec : o.retune_inputs) {
      ProfileRequest retune = request;
      retune.inputs = {InputSpec::parse(spec)};
      retune.run.trace_kernels = false;
      retune.run.trace_convolutions = false;
      retune.run.warmup_iterations = 0;
      retune.run.measure_iterations = 3;
      retune.run.adaptive = false;
      const SessionResult r = engine::run(retune, sink, processCancelToken());
      const auto& c = r.configs.at(0);
      if (c.status == ConfigStatus::Ok && !c.latency_ms.empty()) info.retune_first_ms.emplace_back(spec, c.latency_ms.front());
    }
    part = cudnn::observeMode(*result.trace_window, info);
    // cuDNN's catalogue per shape, asked here rather than in the parent: this process has run the
    // model, so cuDNN is loaded and initialised as LibTorch uses it, and a failure in cuDNN stays in
    // a child the parent survives. One mode is enough (the shapes are the same in all three).
    if (*mode == cudnn::SelectionMode::Heuristic) {
      const bool tf32 = convTf32(config);
      for (auto& layer : part.layers) {
        if (layer.shape.transposed) continue;
        auto query = engine::queryConvolutionAlgorithms(layer.shape, tf32, request.device_index);
        layer.candidates = std::move(query.candidates);
        layer.query_error = std::move(query.error);
      }
    }
    part.cudnn_version = engine::cudnnLibraryVersion();
  }
  SessionResult carrier = session;  // the part file: this mode's result and its ledger part
  carrier.cudnn_ledgers = {part};
  writeFileAtomically(o.part_out, sessionToJson(carrier, -1));
  // The part is on disk: leave without LibTorch/CUDA/CUPTI's exit-time teardown, which the parent
  // does not need and which is where a crash could still turn a good mode into a failed one.
  std::fflush(nullptr);
  std::_Exit(kExitOk);
}

// ---- parent ---------------------------------------------------------------------------------------

// fork + exec, as the isolation runner does (posix_spawn's shared-memory child crashed the parent
// with a null call inside LibTorch's code on the H200).
int spawnAndWait(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw Error(ErrorKind::Runtime, fmt::format("cannot start a child process: {}", std::strerror(errno)));
  if (pid == 0) {
    ::execv("/proc/self/exe", argv.data());
    std::_Exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw Error(ErrorKind::Runtime, fmt::format("waitpid: {}", std::strerror(errno)));
  }
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WIFEXITED(status) ? WEXITSTATUS(status) : kExitRuntime;
}

void writeOutputs(const CudnnOptions& o, const SessionResult& session, const cudnn::CudnnLedger& ledger) {
  if (!o.json_out.empty()) {
    writeFileAtomically(o.json_out, cudnn::ledgerToJson(ledger, 1));
    fmt::print(stderr, "ledger written to {}\n", o.json_out);
  }
  if (!o.session_out.empty()) {
    saveSession(session, o.session_out);
    fmt::print(stderr, "session written to {}\n", o.session_out);
  }
}

int runLedger(const CudnnOptions& o) {
  ProfileRequest request = toRequest(o.model);  // validates model and inputs before any child runs
  const OptimizationConfig base = baseConfig(o.config);
  for (const auto& spec : o.retune_inputs) (void)InputSpec::parse(spec);

  cudnn::CudnnLedger ledger;
  ledger.model = request.model.displayName();
  ledger.input = request.inputs.empty() ? std::string() : request.inputs.front().toString();
  ledger.config = base.key();
  ledger.tf32 = convTf32(base);
  ledger.torch_version = engine::libtorchVersion();

  SessionResult session;
  session.created_utc = utcTimestamp();
  session.request = request;
  session.request.plan.clear();

  // The parent never initialises CUDA or cuDNN: each mode's child does, and reports the device and
  // why a ledger is impossible (no CUDA, no cuDNN) in its part. On the H200 a parent that had
  // created a CUDA context crashed while its children ran (a null call from LibTorch's own code).
  if (request.device != DeviceKind::Cuda) {
    ledger.available = false;
    ledger.reason = "requires CUDA and cuDNN: choose a CUDA device (-d cuda)";
    fmt::print("{}", cudnn::formatLedger(ledger));
    session.device = engine::deviceInfo(DeviceKind::Cpu, 0);
    session.cudnn_ledgers = {ledger};
    writeOutputs(o, session, ledger);
    return kExitUnsupported;
  }

  // No handler of any library may run when a mode's child exits: on the H200 the parent crashed at
  // pc 0 with LibTorch's code on its stack while it waited for the third child (a handler chaining
  // to a null previous one is the likely shape). waitpid needs no SIGCHLD handler.
  std::signal(SIGCHLD, SIG_DFL);
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("inferscope-cudnn-{}", ::getpid());
  fs::create_directories(dir);
  std::vector<cudnn::CudnnLedger> parts;
  for (cudnn::SelectionMode mode : cudnn::kSelectionModes) {
    const std::string key = configForMode(base, mode).key();
    if (!o.quiet) fmt::print(stderr, "[{}] {} in a fresh process …\n", cudnn::toString(mode), key);
    const fs::path part_path = dir / fmt::format("{}.json", cudnn::toString(mode));
    std::vector<std::string> args = commandLine();
    args.insert(args.end(), {"--mode", cudnn::toString(mode), "--part-out", part_path.string()});
    const int code = spawnAndWait(args);
    if (code == kExitCancelled || code == 128 + SIGINT || processCancelToken().cancelled()) {
      fs::remove_all(dir);
      fmt::print(stderr, "cancelled\n");
      return kExitCancelled;
    }
    if ((code != kExitOk && code != kExitUnsupported) || !fs::exists(part_path)) {
      parts.push_back(cudnn::failedMode(mode, key, fmt::format("the child process for this mode exited with {}", code)));
      continue;
    }
    SessionResult part = loadSession(part_path.string());
    if (session.device.name.empty()) {
      session.device = part.device;
      ledger.device = fmt::format("{} (sm_{}{})", part.device.name, part.device.cc_major, part.device.cc_minor);
    }
    if (!part.cudnn_ledgers.empty() && !part.cudnn_ledgers.front().available &&
        !part.cudnn_ledgers.front().reason.empty()) {
      ledger.available = false;  // the child found no CUDA or no cuDNN: nothing to merge
      ledger.reason = part.cudnn_ledgers.front().reason;
      fs::remove_all(dir);
      fmt::print("{}", cudnn::formatLedger(ledger));
      session.cudnn_ledgers = {ledger};
      writeOutputs(o, session, ledger);
      return kExitUnsupported;
    }
    for (auto& c : part.configs) {
      c.index = static_cast<int>(session.configs.size());
      session.request.plan.push_back(c.config);
      session.configs.push_back(std::move(c));
    }
    if (!part.cudnn_ledgers.empty()) {
      parts.push_back(part.cudnn_ledgers.front());
      if (ledger.cudnn_version == 0) ledger.cudnn_version = parts.back().cudnn_version;
    }
    session.parameter_count = part.parameter_count;
    if (session.request.inputs.empty()) session.request.inputs = part.request.inputs;
    session.output_shapes = part.output_shapes;
  }
  fs::remove_all(dir);

  if (ledger.input.empty() && !session.request.inputs.empty()) ledger.input = toString(session.request.inputs);
  ledger.available = true;
  if (!o.quiet) fmt::print(stderr, "merging the modes …\n");
  ledger = cudnn::mergeModes(ledger, parts, {});  // candidates came with the heuristic mode's part
  ledger.notes.push_back(
      "PyTorch selects through cuDNN's v8 graph API (engine configs); the candidate list is cuDNN's legacy "
      "Find/Get catalogue for the same shape, dtype and math type, and what ran is read from the kernels "
      "CUPTI saw beneath each convolution.");
  if (!o.retune_inputs.empty()) {
    ledger.notes.push_back("re-tune: iteration 0 at each new input size, in the same process after the main run");
  }
  session.cudnn_ledgers = {ledger};
  fmt::print("{}", cudnn::formatLedger(ledger));
  writeOutputs(o, session, ledger);
  for (const auto& [mode, totals] : ledger.modes) {
    if (!totals.ok) return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

void addCudnnCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<CudnnOptions>();
  auto* cmd = app.add_subcommand(
      "cudnn", "cuDNN algorithm ledger: per convolution shape, cuDNN's candidates and what ran with benchmark off, "
               "on and deterministic (CUDA + cuDNN)");
  options->model.warmup = 5;  // per mode: a ledger needs a steady state, not a tight CI
  options->model.iters = 20;
  addModelOptions(*cmd, options->model);
  cmd->add_option("-c,--config", options->config,
                  "the base config (precision, memory format, TorchScript); its cuDNN tokens are replaced per mode")
      ->capture_default_str();
  cmd->add_option("--retune-input", options->retune_inputs,
                  "measure re-tuning: iteration 0 at this input spec after the main run (repeatable)");
  cmd->add_option("--json", options->json_out, "write the ledger alone as JSON");
  cmd->add_option("-o,--out", options->session_out, "write a session file (the modes' runs and the ledger)");
  cmd->add_flag("-q,--quiet", options->quiet, "no progress lines");
  cmd->add_option("--mode", options->mode)->group("");       // hidden: child process
  cmd->add_option("--part-out", options->part_out)->group("");  // hidden: child process
  cmd->callback([options, &action] {
    action = [options] { return options->mode.empty() ? runLedger(*options) : runMode(*options); };
  });
}

}  // namespace inferscope::cli
