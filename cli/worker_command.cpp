// `inferscope-cli worker --request FILE`: the child side of isolation mode. Runs the request (one
// config, reference last) and streams NDJSON events on stdout for the parent (isolated_runner.h).
// Fault injection for tests: INFERSCOPE_FAULT_CRASH=key aborts, INFERSCOPE_FAULT_HANG=key hangs,
// before running that config — the parent must survive both.
#include <fmt/format.h>

#include <csignal>
#include <cstdlib>
#include <memory>
#include <thread>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/ndjson_sink.h"
#include "core/engine/engine.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

bool faultRequested(const char* variable, const std::string& key) {
  const char* list = std::getenv(variable);
  return list && fmt::format(",{},", list).find(fmt::format(",{},", key)) != std::string::npos;
}

int runWorker(const std::string& request_path) {
  const auto request = requestFromJson(readFile(request_path), request_path);
  for (const auto& c : request.plan) {
    if (faultRequested("INFERSCOPE_FAULT_CRASH", c.key())) std::abort();
    while (faultRequested("INFERSCOPE_FAULT_HANG", c.key())) std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  NdjsonSink sink(stdout);
  const auto session = engine::run(request, sink, processCancelToken());
  return session.cancelled ? kExitCancelled : kExitOk;
}

}  // namespace

void addWorkerCommand(CLI::App& app, std::function<int()>& action) {
  auto path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("worker", "internal: run one isolated config and stream NDJSON events");
  cmd->group("");  // not listed in --help: the parent process starts it
  cmd->add_option("--request", *path, "request JSON written by the parent")->required();
  cmd->callback([path, &action] { action = [path] { return runWorker(*path); }; });
}

}  // namespace inferscope::cli
