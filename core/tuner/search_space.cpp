#include "core/tuner/search_space.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace inferscope::tuner {
namespace {

bool hasInputOfRank(const std::vector<InputSpec>& inputs, std::size_t min_rank,
                    std::size_t max_rank) {
  return std::any_of(inputs.begin(), inputs.end(), [&](const InputSpec& s) {
    return s.shape.size() >= min_rank && s.shape.size() <= max_rank;
  });
}

// How promising the guide deems a config, for the order of the race when the budget cannot cover
// the whole space: half precision before TF32 before FP32, compiled before eager, channels_last
// before NCHW (where an image input leaves both in the space: Tensor Cores want it), and one cuDNN
// mode — the recommendation's — for every such combination before the other mode's twins, which
// seldom differ by more than a few per cent. A 30 s budget on a traced ResNet-50 screened 4 of 72
// configs on the H200, all NCHW, and missed channels_last's 35 % before this order.
int priority(const OptimizationConfig& c, bool preferred_benchmark) {
  int p = c.cudnn.benchmark == preferred_benchmark ? 0 : 100;
  if (c.memory_format != MemoryFormat::ChannelsLast) p += 1;
  switch (c.precision) {
    case Precision::Bf16Cast:
    case Precision::Fp16Cast:
      p += 0;
      break;
    case Precision::AutocastBf16:
    case Precision::AutocastFp16:
      p += 10;
      break;
    case Precision::Tf32:
      p += 20;
      break;
    case Precision::Fp32:
      p += 30;
      break;
  }
  switch (c.compile) {
    case CompileMode::AotInductor:
      p += 0;
      break;
    case CompileMode::AotInductorGraph:
      p += 1;  // the aoti package's own (the same package, compiled once)
      break;
    case CompileMode::CudaGraph:
      p += 2;
      break;
    case CompileMode::TorchScript:
      p += 4;
      break;
    case CompileMode::None:
      p += 6;
      break;
    case CompileMode::AotInductorMax:
      p += 8;
      break;
    // The peer every answer is compared with: measured early, so the verdict can state the ratio.
    case CompileMode::TorchCompileReduceOverhead:
      p += 1;
      break;
    case CompileMode::TorchCompile:
      p += 3;
      break;
    case CompileMode::TorchCompileMax:
      p += 9;
      break;
  }
  return p;
}

// What applies to torch.compile, and to models that only Python can compile (an ExportedProgram
// or a --model-py entry: eager and torch.compile configs run in the Python worker, packages in
// LibTorch). "" when nothing here prunes `c`.
std::string pythonModelReason(const OptimizationConfig& c, const SpaceContext& ctx) {
  const bool python_model = builtInPython(ctx.source);
  if (runsTorchCompile(c.compile)) {
    if (!python_model) {
      return "torch.compile needs a model Python can rebuild: save it with torch.export.save (a "
             ".pt2 "
             "ExportedProgram) or pass --model-py FILE.py:FUNCTION (a TorchScript file cannot "
             "reach "
             "Inductor)";
    }
    if (c.compile == CompileMode::TorchCompileMax && !ctx.max_autotune)
      return "torch.compile max-autotune takes minutes per compile: add --max-autotune to race it";
    if (!c.isLowPrecisionCast()) {
      return "torch.compile is raced on the FP16 and BF16 casts, where it is fastest; FP32, TF32 "
             "and "
             "autocast run eager and as AOTInductor packages";
    }
    if (c.cudnn.benchmark) {
      return "torch.compile candidates keep cuDNN's default algorithm choice; cuDNN benchmark is "
             "raced on the eager and AOTInductor configs";
    }
  }
  if (!python_model) return {};
  if (c.compile == CompileMode::CudaGraph) {
    return "eager CUDA-graph capture of a model rebuilt in Python is torch.compile "
           "reduce-overhead's "
           "job (tc-ro) and the AOTInductor package's (aoti-graph)";
  }
  if (runsAotInductorPackage(c.compile) && c.precision == Precision::Fp32 &&
      ctx.caps.supportsTf32()) {
    return "a strict-FP32 package is the reference's numerics at a package's cost: its TF32 twin "
           "is "
           "raced";
  }
  return {};
}

}  // namespace

