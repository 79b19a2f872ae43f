// Cooperative cancellation: the GUI or a signal handler sets the flag, the engine checks it between
// iterations, so a cancelled run ends within one iteration and frees its memory on the way out.
#pragma once

#include <atomic>

namespace inferscope {

class CancelToken {
 public:
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  void reset() { cancelled_.store(false, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
};

}  // namespace inferscope
