// AOTInductor packages compiled by a helper process (resources/python/inferscope_aoti.py), in the
// background while eager configs are measured, and kept in a persistent cache, so that the
// tuner's minutes-long compiles are paid once per model and overlap its measurements. The run
// layer's PackageCompiler (core/engine/package_compiler.h): a run that may meet AOTInductor
// configs owns one and hands it to the engine (runInProcess, EngineMeasurer, runTuning).
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
// A queue serves one run: detachRunning() at the run's end leaves it starting nothing new, so the
// next run (the GUI's next Validate) makes a queue of its own. Plain C++ (no LibTorch).
#pragma once

#include <string>
#include <vector>

#include "core/engine/package_compiler.h"

namespace inferscope::runner {

class CompileQueue final : public PackageCompiler {
 public:
  // An empty queue for one run (setParallelism: how many helpers it runs at once).
  CompileQueue();
  // Stops compiles still running (unless detached): they would slow what runs next.
  ~CompileQueue() override;
  CompileQueue(const CompileQueue&) = delete;
  CompileQueue& operator=(const CompileQueue&) = delete;

  // At most this many helpers at once (default: cores / 8, at least 1; $INFERSCOPE_AOTI_JOBS).
  // Each helper gets cores / jobs Inductor compile threads unless TORCHINDUCTOR_COMPILE_THREADS
  // is set.
  void setParallelism(int jobs);
  // Queued compiles start in this order (packages not listed keep their order after these);
  // running ones are not disturbed. The tuner calls it as the eager measurements say which
  // precision and memory format lead, so that the likeliest winner's package is ready first.
  void prioritise(const std::vector<std::string>& package_paths) override;
  std::vector<std::string> dispatchOrder() const;  // package paths, the next to start first
  // Queues the compile unless its package is cached and verified, or already queued. Returns at
  // once.
  void submit(const CompileSpec& spec) override;
  // The package, compiled now if nobody queued it; waits for a queued or running compile. A
  // failure is retried once; a second failure throws Error(Runtime) with the helper's exception and
  // log path. `waited_ms` receives the time spent waiting and compiling (0 for a cache hit).
  std::string obtain(const CompileSpec& spec, double* waited_ms = nullptr) override;
  // False while the package is queued or compiling.
  bool ready(const std::string& package_path) const override;
  bool busy() const;  // any compile queued or running
  std::vector<CompileStatus> jobs() const;
  // Blocks until a compile finishes or `timeout_ms` passes.
  void waitForAny(double timeout_ms);
  // Stops every running helper (SIGSTOP to its process group): this queue's, and any other
  // run's that compiles into the same cache folder (any model). Starts no queued one until
  // resume(): for the measurements whose host must be quiet (the tuner's finals).
  void pause();
  void resume();
  // At a run's end: this queue's running helpers are left to finish after the run and after this
  // process (not stopped by the destructor, continued if paused; a process that lives on reaps
  // them) and returned; queued ones never start. Their locks make the next run wait for them
  // rather than compile again. Nothing compiles after this call that was not running at it.
  std::vector<CompileStatus> detachRunning();
  // Async-signal-safe: SIGKILL to the process group of every helper that any queue of this process
  // is running and has not detached. For a hard exit from a signal handler (a second Ctrl-C),
  // where no destructor runs: helpers lead process groups of their own, so the terminal's signal
  // no longer reaches them. Static because a signal handler has no queue to ask: every queue
  // records its helpers in one process-wide, lock-free table for it.
  static void killHelpersFromSignalHandler();

 private:
  void submitLocked(const CompileSpec& spec);
  struct State;
  State* state_;
};

// True when `package_path` and its .sha256 record exist and the package's bytes hash to it.
bool verifiedPackage(const std::string& package_path);

// The part of a helper's log a user needs: the JSON error line the helper prints for the failures
// it knows, else the last lines of the Python traceback (the exception itself is the last one).
std::string helperFailureSummary(const std::string& log_text, int max_lines = 6);

}  // namespace inferscope::runner
