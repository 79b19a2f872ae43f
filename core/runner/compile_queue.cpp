#include "core/runner/compile_queue.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "core/common/error.h"
#include "core/common/python_helpers.h"
#include "core/common/sha256.h"
#include "core/common/units.h"
#include "core/runner/pinned_model.h"

extern char** environ;

namespace inferscope::runner {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  std::size_t start = 0;
  while (start < s.size() && std::isspace(static_cast<unsigned char>(s[start]))) ++start;
  return s.substr(start);
}

// Starts the helper: interpreter + arguments, stdin from /dev/null, stdout and stderr to the log.
// The helper's environment: ours, plus TORCHINDUCTOR_COMPILE_THREADS = cores / helpers at once
// unless the user set it. Inductor's default is every core per helper, so parallel helpers would
// oversubscribe the host and all finish late; the likeliest winner's package is wanted first.
std::vector<std::string> helperEnvironment(int parallelism) {
  std::vector<std::string> env;
  bool threads_set = false;
  for (char** e = environ; e && *e; ++e) {
    env.emplace_back(*e);
    threads_set = threads_set || env.back().rfind("TORCHINDUCTOR_COMPILE_THREADS=", 0) == 0;
  }
  if (!threads_set) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    env.push_back(
        fmt::format("TORCHINDUCTOR_COMPILE_THREADS={}",
                    std::max(1u, cores / static_cast<unsigned>(std::max(1, parallelism)))));
  }
  return env;
}

// The process groups of this process's running, undetached helpers, for
// killHelpersFromSignalHandler (lock-free atomics: read in a signal handler). 0: a free slot.
std::array<std::atomic<pid_t>, 64> g_helper_groups{};
static_assert(std::atomic<pid_t>::is_always_lock_free, "read in a signal handler");

void rememberHelperGroup(pid_t group) {
  for (auto& slot : g_helper_groups) {
    pid_t free_slot = 0;
    if (slot.compare_exchange_strong(free_slot, group)) return;
  }
}

void forgetHelperGroup(pid_t group) {
  for (auto& slot : g_helper_groups) {
    pid_t held = group;
    if (slot.compare_exchange_strong(held, 0)) return;
  }
}

// The fd number the helper holds its package's lock on (see lockPackage); every fd above it is
// closed in the helper, so that a helper left to finish after its run holds nothing of the run's
// (a pipe a GUI reads the CLI through would not see its end until the compile's).
constexpr int kHelperLockFd = 3;

std::string lockPath(const std::string& package_path) {
  return package_path + ".lock";
}

