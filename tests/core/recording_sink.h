// A sink that keeps everything the engine emitted, and can cancel after N samples.
#pragma once

#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"

namespace inferscope::testing {

class RecordingSink : public EventSink {
 public:
  std::vector<Sample> samples;
  std::vector<ConfigResult> results;
  std::vector<std::string> logs;
  int starts = 0;
  CancelToken* cancel_after_token = nullptr;
  std::size_t cancel_after = 0;

  void onConfigStart(int, int, const OptimizationConfig&) override { ++starts; }
  void onSample(const Sample& s) override {
    samples.push_back(s);
    if (cancel_after_token && samples.size() == cancel_after) cancel_after_token->cancel();
  }
  void onConfigDone(const ConfigResult& r) override { results.push_back(r); }
  void onLog(LogLevel, const std::string& m) override { logs.push_back(m); }
};

}  // namespace inferscope::testing
