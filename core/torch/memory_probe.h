// Peak memory of one config. CUDA: the caching allocator's allocated/reserved peaks, reset per
// config. CPU: LibTorch keeps no peak, so a MemoryReportingInfoBase hook (the profiler's slot,
// thread-local) tracks the largest total the CPU allocator reported — labelled as such.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/engine/config_result.h"
#include "core/engine/measurement_probes.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

// The device's memory probe (core/engine/measurement_probes.h): peaks since construction (CUDA:
// since the reset done at construction).
using inferscope::MemoryProbe;

// Install on the thread that runs the config; keep alive for the config's whole run.
std::unique_ptr<MemoryProbe> makeMemoryProbe(const torch::Device& device);

// Gives cached device memory back (at the end of every config): waits for the device's queued
// work, so blocks still in use by kernels are free, then empties the caching allocator.
void releaseCachedMemory(const torch::Device& device);

// The memory a fresh process would find: CUDA: the driver's free memory on the device and what
// PyTorch's allocator still holds (allocated: tensors still referenced; reserved: cached blocks);
// CPU: the system's MemAvailable (/proc/meminfo). Compared before the first config and after each
// out-of-memory config, it says whether the OOM left anything behind.
struct FreeMemory {
  std::optional<std::int64_t> free_bytes;  // empty: could not be measured (see `source`)
  std::int64_t torch_allocated_bytes = 0;  // CUDA only
  std::int64_t torch_reserved_bytes = 0;   // CUDA only
  std::string source;                      // "cuda-driver" | "cpu-meminfo" | why it is unavailable
};
FreeMemory measureFreeMemory(const torch::Device& device);

// "after the OOM of fp32, 139.1 GiB free on cuda:0 (before the first config: 139.3 GiB)", with
// what PyTorch still holds when that is not zero, or why nothing could be measured.
std::string describeMemoryAfterOom(const std::string& config_key, const FreeMemory& before,
                                   const FreeMemory& after, const torch::Device& device);

}  // namespace inferscope::torchlayer
