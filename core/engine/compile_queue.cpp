#include "core/engine/compile_queue.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
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
#include "core/common/sha256.h"
#include "core/common/units.h"

extern char** environ;

namespace inferscope {
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

pid_t spawnHelper(const std::string& interpreter, const CompileSpec& spec, int parallelism) {
  fs::create_directories(fs::path(spec.log_path).parent_path());
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, spec.log_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<std::string> args{interpreter};
  args.insert(args.end(), spec.args.begin(), spec.args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  auto env = helperEnvironment(parallelism);
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = -1;
  const int rc =
      ::posix_spawn(&pid, interpreter.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
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

const char* toString(CompileStatus::State state) {
  switch (state) {
    case CompileStatus::State::Queued:
      return "queued";
    case CompileStatus::State::Running:
      return "running";
    case CompileStatus::State::Done:
      return "done";
    case CompileStatus::State::Cached:
      return "cached";
    case CompileStatus::State::Failed:
      return "failed";
  }
  return "queued";
}

std::string resolvePythonInterpreter() {
  const char* configured = std::getenv("INFERSCOPE_PYTHON");
  const std::string name = configured && *configured ? configured : "python3";
  const auto usable = [](const fs::path& p) {
    return fs::is_regular_file(p) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) {
    const auto path = fs::absolute(name);
    if (usable(path)) return path.lexically_normal().string();
    throw Error(ErrorKind::Runtime,
                fmt::format("INFERSCOPE_PYTHON={} is not an executable file", name));
  }
  const char* path_env = std::getenv("PATH");
  std::string_view rest = path_env ? path_env : "";
  while (!rest.empty()) {
    const auto colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    if (dir.empty() || dir[0] != '/') continue;  // a relative PATH entry would depend on the cwd
    if (usable(fs::path(dir) / name)) return (fs::path(dir) / name).string();
  }
  throw Error(
      ErrorKind::Runtime,
      fmt::format(
          "no '{}' on PATH for the AOTInductor helper: install python3 with torch ≥ 2.6 or set "
          "INFERSCOPE_PYTHON to its absolute path",
          name));
}

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
    pid_t pid = -1;
    Clock::time_point started;
  };
  mutable std::mutex mutex;
  std::condition_variable changed;
  std::map<std::string, Job> jobs;  // by package path
  std::vector<std::string> order;   // dispatch order: submission order until prioritise()
  int parallelism = 1;
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

  // Starts queued jobs up to the parallelism and reaps finished ones, until nothing is pending.
  void dispatch() {
    std::unique_lock lock(mutex);
    while (!stopping) {
      for (const auto& path : order) {
        auto& job = jobs[path];
        if (job.status.state != CompileStatus::State::Queued || running() >= parallelism) continue;
        try {
          job.pid = spawnHelper(resolvePythonInterpreter(), job.spec, parallelism);
          job.status.state = CompileStatus::State::Running;
          job.status.attempts += 1;
          job.started = Clock::now();
        } catch (const Error& e) {
          job.status.state = CompileStatus::State::Failed;
          job.status.message = e.what();
        }
        changed.notify_all();
      }
      for (auto& [path, job] : jobs) {
        if (job.status.state != CompileStatus::State::Running) continue;
        job.status.elapsed_ms = units::toMs(Clock::now() - job.started);
        int wait_status = 0;
        if (::waitpid(job.pid, &wait_status, WNOHANG) != job.pid) continue;
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
      if (job.pid > 0) ::kill(job.pid, SIGTERM);
    }
  }
  state_->changed.notify_all();
  if (state_->dispatcher.joinable()) state_->dispatcher.join();
  for (auto& [path, job] : state_->jobs) {
    if (job.pid > 0) ::waitpid(job.pid, nullptr, 0);
  }
  delete state_;
}

CompileQueue& CompileQueue::instance() {
  static CompileQueue queue;
  return queue;
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
    fs::remove(spec.package_path);  // a package without a matching record is never reused
    fs::remove(spec.package_path + ".sha256");
  }
  state_->jobs[spec.package_path] = job;
  state_->order.push_back(spec.package_path);
  if (job.status.state == CompileStatus::State::Queued) state_->ensureDispatcher();
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

void CompileQueue::waitForAny(double timeout_ms) {
  std::unique_lock lock(state_->mutex);
  state_->changed.wait_for(lock,
                           std::chrono::microseconds(static_cast<long long>(units::msToUs(timeout_ms))));
}

}  // namespace inferscope
