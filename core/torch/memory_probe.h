// Peak memory of one config. CUDA: the caching allocator's allocated/reserved peaks, reset per
// config. CPU: LibTorch keeps no peak, so a MemoryReportingInfoBase hook (the profiler's slot,
// thread-local) tracks the largest total the CPU allocator reported — labelled as such.
#pragma once

#include <memory>

#include "core/engine/config_result.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

class MemoryProbe {
 public:
  virtual ~MemoryProbe() = default;
  // Peaks since construction (CUDA: since the reset done at construction).
  virtual MemoryStats read() = 0;
};

// Install on the thread that runs the config; keep alive for the config's whole run.
std::unique_ptr<MemoryProbe> makeMemoryProbe(const torch::Device& device);

// Gives cached device memory back (after an OOM or at the end of a config).
void releaseCachedMemory(const torch::Device& device);

}  // namespace inferscope::torchlayer
