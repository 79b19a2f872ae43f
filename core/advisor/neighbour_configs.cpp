// Neighbour configs of a recommendation (see neighbour_configs.h). The order is the order a sweep
// measures them in: precision alternatives first (the guide's biggest lever), then cuDNN benchmark,
// memory format and compile variants.
#include "core/advisor/neighbour_configs.h"

#include <algorithm>

#include "core/advisor/advisor.h"

namespace inferscope::advisor {
namespace {

// Precisions to try instead of the recommended one: its autocast sibling first (the guide's answer
// to accuracy trouble with whole-model casts), then the other formats. Unsupported ones are
// filtered later, so the lists need not know the generation.
std::vector<Precision> precisionAlternatives(Precision p) {
  switch (p) {
    case Precision::Bf16Cast:
      return {Precision::AutocastBf16, Precision::Fp16Cast, Precision::Tf32, Precision::Fp32};
    case Precision::Fp16Cast:
      return {Precision::AutocastFp16, Precision::Fp32};
    case Precision::Tf32:
      return {Precision::Bf16Cast, Precision::AutocastBf16, Precision::Fp16Cast, Precision::Fp32};
    case Precision::AutocastBf16:
      return {Precision::Bf16Cast, Precision::Tf32, Precision::Fp32};
    case Precision::AutocastFp16:
      return {Precision::Fp16Cast, Precision::Fp32};
    case Precision::Fp32:
      return {Precision::Tf32, Precision::Bf16Cast, Precision::AutocastBf16, Precision::Fp16Cast,
              Precision::AutocastFp16};
  }
  return {};
}

}  // namespace

std::vector<OptimizationConfig> neighbourConfigs(const OptimizationConfig& recommended,
                                                 const AdvisorRequest& request) {
  std::vector<OptimizationConfig> out;
  const bool has_aoti = request.target_torch.hasAotInductor();
  const bool fixed = request.sizes == InputSizes::Fixed;
  const auto push = [&](const OptimizationConfig& c) {
    if (c == recommended || std::find(out.begin(), out.end(), c) != out.end()) return;
    if (unsupportedReason(c, request.caps, has_aoti)) return;
    // Static-shape techniques would mislead a user whose sizes vary, whatever they measure.
    if (!fixed &&
        (c.cudnn.benchmark || replaysCudaGraph(c.compile) || runsAotInductorPackage(c.compile)))
      return;
    if (request.reproducible && c.cudnn.benchmark) return;
    out.push_back(c);
  };

  if (!request.caps.isCuda()) {
    if (request.tolerance >= kBf16UnitRoundoff) {
      auto c = recommended;
      c.precision = Precision::AutocastBf16;
      push(c);
    }
    if (request.family == ModelFamily::Cnn) {
      auto c = recommended;
      c.memory_format = MemoryFormat::ChannelsLast;
      push(c);
    }
    auto c = recommended;
    c.compile = CompileMode::TorchScript;
    push(c);
    return out;
  }

  for (const auto p : precisionAlternatives(recommended.precision)) {
    auto c = recommended;
    c.precision = p;
    c.tf32_matmul = MatmulPrecision::High;  // the plain "tf32" key when p is Tf32
    c.tf32_conv = true;
    push(c);
  }
  {
    auto c = recommended;
    c.cudnn.benchmark = !c.cudnn.benchmark;
    push(c);
  }
  if (request.family == ModelFamily::Cnn) {
    auto c = recommended;
    c.memory_format = MemoryFormat::ChannelsLast;
    push(c);
  }
  for (const auto mode : {CompileMode::None, CompileMode::CudaGraph, CompileMode::AotInductor}) {
    auto c = recommended;
    c.compile = mode;
    push(c);
  }
  return out;
}

}  // namespace inferscope::advisor
