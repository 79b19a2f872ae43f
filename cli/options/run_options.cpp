#include "cli/options/run_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iterator>

#include "cli/options/option_checks.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/run_files.h"

namespace inferscope::cli {
namespace {

using runner::RunCommandKind;

// The ledger's base config: its cuDNN tokens are set per mode, so it must run convolutions
// eagerly through cuDNN.
OptimizationConfig cudnnBaseConfig(const std::string& key) {
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

void addProfileOptions(CLI::App& cmd, RunCommandOptions& o) {
  addModelOptions(cmd, o.model);
  cmd.add_option("-c,--config", o.configs,
                 "config keys, e.g. fp32 bf16+bench (`inferscope-cli configs` lists the tokens)")
      ->capture_default_str();
  cmd.add_option("-o,--out", o.out, "write the session to this .inferscope.json file");
  cmd.add_flag("-q,--quiet", o.quiet, "no progress on stderr");
  addEventsOption(cmd, o.events);
}

void addTraceOptions(CLI::App& cmd, RunCommandOptions& o) {
  addModelOptions(cmd, o.model);
  cmd.add_option("-c,--config", o.configs, "config keys to trace")->capture_default_str();
  cmd.add_option("--chrome-trace", o.chrome_trace, "write the window as Chrome/Perfetto JSON");
  cmd.add_option("--window-warmup", o.window_warmup, "warm-up iterations traced")
      ->capture_default_str()
      ->check(iterationCount(0, "3"));
  cmd.add_option("--window-steady", o.window_steady, "steady iterations traced")
      ->capture_default_str()
      ->check(iterationCount(0, "20"));
  cmd.add_option("-o,--out", o.out, "write the session (with trace aggregates) to this file");
  cmd.add_flag("-q,--quiet", o.quiet, "no progress on stderr");
  addEventsOption(cmd, o.events);
}

void addCudnnOptions(CLI::App& cmd, RunCommandOptions& o) {
  o.model.warmup = 5;  // per mode: a ledger needs a steady state, not a tight CI
  o.model.iters = 20;
  addModelOptions(cmd, o.model);
  cmd.add_option("-c,--config", o.cudnn_config,
                 "the base config (precision, memory format, TorchScript); its cuDNN tokens are "
                 "replaced per mode")
      ->capture_default_str();
  cmd.add_option(
      "--retune-input", o.retune_inputs,
      "measure re-tuning: iteration 0 at this input spec after the main run (repeatable)");
  cmd.add_option("--json", o.json_out, "write the ledger alone as JSON");
  cmd.add_option("-o,--out", o.out, "write a session file (the modes' runs and the ledger)");
  cmd.add_flag("-q,--quiet", o.quiet, "no progress lines");
  addEventsOption(cmd, o.events);
}

constexpr RunCommandKind kRunCommands[] = {RunCommandKind::Profile, RunCommandKind::Trace,
                                           RunCommandKind::CudnnLedger};

std::string inFolder(const std::string& path, const std::string& folder) {
  if (path.empty() || folder.empty() || std::filesystem::path(path).is_absolute()) return path;
  return (std::filesystem::path(folder) / path).lexically_normal().string();
}

}  // namespace

CLI::App* addRunCommand(CLI::App& app, RunCommandKind kind, RunCommandOptions& options) {
  options.kind = kind;
  CLI::App* cmd = nullptr;
  switch (kind) {
    case RunCommandKind::Profile:
      cmd = app.add_subcommand("profile",
                               "measure a model: warm-up and steady-state latency per config");
      addProfileOptions(*cmd, options);
      break;
    case RunCommandKind::Trace:
      cmd =
          app.add_subcommand("trace", "trace the kernels each config launches (CUPTI, CUDA only)");
      addTraceOptions(*cmd, options);
      break;
    case RunCommandKind::CudnnLedger:
      cmd = app.add_subcommand("cudnn",
                               "cuDNN algorithm ledger: per convolution shape, cuDNN's "
                               "candidates and what ran with benchmark off, "
                               "on and deterministic (CUDA + cuDNN)");
      addCudnnOptions(*cmd, options);
      break;
  }
  return cmd;
}

CLI::Option* addEventsOption(CLI::App& command, std::string& events) {
  return command
      .add_option("--events", events,
                  "text (progress on stderr, tables on stdout) or ndjson (run events on stdout, "
                  "one JSON object a line: docs/ARCHITECTURE.md, Event streams)")
      ->check(CLI::IsMember({"text", "ndjson"}))
      ->capture_default_str();
}

bool eventsAreNdjson(const std::string& events) {
  return events == "ndjson";
}

runner::CommandRun toCommandRun(const RunCommandOptions& o) {
  // Checked before the run: a mistake costs an error message, not a file.
  RunFiles files;
  addModelInputs(files, o.model);
  switch (o.kind) {
    case RunCommandKind::Profile:
      files.addOutput("-o", o.out);
      break;
    case RunCommandKind::Trace:
      files.addOutput("-o", o.out);
      files.addOutput("--chrome-trace", o.chrome_trace);
      break;
    case RunCommandKind::CudnnLedger:
      files.addOutput("--json", o.json_out);
      files.addOutput("-o", o.out);
      break;
  }
  files.check();
  runner::CommandRun run;
  run.kind = o.kind;
  run.request = toRequest(o.model);  // validates model and inputs before any worker runs
  run.profile.isolate = o.model.isolate;
  run.profile.forks = o.model.forks;
  run.profile.isolation.timeout_s = o.model.isolate_timeout_s;
  if (o.kind == RunCommandKind::CudnnLedger) {
    run.cudnn_base = cudnnBaseConfig(o.cudnn_config);
    for (const auto& spec : o.retune_inputs) run.retune_inputs.push_back(InputSpec::parse(spec));
    run.ledger_json_path = o.json_out;
    return run;
  }
  run.request.plan.clear();
  for (const auto& key : o.configs) run.request.plan.push_back(OptimizationConfig::parse(key));
  if (o.kind == RunCommandKind::Trace) {
    run.request.run.trace_kernels = true;
    run.request.run.trace_warmup_iterations = o.window_warmup;
    run.request.run.trace_steady_iterations = o.window_steady;
    run.chrome_trace_path = o.chrome_trace;
  }
  return run;
}

RunCommandOptions parseRunCommandLine(const std::vector<std::string>& args) {
  std::vector<std::string> names;
  for (const auto kind : kRunCommands) names.emplace_back(runner::commandName(kind));
  if (args.empty() || std::find(names.begin(), names.end(), args.front()) == names.end()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: expected a run command, {}",
                            args.empty() ? std::string("an empty command line")
                                         : fmt::format("'{}'", printable(args.front())),
                            "profile, trace or cudnn, then its options"));
  }
  CLI::App app{"a run command line", "inferscope-cli"};
  app.require_subcommand(1);
  RunCommandOptions parsed[std::size(kRunCommands)];
  for (std::size_t i = 0; i < std::size(kRunCommands); ++i)
    addRunCommand(app, kRunCommands[i], parsed[i]);
  // CLI11 takes the arguments last first.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{} --help asks for the help text: give the command's options", args.front()));
  } catch (const CLI::ParseError& e) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", args.front(), e.what()));
  }
  for (std::size_t i = 0; i < std::size(kRunCommands); ++i) {
    if (args.front() == runner::commandName(kRunCommands[i])) return parsed[i];
  }
  return parsed[0];  // not reached: the command was checked above
}

void resolvePathsAgainst(RunCommandOptions& o, const std::string& folder) {
  o.model.model_file = inFolder(o.model.model_file, folder);
  if (const auto colon = o.model.model_py.rfind(':'); colon != std::string::npos)
    o.model.model_py =
        inFolder(o.model.model_py.substr(0, colon), folder) + o.model.model_py.substr(colon);
  for (auto& path : o.model.trust_files) path = inFolder(path, folder);
  o.out = inFolder(o.out, folder);
  o.chrome_trace = inFolder(o.chrome_trace, folder);
  o.json_out = inFolder(o.json_out, folder);
}

}  // namespace inferscope::cli
