// Turns a ModelRef into a live ModelInstance: zoo modules built from their seed, TorchScript
// files loaded with torch::jit::load — only the bytes the user trusted (trust_store.h), read once
// and loaded from memory, so the file cannot change between the check and the load. Failures
// become Error(ModelLoad) naming the model.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/trust_store.h"
#include "core/model/model_zoo.h"
#include "core/torch/model_instance.h"

namespace inferscope::torchlayer {
namespace {

void castFloatingTensors(std::vector<torch::Tensor> tensors, const torch::Device& device,
                         std::optional<torch::Dtype> float_dtype) {
  torch::NoGradGuard no_grad;
  for (auto& t : tensors) {
    auto target = t.to(device);
    if (float_dtype && t.is_floating_point()) target = target.to(*float_dtype);
    t.set_data(target);
  }
}

std::vector<torch::Tensor> flattenOutputs(const c10::IValue& value) {
  std::vector<torch::Tensor> out;
  if (value.isTensor()) {
    out.push_back(value.toTensor());
  } else if (value.isTuple()) {
    for (const auto& e : value.toTupleRef().elements()) {
      auto sub = flattenOutputs(e);
      out.insert(out.end(), sub.begin(), sub.end());
    }
  } else if (value.isList()) {
    for (const auto& e : value.toListRef()) {
      auto sub = flattenOutputs(e);
      out.insert(out.end(), sub.begin(), sub.end());
    }
  } else if (value.isGenericDict()) {
    for (const auto& kv : value.toGenericDict()) {
      auto sub = flattenOutputs(kv.value());
      out.insert(out.end(), sub.begin(), sub.end());
    }
  }
  return out;
}

class ZooInstance final : public ModelInstance {
 public:
  explicit ZooInstance(std::shared_ptr<ZooModule> module) : module_(std::move(module)) {
    module_->eval();
  }
  std::vector<torch::Tensor> forward(const std::vector<torch::Tensor>& inputs) override {
    return {module_->forwardInputs(inputs)};
  }
  std::vector<torch::Tensor> tensors() override {
    auto t = module_->parameters();
    auto b = module_->buffers();
    t.insert(t.end(), b.begin(), b.end());
    return t;
  }
  std::int64_t parameterCount() override {
    std::int64_t n = 0;
    for (const auto& p : module_->parameters()) n += p.numel();
    return n;
  }
  void to(const torch::Device& device, std::optional<torch::Dtype> float_dtype) override {
    castFloatingTensors(tensors(), device, float_dtype);
  }
  std::string kind() const override { return "zoo"; }
  std::vector<std::pair<std::string, torch::Tensor>> namedTensors() override {
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto& p : module_->named_parameters()) out.emplace_back(p.key(), p.value());
    for (const auto& b : module_->named_buffers()) out.emplace_back(b.key(), b.value());
    return out;
  }

 private:
  std::shared_ptr<ZooModule> module_;
};

class ScriptInstance final : public ModelInstance {
 public:
  explicit ScriptInstance(torch::jit::Module module) : module_(std::move(module)) {
    module_.eval();
  }
  std::vector<torch::Tensor> forward(const std::vector<torch::Tensor>& inputs) override {
    std::vector<c10::IValue> args(inputs.begin(), inputs.end());
    return flattenOutputs(module_.forward(args));
  }
  std::vector<torch::Tensor> tensors() override {
    std::vector<torch::Tensor> t;
    for (const auto& p : module_.parameters()) t.push_back(p);
    for (const auto& b : module_.buffers()) t.push_back(b);
    return t;
  }
  std::int64_t parameterCount() override {
    std::int64_t n = 0;
    for (const auto& p : module_.parameters()) n += p.numel();
    return n;
  }
  void to(const torch::Device& device, std::optional<torch::Dtype> float_dtype) override {
    module_.to(device);
    if (float_dtype) castFloatingTensors(tensors(), device, float_dtype);
  }
  std::string kind() const override { return "torchscript"; }
  torch::jit::Module* scriptModule() override { return &module_; }
  std::vector<std::pair<std::string, torch::Tensor>> namedTensors() override {
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto& p : module_.named_parameters()) out.emplace_back(p.name, p.value);
    for (const auto& b : module_.named_buffers()) out.emplace_back(b.name, b.value);
    return out;
  }

 private:
  torch::jit::Module module_;
};

// Whether a file starts as a zip archive does ("PK\3\4"), as .pt and .pt2 files both are.
bool looksLikeZip(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  return in.read(magic, sizeof magic) &&
         std::string_view(magic, 4) == std::string_view("PK\3\4", 4);
}

