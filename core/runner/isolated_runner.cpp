#include "core/runner/isolated_runner.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/python_helpers.h"
#include "core/common/time_format.h"
#include "core/common/units.h"
#include "core/common/version.h"
#include "core/engine/fork_schedule.h"
#include "core/runner/bounded_log.h"
#include "core/runner/exit_code.h"
#include "core/runner/pinned_model.h"
#include "core/session/event_stream_reader.h"
#include "core/session/session_file.h"
#include "core/session/worker_events.h"

extern char** environ;

namespace inferscope::runner {
namespace {

using Clock = std::chrono::steady_clock;
// How long a cancelled worker may take to finish its iteration and report before it is killed.
constexpr auto kCancelGrace = std::chrono::seconds(2);

// A worker's stderr copied into its bounded log (bounded_log.h) by a thread of this process.
struct LogCopy {
  int fd = -1;  // the pipe's read end
  std::string path;
  std::atomic<bool> closing{false};
  std::thread thread;
  ~LogCopy() {
    closing = true;
    if (thread.joinable()) thread.join();
    if (fd >= 0) ::close(fd);
  }
};

struct Child {
  pid_t pid = -1;
  int stdout_fd = -1;
  std::unique_ptr<LogCopy> log;  // its stderr
};

// What a worker may show on this process's stderr (its error, a traceback) before the rest goes
// to its log only: the user still sees why a config failed, and a model printing without end does
// not fill the terminal or a redirected file.
constexpr std::size_t kWorkerEchoBytes = std::size_t{1} << 20;

// `dir` and the folders above it, as `mkdir -p` (POSIX calls: see PrivateFolder).
void makeFolders(const std::string& dir) {
  for (std::size_t slash = dir.find('/', 1);; slash = dir.find('/', slash + 1)) {
    ::mkdir(dir.substr(0, slash).c_str(), 0700);
    if (slash == std::string::npos) break;
  }
}

std::string workerLogFolder(const std::string& given) {
  return given.empty() ? cacheDirectory() + "/worker-logs" : given;
}

// A worker's stdout is its event channel, but the user's model shares it (a TorchScript print(),
// a library's banner): a line that is no event is reported and skipped. The reader holds no line
// beyond kMaxEventLineBytes; these bound the rest, so that a model printing without end can
// neither fill the parent's memory with warnings (a GUI keeps its log) nor keep the worker busy.
constexpr int kUnreadableLinesShown = 5;   // each one reported as a warning, then a summary
constexpr int kUnreadableLinesMax = 1000;  // past this many, the worker is stopped as flooding

class UnreadableLines {
 public:
  // Notes one unreadable line; false once there have been too many (stop the worker).
  bool note(EventSink& sink, const std::string& who, const std::string& why) {
    ++count_;
    if (count_ <= kUnreadableLinesShown) {
      sink.onLog(LogLevel::Warning, fmt::format("{} wrote an unreadable line: {}", who, why));
    } else if (count_ == kUnreadableLinesShown + 1) {
      sink.onLog(LogLevel::Warning,
                 fmt::format("{} writes more lines that are no events; not shown (its stdout is "
                             "the event channel: a model's prints belong on stderr)",
                             who));
    }
    return count_ <= kUnreadableLinesMax;
  }
  std::string floodText() const {
    return fmt::format(
        "flooded its event channel (stdout) with {} lines that are no events and was stopped (a "
        "model's prints belong on stderr)",
        count_);
  }

 private:
  int count_ = 0;
};

// This process's environment, with CUDA_VISIBLE_DEVICES replaced when `cuda_visible_devices` is
// set: several device threads spawn workers at once, so the variable cannot be set process-wide.
std::vector<std::string> workerEnvironment(const std::string& cuda_visible_devices) {
  const std::string name = "CUDA_VISIBLE_DEVICES=";
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    if (cuda_visible_devices.empty() || std::strncmp(*e, name.c_str(), name.size()) != 0) {
      env.emplace_back(*e);
    }
  }
  if (!cuda_visible_devices.empty()) env.push_back(name + cuda_visible_devices);
  return env;
}

// The read end of a pipe that holds `trusted_sha256` and a newline (64 + 1 bytes, far below any
// pipe's buffer) and nothing more: the writer is closed before the worker starts reading.
int trustPipe(const std::string& trusted_sha256) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw Error(ErrorKind::Runtime, fmt::format("pipe: {}", std::strerror(errno)));
  const std::string line = trusted_sha256 + "\n";
  const bool written =
      ::write(fds[1], line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fds[1]);
  if (!written) {
    ::close(fds[0]);
    throw Error(ErrorKind::Runtime, "cannot hand the model's trust to the worker (pipe write)");
  }
  // dup2 onto the descriptor it already is would keep O_CLOEXEC, and the worker would not get it.
  if (fds[0] == kWorkerTrustFd) {
    const int moved = ::fcntl(fds[0], F_DUPFD_CLOEXEC, kWorkerTrustFd + 1);
    ::close(fds[0]);
    if (moved < 0) throw Error(ErrorKind::Runtime, fmt::format("fcntl: {}", std::strerror(errno)));
    return moved;
  }
  return fds[0];
}

