// `inferscope-cli worker --request FILE`: the child side of isolation mode. Runs the request (one
// config, reference last) and streams NDJSON events on stdout for the parent (isolated_runner.h).
// Fault injection for tests: INFERSCOPE_FAULT_CRASH=key aborts, INFERSCOPE_FAULT_HANG=key hangs,
// before running that config — the parent must survive both.
#include <fmt/format.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <memory>
#include <thread>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "core/session/ndjson_sink.h"
#include "core/engine/engine.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

bool faultRequested(const char* variable, const std::string& key) {
  const char* list = std::getenv(variable);
  return list && fmt::format(",{},", list).find(fmt::format(",{},", key)) != std::string::npos;
}

struct WorkerOptions {
  std::string request_path;
  std::string trusted_sha256;  // the parent's trust in the model file (isolated_runner.cpp)
  pid_t parent_pid = 0;        // 0: started by hand, no parent to follow
};

// A worker must not outlive the parent that reads its output: the kernel kills it when the parent
// dies, and a parent that died before the request took effect shows as a changed parent process.
void followParent(pid_t parent_pid) {
  if (parent_pid == 0) return;
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent_pid) {
    throw Error(ErrorKind::Cancelled,
                fmt::format("the parent process {} that started this worker is gone", parent_pid));
  }
}

int runWorker(const WorkerOptions& o) {
  followParent(o.parent_pid);
  auto request = requestFromJson(readFile(o.request_path), o.request_path);
  request.model.trusted_sha256 = o.trusted_sha256;
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
  auto o = std::make_shared<WorkerOptions>();
  auto* cmd = app.add_subcommand("worker", "internal: run one isolated config and stream NDJSON events");
  cmd->group("");  // not listed in --help: the parent process starts it
  cmd->add_option("--request", o->request_path, "request JSON written by the parent")->required();
  cmd->add_option("--trusted-sha256", o->trusted_sha256, "hash of the model file the user trusted");
  cmd->add_option("--parent-pid", o->parent_pid, "die with this parent process");
  cmd->callback([o, &action] { action = [o] { return runWorker(*o); }; });
}

}  // namespace inferscope::cli
