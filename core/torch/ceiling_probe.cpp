#include "core/torch/ceiling_probe.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "core/common/time_format.h"
#include "core/config/optimization_config.h"
#include "core/torch/iteration_timer.h"
#include "core/torch/settings_guard.h"

namespace inferscope::torchlayer {
namespace {

struct PeakPrecision {
  const char* name;
  torch::Dtype dtype;
  inferscope::Precision config;  // the config whose global settings it runs under (TF32 on/off)
};

// Repeats `step` until `min_ms` of device time has passed (at least `min_reps` times, at most
// `max_reps`), after one untimed call; returns the time per call in ms.
template <class Step>
double timePerCall(const torch::Device& device, Step step, double min_ms, int min_reps,
                   int max_reps) {
  step();  // first call: cuBLAS handles, workspace, kernel selection
  synchronize(device);
  auto timer = makeIterationTimer(device);
  int reps = min_reps;
  double ms = 0;
  for (;;) {
    timer->begin();
    for (int i = 0; i < reps; ++i) step();
    ms = timer->endMs();
    if (ms >= min_ms || reps >= max_reps) break;
    // Enough reps for min_ms from this estimate, with a margin.
    const double per = std::max(ms / reps, 1e-6);
    reps = std::min(max_reps, std::max(reps * 2, static_cast<int>(1.2 * min_ms / per) + 1));
  }
  return ms / reps;
}

roofline::PrecisionPeak measureMatmul(const torch::Device& device, const PeakPrecision& p,
                                      std::int64_t n) {
  OptimizationConfig config;
  config.precision = p.config;
  config.tf32_matmul = MatmulPrecision::High;
  GlobalSettingsGuard settings(config);  // TF32 on for tf32 only; restored afterwards
  c10::InferenceMode inference;
  const auto options = torch::TensorOptions().device(device);
  const auto a = torch::randn({n, n}, options).to(p.dtype);
  const auto b = torch::randn({n, n}, options).to(p.dtype);
  auto out = torch::empty({n, n}, options.dtype(p.dtype));
  const bool cuda = device.is_cuda();
  // On the CPU one timed call suffices for a product that takes tens of ms (a reference BLAS takes
  // a second at n = 1024); the GPU's repeats keep its clocks up and the launch cost out.
  const int min_reps = cuda ? 2 : 1;
  const double ms = timePerCall(
      device, [&] { torch::mm_out(out, a, b); }, cuda ? 150.0 : 60.0, min_reps, 400);
  double tflops = 2.0 * static_cast<double>(n) * n * n / (ms / 1e3) / 1e12;
  if (!cuda) {
    // The CPU has two product paths: the BLAS LibTorch was built with (a reference BLAS in some
    // distribution builds) and oneDNN, which convolutions take (not 1×1 ones at batch 1 on one
    // thread: LibTorch sends those to the BLAS). The ceiling is the faster: a 3×3 convolution of
    // ResNet's middle shape, c → c channels over a side × side image.
    const std::int64_t c = p.dtype == torch::kFloat32 ? 128 : 64,
                       side = p.dtype == torch::kFloat32 ? 56 : 28;
    const auto x = torch::randn({1, c, side, side}, options).to(p.dtype);
    const auto w = torch::randn({c, c, 3, 3}, options).to(p.dtype);
    const double conv_ms = timePerCall(
        device, [&] { (void)torch::conv2d(x, w, {}, 1, 1); }, 60.0, min_reps, 400);
    tflops = std::max(tflops,
                      2.0 * static_cast<double>(c) * c * 9 * side * side / (conv_ms / 1e3) / 1e12);
  }
  roofline::PrecisionPeak peak;
  peak.precision = p.name;
  peak.matrix_size = n;
  peak.measured_tflops = tflops;
  return peak;
}

}  // namespace

roofline::CeilingKey ceilingKey(const DeviceInfo& info) {
  roofline::CeilingKey key;
  key.device_name = info.name;
  key.driver_version = info.driver_version;
  key.libtorch_version = info.libtorch_version;
  key.cuda_version = info.cuda_runtime_version;
  key.cudnn_version = info.cudnn_version;
  key.cpu_threads = info.kind == DeviceKind::Cpu ? info.cpu_threads : 0;
  return key;
}

roofline::DeviceCeilings measureCeilings(const torch::Device& device, const DeviceInfo& info) {
  roofline::DeviceCeilings c;
  c.key = ceilingKey(info);
  c.measured_utc = utcTimestamp();
  const bool cuda = device.is_cuda();
  const DeviceCaps caps = DeviceCaps::from(info);
  std::vector<PeakPrecision> precisions = {{"fp32", torch::kFloat32, inferscope::Precision::Fp32}};
  if (cuda) {
    // TF32 and BF16 Tensor Cores from Ampere (8.0); FP16 everywhere CUDA LibTorch runs.
    if (caps.ccTimesTen() >= 80)
      precisions.push_back({"tf32", torch::kFloat32, inferscope::Precision::Tf32});
    precisions.push_back({"fp16", torch::kFloat16, inferscope::Precision::Fp16Cast});
    if (caps.ccTimesTen() >= 80)
      precisions.push_back({"bf16", torch::kBFloat16, inferscope::Precision::Bf16Cast});
  } else {
    precisions.push_back({"bf16", torch::kBFloat16, inferscope::Precision::Bf16Cast});
  }
  // Large enough for the GPU's peak (cuBLAS reaches it from n ≈ 4096 on an H200); short on the CPU.
  for (const auto& p : precisions) {
    const std::int64_t n = cuda ? 8192 : (p.dtype == torch::kFloat32 ? 576 : 256);
    c.matmul.push_back(measureMatmul(device, p, n));
  }
  {
    c10::InferenceMode inference;
    // 1 GiB on the GPU (far past its L2), 64 MiB on the CPU (past its last-level cache).
    const std::int64_t bytes = cuda ? (std::int64_t{1} << 30) : (std::int64_t{64} << 20);
    const auto options = torch::TensorOptions().device(device).dtype(torch::kUInt8);
    const auto src = torch::ones({bytes}, options);
    auto dst = torch::empty({bytes}, options);
    const double ms = timePerCall(
        device, [&] { dst.copy_(src); }, cuda ? 100.0 : 60.0, 2, 200);
    c.copy_bytes = bytes;
    c.copy_gbps = 2.0 * static_cast<double>(bytes) / (ms / 1e3) / 1e9;  // read + write
  }
  synchronize(device);
  return c;
}

}  // namespace inferscope::torchlayer
