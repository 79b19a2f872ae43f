// The run commands' command lines — `profile`, `trace` and `cudnn` with their options — defined
// once, for inferscope-cli and for the GUI's lesson live run (gui/lib/live_run.h), which reads a
// lesson's command line with these very definitions and runs the CommandRun they make in its own
// process (core/runner/command_run.h). No LibTorch here: the GUI links it.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/options/model_options.h"
#include "core/runner/command_run.h"

namespace inferscope::cli {

// What the three run commands take; each reads the fields of its own options.
struct RunCommandOptions {
  runner::RunCommandKind kind = runner::RunCommandKind::Profile;
  ModelOptions model;
  std::vector<std::string> configs{"fp32"};  // profile, trace: -c, repeatable
  std::string cudnn_config = "fp32";         // cudnn: -c, the one base config
  std::string out;                           // -o: the session file
  std::string events = "text";               // or ndjson: run events on stdout (the CLI's)
  bool quiet = false;
  std::string chrome_trace;  // trace
  int window_warmup = 3;
  int window_steady = 20;
  std::vector<std::string> retune_inputs;  // cudnn
  std::string json_out;
};

// Adds `kind`'s subcommand to `app` with its options, bound to `options` (whose defaults it sets:
// cudnn runs 5 + 20 iterations per mode). The caller adds the callback.
CLI::App* addRunCommand(CLI::App& app, runner::RunCommandKind kind, RunCommandOptions& options);

// --events for the commands that run configs (profile, sweep, trace, cudnn; tune has its own
// events): "text", progress on stderr and tables on stdout, or "ndjson", the run events on stdout
// (core/session/ndjson_sink.h, docs/ARCHITECTURE.md, "Event streams") and nothing else there — no
// progress lines, no tables; errors and "session written to" stay on stderr, as with tune.
CLI::Option* addEventsOption(CLI::App& command, std::string& events);
bool eventsAreNdjson(const std::string& events);

// The run the options describe: the output check (core/common/run_files.h: no output onto an
// input), the request with the model's trust applied (toRequest), the plan and the command's own
// settings. Throws Error: InvalidInput naming the option, ModelLoad for a model path that is not a
// file. The workers' launcher is the front end's to set (run.profile.isolation.launcher).
runner::CommandRun toCommandRun(const RunCommandOptions& options);

// A command line as a lesson gives it — `profile -m resnet50 -d cuda -c fp32 …`, the command first,
// without the program's name — read by the same definitions as inferscope-cli's. Throws
// Error(InvalidInput) with the parser's message, which names the option (or the command, when it
// is not profile, trace or cudnn). Files are neither read nor checked here (toCommandRun does).
RunCommandOptions parseRunCommandLine(const std::vector<std::string>& args);

// The options' relative paths (--model-file, --model-py's file, --trust, -o, --chrome-trace,
// --json) taken relative to `folder` rather than the working folder: the command runs as if it
// were started there. Absolute paths and an empty `folder` leave them as they are.
void resolvePathsAgainst(RunCommandOptions& options, const std::string& folder);

}  // namespace inferscope::cli
