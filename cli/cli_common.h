// What every subcommand shares: model/input/device options, the mapping from engine errors to exit
// codes, and the process-wide cancel token that Ctrl-C sets.
#pragma once

#include <sys/types.h>

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/common/error.h"
#include "core/common/run_files.h"
#include "core/engine/accuracy_rule.h"
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

// Options that pick a model, its inputs and a device; filled by addModelOptions, turned into a
// ProfileRequest (with validation and clear errors) by toRequest.
struct ModelOptions {
  std::string model = "resnet18";
  std::string model_file;
  std::string model_py;       // FILE.py:FUNCTION returning (module, example inputs), run in Python
  bool max_autotune = false;  // tune: torch.compile max-autotune as a candidate (minutes each)
  std::vector<std::string> inputs;
  std::int64_t batch = 1;
  std::string device = "cpu";
  int warmup = 10;
  int iters = 100;
  std::uint64_t seed = 0;
  EncoderOptions encoder;
  bool no_accuracy = false;
  bool adaptive = false;
  bool roofline = false;  // the roofline pass: work per config, device ceilings (MEASUREMENT.md)
  double target_ci = 0.01;
  int min_iters = 100;
  int max_iters = 10000;
  double config_budget_s = 0;
  double budget_s = 0;
  std::vector<std::string> cycle_inputs;  // extra input sets, iterations cycle through them
  bool isolate = false;                   // each config in a fresh child process (true cold starts)
  double isolate_timeout_s = 900;
  int forks = 1;  // > 1: each config in this many fresh processes (implies isolation)
  std::vector<std::string> trust_files;  // --trust: model files the user trusts (remembered)
  bool verbose = false;                  // LibTorch errors with their whole text (C++ backtrace)
};

void addModelOptions(CLI::App& app, ModelOptions& options);

// --metric and --tolerance: what "safe" means (core/engine/accuracy_rule.h), the same for sweep,
// tune and recommend.
struct AccuracyOptions {
  std::string metric = "auto";
  double tolerance = kDefaultTolerance;
  AccuracyRule rule() const;  // throws Error(InvalidInput) for a bad metric or tolerance
};
void addAccuracyOptions(CLI::App& app, AccuracyOptions& options);
ProfileRequest toRequest(const ModelOptions& options);
// A model file must be trusted before it loads (docs/SECURITY.md): trusts `trust_files` (and
// remembers them), then sets request.model.trusted_sha256 from the user's trust store, or throws
// Error(InvalidInput) saying how to trust the file. Zoo models need no trust. trust_command.cpp.
void applyModelTrust(ProfileRequest& request, const std::vector<std::string>& trust_files);
// The run's input files (--model-file, --trust) for the output check (core/common/run_files.h).
void addModelInputs(RunFiles& files, const ModelOptions& options);
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
