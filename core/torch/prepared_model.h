// A model made ready for one config, in the guide's order: fresh copy → precision (cast) →
// memory format → compile (TorchScript freeze, CUDA graph capture, AOTInductor). What the run loop
// calls each iteration is `forward`.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/config/optimization_config.h"
#include "core/engine/package_compiler.h"
#include "core/engine/profile_request.h"
#include "core/torch/model_instance.h"

namespace inferscope::torchlayer {

struct PreparedModel {
  std::unique_ptr<ModelInstance> instance;  // owns the weights
  std::function<std::vector<torch::Tensor>(const std::vector<torch::Tensor>&)> forward;
  std::vector<torch::Tensor> inputs;        // on the device, in the model's dtype/format
  std::optional<torch::Dtype> model_dtype;  // set for whole-model casts
  std::int64_t parameter_count = 0;
  std::int64_t parameter_bytes = 0;
  std::shared_ptr<void> keep_alive;  // compile artefacts (graph, package loader)
  double compile_ms = 0;             // waiting for or running an AOTInductor compile
};

// Inputs for `specs`, drawn from a fixed seed on the CPU (floats ~ N(0, 1), integers uniform in
// [0, int_high)), so every config of a session sees the same data.
std::vector<torch::Tensor> makeInputs(const std::vector<InputSpec>& specs, std::uint64_t seed);
// The session's inputs on the CPU: the prepared example inputs of a model rebuilt in Python
// (ModelRef::prepared_dir), else drawn from the request's specs and the model's seed.
std::vector<torch::Tensor> sessionInputs(const ProfileRequest& request);
// A tensor's shape and dtype as an input spec (float32, float16, bfloat16, int64, int32).
InputSpec inputSpecOf(const torch::Tensor& tensor);
// A tensor archive: a TorchScript module whose buffers t0, t1, … are the tensors (what
// resources/python/inferscope_pymodel.py writes for inputs, references and outputs).
std::vector<torch::Tensor> loadTensorArchive(const std::string& path);

// `cpu_inputs` on the device, in the model's dtype (whole-model casts) and memory format.
std::vector<torch::Tensor> deviceInputs(const std::vector<torch::Tensor>& cpu_inputs,
                                        const OptimizationConfig& config,
                                        std::optional<torch::Dtype> model_dtype,
                                        const torch::Device& device);

// Throws Error(Unsupported) for a compile mode this model or build cannot do, and lets c10::Error
// from LibTorch through (the caller records it). Needs the config's GlobalSettingsGuard in scope,
// so that precision is set before compilation.
// The model's fresh copy comes from `model` (loaded once per session); an AOTInductor package
// that has to be compiled first comes from `compiler` (none: such a config is unsupported here).
PreparedModel prepareModel(SessionModel& model, const OptimizationConfig& config,
                           const std::vector<torch::Tensor>& cpu_inputs,
                           const torch::Device& device, PackageCompiler* compiler);

// CUDA graph capture of `forward` on static inputs (CUDA builds only; see cuda_graph.cpp).
void captureCudaGraph(PreparedModel& model, const OptimizationConfig& config,
                      const torch::Device& device);
// AOTInductor package (LibTorch ≥ 2.6 with CUDA; see aoti_model.cpp). For aoti-graph the package's
// runner is made capturable (no per-run stream events) and captureCudaGraph follows.
void loadAotInductor(PreparedModel& model, const ModelRef& ref, const OptimizationConfig& config,
                     const std::vector<torch::Tensor>& cpu_inputs, const torch::Device& device,
                     PackageCompiler* compiler);
// Writes a zoo model's parameters and buffers (PyTorch's dotted names, '.' spelled "__") as a
// TorchScript archive that Python reads with torch.jit.load.
void saveZooWeights(ModelInstance& instance, const std::string& path);

}  // namespace inferscope::torchlayer
