#include "core/torch/iteration_timer.h"

#include <chrono>

#include "core/common/units.h"

#ifdef INFERSCOPE_WITH_CUDA
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace inferscope::torchlayer {
namespace {

class CpuTimer final : public IterationTimer {
 public:
  void begin() override { start_ = std::chrono::steady_clock::now(); }
  double endMs() override { return units::toMs(std::chrono::steady_clock::now() - start_); }

 private:
  std::chrono::steady_clock::time_point start_;
};

#ifdef INFERSCOPE_WITH_CUDA
class CudaEventTimer final : public IterationTimer {
 public:
  explicit CudaEventTimer(c10::DeviceIndex index) : index_(index) {}
  void begin() override { start_.record(c10::cuda::getCurrentCUDAStream(index_)); }
  double endMs() override {
    end_.record(c10::cuda::getCurrentCUDAStream(index_));
    end_.synchronize();
    return static_cast<double>(start_.elapsed_time(end_));
  }

 private:
  c10::DeviceIndex index_;
  at::cuda::CUDAEvent start_{cudaEventDefault};
  at::cuda::CUDAEvent end_{cudaEventDefault};
};
#endif

}  // namespace

std::unique_ptr<IterationTimer> makeIterationTimer(const torch::Device& device) {
#ifdef INFERSCOPE_WITH_CUDA
  if (device.is_cuda()) return std::make_unique<CudaEventTimer>(device.index());
#endif
  return std::make_unique<CpuTimer>();
}

void synchronize(const torch::Device& device) {
#ifdef INFERSCOPE_WITH_CUDA
  if (device.is_cuda()) c10::cuda::getCurrentCUDAStream(device.index()).synchronize();
#endif
}

}  // namespace inferscope::torchlayer
