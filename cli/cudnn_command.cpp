// `inferscope-cli cudnn`: the cuDNN algorithm ledger of one model and config — per unique
// convolution shape, cuDNN's candidate algorithms and what actually ran with cudnn.benchmark off,
// on, and with deterministic algorithms.
//
// The run is the run layer's (runner::runCommand, core/runner/command_run.h): each selection mode
// in an isolation worker of its own, since PyTorch keeps one cuDNN plan cache per process, the
// modes' parts merged into the ledger and its JSON written there. This file prints the ledger and
// writes the session.
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/run_options.h"
#include "core/common/printable.h"
#include "core/cudnn/ledger_builder.h"
#include "core/runner/command_run.h"

namespace inferscope::cli {
namespace {

int runLedger(const RunCommandOptions& o) {
  runner::CommandRun run = toCommandRun(o);
  run.profile.isolation.launcher = workerLauncher();
  const auto sink = makeRunSink(o.events, o.quiet);
  const auto outcome = runner::runCommand(run, *sink, processCancelToken());
  if (outcome.exit_code == kExitCancelled) {
    fmt::print(stderr, "cancelled\n");
    return kExitCancelled;
  }
  if (outcome.ledger) {
    const cudnn::CudnnLedger& ledger = *outcome.ledger;
    if (!eventsAreNdjson(o.events)) {
      fmt::print("{}", printable(cudnn::formatLedger(ledger)));
    } else if (!ledger.available) {
      sink->onLog(LogLevel::Error, "the cuDNN ledger " + ledger.reason);
    }
  }
  if (!outcome.ledger_json_written.empty())
    fmt::print(stderr, "ledger written to {}\n", outcome.ledger_json_written);
  writeSessionOutput(outcome.session, o.out);
  return outcome.exit_code;
}

}  // namespace

void addCudnnCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<RunCommandOptions>();
  auto* cmd = addRunCommand(app, runner::RunCommandKind::CudnnLedger, *options);
  cmd->callback([options, &action] { action = [options] { return runLedger(*options); }; });
}

}  // namespace inferscope::cli