Child spawnWorker(const WorkerLauncher& launcher, const std::string& request_path,
                  const std::string& trusted_sha256, const std::string& cuda_visible_devices,
                  const std::string& log_folder) {
  const std::string& exe = launcher.executable;
  if (exe.empty())
    throw Error(ErrorKind::Runtime, "no worker executable to start (WorkerLauncher::executable)");
  // Its stderr (the model's prints, warnings, a traceback) goes to a log of bounded size: the
  // same caps as the Python worker's (docs/SECURITY.md).
  const std::string folder = workerLogFolder(log_folder);
  makeFolders(folder);
  pruneLogs(folder, kWorkerLogFolderBytes);
  static std::atomic<int> serial{0};
  auto log = std::make_unique<LogCopy>();
  log->path = fmt::format("{}/worker-isolated-{}-{}.log", folder, ::getpid(), serial++);
  int err[2];
  if (::pipe2(err, O_CLOEXEC) != 0)
    throw Error(ErrorKind::Runtime, fmt::format("pipe: {}", std::strerror(errno)));
  log->fd = err[0];
  const int trust_fd = trustPipe(trusted_sha256);
  int fds[2];
  if (::pipe(fds) != 0) {
    ::close(trust_fd);
    ::close(err[1]);
    throw Error(ErrorKind::Runtime, fmt::format("pipe: {}", std::strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  // The user's trust in the model file reaches the worker on kWorkerTrustFd, a pipe only this
  // child inherits (dup2 clears its O_CLOEXEC), never on its command line, where anyone could
  // type a hash, nor in the request file. The worker dies with this process
  // (PR_SET_PDEATHSIG in inferscope-cli's worker command) and checks that its parent is still
  // --parent-pid.
  posix_spawn_file_actions_adddup2(&actions, trust_fd, kWorkerTrustFd);
  std::vector<std::string> args{exe};
  args.insert(args.end(), launcher.arguments.begin(), launcher.arguments.end());
  for (const auto& a : {std::string("--request"), request_path, std::string("--parent-pid"),
                        std::to_string(::getpid())})
    args.push_back(a);
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  Child child;
  auto env = workerEnvironment(cuda_visible_devices);
  std::vector<char*> envp;
  envp.reserve(env.size() + 1);
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  const int rc =
      ::posix_spawn(&child.pid, exe.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  ::close(trust_fd);
  ::close(err[1]);
  if (rc != 0) {
    ::close(fds[0]);
    throw Error(ErrorKind::Runtime,
                fmt::format("cannot start the worker '{}': {}", exe, std::strerror(rc)));
  }
  child.stdout_fd = fds[0];
  log->thread = std::thread(copyToBoundedLog, log->fd, log->path, kWorkerLogBytes,
                            std::cref(log->closing), STDERR_FILENO, kWorkerEchoBytes);
  child.log = std::move(log);
  if (launcher.worker_running) launcher.worker_running(child.pid);
  return child;
}

// Reaps the worker and says so to whoever tracks it; returns waitpid's status.
int reapWorker(const WorkerLauncher& launcher, Child& child) {
  ::close(child.stdout_fd);
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  if (launcher.worker_running) launcher.worker_running(0);
  child.log.reset();  // the rest of its stderr copied, within a moment of its end
  return status;
}

// "; the last lines of its log (PATH):\n…", or the log's path alone when it is empty.
std::string logQuote(const std::string& path) {
  const auto lines = lastLines(path, 6);
  return lines.empty() ? fmt::format(" (its log: {})", path)
                       : fmt::format("; the last lines of its log ({}):\n{}", path, lines);
}

std::string describeExit(int status) {
  if (WIFSIGNALED(status))
    return fmt::format("crashed with signal {} ({})", WTERMSIG(status),
                       strsignal(WTERMSIG(status)));
  if (WIFEXITED(status)) return fmt::format("exited with code {}", WEXITSTATUS(status));
  return "ended abnormally";
}

// A private folder for a worker's request (mkdtemp: mode 0700, a name nobody can guess), never a
// predictable /tmp name where another user could plant a symlink first; removed with what it holds
// (the request and, after a crash, its temp file).
// POSIX calls, not std::filesystem: PyTorch's libtorch.so exports std::filesystem symbols of its
// own, and the dynamic linker binds ours to them; its remove_all() jumped to address 0 in the
// parent on the H200 after every isolated run (docs/LIBTORCH_COMPAT.md).
struct PrivateFolder {
  std::string path;
  PrivateFolder() {
    const char* tmpdir = std::getenv("TMPDIR");
    const std::string parent = tmpdir && *tmpdir ? tmpdir : "/tmp";
    path = parent + "/inferscope-XXXXXX";
    if (::mkdtemp(path.data()) == nullptr) {
      throw Error(ErrorKind::Runtime,
                  fmt::format("cannot create a private folder for the isolation "
                              "request in {}: {}",
                              parent, std::strerror(errno)));
    }
  }
  ~PrivateFolder() { removeFolderOfFiles(path); }
  PrivateFolder(const PrivateFolder&) = delete;
  PrivateFolder& operator=(const PrivateFolder&) = delete;
};

ConfigResult runOne(const ProfileRequest& request, int index, EventSink& sink,
                    const CancelToken& cancel, const IsolationOptions& options,
                    SessionResult& session, const std::string& request_path) {
  ProfileRequest child_request = request;
  child_request.plan = {request.plan[static_cast<std::size_t>(index)]};
  child_request.run.reference_last = true;
  writeFileAtomically(request_path, requestToJson(child_request));

  ConfigResult result;
  result.index = index;
  result.config = child_request.plan.front();
  bool done = false, timed_out = false, cancel_sent = false, flooded = false;
  UnreadableLines unreadable;
  const int count = static_cast<int>(request.plan.size());
  checkPinnedModels({request.model.path});  // the worker loads only the run's pinned bytes
  Child child = spawnWorker(options.launcher, request_path, request.model.trusted_sha256,
                            options.cuda_visible_devices, options.log_dir);
  const std::string log_path = child.log->path;
  const auto deadline = Clock::now() + std::chrono::milliseconds(
                                           static_cast<long long>(units::sToMs(options.timeout_s)));
  EventStreamReader events("the worker's events");  // bounded lines, envelope, version
  char chunk[8192];
  Clock::time_point kill_at;
  while (true) {
    if (cancel.cancelled() && !cancel_sent) {
      ::kill(child.pid, SIGTERM);  // the worker's handler cancels within one iteration …
      cancel_sent = true;
      kill_at = Clock::now() + kCancelGrace;
    }
    if (cancel_sent && Clock::now() > kill_at) {
      ::kill(child.pid, SIGKILL);  // … or, stuck in a forward that never returns, is killed
      kill_at = Clock::time_point::max();
    }
    if (Clock::now() > deadline) {
      timed_out = true;
      ::kill(child.pid, SIGKILL);
      break;
    }
    pollfd pfd{child.stdout_fd, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, 100);
    if (ready <= 0) continue;
    const ssize_t n = ::read(child.stdout_fd, chunk, sizeof chunk);
    if (n <= 0) break;  // EOF: the child closed its output (exited or crashed)
    for (const auto& item : events.feed(std::string_view(chunk, static_cast<std::size_t>(n)))) {
      try {
        if (!item.event) throw Error(ErrorKind::InvalidInput, item.error);
        done = applyWorkerEvent(*item.event, index, count, sink, result, session) || done;
      } catch (const std::exception& e) {
        flooded =
            !unreadable.note(sink, fmt::format("worker for {}", result.config.key()), e.what());
        if (flooded) break;
      }
    }
    if (flooded) {
      ::kill(child.pid, SIGKILL);
      break;
    }
  }
  const int status = reapWorker(options.launcher, child);
  if (flooded && !done) {
    result.status = ConfigStatus::Error;
    result.message = "the isolated worker " + unreadable.floodText();
  } else if (timed_out) {
    result.status = ConfigStatus::Error;
    result.message = fmt::format("the isolated worker timed out after {:.0f} s and was killed",
                                 options.timeout_s);
  } else if (!done) {
    result.status = cancel_sent ? ConfigStatus::Cancelled : ConfigStatus::Error;
    result.message = cancel_sent ? "cancelled"
                                 : fmt::format("the isolated worker {} before reporting a result{}",
                                               describeExit(status), logQuote(log_path));
    // The worker's own verdict: exit code 4 is "unsupported on this device or build" (a CUDA
    // request on a CPU build), which the sweep's exit code reports as such, not as a failure.
    if (!cancel_sent && WIFEXITED(status) && WEXITSTATUS(status) == kExitUnsupported) {
      result.status = ConfigStatus::Unsupported;
      result.message += " (unsupported on this device or build: the worker's error is above)";
    }
  }
  if (!done) {
    sink.onLog(LogLevel::Warning, fmt::format("{}: {}", result.config.key(), result.message));
  }
  return result;
}

// The header of a session its workers' results fill: this program and host, the request, now.
SessionResult workersSession(const ProfileRequest& request, const char* how) {
  SessionResult session;
  session.generator = fmt::format("inferscope {} ({})", kInferScopeVersion, how);
  session.request = request;
  session.created_utc = utcTimestamp();
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) session.host = host;
  return session;
}

}  // namespace

SessionResult runIsolated(const ProfileRequest& given, EventSink& sink, const CancelToken& cancel,
                          const IsolationOptions& options) {
  // Every worker loads the bytes the user trusted, from this run's private copy, checked before
  // each one starts (pinned_model.h); a caller that pinned already keeps its pin. The session
  // names the file the caller gave.
  ProfileRequest request = given;
  const PinnedModel pinned(request.model);
  SessionResult session = workersSession(given, "isolated");
  session.request.run.reference_last = true;
  const PrivateFolder folder;
  const auto request_path = folder.path + "/request.json";
  const int count = static_cast<int>(request.plan.size());
  const auto started = std::chrono::steady_clock::now();
  for (int n = 0; n < count; ++n) {
    if (cancel.cancelled()) {
      session.cancelled = true;
      break;
    }
    int fits = INT_MAX;
    if (options.deadline) {
      const auto now = std::chrono::steady_clock::now();
      const double elapsed_ms = units::toMs(now - started);
      fits = processesThatFit(elapsed_ms, n, units::toMs(*options.deadline - now));
      if (fits == 0) {
        sink.onLog(LogLevel::Info,
                   fmt::format("{} of {} fresh processes not started: at {:.1f} s each, the next "
                               "would end after the deadline",
                               count - n, count, units::msToS(elapsed_ms / n)));
        break;
      }
    }
    const int i = options.next ? options.next(fits) : n;
    if (i < 0 || i >= count) break;
    session.configs.push_back(runOne(request, i, sink, cancel, options, session, request_path));
    sink.onConfigDone(session.configs.back());
    if (session.configs.back().status == ConfigStatus::Cancelled) session.cancelled = true;
  }
  sink.onSessionDone(session);
  return session;
}

namespace {

// The error a worker's exit status stands for, for a worker that failed before any config as
// engine::run would have thrown in this process.
std::optional<ErrorKind> errorKindOfExit(int status) {
  if (!WIFEXITED(status)) return std::nullopt;
  return errorKindOfExitCode(WEXITSTATUS(status));
}

ConfigResult failedConfig(const OptimizationConfig& config, int index, const std::string& why) {
  ConfigResult r;
  r.index = index;
  r.config = config;
  r.status = ConfigStatus::Error;
  r.message = why;
  return r;
}

// How one worker over plan entries [first, count) ended.
struct PlanWorkerRun {
  int reported = 0;  // configs whose result it reported (in plan order, from `first`)
  int running = -1;  // the plan index it was running when it ended; -1: none
  bool cancelled = false;
  bool killed_at_deadline = false;
  double silent_ms = 0;  // > 0: killed for this long a silence in config `running`
  std::string flooded;   // set: stopped for flooding its event channel (says so)
  double share_ms = 0;   // each of its configs' share of the time to the deadline
  int status = 0;        // waitpid's
};

// Passes events on and notes a config's start.
class StartWatch final : public EventSink {
 public:
  explicit StartWatch(EventSink& inner) : inner_(inner) {}
  void onConfigStart(int index, int count, const OptimizationConfig& config) override {
    started = true;
    inner_.onConfigStart(index, count, config);
  }
  void onSample(const Sample& sample) override { inner_.onSample(sample); }
  void onProgress(const Progress& progress) override { inner_.onProgress(progress); }
  void onConfigDone(const ConfigResult& result) override { inner_.onConfigDone(result); }
  void onLog(LogLevel level, const std::string& message) override { inner_.onLog(level, message); }
  void onSessionDone(const SessionResult& session) override { inner_.onSessionDone(session); }
  bool started = false;

 private:
  EventSink& inner_;
};

PlanWorkerRun runPlanWorker(const ProfileRequest& request, int first, EventSink& sink,
                            const CancelToken& cancel, const PlanWorkerOptions& options,
                            SessionResult& session,
                            std::vector<std::optional<ConfigResult>>& results,
                            const std::string& request_path) {
  const int count = static_cast<int>(request.plan.size());
  ProfileRequest child_request = request;
  child_request.plan.assign(request.plan.begin() + first, request.plan.end());
  child_request.run.reference_last =
      false;  // as in this process: reference first, compared at once
  PlanWorkerRun run;
  if (options.deadline) {
    const double left_ms = units::toMs(*options.deadline - Clock::now());
    run.share_ms = std::max(1.0, left_ms / static_cast<double>(count - first));
    child_request.run.config_time_budget_ms = run.share_ms;
  }
  writeFileAtomically(request_path, requestToJson(child_request));
  checkPinnedModels({request.model.path});  // the worker loads only the run's pinned bytes
  Child child = spawnWorker(options.launcher, request_path, request.model.trusted_sha256,
                            options.cuda_visible_devices, options.log_dir);
  const std::string log_path = child.log->path;
  const auto silence_limit = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double, std::milli>(run.share_ms + options.silent_config_grace_ms));
  auto last_sign = Clock::now();
  bool cancel_sent = false;
  Clock::time_point kill_at = Clock::time_point::max();
  ConfigResult result;
  StartWatch starts(sink);
  EventStreamReader events("a screening worker's events");
  UnreadableLines unreadable;
  char chunk[8192];
  while (true) {
    const auto now = Clock::now();
    if (cancel.cancelled() && !cancel_sent) {
      ::kill(child.pid, SIGTERM);  // the worker's handler cancels within one iteration …
      cancel_sent = run.cancelled = true;
      kill_at = now + kCancelGrace;
    }
    if (now > kill_at) {
      ::kill(child.pid, SIGKILL);  // … or, stuck in a forward that never returns, is killed
      kill_at = Clock::time_point::max();
    }
    if (!cancel_sent && options.deadline && now > *options.deadline) {
      run.killed_at_deadline = true;
      ::kill(child.pid, SIGKILL);
      break;
    }
    if (!cancel_sent && options.deadline && run.running >= 0 && now - last_sign > silence_limit) {
      run.silent_ms = units::toMs(now - last_sign);
      ::kill(child.pid, SIGKILL);
      break;
    }
    pollfd pfd{child.stdout_fd, POLLIN, 0};
    if (::poll(&pfd, 1, 50) <= 0) continue;
    const ssize_t n = ::read(child.stdout_fd, chunk, sizeof chunk);
    if (n <= 0) break;  // EOF: the worker closed its output (ended or crashed)
    // The model's own code shares the worker's stdout (a TorchScript print()): the reader drops a
    // line longer than any event rather than holding it, and reports it as an item.
    for (const auto& item : events.feed(std::string_view(chunk, static_cast<std::size_t>(n)))) {
      last_sign = Clock::now();
      try {
        if (!item.event) throw Error(ErrorKind::InvalidInput, item.error);
        // The worker runs its plan in order and reports each entry once (an autocast fallback
        // starts under its entry's index): the entry it is in is the first one not reported.
        // After the last one, only session_done is left, which names no config.
        const bool all_reported = first + run.reported >= count;
        const int index = std::min(first + run.reported, count - 1);
        starts.started = false;
        if (applyWorkerEvent(*item.event, index, count, starts, result, session)) {
          if (all_reported)
            throw Error(ErrorKind::InvalidInput, "a result after every config was reported");
          results[static_cast<std::size_t>(index)] = result;
          sink.onConfigDone(result);
          ++run.reported;
          run.running = -1;
        } else if (starts.started) {
          run.running = index;
        }
      } catch (const std::exception& e) {
        if (!unreadable.note(sink, "a screening worker", e.what())) {
          run.flooded = unreadable.floodText();
          break;
        }
      }
    }
    if (!run.flooded.empty()) {
      ::kill(child.pid, SIGKILL);
      break;
    }
  }
  run.status = reapWorker(options.launcher, child);
  return run;
}

}  // namespace

SessionResult runPlanInWorkers(const ProfileRequest& given, EventSink& sink,
                               const CancelToken& cancel, const PlanWorkerOptions& options) {
  ProfileRequest request = given;
  const PinnedModel pinned(request.model);  // as runIsolated's
  SessionResult session = workersSession(given, "screening worker");
  const PrivateFolder folder;
  const auto request_path = folder.path + "/request.json";
  const int count = static_cast<int>(request.plan.size());
  std::vector<std::optional<ConfigResult>> results(static_cast<std::size_t>(count));
  // Why the configs no worker reported cannot run; empty while they still may.
  std::string lost;
  int first = 0;
  while (first < count && lost.empty()) {
    if (cancel.cancelled()) break;
    if (options.deadline && Clock::now() >= *options.deadline) {
      lost = "not run: the budget had ended";
      break;
    }
    const auto run =
        runPlanWorker(request, first, sink, cancel, options, session, results, request_path);
    if (run.cancelled) {
      if (run.running >= 0) {
        auto r = failedConfig(request.plan[static_cast<std::size_t>(run.running)], run.running,
                              "cancelled");
        r.status = ConfigStatus::Cancelled;
        results[static_cast<std::size_t>(run.running)] = r;
        sink.onConfigDone(r);
      }
      break;
    }
    const int reported_to = first + run.reported;
    if (reported_to >= count) break;  // every config reported; how the worker ended is its own
    const std::string ended = describeExit(run.status);
    // The config it was in: the one it had started, or, ended between two, the next one.
    const int culprit_index = run.running >= 0 ? run.running : run.reported > 0 ? reported_to : -1;
    if (culprit_index < 0) {
      // Before its first config (the model's load, the FP32 reference) or between configs: a
      // fresh worker would do the same. A model that fails with an error fails the run, as in
      // this process; a crash or hang costs this call's configs.
      if (!run.killed_at_deadline && first == 0) {
        if (const auto kind = errorKindOfExit(run.status))
          throw Error(*kind, fmt::format("the worker that screens '{}' {} before its first config "
                                         "(its error is above)",
                                         request.model.displayName(), ended));
      }
      lost = !run.flooded.empty() ? fmt::format(
                                        "not run: the worker {} in the model's load or the FP32 "
                                        "reference, before this config",
                                        run.flooded)
             : run.killed_at_deadline
                 ? "hung in a worker: the model's load or the FP32 reference was still running at "
                   "the budget's end, and the worker was killed"
                 : fmt::format(
                       "crashed in a worker: the worker {} in the model's load or the FP32 "
                       "reference, before this config",
                       ended);
      break;
    }
    const auto& culprit = request.plan[static_cast<std::size_t>(culprit_index)];
    std::string why;
    if (run.killed_at_deadline) {
      why = "hung in a worker: still running at the budget's end, and the worker was killed";
      lost =
          fmt::format("not run: the worker was busy with {} until the budget's end", culprit.key());
    } else if (!run.flooded.empty()) {
      why = "the worker running it " + run.flooded;
    } else if (run.silent_ms > 0) {
      why = fmt::format(
          "hung in a worker: no sign of life for {:.1f} s, past its {:.1f} s share of the "
          "budget and a {:.1f} s grace; the worker was killed",
          units::msToS(run.silent_ms), units::msToS(run.share_ms),
          units::msToS(options.silent_config_grace_ms));
    } else {
      why = fmt::format("crashed in a worker: the worker {} while running it", ended);
    }
    auto r = failedConfig(culprit, culprit_index, why);
    sink.onLog(LogLevel::Warning, fmt::format("{}: {}", culprit.key(), why));
    results[static_cast<std::size_t>(culprit_index)] = r;
    sink.onConfigDone(r);
    first = culprit_index + 1;  // a fresh worker for the configs after it
  }
  for (int i = 0; i < count; ++i) {
    auto& r = results[static_cast<std::size_t>(i)];
    if (r) {
      session.configs.push_back(*r);
      continue;
    }
    if (cancel.cancelled()) break;
    session.configs.push_back(failedConfig(request.plan[static_cast<std::size_t>(i)], i,
                                           lost.empty() ? "not reported by its worker" : lost));
    sink.onConfigDone(session.configs.back());
  }
  session.cancelled = cancel.cancelled();
  sink.onSessionDone(session);
  return session;
}

}  // namespace inferscope::runner
