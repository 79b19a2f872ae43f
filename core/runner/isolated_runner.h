// Isolation mode: each config runs in a fresh worker process (inferscope-cli's `worker` command,
// started through a WorkerLauncher) that streams NDJSON events (ndjson_sink.h), so CUDA context
// creation, cuDNN autotune and compilation are paid per config instead of being hidden by earlier
// configs in the same process. The parent survives a child's crash or hang (timeout) and records it
// as that config's error; Ctrl-C stops the child.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"
#include "core/runner/worker_launcher.h"

namespace inferscope::runner {

// The descriptor on which a worker receives the parent's trust in the model file: the file's
// SHA-256 from the user's trust store, written into a pipe that only the worker inherits, never
// a command-line argument or the request file (docs/SECURITY.md). The worker checks the hash
// against the trust store again and its loader checks the file's bytes against the hash.
inline constexpr int kWorkerTrustFd = 3;

struct IsolationOptions {
  WorkerLauncher launcher;
  double timeout_s = 900;  // per config: set-up, compilation and every iteration
  // The workers' CUDA_VISIBLE_DEVICES ("" leaves this process's environment as it is): pins them
  // to one GPU each for `--devices` (device_runner.h), which then is their cuda:0.
  std::string cuda_visible_devices;
  // Where each worker's stderr is logged, capped as the Python worker's (bounded_log.h); its first
  // MiB is also shown on this process's stderr. "": the cache folder's worker-logs.
  std::string log_dir;
  // No worker starts that would end after this, judged by the mean wall time of the workers before
  // it in this run (the first always starts): the tuner's finals stay inside its budget. The
  // configs not started have no result; the sink is told how many.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Which plan entry runs next, given how many more workers the deadline leaves time for (INT_MAX
  // without one, or before the first worker has ended); -1 for none. Unset: plan order. The fork
  // runner's ForkSchedule (core/engine/fork_schedule.h). Results keep their plan index
  // (ConfigResult::index) and come in the order they ran.
  std::function<int(int fits)> next;
};

SessionResult runIsolated(const ProfileRequest& request, EventSink& sink, const CancelToken& cancel,
                          const IsolationOptions& options);

// The tuner's in-process rounds for a model file (EngineMeasurer): the whole plan in one worker,
// run as engine::run runs it in this process (the FP32 reference first, each config compared
// with it as it ends, the same results), so that a model's hang or crash costs configs, never
// the caller. A worker that crashes or hangs in a config costs that config ("crashed in a worker"
// / "hung in a worker"); a fresh worker runs the configs after it while the deadline leaves time.
// One that fails before its first config (the model's load, the FP32 reference) costs them all.
struct PlanWorkerOptions {
  WorkerLauncher launcher;
  std::string cuda_visible_devices;  // as IsolationOptions::cuda_visible_devices
  std::string log_dir;               // as IsolationOptions::log_dir
  // Hard end: a worker still running then is killed, and every config it had not reported fails.
  // Each worker's configs share the time left to it (RunSettings::config_time_budget_ms), as an
  // in-process measure() of the tuner's does.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // With a deadline, a config that shows no sign of life (a sample, a log line) for its share of
  // the time plus this grace is taken as hung: its worker is killed. A longer set-up or iteration
  // could not finish within the budget either.
  double silent_config_grace_ms = 2000;
};

// One result per plan entry in plan order (failed ones with status Error and the reason), or
// fewer when cancelled (the cancelled config last). Throws Error like engine::run when a worker
// exits with an error before its first config (a model that cannot load: the worker's message is
// on stderr above). The session holds what the workers reported of the model and the device
// (parameter_count, output_shapes, device, inputs): empty when none got that far.
SessionResult runPlanInWorkers(const ProfileRequest& request, EventSink& sink,
                               const CancelToken& cancel, const PlanWorkerOptions& options);

}  // namespace inferscope::runner
