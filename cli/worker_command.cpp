// `inferscope-cli worker --request FILE`: the child side of isolation mode. Runs the request (one
// config, reference last) and streams NDJSON events on stdout for the parent
// (core/runner/isolated_runner.h). Fault injection for tests: INFERSCOPE_FAULT_CRASH=key aborts,
// INFERSCOPE_FAULT_HANG=key hangs, before running that config — the parent must survive both.
#include <fmt/format.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <memory>
#include <thread>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "core/common/trust_store.h"
#include "core/runner/isolated_runner.h"
#include "core/runner/profile_run.h"
#include "core/session/ndjson_sink.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

using runner::kWorkerTrustFd;

bool faultRequested(const char* variable, const std::string& key) {
  const char* list = std::getenv(variable);
  return list && fmt::format(",{},", list).find(fmt::format(",{},", key)) != std::string::npos;
}

struct WorkerOptions {
  std::string request_path;
  pid_t parent_pid = 0;  // 0: started by hand, no parent to follow
};

// The hash the parent wrote on kWorkerTrustFd (isolated_runner.cpp), or "" when there is none: a
// worker started by hand has no such pipe, or whatever it was given there is not 64 hex digits
// and a newline. Waits at most a second for a pipe that someone else holds open without writing.
std::string trustFromParent() {
  struct stat st {};
  if (::fstat(kWorkerTrustFd, &st) != 0 || !S_ISFIFO(st.st_mode)) return {};
  std::string text;
  char chunk[80];
  while (text.size() <= 65) {
    pollfd pfd{kWorkerTrustFd, POLLIN, 0};
    if (::poll(&pfd, 1, 1000) <= 0) break;
    const ssize_t n = ::read(kWorkerTrustFd, chunk, sizeof chunk);
    if (n <= 0) break;
    text.append(chunk, static_cast<std::size_t>(n));
    if (text.find('\n') != std::string::npos) break;
  }
  ::close(kWorkerTrustFd);
  if (text.size() != 65 || text.back() != '\n') return {};
  text.pop_back();
  return text.find_first_not_of("0123456789abcdef") == std::string::npos ? text : std::string();
}

// A model file runs only when the user trusts it: the hash from the parent must be in the user's
// trust store, checked again here, so neither a hand-started worker nor a hash typed anywhere
// grants trust. The loader then checks the file's bytes against the hash.
void applyParentTrust(ProfileRequest& request) {
  if (request.model.source == ModelSource::Zoo) return;
  const std::string hash = trustFromParent();
  if (hash.empty() || !TrustStore().isTrusted(hash)) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("'{}' is not trusted: a worker runs a model file only with the trust "
                            "its parent found in your trust store (docs/SECURITY.md); {}",
                            request.model.path, howToTrust(request.model.path)));
  }
  request.model.trusted_sha256 = hash;
}

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
  applyParentTrust(request);
  for (const auto& c : request.plan) {
    if (faultRequested("INFERSCOPE_FAULT_CRASH", c.key())) std::abort();
    while (faultRequested("INFERSCOPE_FAULT_HANG", c.key()))
      std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  NdjsonSink sink(stdout);
  const auto session = runner::runInProcess(request, sink, processCancelToken());
  return session.cancelled ? kExitCancelled : kExitOk;
}

}  // namespace

void addWorkerCommand(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<WorkerOptions>();
  auto* cmd =
      app.add_subcommand("worker", "internal: run one isolated config and stream NDJSON events");
  cmd->group("");  // not listed in --help: the parent process starts it
  cmd->add_option("--request", o->request_path, "request JSON written by the parent")->required();
  cmd->add_option("--parent-pid", o->parent_pid, "die with this parent process");
  cmd->callback([o, &action] { action = [o] { return runWorker(*o); }; });
}

}  // namespace inferscope::cli
