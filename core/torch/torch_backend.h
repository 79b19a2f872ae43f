// The LibTorch side of a session (core/engine/config_backend.h): prepares each config's model on
// the device under its settings (settings_guard.h, prepared_model.h), runs its iterations
// (iteration_loop.h), reads its memory and compares its outputs with the FP32 reference, and turns
// LibTorch's errors into a status and a sentence.
#pragma once

#include <map>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/config_backend.h"
#include "core/engine/event_sink.h"
#include "core/engine/measurement_probes.h"
#include "core/engine/package_compiler.h"
#include "core/engine/profile_request.h"
#include "core/torch/memory_probe.h"
#include "core/torch/model_instance.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

// What every config of a session shares: the request (inputs resolved), the device, the inputs
// drawn once on the CPU, and where events go.
struct TorchSession {
  const ProfileRequest& request;
  torch::Device device;
  std::vector<torch::Tensor> cpu_inputs;
  std::vector<std::vector<torch::Tensor>> cycle_cpu_inputs;  // RunSettings::input_cycle, drawn once
  EventSink& sink;
  const CancelToken& cancel;
  MeasurementProbes probes;   // empty factories: the device's own timer and memory probe
  PackageCompiler* compiler;  // AOTInductor packages to compile (the run's queue), or none
};

class TorchBackend final : public ConfigBackend {
 public:
  TorchBackend(const ProfileRequest& request, const torch::Device& device, EventSink& sink,
               const CancelToken& cancel, MeasurementProbes probes = {},
               PackageCompiler* compiler = nullptr);

  ReferenceRun runReference(bool keep_outputs) override;
  void measureBaseline() override;
  void skipBaseline(const std::string& reason) override;
  ConfigResult runConfig(const OptimizationConfig& config, int index, bool keep_outputs,
                         double time_budget_ms) override;
  void compareKeptOutputs(int index, ConfigResult& result) override;

 private:
  TorchSession session_;
  SessionModel model_;                    // loaded once, copied per config
  std::vector<torch::Tensor> reference_;  // FP32-IEEE outputs on the CPU; empty if not checked
  std::map<int, std::vector<torch::Tensor>> kept_;  // reference last: each config's outputs
  FreeMemory memory_before_;                        // before the first config
};

// The sentence a user needs from a LibTorch error (or, with `verbose`, its whole text).
std::string torchErrorSummary(const std::exception& e, bool verbose);

}  // namespace inferscope::torchlayer
