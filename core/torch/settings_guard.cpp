#include "core/torch/settings_guard.h"

#include <ATen/Context.h>

namespace inferscope::torchlayer {

GlobalSettings readGlobalSettings() {
  auto& ctx = at::globalContext();
  GlobalSettings s;
  s.cudnn_enabled = ctx.userEnabledCuDNN();
  s.cudnn_benchmark = ctx.benchmarkCuDNN();
  s.cudnn_deterministic = ctx.deterministicCuDNN();
  s.deterministic_algorithms = ctx.deterministicAlgorithms();
  s.fp32 = compat::readFp32Precision();
  return s;
}

void writeGlobalSettings(const GlobalSettings& s) {
  auto& ctx = at::globalContext();
  ctx.setUserEnabledCuDNN(s.cudnn_enabled);
  ctx.setBenchmarkCuDNN(s.cudnn_benchmark);
  ctx.setDeterministicCuDNN(s.cudnn_deterministic);
  ctx.setDeterministicAlgorithms(s.deterministic_algorithms, /*warn_only=*/false);
  compat::writeFp32Precision(s.fp32);
}

GlobalSettings settingsFor(const OptimizationConfig& config, GlobalSettings base) {
  GlobalSettings s = base;
  s.cudnn_enabled = config.cudnn.enabled;
  s.cudnn_benchmark = config.cudnn.benchmark;
  s.cudnn_deterministic = config.cudnn.deterministic;
  s.deterministic_algorithms = config.cudnn.deterministic;
  // Every config states its FP32 precision fully: FP32 is strict IEEE (conv TF32 off too), so the
  // reference never silently uses TF32 convolutions, PyTorch's default.
  compat::Fp32PrecisionState p;
  if (config.precision == Precision::Tf32) {
    p.matmul_level = config.tf32_matmul == MatmulPrecision::Highest  ? "highest"
                     : config.tf32_matmul == MatmulPrecision::Medium ? "medium"
                                                                     : "high";
    p.cudnn_conv_tf32 = config.tf32_conv;
  } else {
    p.matmul_level = "highest";
    p.cudnn_conv_tf32 = false;
  }
  s.fp32 = p;
  return s;
}

GlobalSettingsGuard::GlobalSettingsGuard(const OptimizationConfig& config)
    : saved_(readGlobalSettings()) {
  writeGlobalSettings(settingsFor(config, saved_));
}

GlobalSettingsGuard::~GlobalSettingsGuard() {
  writeGlobalSettings(saved_);
}

ForwardModeGuard::ForwardModeGuard(const OptimizationConfig& config, const torch::Device& device)
    : device_type_(device.type()) {
  switch (config.grad) {
    case GradMode::InferenceMode:
      inference_.emplace(true);
      break;
    case GradMode::NoGrad:
      no_grad_.emplace();
      break;
    case GradMode::Autograd:
      grad_on_.emplace(true);
      break;
  }
  if (config.usesAutocast()) {
    saved_autocast_ = compat::readAutocast(device_type_);
    compat::AutocastState s;
    s.enabled = true;
    s.dtype = config.precision == Precision::AutocastBf16 ? at::kBFloat16 : at::kHalf;
    compat::writeAutocast(device_type_, s);
  }
}

ForwardModeGuard::~ForwardModeGuard() {
  if (saved_autocast_) compat::writeAutocast(device_type_, *saved_autocast_);
}

}  // namespace inferscope::torchlayer