// The package's compile lock, taken without waiting: an open fd that holds it, or -1 when another
// process holds it (a helper compiling this package for another run, or left to finish by one).
// The helper inherits the fd, so the lock lives exactly as long as the helper that compiles.
// Creates the package's folder (the first package of a model rebuilt in Python has none yet);
// throws when the lock file cannot be opened, which must never read as "another process holds it":
// that was a wait for a compile nobody ran (on the H200, every package of a first tune).
int lockPackage(const std::string& package_path) {
  const auto lock = lockPath(package_path);
  std::error_code ec;
  fs::create_directories(fs::path(lock).parent_path(), ec);
  const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw Error(ErrorKind::Runtime,
                fmt::format("cannot open the AOTInductor package's lock {}: {} (the cache folder "
                            "must be writable; XDG_CACHE_HOME moves it)",
                            lock, std::strerror(errno)));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// The process group of the helper that holds a package's lock (its pid: it leads its group), as
// written into the lock file when it started; 0 when unknown.
pid_t lockHolderGroup(const std::string& package_path) {
  std::ifstream in(lockPath(package_path));
  long pid = 0;
  return (in >> pid) && pid > 1 ? static_cast<pid_t>(pid) : 0;
}

pid_t spawnHelper(const std::string& interpreter, const CompileSpec& spec, int parallelism,
                  int lock_fd) {
  // A helper exporting a Python-built model runs its code: only the run's pinned bytes.
  checkPinnedModels(spec.args);
  fs::create_directories(fs::path(spec.log_path).parent_path());
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, spec.log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  // dup2 onto itself would keep the close-on-exec flag with older C libraries: move it first.
  const int lock_copy = lock_fd == kHelperLockFd ? ::fcntl(lock_fd, F_DUPFD_CLOEXEC, 10) : -1;
  posix_spawn_file_actions_adddup2(&actions, lock_copy >= 0 ? lock_copy : lock_fd, kHelperLockFd);
  posix_spawn_file_actions_addclosefrom_np(&actions, kHelperLockFd + 1);
  // A process group of its own: pause/resume and stopping reach Inductor's compile workers too,
  // and a Ctrl-C meant for the CLI reaches the helper only through the CLI (which stops it).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  std::vector<std::string> args{interpreter};
  args.insert(args.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  auto env = helperEnvironment(parallelism);
  std::vector<char*> envp;
  envp.reserve(env.size() + 1);
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = -1;
  const int rc =
      ::posix_spawn(&pid, interpreter.c_str(), &actions, &attributes, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (lock_copy >= 0) ::close(lock_copy);
  if (rc == 0) {
    // Below the measurements in the host's scheduler: the CPU a compile takes from a measured
    // config is what makes a contended measurement slower (its children inherit the nice value).
    errno = 0;
    const int own = ::getpriority(PRIO_PROCESS, 0);
    if (errno == 0) ::setpriority(PRIO_PROCESS, static_cast<id_t>(pid), std::min(19, own + 10));
    const auto text = fmt::format("{}\n", pid);
    if (::ftruncate(lock_fd, 0) == 0 && ::pwrite(lock_fd, text.data(), text.size(), 0) < 0) {
      // The pid only lets another process pause this helper; the lock itself holds without it.
    }
  }
  if (rc != 0) {
    throw Error(
        ErrorKind::Runtime,
        fmt::format(
            "cannot start the AOTInductor helper with {}: {} (set INFERSCOPE_PYTHON to a python3 "
            "with torch ≥ 2.6)",
            interpreter, std::strerror(rc)));
  }
  return pid;
}

// Why a finished helper produced no usable package, or "" when it did.
std::string outcome(const CompileSpec& spec, int wait_status) {
  const bool exited_ok = WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0;
  if (exited_ok && verifiedPackage(spec.package_path)) return {};
  const std::string how =
      WIFSIGNALED(wait_status) ? fmt::format("killed by signal {}", WTERMSIG(wait_status))
      : exited_ok              ? std::string("exited 0 without a verified package")
                               : fmt::format("exited with code {}", WEXITSTATUS(wait_status));
  return fmt::format("the AOTInductor helper {}: {} (full log: {})", how,
                     helperFailureSummary(readText(spec.log_path)), spec.log_path);
}

}  // namespace

bool verifiedPackage(const std::string& package_path) {
  std::error_code ec;
  if (!fs::is_regular_file(package_path, ec) || !fs::is_regular_file(package_path + ".sha256", ec))
    return false;
  const std::string recorded = trim(readText(package_path + ".sha256")).substr(0, 64);
  try {
    return recorded.size() == 64 && sha256OfFile(package_path) == recorded;
  } catch (const Error&) {
    return false;
  }
}

std::string helperFailureSummary(const std::string& log_text, int max_lines) {
  std::vector<std::string> lines;
  std::istringstream in(log_text);
  for (std::string line; std::getline(in, line);) {
    if (!trim(line).empty()) lines.push_back(line);
  }
  // The helper's own JSON line for the failures it recognises ({"status": "error", "message": …}).
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    const auto pos = it->find("\"message\": \"");
    if (it->find("\"status\": \"error\"") != std::string::npos && pos != std::string::npos) {
      auto message = it->substr(pos + 12);
      const auto end = message.rfind('"');
      return end == std::string::npos ? message : message.substr(0, end);
    }
  }
  if (lines.empty()) return "no output";
  const auto first =
      lines.size() > static_cast<std::size_t>(max_lines) ? lines.size() - max_lines : 0;
  std::string out;
  for (auto i = first; i < lines.size(); ++i) out += (out.empty() ? "" : " | ") + trim(lines[i]);
  return out;
}

struct CompileQueue::State {
  struct Job {
    CompileSpec spec;
    CompileStatus status;
    pid_t pid = -1;  // our helper, which leads its own process group
    Clock::time_point started;
    bool elsewhere = false;  // another process's helper holds the package's lock
    bool detached = false;   // left to finish after this process (detachRunning)
  };
  mutable std::mutex mutex;
  std::condition_variable changed;
  std::map<std::string, Job> jobs;  // by package path
  std::vector<std::string> order;   // dispatch order: submission order until prioritise()
  int parallelism = 1;
  bool paused = false;
  std::vector<pid_t> stopped_groups;  // other runs' helpers that pause() stopped
  bool draining = false;              // detachRunning() was called: nothing new starts
  bool stopping = false;
  bool dispatching = false;  // the dispatcher thread is in its loop
  std::thread dispatcher;

  int running() const {
    return static_cast<int>(std::count_if(jobs.begin(), jobs.end(), [](const auto& j) {
      return j.second.status.state == CompileStatus::State::Running;
    }));
  }
  bool pending() const {
    return std::any_of(jobs.begin(), jobs.end(), [](const auto& j) {
      return j.second.status.state == CompileStatus::State::Queued ||
             j.second.status.state == CompileStatus::State::Running;
    });
  }

  // Marks `job` as compiled by another process's helper: this queue waits for its lock.
  static void compiledElsewhere(Job& job) {
    job.elsewhere = true;
    job.status.state = CompileStatus::State::Running;
    job.started = Clock::now();
    const pid_t group = lockHolderGroup(job.spec.package_path);
    job.status.message =
        group > 0
            ? fmt::format("compiling in another process (pid {}), started by another run", group)
            : std::string("compiling in another process, started by another run");
    // A helper whose run was killed while it was paused would wait for ever: continue it.
    if (group > 0) ::kill(-group, SIGCONT);
  }

  // Stops every compile helper that holds a lock in the cache folders of this queue's packages:
  // ours, and other runs' (of any model: one folder holds every package), so that nothing of
  // InferScope compiles beside the measurements that decide an answer.
  void stopAllHelpers() {
    std::vector<pid_t> ours;
    std::vector<fs::path> folders;
    for (auto& [path, job] : jobs) {
      if (job.status.state == CompileStatus::State::Running && !job.elsewhere && job.pid > 0) {
        ::kill(-job.pid, SIGSTOP);
        ours.push_back(job.pid);
      }
      const auto folder = fs::path(path).parent_path();
      if (std::find(folders.begin(), folders.end(), folder) == folders.end())
        folders.push_back(folder);
    }
    for (const auto& folder : folders) {
      std::error_code ec;
      for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const auto name = it->path().string();
        if (name.size() < 5 || name.compare(name.size() - 5, 5, ".lock") != 0) continue;
        const auto package = name.substr(0, name.size() - 5);
        int fd = -1;
        try {
          fd = lockPackage(package);
        } catch (const Error&) {
          continue;  // a lock file this process cannot open: nothing it could stop either
        }
        if (fd >= 0) {  // nobody compiles it
          ::close(fd);
          continue;
        }
        const pid_t group = lockHolderGroup(package);
        if (group <= 0 || std::find(ours.begin(), ours.end(), group) != ours.end()) continue;
        if (::kill(-group, SIGSTOP) == 0) stopped_groups.push_back(group);
      }
    }
  }
  // Continues what stopAllHelpers() stopped.
  void continueAllHelpers() {
    for (auto& [path, job] : jobs) {
      if (job.status.state == CompileStatus::State::Running && !job.elsewhere && job.pid > 0)
        ::kill(-job.pid, SIGCONT);
    }
    for (const pid_t group : stopped_groups) ::kill(-group, SIGCONT);
    stopped_groups.clear();
  }

  // Starts queued jobs up to the parallelism and reaps finished ones, until nothing is pending.
  void dispatch() {
    std::unique_lock lock(mutex);
    while (!stopping) {
      for (const auto& path : order) {
        auto& job = jobs[path];
        if (paused || draining || job.status.state != CompileStatus::State::Queued ||
            running() >= parallelism)
          continue;
        int lock_fd = -1;
        try {
          lock_fd = lockPackage(path);
          if (lock_fd < 0) {
            compiledElsewhere(job);
            changed.notify_all();
            continue;
          }
          job.pid = spawnHelper(resolvePythonInterpreter(), job.spec, parallelism, lock_fd);
          rememberHelperGroup(job.pid);
          job.status.state = CompileStatus::State::Running;
          job.status.attempts += 1;
          job.started = Clock::now();
        } catch (const Error& e) {
          job.status.state = CompileStatus::State::Failed;
          job.status.message = e.what();
        }
        if (lock_fd >= 0) ::close(lock_fd);  // the helper holds the lock now, through its own copy
        changed.notify_all();
      }
      for (auto& [path, job] : jobs) {
        if (job.status.state != CompileStatus::State::Running) continue;
        job.status.elapsed_ms = units::toMs(Clock::now() - job.started);
        if (job.elsewhere) {
          // The other process's helper has ended when its lock is free: its package, or none.
          job.elsewhere = false;
          try {
            const int lock_fd = lockPackage(path);
            if (lock_fd < 0) {
              job.elsewhere = true;
              continue;
            }
            ::close(lock_fd);
            job.status.message.clear();
            job.status.state =
                verifiedPackage(path) ? CompileStatus::State::Done : CompileStatus::State::Queued;
          } catch (const Error& e) {
            job.status.state = CompileStatus::State::Failed;
            job.status.message = e.what();
          }
          changed.notify_all();
          continue;
        }
        int wait_status = 0;
        if (::waitpid(job.pid, &wait_status, WNOHANG) != job.pid) continue;
        forgetHelperGroup(job.pid);
        job.pid = -1;
        job.status.message = outcome(job.spec, wait_status);
        job.status.state =
            job.status.message.empty() ? CompileStatus::State::Done : CompileStatus::State::Failed;
        changed.notify_all();
      }
      if (!pending()) break;
      changed.wait_for(lock, std::chrono::milliseconds(50));
    }
    dispatching = false;
  }

  // Called with the mutex held.
  void ensureDispatcher() {
    if (dispatching) return;                       // the running dispatcher picks the new job up
    if (dispatcher.joinable()) dispatcher.join();  // it has left its loop and needs no lock
    dispatching = true;
    dispatcher = std::thread([this] { dispatch(); });
  }
};

