// Applies a config's settings and restores what it found when it goes out of scope.
//  * GlobalSettingsGuard: process-global flags (cuDNN enabled/benchmark/deterministic,
//  deterministic
//    algorithms, FP32 matmul/conv precision). Only the engine thread touches them.
//  * ForwardModeGuard: thread-local grad mode and autocast, held around each forward call.
#pragma once

#include <optional>

#include "core/config/optimization_config.h"
#include "core/torch/torch_compat.h"

namespace inferscope::torchlayer {

struct GlobalSettings {
  bool cudnn_enabled = true;
  bool cudnn_benchmark = false;
  bool cudnn_deterministic = false;
  bool deterministic_algorithms = false;
  compat::Fp32PrecisionState fp32;
};

GlobalSettings readGlobalSettings();
void writeGlobalSettings(const GlobalSettings& settings);
// The process-global settings `config` asks for, starting from `base` (what was there before).
GlobalSettings settingsFor(const OptimizationConfig& config, GlobalSettings base);

class GlobalSettingsGuard {
 public:
  explicit GlobalSettingsGuard(const OptimizationConfig& config);
  ~GlobalSettingsGuard();
  GlobalSettingsGuard(const GlobalSettingsGuard&) = delete;
  GlobalSettingsGuard& operator=(const GlobalSettingsGuard&) = delete;

 private:
  GlobalSettings saved_;
};

class ForwardModeGuard {
 public:
  ForwardModeGuard(const OptimizationConfig& config, const torch::Device& device);
  ~ForwardModeGuard();
  ForwardModeGuard(const ForwardModeGuard&) = delete;
  ForwardModeGuard& operator=(const ForwardModeGuard&) = delete;

 private:
  std::optional<c10::InferenceMode> inference_;
  std::optional<torch::NoGradGuard> no_grad_;
  std::optional<torch::AutoGradMode> grad_on_;
  c10::DeviceType device_type_;
  std::optional<compat::AutocastState> saved_autocast_;
};

}  // namespace inferscope::torchlayer
