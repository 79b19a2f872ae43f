// The built-in models: torchvision-equivalent ResNets and a BERT-base-like encoder, randomly
// initialised from a fixed seed so every run everywhere measures the same function.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/model_ref.h"

namespace inferscope {

enum class ModelFamily { Cnn, Transformer };

struct ZooModelInfo {
  std::string name;
  std::string description;
  ModelFamily family = ModelFamily::Cnn;
  std::int64_t reference_parameters = 0;  // torchvision / HF published count, for tests and display
};

const std::vector<ZooModelInfo>& zooModels();
std::optional<ZooModelInfo> findZooModel(const std::string& name);
// "resnet18, resnet50, …" — for error messages and --help.
std::string zooModelNames();

// The model's natural inputs for a batch size (images 224², or token ids of seq_len).
std::vector<InputSpec> defaultInputs(const ModelRef& model, std::int64_t batch);

inline constexpr const char* kDefaultModel = "resnet18";

}  // namespace inferscope