CompileQueue::CompileQueue() : state_(new State) {
  // Two helpers on 16 cores, each with 8 compile threads: the first packages (the likeliest
  // winners, see prioritise) are ready sooner than when four share the host.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  state_->parallelism = static_cast<int>(std::max(1u, cores / 8));
  if (const char* jobs = std::getenv("INFERSCOPE_AOTI_JOBS"); jobs && std::atoi(jobs) > 0) {
    state_->parallelism = std::atoi(jobs);
  }
}

CompileQueue::~CompileQueue() {
  {
    std::lock_guard lock(state_->mutex);
    state_->stopping = true;
    for (auto& [path, job] : state_->jobs) {
      if (job.pid <= 0 || job.detached) continue;
      ::kill(-job.pid, SIGTERM);
      ::kill(-job.pid, SIGCONT);  // a paused helper acts on SIGTERM once it runs again
    }
    if (state_->paused) state_->continueAllHelpers();  // detached ones, and other runs'
  }
  state_->changed.notify_all();
  if (state_->dispatcher.joinable()) state_->dispatcher.join();
  for (auto& [path, job] : state_->jobs) {
    if (job.pid <= 0) continue;
    if (!job.detached) {
      ::waitpid(job.pid, nullptr, 0);
    } else if (job.status.state == CompileStatus::State::Running) {
      // Left to finish after this run: a process that outlives the queue (the GUI, one queue per
      // tune) reaps it when it ends, so that it leaves no zombie behind.
      std::thread([pid = job.pid] { ::waitpid(pid, nullptr, 0); }).detach();
    }
  }
  delete state_;
}

