// `inferscope-cli profile`: one model, one or more configs, a table on stdout and a session file.
// The options are cli/options/run_options.h's (the GUI's lesson live run reads the same), the run
// is the run layer's (runner::runCommand).
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/run_options.h"
#include "core/runner/command_run.h"

namespace inferscope::cli {
namespace {

int runProfile(const RunCommandOptions& o) {
  runner::CommandRun run = toCommandRun(o);
  run.profile.isolation.launcher = workerLauncher();
  const auto sink = makeRunSink(o.events, o.quiet);
  const auto outcome = runner::runCommand(run, *sink, processCancelToken());
  const SessionResult& session = outcome.session;
  if (!eventsAreNdjson(o.events)) {
    fmt::print(stdout, "\n");
    printSessionHeader(stdout, session);
    printResultTable(stdout, session);
    printRooflineTable(stdout, session);
  }
  writeSessionOutput(session, o.out);
  return outcome.exit_code;
}

}  // namespace

void addProfileCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<RunCommandOptions>();
  auto* cmd = addRunCommand(app, runner::RunCommandKind::Profile, *options);
  cmd->callback([options, &action] { action = [options] { return runProfile(*options); }; });
}

}  // namespace inferscope::cli
