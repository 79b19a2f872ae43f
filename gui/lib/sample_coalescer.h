// The hand-over point between the engine thread and the GUI thread for the high-rate events.
// The engine pushes every sample and progress report here (a short mutex-protected append, so the
// engine never waits on the GUI); the GUI thread takes everything gathered so far as one immutable
// snapshot on its own clock (EngineBridge drains it at ≤ 30 Hz). A fast CPU model streaming
// thousands of samples a second thus costs the event loop one signal per frame, not one per sample.
#pragma once

#include <QMetaType>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/engine/event_sink.h"

namespace inferscope::gui {

// What the GUI receives per frame. Samples keep engine order; progress keeps only the latest
// report, because an older one is stale the moment a newer one exists.
struct SampleSnapshot {
  std::vector<Sample> samples;
  std::optional<Progress> progress;
};

class SampleCoalescer {
 public:
  // Engine thread.
  void push(const Sample& sample);
  void pushProgress(const Progress& progress);

  // GUI thread: everything gathered since the last take, or nullptr when nothing arrived, so an
  // idle frame emits no signal at all.
  std::shared_ptr<const SampleSnapshot> take();

  std::size_t pendingSamples() const;

 private:
  mutable std::mutex mutex_;
  std::vector<Sample> samples_;
  std::optional<Progress> progress_;
};

}  // namespace inferscope::gui

Q_DECLARE_METATYPE(std::shared_ptr<const inferscope::gui::SampleSnapshot>)
