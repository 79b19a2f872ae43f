// A live model the engine can run: a zoo module, a TorchScript module or an AOTInductor package,
// behind one interface. Each config gets a fresh instance, so a cast or a freeze never leaks.
#pragma once

#include <memory>
#include <optional>
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
// A session's model, loaded once. A TorchScript file is read, checked against the hash the user
// trusted and parsed on the first load(), and kept on the CPU as loaded (FP32); every load()
// returns a deep copy of it (Module::clone) on `device`, so a cast, a channels_last change or a
// freeze never leaks into the next config. Re-reading, re-hashing and re-parsing per config cost
// 6–9 s of each config's setup for a 0.5 GB traced GPT-2 on the H200 (2026-12-03), most of a 30–60
// s tune budget. The price is one CPU copy of the weights for the session's lifetime. Zoo models
// are built from their seed per load(), as loadModel does; .pt2 packages are not loaded here
// (aoti_model.cpp).
class SessionModel {
 public:
  explicit SessionModel(ModelRef ref) : ref_(std::move(ref)) {}
  const ModelRef& ref() const { return ref_; }
  std::unique_ptr<ModelInstance> load(const torch::Device& device);

 private:
  ModelRef ref_;
  std::optional<torch::jit::Module> script_;  // the file as loaded; never handed out itself
};

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