void CompileQueue::setParallelism(int jobs) {
  std::lock_guard lock(state_->mutex);
  state_->parallelism = std::max(1, jobs);
}

void CompileQueue::prioritise(const std::vector<std::string>& package_paths) {
  std::lock_guard lock(state_->mutex);
  std::vector<std::string> order;
  for (const auto& path : package_paths) {
    if (state_->jobs.count(path) && std::find(order.begin(), order.end(), path) == order.end())
      order.push_back(path);
  }
  for (const auto& path : state_->order) {
    if (std::find(order.begin(), order.end(), path) == order.end()) order.push_back(path);
  }
  state_->order = std::move(order);
}

std::vector<std::string> CompileQueue::dispatchOrder() const {
  std::lock_guard lock(state_->mutex);
  return state_->order;
}

void CompileQueue::submit(const CompileSpec& spec) {
  std::lock_guard lock(state_->mutex);
  submitLocked(spec);
}

void CompileQueue::submitLocked(const CompileSpec& spec) {
  if (state_->jobs.count(spec.package_path)) return;
  State::Job job;
  job.spec = spec;
  job.status.key = spec.key;
  job.status.package_path = spec.package_path;
  job.status.log_path = spec.log_path;
  if (verifiedPackage(spec.package_path)) {
    job.status.state = CompileStatus::State::Cached;
  } else {
    try {
      if (const int lock_fd = lockPackage(spec.package_path); lock_fd < 0) {
        State::compiledElsewhere(job);  // its helper writes the package: wait for it
      } else {
        ::close(lock_fd);
        fs::remove(spec.package_path);  // a package without a matching record is never reused
        fs::remove(spec.package_path + ".sha256");
      }
    } catch (const std::exception& e) {  // no lock file, or a stale package it cannot remove
      job.status.state = CompileStatus::State::Failed;
      job.status.message = e.what();
    }
  }
  state_->jobs[spec.package_path] = job;
  state_->order.push_back(spec.package_path);
  if (job.status.state == CompileStatus::State::Queued ||
      job.status.state == CompileStatus::State::Running)
    state_->ensureDispatcher();
}

