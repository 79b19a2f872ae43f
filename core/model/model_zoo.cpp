#include "core/model/model_zoo.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/common/error.h"

namespace inferscope {

const char* toString(ModelSource source) {
  switch (source) {
    case ModelSource::Zoo:
      return "zoo";
    case ModelSource::TorchScript:
      return "torchscript";
    case ModelSource::AotInductor:
      return "aotinductor";
    case ModelSource::ExportedProgram:
      return "exported-program";
    case ModelSource::PythonEntry:
      return "python-entry";
  }
  return "zoo";
}

bool builtInPython(ModelSource source) {
  return source == ModelSource::ExportedProgram || source == ModelSource::PythonEntry;
}

std::string ModelRef::displayName() const {
  if (source != ModelSource::Zoo || name != "bert-encoder") return name;
  return fmt::format("bert-encoder (L{} H{} A{} seq{})", encoder.layers, encoder.hidden,
                     encoder.heads, encoder.seq_len);
}

const std::vector<ZooModelInfo>& zooModels() {
  // Reference counts: torchvision's published parameter counts; BERT-base (HF BertModel with
  // pooler) for the encoder at default options.
  static const std::vector<ZooModelInfo> models = {
      {"resnet18", "ResNet-18 (torchvision topology), 224×224 images", ModelFamily::Cnn, 11689512},
      {"resnet50", "ResNet-50 (torchvision topology), 224×224 images", ModelFamily::Cnn, 25557032},
      {"bert-encoder", "BERT-base-like Transformer encoder over token ids",
       ModelFamily::Transformer, 109482240},
  };
  return models;
}

std::optional<ZooModelInfo> findZooModel(const std::string& name) {
  for (const auto& m : zooModels()) {
    if (m.name == name) return m;
  }
  return std::nullopt;
}

std::string zooModelNames() {
  std::vector<std::string> names;
  for (const auto& m : zooModels()) names.push_back(m.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::vector<InputSpec> defaultInputs(const ModelRef& model, std::int64_t batch) {
  if (model.source != ModelSource::Zoo) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("model file '{}' needs explicit input specs (e.g. --input "
                            "1x3x224x224:float32)",
                            model.path));
  }
  const auto info = findZooModel(model.name);
  if (!info) {
    throw Error(ErrorKind::ModelLoad,
                fmt::format("unknown zoo model '{}' (available: {})", model.name, zooModelNames()));
  }
  if (info->family == ModelFamily::Transformer) {
    InputSpec ids{{batch, model.encoder.seq_len}, DType::Int64, model.encoder.vocab};
    return {ids};
  }
  return {InputSpec{{batch, 3, 224, 224}, DType::Float32}};
}

}  // namespace inferscope
