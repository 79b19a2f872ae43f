#include "core/config/optimization_config.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>

#include "core/common/error.h"
#include "core/config/unsupported_code.h"

namespace inferscope {
namespace {

struct PrecisionToken {
  const char* token;
  Precision precision;
  MatmulPrecision matmul;
  bool conv;
  const char* meaning;
};

// TF32 variants are spelled out so that every (matmul, conv) pair has exactly one key.
constexpr PrecisionToken kPrecisionTokens[] = {
    {"fp32", Precision::Fp32, MatmulPrecision::Highest, false,
     "FP32, strict IEEE (matmul highest, cuDNN conv TF32 off)"},
    {"tf32", Precision::Tf32, MatmulPrecision::High, true,
     "TF32: matmul precision high + cuDNN conv TF32"},
    {"tf32-medium", Precision::Tf32, MatmulPrecision::Medium, true,
     "matmul precision medium (BF16-based) + cuDNN conv TF32"},
    {"tf32-matmul", Precision::Tf32, MatmulPrecision::High, false,
     "TF32 for matmul only (cuDNN conv strict FP32)"},
    {"tf32-medium-matmul", Precision::Tf32, MatmulPrecision::Medium, false,
     "matmul precision medium only (conv strict)"},
    {"tf32-conv", Precision::Tf32, MatmulPrecision::Highest, true,
     "TF32 for cuDNN convolutions only (PyTorch's default)"},
    {"fp16", Precision::Fp16Cast, MatmulPrecision::Highest, false,
     "whole model cast to FP16 (model.half())"},
    {"bf16", Precision::Bf16Cast, MatmulPrecision::Highest, false, "whole model cast to BF16"},
    {"amp-fp16", Precision::AutocastFp16, MatmulPrecision::Highest, false,
     "autocast FP16, weights stay FP32"},
    {"amp-bf16", Precision::AutocastBf16, MatmulPrecision::Highest, false,
     "autocast BF16, weights stay FP32"},
};

struct CompileToken {
  const char* token;
  CompileMode mode;
  const char* meaning;
};

constexpr CompileToken kCompileTokens[] = {
    {"ts", CompileMode::TorchScript, "TorchScript freeze + optimize_for_inference"},
    {"aoti", CompileMode::AotInductor, "AOTInductor package (torch.compile ahead of time)"},
    {"aoti-max", CompileMode::AotInductorMax, "AOTInductor package, max-autotune"},
    {"graph", CompileMode::CudaGraph, "CUDA graph capture + replay"},
    {"aoti-graph", CompileMode::AotInductorGraph, "AOTInductor package replayed in a CUDA graph"},
    {"tc", CompileMode::TorchCompile, "torch.compile (default mode), in Python"},
    {"tc-ro", CompileMode::TorchCompileReduceOverhead,
     "torch.compile reduce-overhead (CUDA graphs), in Python"},
    {"tc-max", CompileMode::TorchCompileMax, "torch.compile max-autotune, in Python"},
};

const PrecisionToken& precisionToken(const OptimizationConfig& c) {
  for (const auto& t : kPrecisionTokens) {
    if (t.precision != c.precision) continue;
    if (c.precision != Precision::Tf32) return t;
    if (t.matmul == c.tf32_matmul && t.conv == c.tf32_conv) return t;
  }
  return kPrecisionTokens[0];  // Tf32 with neither matmul nor conv TF32 is plain fp32
}

}  // namespace

std::string OptimizationConfig::key() const {
  std::vector<std::string> parts;
  if (grad == GradMode::NoGrad) parts.emplace_back("nograd");
  if (grad == GradMode::Autograd) parts.emplace_back("autograd");
  parts.emplace_back(precisionToken(*this).token);
  if (memory_format == MemoryFormat::ChannelsLast) parts.emplace_back("cl");
  for (const auto& t : kCompileTokens) {
    if (t.mode == compile) parts.emplace_back(t.token);
  }
  if (!cudnn.enabled) parts.emplace_back("nocudnn");
  if (cudnn.benchmark) parts.emplace_back("bench");
  if (cudnn.deterministic) parts.emplace_back("det");
  return fmt::format("{}", fmt::join(parts, "+"));
}

OptimizationConfig OptimizationConfig::parse(std::string_view key) {
  OptimizationConfig c;
  bool precision_seen = false, compile_seen = false;
  std::string_view rest = key;
  if (rest.empty())
    throw Error(ErrorKind::InvalidInput, "empty config key (try 'fp32' or 'bf16+bench')");
  while (!rest.empty()) {
    const auto plus = rest.find('+');
    const std::string token(rest.substr(0, plus));
    rest = plus == std::string_view::npos ? std::string_view() : rest.substr(plus + 1);
    bool known = true;
    if (token == "nograd") {
      c.grad = GradMode::NoGrad;
    } else if (token == "autograd") {
      c.grad = GradMode::Autograd;
    } else if (token == "cl") {
      c.memory_format = MemoryFormat::ChannelsLast;
    } else if (token == "nocudnn") {
      c.cudnn.enabled = false;
    } else if (token == "bench") {
      c.cudnn.benchmark = true;
    } else if (token == "det") {
      c.cudnn.deterministic = true;
    } else {
      known = false;
      for (const auto& t : kPrecisionTokens) {
        if (token != t.token) continue;
        if (precision_seen) {
          throw Error(ErrorKind::InvalidInput,
                      fmt::format("config '{}' names two precisions; pick one", key));
        }
        c.precision = t.precision;
        c.tf32_matmul = t.precision == Precision::Tf32 ? t.matmul : MatmulPrecision::High;
        c.tf32_conv = t.precision == Precision::Tf32 ? t.conv : true;
        precision_seen = known = true;
      }
      for (const auto& t : kCompileTokens) {
        if (token != t.token) continue;
        if (compile_seen) {
          throw Error(ErrorKind::InvalidInput,
                      fmt::format("config '{}' names two compile modes; pick one", key));
        }
        c.compile = t.mode;
        compile_seen = known = true;
      }
    }
    if (!known) {
      std::vector<std::string> valid;
      for (const auto& [tok, meaning] : configTokens()) valid.push_back(tok);
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("config '{}': unknown token '{}' (valid tokens: {})", key, token,
                              fmt::join(valid, ", ")));
    }
  }
  if (c.cudnn.benchmark && c.cudnn.deterministic) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("config '{}': cuDNN benchmark and deterministic exclude each other "
                            "(deterministic forces benchmark off)",
                            key));
  }
  return c;
}

