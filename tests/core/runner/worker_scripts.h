// Fake isolation workers for the run layer's tests: /bin/sh scripts that speak (or break) the
// worker protocol, and the NDJSON lines a real worker would print for a result, written by the
// worker's own sink (core/session/ndjson_sink.h).
#pragma once

#include <string>
#include <vector>

#include "core/engine/session_result.h"
#include "core/runner/worker_launcher.h"

namespace inferscope::runner::testing {

class WorkerScripts {
 public:
  WorkerScripts();
  ~WorkerScripts();
  WorkerScripts(const WorkerScripts&) = delete;
  WorkerScripts& operator=(const WorkerScripts&) = delete;

  // A launcher that runs `body` in /bin/sh. The body sees $REQUEST (the request file), $KEY (the
  // first config of its plan), $DIR (this folder) and $ARGS (every argument it was given).
  WorkerLauncher launcher(const std::string& body) const;

  // Writes to DIR/`name` what a worker prints for `result`: config_start, a sample per latency,
  // config_done, then session_done with `device_name` as the device.
  void writeEvents(const std::string& name, const ConfigResult& result,
                   const std::string& device_name = "Fake GPU") const;

  // The lines of DIR/`name` ([] when there is no such file).
  std::vector<std::string> lines(const std::string& name) const;

  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

// An Ok result of `key` whose every iteration took `latency_ms` (warm-up none).
ConfigResult okResult(const std::string& key, double latency_ms, int iterations = 20);

}  // namespace inferscope::runner::testing
