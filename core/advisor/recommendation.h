// What the wizard asks (AdvisorRequest) and what it answers (Recommendation): a config, the reason
// for each of its settings in the guide's terms, the neighbouring configs worth measuring around it
// on the device, and warnings. Plain values, shared by the CLI, the GUI and the exporters.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/advisor/torch_version.h"
#include "core/config/optimization_config.h"
#include "core/device/device_info.h"
#include "core/engine/accuracy_rule.h"
#include "core/model/model_zoo.h"

namespace inferscope::advisor {

enum class Goal { Latency, Throughput };
enum class InputSizes { Fixed, Varying };

const char* toString(Goal goal);
const char* toString(InputSizes sizes);
const char* toString(ModelFamily family);
// Parse "latency"/"throughput", "fixed"/"varying", "cnn"/"transformer"; throw Error(InvalidInput).
Goal parseGoal(std::string_view text);
InputSizes parseInputSizes(std::string_view text);
ModelFamily parseModelFamily(std::string_view text);

struct AdvisorRequest {
  DeviceCaps caps;            // the device, real or simulated (kind Cpu = the CPU)
  std::string device_name;    // "NVIDIA H200"; empty when simulated
  TorchVersion target_torch;  // decides the TF32 API and whether AOTInductor is available
  Goal goal = Goal::Latency;
  InputSizes sizes = InputSizes::Fixed;
  bool reproducible = false;
  // What "safe" means when the advice is measured (core/engine/accuracy_rule.h); the a-priori
  // rules compare `tolerance` with each format's unit roundoff whatever the metric.
  double tolerance = kDefaultTolerance;
  AccuracyMetric metric = AccuracyMetric::Auto;
  AccuracyRule accuracyRule() const { return {metric, tolerance}; }
  ModelFamily family = ModelFamily::Cnn;
};

// A sentence as data: a code ("precision.bf16-cast") and its values ({"device": "Hopper (9.0)"}),
// which each front end renders in its own language (the GUI: gui/wizard/advisor_text.h).
struct Note {
  std::string code;
  std::map<std::string, std::string> values;
  std::string value(const std::string& name) const;  // "" when absent
  bool operator==(const Note& o) const { return code == o.code && values == o.values; }
};

// Why one setting has its value. `rule` is concrete ("Turing (7.5): no BF16/TF32 Tensor Cores →
// FP16 cast"); `source` says where the rule comes from, quoting the guide. `note` is the same rule
// as a code and its values, and `source_id` names the source ("guide:<rule id>",
// "table:<generation id>:<setting>", "inferscope", "session"), for a UI in another language;
// `rule` and `source` are the English the CLI and the exports' headers print.
struct Reason {
  std::string setting;  // grad_mode | precision | tf32 | tf32_api | memory_format | compile | order
                        // | cudnn.* | evidence | validation
  std::string rule;
  std::string source;
  Note note{};
  std::string source_id{};
  bool operator==(const Reason& o) const {
    return setting == o.setting && rule == o.rule && source == o.source;
  }
};

struct Recommendation {
  AdvisorRequest request;
  std::string generation_id;  // "hopper", "cpu", or "" for a GPU before Volta
  std::string device_label;   // "Hopper (9.0)", "CPU", "sm_61 (6.1)"
  OptimizationConfig config;
  std::vector<Reason> reasons;
  // Configs to measure around `config` when validating on the device, all runnable there.
  std::vector<OptimizationConfig> neighbours;
  std::vector<std::string> warnings;
  // The same warnings as codes, one per warning in the same order (see Note); warn() adds both.
  std::vector<Note> warning_notes;

  void warn(std::string text, Note note);
  // The first reason for a setting, or nullptr.
  const Reason* reasonFor(std::string_view setting) const;
};

}  // namespace inferscope::advisor