std::string OptimizationConfig::describe() const {
  std::vector<std::string> parts;
  if (grad == GradMode::NoGrad) parts.emplace_back("no_grad");
  if (grad == GradMode::Autograd) parts.emplace_back("autograd on");
  parts.emplace_back(precisionToken(*this).meaning);
  if (memory_format == MemoryFormat::ChannelsLast) parts.emplace_back("channels_last");
  for (const auto& t : kCompileTokens) {
    if (t.mode == compile) parts.emplace_back(t.meaning);
  }
  if (!cudnn.enabled) parts.emplace_back("cuDNN disabled");
  if (cudnn.benchmark) parts.emplace_back("cuDNN benchmark");
  if (cudnn.deterministic) parts.emplace_back("cuDNN deterministic");
  return fmt::format("{}", fmt::join(parts, " · "));
}

bool runsAotInductorPackage(CompileMode mode) {
  return mode == CompileMode::AotInductor || mode == CompileMode::AotInductorMax ||
         mode == CompileMode::AotInductorGraph;
}

bool replaysCudaGraph(CompileMode mode) {
  return mode == CompileMode::CudaGraph || mode == CompileMode::AotInductorGraph;
}

bool runsTorchCompile(CompileMode mode) {
  return mode == CompileMode::TorchCompile || mode == CompileMode::TorchCompileReduceOverhead ||
         mode == CompileMode::TorchCompileMax;
}

OptimizationConfig packageConfig(const OptimizationConfig& config) {
  auto package = config;
  if (package.compile == CompileMode::AotInductorGraph) package.compile = CompileMode::AotInductor;
  return package;
}

bool OptimizationConfig::isLowPrecisionCast() const {
  return precision == Precision::Fp16Cast || precision == Precision::Bf16Cast;
}

bool OptimizationConfig::usesAutocast() const {
  return precision == Precision::AutocastFp16 || precision == Precision::AutocastBf16;
}

