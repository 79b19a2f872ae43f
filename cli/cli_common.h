// What every subcommand shares: model/input/device options (cli/options/model_options.h), the
// mapping from engine errors to exit codes, and the process-wide cancel token that Ctrl-C sets.
#pragma once

#include <sys/types.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/options/model_options.h"
#include "core/common/cancel_token.h"
#include "core/common/error.h"
#include "core/engine/event_sink.h"
#include "core/engine/profile_request.h"
#include "core/engine/session_result.h"
#include "core/runner/exit_code.h"
#include "core/runner/isolated_runner.h"
#include "core/runner/worker_launcher.h"

namespace inferscope::cli {

// Exit codes: documented in `inferscope-cli --help` and the README; the run layer reads them back
// from its workers (core/runner/exit_code.h).
using runner::ExitCode;
using runner::exitCodeFor;
using runner::kExitCancelled;
using runner::kExitFailure;
using runner::kExitInvalidInput;
using runner::kExitModelLoad;
using runner::kExitOk;
using runner::kExitRuntime;
using runner::kExitUnsupported;

// The shared options (ModelOptions, AccuracyOptions, toRequest, applyModelTrust, addModelInputs)
// are cli/options/model_options.h, a library the GUI's lesson live run reads command lines with.

// Writes a run's session to `path` (-o; nothing when empty) and says where on stderr. A cancelled
// run never replaces an existing file: its partial session goes beside it (partialSessionPath).
void writeSessionOutput(const SessionResult& session, const std::string& path);
// Roofline values that need the whole session (runner::completeRoofline); says on stderr when the
// device's ceilings are not cached.
void completeRoofline(SessionResult& session);
// The run layer's profile run (runner::runProfile) with the command's options and the process's
// cancel token: engine::run, or one worker per config with --isolate, N with --forks.
SessionResult runSession(const ProfileRequest& request, const ModelOptions& options,
                         EventSink& sink);

// How the run layer starts this program's `worker` command: this executable (or, for tests
// without GPUs, the stand-in INFERSCOPE_WORKER_EXECUTABLE names), its process id told to the
// second-signal handler.
runner::WorkerLauncher workerLauncher();
// Isolation with workerLauncher() and a per-config timeout of `timeout_s` (none given: the run
// layer's default).
runner::IsolationOptions isolationOptions(double timeout_s);
runner::IsolationOptions isolationOptions();

// How long this process has run (loading LibTorch and CUDA, querying the device): a tuning run
// counts it against the budget the user gave (RaceOptions::spent_before_ms). 0 where /proc cannot
// say.
double processAgeMs();

// Set by SIGINT/SIGTERM; the engine stops within one iteration. A second signal while the cancel
// is pending exits 130 at once, killing the isolation worker named by setSignalKillTarget first.
CancelToken& processCancelToken();
void installSignalHandlers();
void setSignalKillTarget(pid_t worker);  // 0: none

}  // namespace inferscope::cli
