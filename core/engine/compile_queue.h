// AOTInductor packages compiled by a helper process (resources/python/inferscope_aoti.py), in the
// background while eager configs are measured, and kept in a persistent cache, so that the
// tuner's minutes-long compiles are paid once per model and overlap its measurements.
//   * The helper is started with posix_spawn and an argument vector — no shell — from an
//     interpreter resolved to an absolute path ($INFERSCOPE_PYTHON, else python3 on PATH).
//   * A package is reused only when its recorded SHA-256 (written beside it by the helper once the
//     package is complete) matches its bytes; anything else is compiled again.
//   * One helper per package across processes: the helper holds <package>.lock (flock) while it
//     compiles, and another run that wants the package waits for that helper instead of starting
//     its own. So a run can leave its running compiles to finish after it (detachRunning), and
//     the next run uses their packages.
//   * Helpers run in process groups of their own, 10 nice levels below the CLI: a measurement
//     that shares the host with a compile is disturbed less, and pause() stops them outright
//     while the measurements that decide an answer run.
//   * A failure keeps the helper's log; the error shows the Python exception's last lines and the
//     log's path, and the package is retried once before it is reported as failed.
// Plain C++ (no LibTorch): the LibTorch side (core/torch/aoti_model.cpp) only builds CompileSpecs.
#pragma once

#include <string>
#include <vector>

namespace inferscope {

struct CompileSpec {
  std::string key;                // what the user reads: "resnet50 bf16+cl"
  std::string package_path;       // the cache entry: the helper writes it, then <package>.sha256
  std::vector<std::string> args;  // the helper's arguments after the interpreter
  std::string log_path;           // the helper's stdout and stderr
};

struct CompileStatus {
  std::string key, package_path, log_path;
  enum class State { Queued, Running, Done, Cached, Failed } state = State::Queued;
  double elapsed_ms = 0;  // compile time so far (or in total, once done)
  int attempts = 0;
  std::string message;  // a failure's reason, with the log's path
};

const char* toString(CompileStatus::State state);

// $INFERSCOPE_PYTHON (a path, or a name looked up on PATH), else python3 on PATH, as an absolute
// path. Throws Error(Runtime) saying which variable to set when there is none.
std::string resolvePythonInterpreter();

// A Python helper script by name ("inferscope_aoti.py"): $INFERSCOPE_PYTHON_HELPERS, else the
// installed copy, else the source tree's.
std::string pythonHelperPath(const std::string& name);

// InferScope's cache folder: $XDG_CACHE_HOME/inferscope, ~/.cache/inferscope, or a temp folder.
std::string cacheDirectory();

// True when `package_path` and its .sha256 record exist and the package's bytes hash to it.
bool verifiedPackage(const std::string& package_path);

// The part of a helper's log a user needs: the JSON error line the helper prints for the failures
// it knows, else the last lines of the Python traceback (the exception itself is the last one).
std::string helperFailureSummary(const std::string& log_text, int max_lines = 6);

class CompileQueue {
 public:
  // The process-wide queue: compiles are shared by every config of a run.
  static CompileQueue& instance();
  ~CompileQueue();  // stops compiles still running (unless detached): they would slow what runs
                    // next

  // At most this many helpers at once (default: cores / 8, at least 1; $INFERSCOPE_AOTI_JOBS).
  // Each helper gets cores / jobs Inductor compile threads unless TORCHINDUCTOR_COMPILE_THREADS
  // is set.
  void setParallelism(int jobs);
  // Queued compiles start in this order (packages not listed keep their order after these);
  // running ones are not disturbed. The tuner calls it as the eager measurements say which
  // precision and memory format lead, so that the likeliest winner's package is ready first.
  void prioritise(const std::vector<std::string>& package_paths);
  std::vector<std::string> dispatchOrder() const;  // package paths, the next to start first
  // Queues the compile unless its package is cached and verified, or already queued. Returns at
  // once.
  void submit(const CompileSpec& spec);
  // The package, compiled now if nobody queued it; waits for a queued or running compile. A
  // failure is retried once; a second failure throws Error(Runtime) with the helper's exception and
  // log path. `waited_ms` receives the time spent waiting and compiling (0 for a cache hit).
  std::string obtain(const CompileSpec& spec, double* waited_ms = nullptr);
  // False while the package is queued or compiling.
  bool ready(const std::string& package_path) const;
  bool busy() const;  // any compile queued or running
  std::vector<CompileStatus> jobs() const;
  // Blocks until a compile finishes or `timeout_ms` passes.
  void waitForAny(double timeout_ms);
  // Stops every running helper (SIGSTOP to its process group): this queue's, and any other
  // run's that compiles into the same cache folder (any model). Starts no queued one until
  // resume(): for the measurements whose host must be quiet (the tuner's finals).
  void pause();
  void resume();
  // At a run's end: the running helpers of this process are left to finish after it exits (not
  // stopped by the destructor, continued if paused) and returned; queued ones never start. Their
  // locks make the next run wait for them rather than compile again. Nothing compiles after this
  // call that was not running at it.
  std::vector<CompileStatus> detachRunning();
  // Async-signal-safe: SIGKILL to the process group of every helper this process is running and
  // has not detached. For a hard exit from a signal handler (a second Ctrl-C), where no destructor
  // runs: helpers lead process groups of their own, so the terminal's signal no longer reaches
  // them.
  static void killHelpersFromSignalHandler();

 private:
  CompileQueue();
  void submitLocked(const CompileSpec& spec);
  struct State;
  State* state_;
};

}  // namespace inferscope
