#include "core/torch/prepared_model.h"

#include <fmt/format.h>
#include <torch/csrc/jit/passes/freeze_module.h>
#include <torch/csrc/jit/passes/frozen_graph_optimizations.h>

#include <filesystem>
#include <map>

#include "core/common/error.h"
#include "core/common/trust_store.h"
#include "core/model/model_zoo.h"
#include "core/torch/settings_guard.h"

namespace inferscope::torchlayer {
namespace {

torch::Dtype toTorch(DType d) {
  switch (d) {
    case DType::Float16:
      return torch::kHalf;
    case DType::BFloat16:
      return torch::kBFloat16;
    case DType::Int64:
      return torch::kLong;
    case DType::Int32:
      return torch::kInt;
    default:
      return torch::kFloat;
  }
}

void toChannelsLast(std::vector<torch::Tensor> tensors) {
  torch::NoGradGuard no_grad;
  for (auto& t : tensors) {
    if (t.dim() == 4) t.set_data(t.contiguous(at::MemoryFormat::ChannelsLast));
  }
}

}  // namespace

std::vector<torch::Tensor> makeInputs(const std::vector<InputSpec>& specs, std::uint64_t seed) {
  torch::manual_seed(seed + 7919);  // independent of the weights' stream
  std::vector<torch::Tensor> out;
  for (const auto& s : specs) {
    if (isFloatingPoint(s.dtype)) {
      out.push_back(torch::randn(s.shape, torch::kFloat).to(toTorch(s.dtype)));
    } else {
      out.push_back(
          torch::randint(0, s.int_high, s.shape, torch::TensorOptions().dtype(toTorch(s.dtype))));
    }
  }
  return out;
}

std::vector<torch::Tensor> loadTensorArchive(const std::string& path) {
  torch::jit::Module archive;
  try {
    archive = torch::jit::load(path, torch::kCPU);
  } catch (const c10::Error& e) {
    throw Error(ErrorKind::ModelLoad, fmt::format("cannot read the tensor archive {}: {}", path,
                                                  e.what_without_backtrace()));
  }
  std::map<int, torch::Tensor> by_index;
  for (const auto& item : archive.named_buffers()) {
    if (item.name.size() < 2 || item.name[0] != 't') continue;
    try {
      by_index[std::stoi(item.name.substr(1))] = item.value;
    } catch (const std::exception&) {
    }
  }
  std::vector<torch::Tensor> tensors;
  for (int i = 0; by_index.count(i); ++i) tensors.push_back(by_index[i]);
  if (tensors.size() != by_index.size())
    throw Error(ErrorKind::ModelLoad,
                fmt::format("the tensor archive {} has gaps in t0, t1, …", path));
  return tensors;
}

std::vector<torch::Tensor> sessionInputs(const ProfileRequest& request) {
  if (builtInPython(request.model.source) && !request.model.prepared_dir.empty())
    return loadTensorArchive(
        (std::filesystem::path(request.model.prepared_dir) / "inputs.pt").string());
  return makeInputs(request.inputs, request.model.seed);
}

InputSpec inputSpecOf(const torch::Tensor& tensor) {
  InputSpec spec;
  spec.shape.assign(tensor.sizes().begin(), tensor.sizes().end());
  switch (tensor.scalar_type()) {
    case at::kHalf:
      spec.dtype = DType::Float16;
      break;
    case at::kBFloat16:
      spec.dtype = DType::BFloat16;
      break;
    case at::kLong:
      spec.dtype = DType::Int64;
      break;
    case at::kInt:
      spec.dtype = DType::Int32;
      break;
    default:
      spec.dtype = DType::Float32;
      break;
  }
  return spec;
}

std::vector<torch::Tensor> deviceInputs(const std::vector<torch::Tensor>& cpu_inputs,
                                        const OptimizationConfig& config,
                                        std::optional<torch::Dtype> model_dtype,
                                        const torch::Device& device) {
  std::vector<torch::Tensor> out;
  for (const auto& t : cpu_inputs) {
    auto x = t.to(device);
    if (model_dtype && x.is_floating_point()) x = x.to(*model_dtype);
    out.push_back(x);
  }
  if (config.memory_format == MemoryFormat::ChannelsLast) toChannelsLast(out);
  return out;
}

PreparedModel prepareModel(SessionModel& model, const OptimizationConfig& config,
                           const std::vector<torch::Tensor>& cpu_inputs,
                           const torch::Device& device, PackageCompiler* compiler) {
  const ModelRef& ref = model.ref();
  PreparedModel m;
  if (runsTorchCompile(config.compile)) {
    const char* what = ref.source == ModelSource::Zoo           ? "a built-in model"
                       : ref.source == ModelSource::TorchScript ? "a TorchScript file"
                                                                : "an AOTInductor package";
    throw Error(
        ErrorKind::Unsupported,
        fmt::format("{}: torch.compile runs in Python, which cannot rebuild {} ({}): give the "
                    "model as an ExportedProgram (--model-file FILE.pt2 from torch.export.save) "
                    "or an entry point (--model-py FILE.py:FUNCTION), whose configs run in "
                    "InferScope's Python worker",
                    config.key(), what, ref.displayName()));
  }
  if (builtInPython(ref.source) && !runsAotInductorPackage(config.compile)) {
    throw Error(
        ErrorKind::Unsupported,
        fmt::format(
            "{} is rebuilt in Python: its eager and torch.compile configs run in the Python "
            "worker (profile, sweep, tune), its AOTInductor configs (aoti, aoti-graph) here",
            ref.displayName()));
  }
  if (runsAotInductorPackage(config.compile)) {
    // A user's .pt2 is native code that the loader dlopen()s: trusted bytes only (trust_store.h).
    if (ref.source == ModelSource::AotInductor) {
      verifyTrustedFile(ref.path, ref.trusted_sha256);
      checkAotInductorPackageFile(ref.path);
    }
    loadAotInductor(m, ref, config, cpu_inputs, device, compiler);
    // What torch.compile's reduce-overhead does after Inductor: the package's whole run (its
    // kernel launches and the wrapper's host code) captured once, replayed per iteration.
    if (config.compile == CompileMode::AotInductorGraph) captureCudaGraph(m, config, device);
    return m;
  }
  m.instance = model.load(device);
  m.parameter_count = m.instance->parameterCount();

  // 1. Precision: whole-model casts change the weights (autocast and TF32 are runtime state,
  //    applied by the guards). Inputs follow the model's dtype, as the guide's inference() does.
  if (config.precision == Precision::Fp16Cast) m.model_dtype = torch::kHalf;
  if (config.precision == Precision::Bf16Cast) m.model_dtype = torch::kBFloat16;
  if (m.model_dtype) m.instance->to(device, m.model_dtype);
  // Autograd mode needs nothing here: parameters require grad as loaded; only the guard differs.
  m.inputs = deviceInputs(cpu_inputs, config, m.model_dtype, device);
  // 2. Memory format.
  if (config.memory_format == MemoryFormat::ChannelsLast) toChannelsLast(m.instance->tensors());
  m.parameter_bytes = m.instance->parameterBytes();

  // 3. Compile, after precision.
  auto* instance = m.instance.get();
  m.forward = [instance](const std::vector<torch::Tensor>& in) { return instance->forward(in); };
  if (config.compile == CompileMode::TorchScript) {
    auto* script = instance->scriptModule();
    if (!script) {
      throw Error(ErrorKind::Unsupported,
                  "TorchScript freeze needs a TorchScript model (zoo models are C++ modules): load "
                  "a .pt file, or use graph/aoti to compile a zoo model");
    }
    auto frozen = std::make_shared<torch::jit::Module>(torch::jit::freeze(*script));
    torch::jit::optimize_for_inference(*frozen);
    m.keep_alive = frozen;
    m.forward = [frozen](const std::vector<torch::Tensor>& in) {
      std::vector<c10::IValue> args(in.begin(), in.end());
      auto out = frozen->forward(args);
      std::vector<torch::Tensor> tensors;
      if (out.isTensor()) {
        tensors.push_back(out.toTensor());
      } else if (out.isTuple()) {
        for (const auto& e : out.toTupleRef().elements()) {
          if (e.isTensor()) tensors.push_back(e.toTensor());
        }
      }
      return tensors;
    };
  } else if (config.compile == CompileMode::CudaGraph) {
    captureCudaGraph(m, config, device);
  }
  return m;
}

}  // namespace inferscope::torchlayer
