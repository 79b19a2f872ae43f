// The run commands as values: what `inferscope-cli profile`, `trace` and `cudnn` run, and what the
// GUI's lesson live run runs from the same command line (cli/options/run_options.h turns the
// command line into a CommandRun). The front end parses, runs this and presents the outcome:
// tables, events or a slide. What runs, in which process, and which files are the run's own
// products (Chrome traces, the ledger's JSON) is decided here, once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/cudnn/cudnn_ledger.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"
#include "core/runner/profile_run.h"

namespace inferscope::runner {

enum class RunCommandKind { Profile, Trace, CudnnLedger };

// The command's name on the command line: "profile", "trace", "cudnn".
constexpr const char* commandName(RunCommandKind kind) {
  switch (kind) {
    case RunCommandKind::Trace:
      return "trace";
    case RunCommandKind::CudnnLedger:
      return "cudnn";
    case RunCommandKind::Profile:
      break;
  }
  return "profile";
}

struct CommandRun {
  RunCommandKind kind = RunCommandKind::Profile;
  // Model, inputs, device and run settings, with the model's trust already applied; the plan for
  // profile and trace (a trace's window settings in request.run).
  ProfileRequest request;
  // Isolation and forks (profile), and the workers' launcher and timeout (profile --isolate,
  // --forks; the ledger's modes always run in workers). The launcher is the front end's.
  ProfileRunOptions profile;
  std::string chrome_trace_path;  // trace: each traced window as Chrome JSON ("" for none)
  // cudnn: the base config (its cuDNN tokens are set per selection mode), the input sets whose
  // re-tuning is measured, and where the ledger's JSON goes ("" for nowhere).
  OptimizationConfig cudnn_base;
  std::vector<InputSpec> retune_inputs;
  std::string ledger_json_path;
};

struct CommandOutcome {
  // The run's session (for a ledger: the modes' runs and the ledger). Empty configs when a ledger
  // run was cancelled before its ledger existed.
  SessionResult session;
  std::optional<cudnn::CudnnLedger> ledger;     // cudnn: the merged ledger, or why it is absent
  std::vector<std::string> chrome_trace_paths;  // trace: per config, the file written ("" none)
  std::string ledger_json_written;              // cudnn: ledger_json_path once written
  // As the CLI exits: 0 ok, 1 a config (or a ledger mode) failed, 4 no ledger on this device,
  // 130 cancelled. Errors that stop the whole run are thrown (Error, with its exit code's kind).
  int exit_code = 0;
};

// Runs the command: profile through runProfile (in process, isolated or forked), trace in process
// with the kernel tracer on, cudnn as the three selection modes in isolation workers (one process
// each: PyTorch's cuDNN plan cache is per process) plus the re-tuning measurements, merged into
// the ledger. Writes the Chrome traces and the ledger's JSON; the session file is the front end's
// to write (the CLI keeps a cancelled run's partial session apart). Cancelled through `cancel`
// within one iteration.
CommandOutcome runCommand(const CommandRun& run, EventSink& sink, const CancelToken& cancel);

}  // namespace inferscope::runner
