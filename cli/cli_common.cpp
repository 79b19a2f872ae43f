#include "cli/cli_common.h"

#include <execinfo.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/common/units.h"
#include "core/runner/compile_queue.h"
#include "core/runner/profile_run.h"
#include "core/session/session_file.h"

namespace inferscope::cli {

void writeSessionOutput(const SessionResult& session, const std::string& path) {
  if (path.empty()) return;
  if (!session.cancelled) {
    saveSession(session, path);
    fmt::print(stderr, "session written to {}\n", path);
    return;
  }
  const std::string partial = partialSessionPath(path);
  saveSession(session, partial);
  if (partial == path) {
    fmt::print(stderr, "cancelled: the partial session was written to {}\n", path);
  } else {
    fmt::print(stderr, "cancelled: {} was kept as it was; the partial session was written to {}\n",
               path, partial);
  }
}

SessionResult runSession(const ProfileRequest& request, const ModelOptions& options,
                         EventSink& sink) {
  runner::ProfileRunOptions run;
  run.isolate = options.isolate;
  run.forks = options.forks;
  run.isolation = isolationOptions(options.isolate_timeout_s);
  return runner::runProfile(request, run, sink, processCancelToken());
}

void completeRoofline(SessionResult& session) {
  if (const auto why = runner::completeRoofline(session); !why.empty())
    fmt::print(stderr, "roofline: {}\n", why);
}

// How long this process has run, from /proc (the kernel's start time, in clock ticks since boot):
// loading LibTorch and CUDA and querying the device come before the race, and count against the
// budget the user gave. 0 where /proc cannot say.
double processAgeMs() {
  std::ifstream stat("/proc/self/stat"), uptime("/proc/uptime");
  std::string text;
  double up_s = 0;
  if (!std::getline(stat, text) || !(uptime >> up_s)) return 0;
  // Field 22, counted after the command name's closing parenthesis (the name may hold spaces).
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string skipped;
  for (int field = 3; field < 22; ++field) fields >> skipped;
  double started_ticks = 0;
  const long ticks_per_s = ::sysconf(_SC_CLK_TCK);
  if (!(fields >> started_ticks) || ticks_per_s <= 0) return 0;
  const double started_s = started_ticks / static_cast<double>(ticks_per_s);
  return up_s > started_s ? units::sToMs(up_s - started_s) : 0;
}

runner::WorkerLauncher workerLauncher() {
  runner::WorkerLauncher launcher;
  const char* stand_in = std::getenv("INFERSCOPE_WORKER_EXECUTABLE");
  launcher.executable = stand_in != nullptr && *stand_in != '\0' ? stand_in : "/proc/self/exe";
  launcher.arguments = {"worker"};
  launcher.worker_running = setSignalKillTarget;
  return launcher;
}

runner::IsolationOptions isolationOptions() {
  runner::IsolationOptions isolation;
  isolation.launcher = workerLauncher();
  return isolation;
}

runner::IsolationOptions isolationOptions(double timeout_s) {
  auto isolation = isolationOptions();
  isolation.timeout_s = timeout_s;
  return isolation;
}

CancelToken& processCancelToken() {
  static CancelToken token;
  return token;
}

namespace {
// The isolation worker running now (0: none): a second signal kills it before this process exits.
std::atomic<pid_t> g_signal_worker{0};
static_assert(std::atomic<pid_t>::is_always_lock_free, "read in a signal handler");

// SIGINT/SIGTERM/SIGHUP (a closed terminal: nobody waits for the answer, and without a handler the
// process would end at once, leaving compile helpers and its temporary files behind). The first
// asks the engine to stop within one iteration; a second one (Ctrl-C
// twice, or SIGTERM while a cancel is pending) means the user will not wait — a forward that never
// returns would otherwise keep the process forever — so the process exits 130 at once. Only
// async-signal-safe calls: atomics, write, kill, _exit.
void onStopSignal(int sig) {
  if (processCancelToken().cancelled()) {
    if (const pid_t worker = g_signal_worker.load(); worker > 0) ::kill(worker, SIGKILL);
    runner::CompileQueue::killHelpersFromSignalHandler();
    static const char kNow[] = "\ninferscope-cli: stopped at once (second signal)\n";
    (void)!::write(STDERR_FILENO, kNow, sizeof kNow - 1);
    ::_exit(kExitCancelled);
  }
  processCancelToken().cancel();
  if (sig == SIGINT) {
    static const char kSoon[] =
        "\ninferscope-cli: cancelling after this iteration (Ctrl-C again stops at once)\n";
    (void)!::write(STDERR_FILENO, kSoon, sizeof kSoon - 1);
  }
}
}  // namespace

void setSignalKillTarget(pid_t worker) {
  g_signal_worker.store(worker);
}

void installSignalHandlers() {
  processCancelToken();  // constructs the static now: a handler must not run its initialisation
  struct sigaction stop {};
  stop.sa_handler = onStopSignal;
  sigemptyset(&stop.sa_mask);
  ::sigaction(SIGINT, &stop, nullptr);
  ::sigaction(SIGTERM, &stop, nullptr);
  ::sigaction(SIGHUP, &stop, nullptr);
  // A crash (in LibTorch, CUDA or here) leaves a stack on stderr for the bug report, then dies of
  // the same signal so that a parent (isolation mode, the cudnn command) still sees it. backtrace()
  // and backtrace_symbols_fd() write without malloc once loaded; the first call loads them here.
  void* warm[1];
  ::backtrace(warm, 1);
  struct sigaction action {};
  action.sa_flags =
      SA_SIGINFO | SA_RESETHAND;  // SA_RESETHAND: the re-raise below kills the process
  action.sa_sigaction = [](int sig, siginfo_t* info, void* context) {
    char line[160];
    const auto* uc = static_cast<const ucontext_t*>(context);
    const auto pc = static_cast<unsigned long long>(uc->uc_mcontext.gregs[REG_RIP]);
    const auto sp = static_cast<unsigned long long>(uc->uc_mcontext.gregs[REG_RSP]);
    int n = std::snprintf(line, sizeof line,
                          "inferscope-cli crashed: signal %d at pc 0x%llx, address %p; stack:\n",
                          sig, pc, info->si_addr);
    (void)!::write(STDERR_FILENO, line, static_cast<std::size_t>(n));
    void* frames[64];
    const int count = ::backtrace(frames, 64);
    ::backtrace_symbols_fd(frames, count, STDERR_FILENO);
    // Where the unwinder cannot go (code without unwind tables): the words on the stack that point
    // into code, and the process's executable mappings, to place them by hand.
    const auto* words = reinterpret_cast<const unsigned long long*>(sp);
    for (int i = 0; i < 48; ++i) {
      n = std::snprintf(line, sizeof line, "  [sp+%d] 0x%llx\n", i * 8, words[i]);
      (void)!::write(STDERR_FILENO, line, static_cast<std::size_t>(n));
    }
    // Installed handlers: a library's handler that chains to a null "previous handler" shows up as
    // a crash at pc 0 with that library's code on the stack.
    for (int other = 1; other < 32; ++other) {
      struct sigaction installed {};
      if (::sigaction(other, nullptr, &installed) != 0) continue;
      const auto address = reinterpret_cast<unsigned long long>(installed.sa_handler);
      if (address > 1) {  // not SIG_DFL (0) or SIG_IGN (1)
        n = std::snprintf(line, sizeof line, "  handler for signal %d: 0x%llx\n", other, address);
        (void)!::write(STDERR_FILENO, line, static_cast<std::size_t>(n));
      }
    }
    if (std::getenv("INFERSCOPE_CRASH_MAPS") != nullptr) {
      const int fd = ::open("/proc/self/maps", O_RDONLY);
      char buffer[4096];
      for (ssize_t got; fd >= 0 && (got = ::read(fd, buffer, sizeof buffer)) > 0;) {
        (void)!::write(STDERR_FILENO, buffer, static_cast<std::size_t>(got));
      }
    }
    std::raise(sig);
  };
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE}) ::sigaction(sig, &action, nullptr);
}

}  // namespace inferscope::cli