std::string CompileQueue::obtain(const CompileSpec& spec, double* waited_ms) {
  const auto start = Clock::now();
  std::unique_lock lock(state_->mutex);
  auto it = state_->jobs.find(spec.package_path);
  const bool queued = it != state_->jobs.end();
  if (!queued) {
    submitLocked(spec);
    it = state_->jobs.find(spec.package_path);
  }
  auto& job = it->second;
  for (int retry = 0;; ++retry) {
    state_->changed.wait(lock, [&] {
      return job.status.state != CompileStatus::State::Queued &&
             job.status.state != CompileStatus::State::Running;
    });
    if (job.status.state != CompileStatus::State::Failed || retry == 1) break;
    // One retry: a helper that failed once compiled fine on the next attempt on the H200.
    job.status.state = CompileStatus::State::Queued;
    job.status.message.clear();
    state_->ensureDispatcher();
  }
  if (waited_ms)
    *waited_ms =
        job.status.state == CompileStatus::State::Cached ? 0 : units::toMs(Clock::now() - start);
  if (job.status.state == CompileStatus::State::Failed) {
    throw Error(ErrorKind::Runtime,
                fmt::format("compiling the AOTInductor package for {} failed after {} attempts: {}",
                            spec.key, job.status.attempts, job.status.message));
  }
  return spec.package_path;
}

bool CompileQueue::ready(const std::string& package_path) const {
  std::lock_guard lock(state_->mutex);
  const auto it = state_->jobs.find(package_path);
  return it == state_->jobs.end() || (it->second.status.state != CompileStatus::State::Queued &&
                                      it->second.status.state != CompileStatus::State::Running);
}

bool CompileQueue::busy() const {
  std::lock_guard lock(state_->mutex);
  return state_->pending();
}

std::vector<CompileStatus> CompileQueue::jobs() const {
  std::lock_guard lock(state_->mutex);
  std::vector<CompileStatus> out;
  for (const auto& path : state_->order) {
    auto status = state_->jobs.at(path).status;
    if (status.state == CompileStatus::State::Running)
      status.elapsed_ms = units::toMs(Clock::now() - state_->jobs.at(path).started);
    out.push_back(status);
  }
  return out;
}

void CompileQueue::killHelpersFromSignalHandler() {
  for (auto& slot : g_helper_groups) {
    if (const pid_t group = slot.load(); group > 0) ::kill(-group, SIGKILL);
  }
}

void CompileQueue::pause() {
  std::lock_guard lock(state_->mutex);
  if (state_->paused) return;
  state_->paused = true;
  state_->stopAllHelpers();
}

void CompileQueue::resume() {
  {
    std::lock_guard lock(state_->mutex);
    if (!state_->paused) return;
    state_->paused = false;
    state_->continueAllHelpers();
  }
  state_->changed.notify_all();
}

std::vector<CompileStatus> CompileQueue::detachRunning() {
  std::lock_guard lock(state_->mutex);
  std::vector<CompileStatus> detached;
  for (const auto& path : state_->order) {
    auto& job = state_->jobs.at(path);
    if (job.status.state != CompileStatus::State::Running || job.elsewhere || job.pid <= 0)
      continue;
    job.detached = true;
    forgetHelperGroup(job.pid);  // it outlives this process, however this process ends
    if (state_->paused) ::kill(-job.pid, SIGCONT);
    job.status.elapsed_ms = units::toMs(Clock::now() - job.started);
    detached.push_back(job.status);
  }
  state_->draining = true;  // queued ones never start: nothing would be left to finish them
  return detached;
}

void CompileQueue::waitForAny(double timeout_ms) {
  std::unique_lock lock(state_->mutex);
  state_->changed.wait_for(
      lock, std::chrono::microseconds(static_cast<long long>(units::msToUs(timeout_ms))));
}

}  // namespace inferscope::runner
