#include "core/torch/memory_probe.h"

#include <c10/core/Allocator.h>
#include <c10/util/ThreadLocalDebugInfo.h>
#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include "core/common/units.h"

#ifdef INFERSCOPE_WITH_CUDA
#include <ATen/Functions.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>
#endif

namespace inferscope::torchlayer {
namespace {

// Tracks the largest total the CPU allocator reported while installed. The totals are int64_t in
// LibTorch 1.13 and size_t in 2.x: both overloads are declared, and whichever matches the base
// class's virtual is the override (the other is an unused overload).
class PeakReporter final : public c10::MemoryReportingInfoBase {
 public:
  bool memoryProfilingEnabled() const override { return true; }
  void reportMemoryUsage(void*, int64_t alloc_size, int64_t total_allocated, int64_t,
                         c10::Device device) /* override in 1.13 */ {
    record(alloc_size, total_allocated, device);
  }
  void reportMemoryUsage(void*, int64_t alloc_size, size_t total_allocated, size_t,
                         c10::Device device) /* override in 2.x */ {
    record(alloc_size, static_cast<int64_t>(total_allocated), device);
  }
  std::int64_t peakAboveStart() const {
    return baseline_set_ ? std::max<std::int64_t>(0, peak_ - baseline_) : 0;
  }

 private:
  void record(int64_t alloc_size, int64_t total, c10::Device device) {
    if (device.type() != c10::DeviceType::CPU) return;
    if (!baseline_set_) {
      baseline_ = total - alloc_size;  // what was already allocated when the probe started
      baseline_set_ = true;
    }
    peak_ = std::max(peak_, total);
  }
  std::int64_t peak_ = 0, baseline_ = 0;
  bool baseline_set_ = false;
};

class CpuMemoryProbe final : public MemoryProbe {
 public:
  CpuMemoryProbe()
      : reporter_(std::make_shared<PeakReporter>()),
        guard_(c10::DebugInfoKind::PROFILER_STATE, reporter_) {}
  MemoryStats read() override {
    MemoryStats m;
    m.peak_allocated_bytes = reporter_->peakAboveStart();
    m.source = "cpu-allocator-hook";
    return m;
  }

 private:
  std::shared_ptr<PeakReporter> reporter_;
  c10::DebugInfoGuard guard_;
};

#ifdef INFERSCOPE_WITH_CUDA
// The caching allocator keeps statistics only for the devices CUDA was initialised for in this
// process, and asking it about another throws "Invalid device argument". A process whose model ran
// elsewhere has initialised nothing: the tuner measures a Python-built model's AOTInductor
// packages in its own process, where the model and its FP32 reference ran in the Python worker (on
// the H200 the first package measured ended the whole tune with that error). An empty tensor on
// the device initialises it and allocates nothing.
void initialiseCuda(c10::DeviceIndex index) {
  (void)at::empty({0}, at::TensorOptions().device(c10::Device(c10::kCUDA, index)));
}

class CudaMemoryProbe final : public MemoryProbe {
 public:
  explicit CudaMemoryProbe(c10::DeviceIndex index) : index_(index) {
    initialiseCuda(index_);
    c10::cuda::CUDACachingAllocator::resetPeakStats(index_);
  }
  MemoryStats read() override {
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(index_);
    // Index 0 is StatType::AGGREGATE; the enum moved namespaces between 1.13 and 2.x.
    constexpr std::size_t kAggregate = 0;
    MemoryStats m;
    m.peak_allocated_bytes = stats.allocated_bytes[kAggregate].peak;
    m.peak_reserved_bytes = stats.reserved_bytes[kAggregate].peak;
    m.source = "cuda-caching-allocator";
    return m;
  }

 private:
  c10::DeviceIndex index_;
};
#endif

}  // namespace

std::unique_ptr<MemoryProbe> makeMemoryProbe(const torch::Device& device) {
#ifdef INFERSCOPE_WITH_CUDA
  if (device.is_cuda()) return std::make_unique<CudaMemoryProbe>(device.index());
#endif
  return std::make_unique<CpuMemoryProbe>();
}

void releaseCachedMemory(const torch::Device& device) {
#ifdef INFERSCOPE_WITH_CUDA
  if (device.is_cuda()) {
    c10::cuda::CUDAGuard guard(device.index());
    c10::cuda::device_synchronize();
    c10::cuda::CUDACachingAllocator::emptyCache();
  }
#endif
}

FreeMemory measureFreeMemory(const torch::Device& device) {
  FreeMemory m;
#ifdef INFERSCOPE_WITH_CUDA
  if (device.is_cuda()) {
    c10::cuda::CUDAGuard guard(device.index());
    std::size_t free_bytes = 0, total_bytes = 0;
    if (const auto rc = cudaMemGetInfo(&free_bytes, &total_bytes); rc != cudaSuccess) {
      m.source = fmt::format("cudaMemGetInfo failed: {}", cudaGetErrorString(rc));
      return m;
    }
    m.free_bytes = static_cast<std::int64_t>(free_bytes);
    initialiseCuda(device.index());
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device.index());
    constexpr std::size_t kAggregate = 0;  // StatType::AGGREGATE (see CudaMemoryProbe)
    m.torch_allocated_bytes = stats.allocated_bytes[kAggregate].current;
    m.torch_reserved_bytes = stats.reserved_bytes[kAggregate].current;
    m.source = "cuda-driver";
    return m;
  }
#endif
  (void)device;
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::int64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") {
      m.free_bytes = kib * 1024;
      m.source = "cpu-meminfo";
      return m;
    }
  }
  m.source = "/proc/meminfo has no MemAvailable";
  return m;
}

std::string describeMemoryAfterOom(const std::string& config_key, const FreeMemory& before,
                                   const FreeMemory& after, const torch::Device& device) {
  if (!after.free_bytes) {
    return fmt::format("after the OOM of {}, free memory not measured: {}", config_key,
                       after.source);
  }
  const std::string where =
      device.is_cuda() ? fmt::format("free on {}", device.str()) : "available to the system";
  std::string text = fmt::format("after the OOM of {}, {:.1f} GiB {}", config_key,
                                 units::bytesToGiB(*after.free_bytes), where);
  if (before.free_bytes) {
    text += fmt::format(" (before the first config: {:.1f} GiB)",
                        units::bytesToGiB(*before.free_bytes));
  } else if (!before.source.empty()) {  // empty: the reference, which runs before any config
    text += fmt::format(" (before the first config: not measured; {})", before.source);
  }
  // Memory PyTorch still counts as allocated after the config's objects are gone is held by a
  // reference that outlived it: the next config would start with less than a fresh process.
  if (after.torch_allocated_bytes > 0 || after.torch_reserved_bytes > 0) {
    text += fmt::format("; PyTorch still holds {:.1f} GiB allocated, {:.1f} GiB reserved",
                        units::bytesToGiB(after.torch_allocated_bytes),
                        units::bytesToGiB(after.torch_reserved_bytes));
  }
  return text;
}

}  // namespace inferscope::torchlayer
