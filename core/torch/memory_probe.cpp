#include "core/torch/memory_probe.h"

#include <c10/core/Allocator.h>
#include <c10/util/ThreadLocalDebugInfo.h>

#include <algorithm>

#ifdef INFERSCOPE_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
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
  CpuMemoryProbe() : reporter_(std::make_shared<PeakReporter>()), guard_(c10::DebugInfoKind::PROFILER_STATE, reporter_) {}
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
class CudaMemoryProbe final : public MemoryProbe {
 public:
  explicit CudaMemoryProbe(c10::DeviceIndex index) : index_(index) {
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
  if (device.is_cuda()) c10::cuda::CUDACachingAllocator::emptyCache();
#endif
}

}  // namespace inferscope::torchlayer
