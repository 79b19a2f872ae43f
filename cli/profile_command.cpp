// `inferscope-cli profile`: one model, one or more configs, a table on stdout and a session file.
#include <fmt/format.h>

#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "core/engine/engine.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

struct ProfileOptions {
  ModelOptions model;
  std::vector<std::string> configs{"fp32"};
  std::string out;
  std::string events = "text";  // or ndjson: run events on stdout instead of the table
  bool quiet = false;
};

int runProfile(const ProfileOptions& o) {
  RunFiles files;  // checked before the run: a mistake costs an error message, not a file
  addModelInputs(files, o.model);
  files.addOutput("-o", o.out);
  files.check();
  ProfileRequest request = toRequest(o.model);
  request.plan.clear();
  for (const auto& key : o.configs) request.plan.push_back(OptimizationConfig::parse(key));
  const auto sink = makeRunSink(o.events, o.quiet);
  const auto session = runSession(request, o.model, *sink);
  if (!eventsAreNdjson(o.events)) {
    fmt::print(stdout, "\n");
    printSessionHeader(stdout, session);
    printResultTable(stdout, session);
    printRooflineTable(stdout, session);
  }
  writeSessionOutput(session, o.out);
  if (session.cancelled) return kExitCancelled;
  for (const auto& c : session.configs) {
    if (c.status != ConfigStatus::Ok) return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

void addProfileCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<ProfileOptions>();
  auto* cmd =
      app.add_subcommand("profile", "measure a model: warm-up and steady-state latency per config");
  addModelOptions(*cmd, options->model);
  cmd->add_option("-c,--config", options->configs,
                  "config keys, e.g. fp32 bf16+bench (`inferscope-cli configs` lists the tokens)")
      ->capture_default_str();
  cmd->add_option("-o,--out", options->out, "write the session to this .inferscope.json file");
  cmd->add_flag("-q,--quiet", options->quiet, "no progress on stderr");
  addEventsOption(*cmd, options->events);
  cmd->callback([options, &action] { action = [options] { return runProfile(*options); }; });
}

}  // namespace inferscope::cli
