// The device's iteration timer (core/engine/measurement_probes.h). CPU: steady_clock around the
// call. CUDA: an event pair on the current stream, read after the end event completes — device
// time, not host time (MEASUREMENT.md, Timing).
#pragma once

#include <memory>

#include "core/engine/measurement_probes.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

using inferscope::IterationTimer;

std::unique_ptr<IterationTimer> makeIterationTimer(const torch::Device& device);

// Blocks until all work queued on the device is done (no-op on the CPU).
void synchronize(const torch::Device& device);

}  // namespace inferscope::torchlayer
