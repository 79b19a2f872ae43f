// An exported config: the OptimizationConfig with every setting spelled out, the PyTorch version it
// targets, the device it was chosen for and the reasons — the content of the JSON export
// ("schema": 1) and the input of the Python and C++ exporters. configFromJson is strict: unknown
// keys, wrong types, unknown values and settings the device cannot run are errors naming the key.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/advisor/recommendation.h"

namespace inferscope::advisor {

inline constexpr int kConfigSchema = 1;

struct ConfigDocument {
  OptimizationConfig config;
  TorchVersion target_torch;
  DeviceKind device = DeviceKind::Cuda;
  std::string generation;                 // "hopper", "cpu", "" — informational
  std::string device_label;               // "Hopper (9.0)" — informational
  ModelFamily family = ModelFamily::Cnn;  // picks the exports' demo model
  std::vector<Reason> reasons;
  std::vector<std::string> warnings;
  std::vector<OptimizationConfig> neighbours;

  static ConfigDocument from(const Recommendation& recommendation);
  // A bare config (e.g. one picked from a sweep), with no reasons.
  static ConfigDocument from(const OptimizationConfig& config, TorchVersion target,
                             DeviceKind device, ModelFamily family = ModelFamily::Cnn);

  bool operator==(const ConfigDocument& o) const;
};

// Pretty-printed JSON with a stable key order (diffable, golden-tested).
std::string configToJson(const ConfigDocument& document);

// Parses a config file. With `caps`, a setting that device cannot run is Error(Unsupported) naming
// the key ("'precision': bf16 … Turing 7.5 has no BF16 Tensor Cores"); malformed content is
// Error(InvalidInput). `origin` (the file name) starts every message.
ConfigDocument configFromJson(std::string_view text,
                              const std::optional<DeviceCaps>& caps = std::nullopt,
                              std::string_view origin = "config JSON");

}  // namespace inferscope::advisor
