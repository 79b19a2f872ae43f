// Where the engine meets the clock and the allocator, as small interfaces with no LibTorch types:
// the LibTorch layer implements them per device (core/torch/iteration_timer.h: CUDA events or
// steady_clock; core/torch/memory_probe.h: the caching allocator's peaks or a CPU allocator hook),
// and tests hand the engine scripted ones, so that what it makes of the numbers it measures is
// tested with numbers known in advance.
#pragma once

#include <functional>
#include <memory>

#include "core/engine/config_result.h"

namespace inferscope {

// Times one iteration.
class IterationTimer {
 public:
  virtual ~IterationTimer() = default;
  virtual void begin() = 0;
  // Waits for the iteration's work to finish and returns its duration in milliseconds.
  virtual double endMs() = 0;
};

// Peak memory of one config, from its construction on.
class MemoryProbe {
 public:
  virtual ~MemoryProbe() = default;
  virtual MemoryStats read() = 0;
};

// Replacements for the device's own timer and memory probe (either may stay empty: the device's).
// A factory is called once per config, on the thread that runs it.
struct MeasurementProbes {
  std::function<std::unique_ptr<IterationTimer>()> timer;
  std::function<std::unique_ptr<MemoryProbe>()> memory;
};

}  // namespace inferscope
