// Times one iteration. CPU: steady_clock around the call. CUDA: an event pair on the current stream,
// read after the end event completes — device time, not host time (MEASUREMENT.md, Timing).
#pragma once

#include <memory>

#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

class IterationTimer {
 public:
  virtual ~IterationTimer() = default;
  virtual void begin() = 0;
  // Waits for the iteration's work to finish and returns its duration in milliseconds.
  virtual double endMs() = 0;
};

std::unique_ptr<IterationTimer> makeIterationTimer(const torch::Device& device);

// Blocks until all work queued on the device is done (no-op on the CPU).
void synchronize(const torch::Device& device);

}  // namespace inferscope::torchlayer
