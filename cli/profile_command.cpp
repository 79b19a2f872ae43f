// `inferscope-cli profile`: one model, one or more configs, a table on stdout and a session file.
// The options are cli/options/run_options.h's (the GUI's lesson live run reads the same), the run
// is the run layer's (runner::runCommand).
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/option_checks.h"
#include "cli/options/run_options.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"
#include "core/runner/command_run.h"

namespace inferscope::cli {
namespace {

int runProfile(const RunCommandOptions& o, const std::string& shape_mix) {
  runner::CommandRun run = toCommandRun(o);
  run.profile.isolation.launcher = workerLauncher();
  const ShapeSet shapes = shapeSetOf(o.model);
  if (!shape_mix.empty()) {
    if (!shapes.isSet()) {
      throw Error(
          ErrorKind::InvalidInput,
          "--shape-mix weighs the shapes of a shape set: give several, e.g. --batch 1,8,32");
    }
    parseShapeMix(shape_mix, shapes.labels());  // a mistake is told before anything runs
  }
  const auto sink = makeRunSink(o.events, o.quiet);
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
    // as profile's tables are), the one config under the given mix.
    session.shape_record = shapeRecordOf(session, RankingOptions{}, shape_mix);
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
        printShapeAnswers(stdout, *session.shape_record);
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
  // Profile's own: the GUI's lesson run reads the shared run options and measures one shape.
  auto shape_mix = std::make_shared<std::string>();
  cmd->add_option("--shape-mix", *shape_mix,
                  "over a shape set: the share of requests per shape for the one-config answer, "
                  "e.g. 'B=1:3,B=8:1' (uniform when left out)")
      ->check(nonEmptyText("SHAPE:WEIGHT,…", "B=1:3,B=8:1"));
  cmd->callback([options, shape_mix, &action] {
    action = [options, shape_mix] { return runProfile(*options, *shape_mix); };
  });
}

}  // namespace inferscope::cli
