// A live model the engine can run: a zoo module, a TorchScript module or an AOTInductor package,
// behind one interface. Each config gets a fresh instance, so a cast or a freeze never leaks.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/model/model_ref.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

class ModelInstance {
 public:
  virtual ~ModelInstance() = default;
  // Runs the forward pass; every output tensor, flattened (tuples and lists unpacked).
  virtual std::vector<torch::Tensor> forward(const std::vector<torch::Tensor>& inputs) = 0;
  // Parameters and buffers, for casts, memory-format changes and byte counts.
  virtual std::vector<torch::Tensor> tensors() = 0;
  virtual std::int64_t parameterCount() = 0;
  // Moves and casts every floating-point parameter and buffer.
  virtual void to(const torch::Device& device, std::optional<torch::Dtype> float_dtype) = 0;
  virtual std::string kind() const = 0;  // "zoo", "torchscript", "aotinductor"
  // TorchScript only: the module, for freeze/optimize_for_inference.
  virtual torch::jit::Module* scriptModule() { return nullptr; }
  // Names and tensors of parameters and buffers, dotted as PyTorch names them.
  virtual std::vector<std::pair<std::string, torch::Tensor>> namedTensors() = 0;

  std::int64_t parameterBytes();
};

// Builds a fresh instance for `ref` on the CPU in FP32 (zoo weights drawn from ref.seed). Throws
// Error(ModelLoad) naming the model and what is wrong: unknown zoo name, missing or corrupt file.
std::unique_ptr<ModelInstance> loadModel(const ModelRef& ref, const torch::Device& device);
// Throws Error(ModelLoad) unless `path` is a regular file that starts as a zip archive, as every
// AOTInductor package does. A property of the file, so it is checked before this build's ability
// to run packages: a garbage .pt2 is named as garbage on any build.
void checkAotInductorPackageFile(const std::string& path);

// A zoo model as a torch::nn module with a forward over a list of inputs.
struct ZooModule : torch::nn::Module {
  virtual torch::Tensor forwardInputs(const std::vector<torch::Tensor>& inputs) = 0;
};
std::shared_ptr<ZooModule> makeResNet(int depth);  // 18 or 50
std::shared_ptr<ZooModule> makeBertEncoder(const EncoderOptions& options);

}  // namespace inferscope::torchlayer