// The trusted bytes of a TorchScript file, parsed on the CPU.
torch::jit::Module loadScriptFile(const ModelRef& ref) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (const auto kind = nonRegularKind(ref.path)) {
    throw Error(ErrorKind::ModelLoad,
                fmt::format("model file '{}' is {}, not a TorchScript file", ref.path, *kind));
  }
  if (!fs::is_regular_file(ref.path, ec)) {
    throw Error(ErrorKind::ModelLoad, fmt::format("model file '{}' does not exist", ref.path));
  }
  std::string bytes;
  verifyTrustedFile(ref.path, ref.trusted_sha256, &bytes);
  try {
    std::istringstream stream(std::move(bytes));
    return torch::jit::load(stream, torch::kCPU);
  } catch (const c10::Error& e) {
    throw Error(ErrorKind::ModelLoad,
                fmt::format("'{}' is not a loadable TorchScript file (saved with torch.jit.save "
                            "or Module::save?): {}",
                            ref.path, e.msg().substr(0, 200)));
  }
}

}  // namespace

std::unique_ptr<ModelInstance> SessionModel::load(const torch::Device& device) {
  if (ref_.source != ModelSource::TorchScript) return loadModel(ref_, device);
  if (!script_) script_ = loadScriptFile(ref_);
  // clone(), not deepcopy(): both copy the tensors, but clone() also gives the copy types and
  // methods of its own, so each config's graph executor profiles and specialises afresh, as after
  // a load of the file; deepcopy() would share one executor between an FP32 and a BF16 config.
  auto instance = std::make_unique<ScriptInstance>(script_->clone());
  instance->to(device, std::nullopt);
  return instance;
}

void checkAotInductorPackageFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (const auto kind = nonRegularKind(path)) {
    throw Error(ErrorKind::ModelLoad,
                fmt::format("package '{}' is {}, not an AOTInductor package", path, *kind));
  }
  if (!fs::is_regular_file(path, ec)) {
    throw Error(ErrorKind::ModelLoad, fmt::format("package '{}' does not exist", path));
  }
  if (!looksLikeZip(path)) {
    throw Error(ErrorKind::ModelLoad,
                fmt::format("'{}' is not an AOTInductor package (a .pt2 is the zip archive that "
                            "torch._inductor.aoti_compile_and_package writes)",
                            path));
  }
}

std::int64_t ModelInstance::parameterBytes() {
  std::int64_t bytes = 0;
  for (const auto& t : tensors()) bytes += t.numel() * static_cast<std::int64_t>(t.element_size());
  return bytes;
}

std::unique_ptr<ModelInstance> loadModel(const ModelRef& ref, const torch::Device& device) {
  std::unique_ptr<ModelInstance> instance;
  if (ref.source == ModelSource::Zoo) {
    const auto info = findZooModel(ref.name);
    if (!info) {
      throw Error(ErrorKind::ModelLoad,
                  fmt::format("unknown zoo model '{}' (available: {})", ref.name, zooModelNames()));
    }
    // Weights come from the seed on the CPU generator, so CPU and CUDA runs share one function.
    torch::manual_seed(ref.seed);
    if (ref.name == "resnet18") instance = std::make_unique<ZooInstance>(makeResNet(18));
    if (ref.name == "resnet50") instance = std::make_unique<ZooInstance>(makeResNet(50));
    if (ref.name == "bert-encoder") {
      try {
        instance = std::make_unique<ZooInstance>(makeBertEncoder(ref.encoder));
      } catch (const std::bad_alloc&) {
        // The shape was valid (checkEncoderShape); its weights do not fit this machine.
        throw Error(ErrorKind::OutOfMemory,
                    "bert-encoder: out of host memory building its weights; choose smaller "
                    "--layers, --hidden or --seq-len");
      } catch (const std::exception& e) {
        throw Error(ErrorKind::InvalidInput, fmt::format("bert-encoder options: {}", e.what()));
      }
    }
  } else if (ref.source == ModelSource::TorchScript) {
    instance = std::make_unique<ScriptInstance>(loadScriptFile(ref));
  } else {
    // A .pt2 under an eager config: only a real package is worth the advice to use `aoti`.
    checkAotInductorPackageFile(ref.path);
    throw Error(
        ErrorKind::Unsupported,
        fmt::format("'{}': AOTInductor packages run through the aoti compile mode", ref.path));
  }
  if (!instance)
    throw Error(ErrorKind::ModelLoad, fmt::format("no builder for zoo model '{}'", ref.name));
  instance->to(device, std::nullopt);
  return instance;
}

}  // namespace inferscope::torchlayer
