// The one way events leave the engine. The CLI implements it as a table printer or NDJSON writer,
// the GUI as a Qt bridge that coalesces samples, tests as a recorder. Calls come from the engine
// thread, in order; implementations must return quickly (never block on a GUI).
#pragma once

#include <string>

#include "core/engine/config_result.h"

namespace inferscope {

struct SessionResult;

struct Sample {
  int config_index = 0;
  int iteration = 0;
  double latency_ms = 0;  // device time (CUDA events) or wall time (CPU)
  double host_ms = 0;     // host wall time of the same iteration
  bool warmup = false;    // run before measuring started
};

struct Progress {
  int config_index = 0;
  int config_count = 0;
  int iteration = 0;
  int planned_iterations = 0;
  double elapsed_ms = 0;
  int provisional_steady_start = -1;  // adaptive mode: the online analysis's current guess, or −1
};

enum class LogLevel { Info, Warning, Error };

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void onConfigStart(int config_index, int config_count, const OptimizationConfig& config) {
  }
  virtual void onSample(const Sample& sample) {}
  virtual void onProgress(const Progress& progress) {}
  virtual void onConfigDone(const ConfigResult& result) {}
  virtual void onLog(LogLevel level, const std::string& message) {}
  virtual void onSessionDone(const SessionResult& session) {}
};

// Forwards nothing: for callers that only want the returned result.
class NullSink : public EventSink {};

}  // namespace inferscope