std::optional<std::string> unsupportedCode(const OptimizationConfig& c, const DeviceCaps& caps,
                                           bool libtorch_has_aoti) {
  const bool wants_bf16 =
      c.precision == Precision::Bf16Cast || c.precision == Precision::AutocastBf16;
  if (caps.isCuda()) {
    if (wants_bf16 && !caps.supportsBf16()) return "bf16-needs-ampere";
    if (c.precision == Precision::Tf32 && !caps.supportsTf32()) return "tf32-needs-ampere";
    const bool touches_cudnn = !c.cudnn.enabled || c.cudnn.benchmark || c.cudnn.deterministic;
    if (touches_cudnn && !caps.has_cudnn) return "cudnn-needs-build";
  } else {
    if (c.precision == Precision::Tf32) return "tf32-on-cpu";
    if (c.precision == Precision::Fp16Cast) return "fp16-on-cpu";
    if (c.cudnn.benchmark || c.cudnn.deterministic || !c.cudnn.enabled) return "cudnn-on-cpu";
    if (replaysCudaGraph(c.compile)) return "graph-on-cpu";
    if (c.compile == CompileMode::TorchCompileReduceOverhead) return "tc-ro-on-cpu";
  }
  if (runsAotInductorPackage(c.compile) && !libtorch_has_aoti) return "aoti-needs-2.6";
  if (replaysCudaGraph(c.compile) && c.grad == GradMode::Autograd) return "graph-with-autograd";
  return std::nullopt;
}

std::optional<std::string> unsupportedReason(const OptimizationConfig& c, const DeviceCaps& caps,
                                             bool libtorch_has_aoti) {
  const auto code = unsupportedCode(c, caps, libtorch_has_aoti);
  if (!code) return std::nullopt;
  const std::string where =
      caps.isCuda() ? fmt::format("{} {}.{}", gpuGenerationName(caps.cc_major, caps.cc_minor),
                                  caps.cc_major, caps.cc_minor)
                    : std::string("the CPU");
  if (*code == "bf16-needs-ampere")
    return fmt::format(
        "BF16 needs compute capability ≥ 8.0 (Ampere or newer); {} has no BF16 "
        "Tensor Cores — use fp16 or amp-fp16",
        where);
  if (*code == "tf32-needs-ampere")
    return fmt::format(
        "TF32 needs compute capability ≥ 8.0 (Ampere or newer); {} has no TF32 "
        "Tensor Cores",
        where);
  if (*code == "cudnn-needs-build")
    return std::string("cuDNN settings need a LibTorch build with cuDNN");
  if (*code == "tf32-on-cpu")
    return std::string("TF32 is a CUDA Tensor Core mode; the CPU has none");
  if (*code == "fp16-on-cpu")
    return std::string("FP16 cast is a GPU setting: many CPU kernels have no FP16 implementation");
  if (*code == "cudnn-on-cpu") return std::string("cuDNN settings apply to CUDA only");
  if (*code == "graph-on-cpu") return std::string("CUDA graphs need a CUDA device");
  if (*code == "tc-ro-on-cpu")
    return std::string("torch.compile reduce-overhead replays CUDA graphs: it needs a CUDA device");
  if (*code == "aoti-needs-2.6")
    return std::string(
        "AOTInductor packages need LibTorch ≥ 2.6 (this build has no "
        "AOTIModelPackageLoader)");
  return std::string(
      "CUDA graph capture of a forward that records autograd history is not "
      "supported here; use inference_mode");
}

std::vector<std::pair<std::string, std::string>> configTokens() {
  std::vector<std::pair<std::string, std::string>> tokens = {
      {"nograd", "torch.no_grad instead of inference_mode"},
      {"autograd", "autograd on (to show what inference_mode saves)"},
  };
  for (const auto& t : kPrecisionTokens) tokens.emplace_back(t.token, t.meaning);
  tokens.emplace_back("cl", "channels_last memory format (CNNs)");
  for (const auto& t : kCompileTokens) tokens.emplace_back(t.token, t.meaning);
  tokens.emplace_back("nocudnn", "cuDNN disabled");
  tokens.emplace_back("bench", "cudnn.benchmark = True");
  tokens.emplace_back("det", "cudnn.deterministic + use_deterministic_algorithms");
  return tokens;
}

}  // namespace inferscope
