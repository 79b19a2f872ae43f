// What a tuning run says while it runs: the race's decisions (tuner::TuneObserver), the engine's
// own events while a round runs (EventSink), and the run's start and end. Two implementations:
// the NDJSON event stream for programs (tune_event_writer.h) and inferscope-cli's console lines.
#pragma once

#include <string>

#include "core/engine/event_sink.h"
#include "core/tuner/tune_observer.h"

namespace inferscope::runner {

class TuneReporter : public tuner::TuneObserver, public EventSink {
 public:
  // What is tuned (model and inputs), where, within which budget, under which accuracy rule.
  virtual void start(const std::string& model, const std::string& device, double budget_ms,
                     const std::string& rule) = 0;
  // The race's answer, and where its session was written ("" when none was).
  virtual void finish(const tuner::TuneResult& result, const std::string& session_path) = 0;
};

}  // namespace inferscope::runner
