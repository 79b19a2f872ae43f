// `inferscope-cli profile`: one model, one or more configs, a table on stdout and a session file.
// The options are cli/options/run_options.h's (the GUI's lesson live run reads the same), the run
// is the run layer's (runner::runCommand).
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/run_options.h"
#include "core/common/printable.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"
#include "core/runner/command_run.h"

namespace inferscope::cli {
namespace {

int runProfile(const RunCommandOptions& o) {
  runner::CommandRun run = toCommandRun(o);
  run.profile.isolation.launcher = workerLauncher();
  const auto sink = makeRunSink(o.events, o.quiet);
  const ShapeSet shapes = shapeSetOf(o.model);
  SessionResult session;
  int exit_code = kExitOk;
  if (shapes.isSet()) {
    // The configs at each shape in turn, each shape a whole run (its own FP32 reference); the
    // worst shape's exit code is the command's, a cancel's first.
    session = runShapeSweep(
        run.request, shapes,
        [&](const ProfileRequest& at_shape) {
          auto at = run;
          at.request = at_shape;
          auto outcome = runner::runCommand(at, *sink, processCancelToken());
          if (exit_code != kExitCancelled && outcome.exit_code != kExitOk) {
            exit_code = outcome.exit_code;
          }
          return std::move(outcome.session);
        },
        processCancelToken());
    if (session.cancelled) exit_code = kExitCancelled;
    // The answers across the shapes travel with the file (ranked with the default accuracy rule,
    // as profile's tables are).
    session.shape_record = shapeRecordOf(session, RankingOptions{});
  } else {
    auto outcome = runner::runCommand(run, *sink, processCancelToken());
    session = std::move(outcome.session);
    exit_code = outcome.exit_code;
  }
  if (!eventsAreNdjson(o.events)) {
    fmt::print(stdout, "\n");
    printSessionHeader(stdout, session);
    const auto shape_list = sessionShapes(session);
    if (shape_list.empty()) {
      printResultTable(stdout, session);
    } else {
      for (const auto& shape : shape_list) {
        const auto at = sessionAtShape(session, shape.label);
        fmt::print(stdout, "\n── shape {} (inputs {}) ──\n", printableLine(shape.label),
                   toString(at.request.inputs));
        printResultTable(stdout, at);
      }
      if (session.shape_record) {
        printThroughputTable(stdout, *session.shape_record);
        printMemoryPerPrecision(stdout, *session.shape_record);
      }
    }
    printRooflineTable(stdout, session);
  }
  writeSessionOutput(session, o.out);
  return exit_code;
}

}  // namespace

void addProfileCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<RunCommandOptions>();
  options->model.shape_sets = true;  // --batch 1,8,32 and --dims: the configs at every shape
  auto* cmd = addRunCommand(app, runner::RunCommandKind::Profile, *options);
  cmd->callback([options, &action] { action = [options] { return runProfile(*options); }; });
}

}  // namespace inferscope::cli
