#include "core/engine/plan.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/common/error.h"

namespace inferscope {
namespace {

void addUnique(std::vector<OptimizationConfig>& plan, const std::string& key) {
  const auto c = OptimizationConfig::parse(key);
  if (std::find(plan.begin(), plan.end(), c) == plan.end()) plan.push_back(c);
}

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out;
  while (true) {
    const auto pos = text.find(sep);
    out.emplace_back(text.substr(0, pos));
    if (pos == std::string_view::npos) break;
    text.remove_prefix(pos + 1);
  }
  return out;
}

}  // namespace

std::vector<OptimizationConfig> guidePlan(const PlanContext& ctx) {
  std::vector<OptimizationConfig> plan;
  const bool cnn = ctx.family == ModelFamily::Cnn;
  // §1 inference mode: FP32 under inference_mode is the reference; no_grad and autograd show what
  // inference_mode saves.
  for (const char* k : {"fp32", "nograd+fp32", "autograd+fp32"}) addUnique(plan, k);
  if (!ctx.caps.isCuda()) {
    // On the CPU: autocast/whole-model BF16 and (for files) TorchScript freeze.
    for (const char* k : {"amp-bf16", "bf16"}) addUnique(plan, k);
    if (ctx.is_torchscript_file) addUnique(plan, "fp32+ts");
    return plan;
  }
  const bool ampere = ctx.caps.supportsBf16();
  const std::string low = ampere ? "bf16" : "fp16";  // the guide: BF16 on Ampere+, else FP16
  // §4 TF32 (Ampere+; Volta/Turing get it as unsupported, with the reason).
  addUnique(plan, "tf32");
  addUnique(plan, "tf32-medium");
  // §2 mixed precision: both casts and both autocasts.
  for (const char* k : {"fp16", "bf16", "amp-fp16", "amp-bf16"}) addUnique(plan, k);
  // §5 cuDNN (CNNs): benchmark, deterministic, and channels_last with benchmark.
  if (cnn) {
    addUnique(plan, low + "+bench");
    addUnique(plan, low + "+cl+bench");
    addUnique(plan, "fp32+det");
  }
  // §3 compile, after precision: CUDA graphs, AOTInductor, TorchScript freeze for files.
  if (ctx.python_model) {
    addUnique(plan, low + "+tc");
    addUnique(plan, low + "+tc-ro");  // torch.compile's CUDA graphs
  } else {
    addUnique(plan, low + "+graph");
    if (cnn) addUnique(plan, low + "+cl+graph+bench");
  }
  if (ctx.aot_inductor_available) {
    addUnique(plan, low + "+aoti");
    if (cnn) addUnique(plan, low + "+cl+aoti");
  }
  if (ctx.is_torchscript_file) {
    addUnique(plan, "fp32+ts");
    addUnique(plan, low + "+ts");
  }
  return plan;
}

std::vector<OptimizationConfig> gridPlan(const GridKnobs& knobs) {
  std::vector<OptimizationConfig> plan;
  for (auto p : knobs.precisions) {
    for (auto m : knobs.memory_formats) {
      for (auto c : knobs.compile_modes) {
        for (bool bench : knobs.cudnn_benchmark) {
          OptimizationConfig cfg;
          cfg.precision = p;
          cfg.memory_format = m;
          cfg.compile = c;
          cfg.cudnn.benchmark = bench;
          if (std::find(plan.begin(), plan.end(), cfg) == plan.end()) plan.push_back(cfg);
        }
      }
    }
  }
  return plan;
}

// Each value once, in the order given: repeats would multiply the grid's size for nothing (four
// knobs of 200 repeats each are 1.6 billion combinations to build and deduplicate).
template <class T>
static void keepFirstOfEach(std::vector<T>& values) {
  std::vector<T> unique;
  for (const auto& v : values) {
    if (std::find(unique.begin(), unique.end(), v) == unique.end()) unique.push_back(v);
  }
  values = std::move(unique);
}

static GridKnobs parseKnobs(std::string_view spec) {
  GridKnobs k;
  bool any = false;
  for (const auto& item : split(spec, ';')) {
    if (item.empty()) continue;
    any = true;
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("grid knob '{}' needs values: name=a,b", item));
    }
    const auto name = item.substr(0, eq);
    const auto values = split(std::string_view(item).substr(eq + 1), ',');
    if (name == "precision") {
      k.precisions.clear();
      for (const auto& v : values) k.precisions.push_back(OptimizationConfig::parse(v).precision);
    } else if (name == "cl") {
      k.memory_formats.clear();
      for (const auto& v : values) {
        if (v != "on" && v != "off")
          throw Error(ErrorKind::InvalidInput, fmt::format("cl={}: use on or off", v));
        k.memory_formats.push_back(v == "on" ? MemoryFormat::ChannelsLast
                                             : MemoryFormat::Contiguous);
      }
    } else if (name == "compile") {
      k.compile_modes.clear();
      for (const auto& v : values) {
        k.compile_modes.push_back(v == "none" ? CompileMode::None
                                              : OptimizationConfig::parse("fp32+" + v).compile);
      }
    } else if (name == "bench") {
      k.cudnn_benchmark.clear();
      for (const auto& v : values) {
        if (v != "on" && v != "off")
          throw Error(ErrorKind::InvalidInput, fmt::format("bench={}: use on or off", v));
        k.cudnn_benchmark.push_back(v == "on");
      }
    } else {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("unknown grid knob '{}' (precision, cl, compile, bench)", name));
    }
  }
  if (!any) {
    throw Error(ErrorKind::InvalidInput,
                "'grid:' names no knobs: write e.g. grid:precision=fp32,bf16;cl=off,on, or plain "
                "'grid' for every combination");
  }
  keepFirstOfEach(k.precisions);
  keepFirstOfEach(k.memory_formats);
  keepFirstOfEach(k.compile_modes);
  keepFirstOfEach(k.cudnn_benchmark);
  return k;
}

std::vector<OptimizationConfig> parsePlan(std::string_view text, const PlanContext& context) {
  if (text == "guide") return guidePlan(context);
  if (text == "grid") {
    GridKnobs knobs;
    if (context.family != ModelFamily::Cnn) knobs.memory_formats = {MemoryFormat::Contiguous};
    return gridPlan(knobs);
  }
  if (text.rfind("grid:", 0) == 0) return gridPlan(parseKnobs(text.substr(5)));
  std::vector<OptimizationConfig> plan;
  for (const auto& key : split(text, ',')) {
    if (!key.empty()) plan.push_back(OptimizationConfig::parse(key));  // repeats allowed on purpose
  }
  if (plan.empty())
    throw Error(ErrorKind::InvalidInput, "empty plan: use guide, grid or config keys");
  return plan;
}

}  // namespace inferscope