std::string SearchSpace::pruneReason(const OptimizationConfig& c) const {
  const auto& ctx = context_;
  if (auto reason = unsupportedReason(c, ctx.caps, ctx.aot_inductor_available)) return *reason;
  if (!ctx.caps.isCuda() && c.precision == Precision::AutocastFp16) {
    return "autocast FP16 is a GPU setting: CPU autocast casts to BF16 (and few CPU kernels have "
           "FP16)";
  }
  if (c.grad != GradMode::InferenceMode)
    return "inference_mode is never slower than no_grad or autograd";
  if (c.compile == CompileMode::AotInductorMax) {
    return "max-autotune packages take minutes each to compile: outside a time-budgeted search";
  }
  if (auto reason = pythonModelReason(c, ctx); !reason.empty()) return reason;
  if (ctx.source == ModelSource::AotInductor) {
    if (!runsAotInductorPackage(c.compile))
      return "a .pt2 package runs as it was compiled: only its own modes (aoti, aoti-graph) apply";
    if (c.precision != Precision::Fp32) {
      return "a .pt2 package's precision was fixed when it was compiled: its inputs run as given";
    }
    if (c.memory_format != MemoryFormat::Contiguous) {
      return "a .pt2 package's memory format was fixed when it was compiled";
    }
  }
  if (runsAotInductorPackage(c.compile) && c.usesAutocast()) {
    return "autocast is runtime state that torch.export does not capture: an AOTInductor package "
           "is "
           "compiled for one dtype (the bf16/fp16 cast with aoti is in the space)";
  }
  if (runsAotInductorPackage(c.compile) && ctx.source == ModelSource::TorchScript) {
    return "a TorchScript file cannot be re-exported for AOTInductor: export the model with "
           "torch.export in Python and tune the .pt2 package";
  }
  if (c.compile == CompileMode::TorchScript && ctx.source != ModelSource::TorchScript) {
    return "TorchScript freeze applies to TorchScript (.pt) files only";
  }
  if ((replaysCudaGraph(c.compile) || runsAotInductorPackage(c.compile)) && !ctx.static_shapes) {
    return "CUDA graphs and AOTInductor packages are compiled for one input shape; the sizes vary";
  }
  if (c.memory_format == MemoryFormat::ChannelsLast && !hasInputOfRank(ctx.inputs, 4, 4)) {
    return "no 4-D input: channels_last changes nothing for this model";
  }
  if (c.cudnn.benchmark && !hasInputOfRank(ctx.inputs, 3, 5)) {
    return "no input of 3–5 dimensions: no convolution for cuDNN benchmark to autotune";
  }
  if (c.cudnn.deterministic || !c.cudnn.enabled) {
    return "deterministic or disabled cuDNN trades speed for reproducibility: not a speed "
           "candidate";
  }
  return {};
}

SearchSpace SearchSpace::ofCandidates(std::vector<OptimizationConfig> candidates) {
  SearchSpace space;
  space.candidates_ = std::move(candidates);
  return space;
}

SearchSpace::SearchSpace(const SpaceContext& context, const std::vector<OptimizationConfig>& seeds)
    : context_(context) {
  std::vector<OptimizationConfig> all = seeds;
  for (auto p : {Precision::Fp32, Precision::Tf32, Precision::Fp16Cast, Precision::Bf16Cast,
                 Precision::AutocastFp16, Precision::AutocastBf16}) {
    for (auto m : {MemoryFormat::Contiguous, MemoryFormat::ChannelsLast}) {
      for (auto c : {CompileMode::None, CompileMode::TorchScript, CompileMode::CudaGraph,
                     CompileMode::AotInductor, CompileMode::AotInductorGraph,
                     CompileMode::AotInductorMax, CompileMode::TorchCompile,
                     CompileMode::TorchCompileReduceOverhead, CompileMode::TorchCompileMax}) {
        for (bool bench : {false, true}) {
          OptimizationConfig cfg;
          cfg.precision = p;
          cfg.memory_format = m;
          cfg.compile = c;
          cfg.cudnn.benchmark = bench;
          all.push_back(cfg);
        }
      }
    }
  }
  std::vector<OptimizationConfig> rest;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& c = all[i];
    const auto seen = [&](const auto& list) {
      return std::find(list.begin(), list.end(), c) != list.end();
    };
    if (seen(candidates_) || seen(rest) ||
        std::any_of(pruned_.begin(), pruned_.end(),
                    [&](const PrunedConfig& p) { return p.config == c; })) {
      continue;
    }
    if (auto reason = pruneReason(c); !reason.empty()) {
      pruned_.push_back({c, reason});
    } else if (i < seeds.size()) {
      candidates_.push_back(c);
    } else {
      rest.push_back(c);
    }
  }
  const bool preferred_benchmark = !candidates_.empty() && candidates_.front().cudnn.benchmark;
  std::stable_sort(rest.begin(), rest.end(), [&](const auto& a, const auto& b) {
    return priority(a, preferred_benchmark) < priority(b, preferred_benchmark);
  });
  candidates_.insert(candidates_.end(), rest.begin(), rest.end());
}

std::size_t SearchSpace::restrictToShard(const ShardSpec& shard) {
  const std::size_t whole = candidates_.size();
  std::vector<std::string> others;  // the non-reference keys, in key order
  for (const auto& c : candidates_) {
    if (!isReferenceConfig(c)) others.push_back(c.key());
  }
  std::sort(others.begin(), others.end());
  const auto inShard = [&](const OptimizationConfig& c) {
    if (isReferenceConfig(c)) return true;
    const auto rank = static_cast<std::size_t>(
        std::lower_bound(others.begin(), others.end(), c.key()) - others.begin());
    return static_cast<int>(rank % static_cast<std::size_t>(shard.count)) == shard.index;
  };
  std::vector<OptimizationConfig> kept;
  for (const auto& c : candidates_) {
    if (inShard(c)) kept.push_back(c);
  }
  candidates_ = std::move(kept);
  return whole;
}

}  // namespace inferscope::tuner
