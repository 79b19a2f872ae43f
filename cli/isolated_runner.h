// Isolation mode: each config runs in a fresh `inferscope-cli worker` child process that streams
// NDJSON events (ndjson_sink.h), so CUDA context creation, cuDNN autotune and compilation are paid
// per config instead of being hidden by earlier configs in the same process. The parent survives a
// child's crash or hang (timeout) and records it as that config's error; Ctrl-C stops the child.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"

namespace inferscope::cli {

// The descriptor on which a worker receives the parent's trust in the model file: the file's
// SHA-256 from the user's trust store, written into a pipe that only the worker inherits, never
// a command-line argument or the request file (docs/SECURITY.md). The worker checks the hash
// against the trust store again and its loader checks the file's bytes against the hash.
inline constexpr int kWorkerTrustFd = 3;

struct IsolationOptions {
  std::string worker_executable = "/proc/self/exe";
  double timeout_s = 900;  // per config: set-up, compilation and every iteration
  // The workers' CUDA_VISIBLE_DEVICES ("" leaves this process's environment as it is): pins them
  // to one GPU each for `--devices` (cli/device_runner.h), which then is their cuda:0.
  std::string cuda_visible_devices;
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

}  // namespace inferscope::cli
