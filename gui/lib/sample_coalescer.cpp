// See sample_coalescer.h: the engine appends under a mutex, the GUI swaps the buffer out.
#include "gui/lib/sample_coalescer.h"

namespace inferscope::gui {

void SampleCoalescer::push(const Sample& sample) {
  std::lock_guard lock(mutex_);
  samples_.push_back(sample);
}

void SampleCoalescer::pushProgress(const Progress& progress) {
  std::lock_guard lock(mutex_);
  progress_ = progress;
}

std::shared_ptr<const SampleSnapshot> SampleCoalescer::take() {
  auto snapshot = std::make_shared<SampleSnapshot>();
  {
    // Swap rather than copy: the lock is held for a pointer exchange, never for a copy of a
    // large backlog, so the engine thread's push() stays cheap even after a GUI stall.
    std::lock_guard lock(mutex_);
    if (samples_.empty() && !progress_) return nullptr;
    snapshot->samples.swap(samples_);
    snapshot->progress = progress_;
    progress_.reset();
  }
  return snapshot;
}

std::size_t SampleCoalescer::pendingSamples() const {
  std::lock_guard lock(mutex_);
  return samples_.size();
}

}  // namespace inferscope::gui
