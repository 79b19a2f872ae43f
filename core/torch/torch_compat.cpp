#include "core/torch/torch_compat.h"

#include <ATen/Context.h>

#include <cmath>

namespace inferscope::compat {

#if INFERSCOPE_TORCH_AT_LEAST(2, 10)
// 2.10+: enum-typed fp32_precision API.
static std::string precisionName(at::Float32Precision p) {
  switch (p) {
    case at::Float32Precision::IEEE:
      return "ieee";
    case at::Float32Precision::TF32:
      return "tf32";
    case at::Float32Precision::BF16:
      return "bf16";
    default:
      return "none";
  }
}
static at::Float32Precision precisionFromName(const std::string& s) {
  if (s == "ieee") return at::Float32Precision::IEEE;
  if (s == "tf32") return at::Float32Precision::TF32;
  if (s == "bf16") return at::Float32Precision::BF16;
  return at::Float32Precision::NONE;
}
static std::string rawPrecision(bool matmul) {
  return precisionName(at::globalContext().float32Precision(
      at::Float32Backend::CUDA, matmul ? at::Float32Op::MATMUL : at::Float32Op::CONV));
}
static std::string rawPrecisionAll(bool generic) {
  return precisionName(at::globalContext().float32Precision(
      generic ? at::Float32Backend::GENERIC : at::Float32Backend::CUDA, at::Float32Op::ALL));
}
static void setRawPrecision(bool matmul, const std::string& value) {
  at::globalContext().setFloat32Precision(at::Float32Backend::CUDA,
                                          matmul ? at::Float32Op::MATMUL : at::Float32Op::CONV,
                                          precisionFromName(value));
}
#elif INFERSCOPE_TORCH_AT_LEAST(2, 9)
// 2.9: the same API with string arguments.
static std::string rawPrecision(bool matmul) {
  return at::globalContext().float32Precision("cuda", matmul ? "matmul" : "conv");
}
static std::string rawPrecisionAll(bool generic) {
  return at::globalContext().float32Precision(generic ? "generic" : "cuda", "all");
}
static void setRawPrecision(bool matmul, const std::string& value) {
  at::globalContext().setFloat32Precision("cuda", matmul ? "matmul" : "conv", value);
}
#endif

#if INFERSCOPE_TORCH_AT_LEAST(2, 9)
// "none" defers to (cuda, all), then (generic, all); what is left undecided is IEEE.
static std::string effectivePrecision(const std::string& raw) {
  if (raw != "none") return raw;
  if (auto cuda_all = rawPrecisionAll(false); cuda_all != "none") return cuda_all;
  if (auto generic_all = rawPrecisionAll(true); generic_all != "none") return generic_all;
  return "ieee";
}
#else
static const char* matmulLevelName(at::Float32MatmulPrecision p) {
  switch (p) {
    case at::Float32MatmulPrecision::HIGHEST:
      return "highest";
    case at::Float32MatmulPrecision::HIGH:
      return "high";
    case at::Float32MatmulPrecision::MEDIUM:
      return "medium";
  }
  return "highest";
}
#endif

Fp32PrecisionState readFp32Precision() {
  Fp32PrecisionState s;
#if INFERSCOPE_TORCH_AT_LEAST(2, 9)
  // The legacy getters throw once the new setter was used: read the new table only.
  s.raw_matmul = rawPrecision(true);
  s.raw_conv = rawPrecision(false);
  const auto matmul = effectivePrecision(s.raw_matmul);
  s.cublas_tf32 = matmul != "ieee";
  s.cudnn_conv_tf32 = effectivePrecision(s.raw_conv) == "tf32";
  s.matmul_level = matmul == "ieee" ? "highest" : matmul == "bf16" ? "medium" : "high";
#else
  auto& ctx = at::globalContext();
  s.matmul_level = matmulLevelName(ctx.float32MatmulPrecision());
  s.cublas_tf32 = ctx.allowTF32CuBLAS();
  s.cudnn_conv_tf32 = ctx.allowTF32CuDNN();
#endif
  return s;
}

void writeFp32Precision(const Fp32PrecisionState& state) {
#if INFERSCOPE_TORCH_AT_LEAST(2, 9)
  if (!state.raw_matmul.empty() || !state.raw_conv.empty()) {  // a saved state: restore exactly
    setRawPrecision(true, state.raw_matmul);
    setRawPrecision(false, state.raw_conv);
    return;
  }
  // set_float32_matmul_precision("high"/"medium") maps CUDA matmuls to "tf32" in PyTorch ≥ 2.9
  // ("medium" differs only on oneDNN), so both levels become "tf32" here.
  setRawPrecision(true, state.matmul_level == "highest" ? "ieee" : "tf32");
  setRawPrecision(false, state.cudnn_conv_tf32 ? "tf32" : "ieee");
#else
  auto& ctx = at::globalContext();
  ctx.setFloat32MatmulPrecision(state.matmul_level);
  ctx.setAllowTF32CuDNN(state.cudnn_conv_tf32);
#endif
}

const char* fp32PrecisionApiName() {
  return kHasFp32PrecisionApi ? "fp32_precision (PyTorch >= 2.9)"
                              : "set_float32_matmul_precision + allow_tf32 (legacy)";
}

AutocastState readAutocast(c10::DeviceType device) {
  AutocastState s;
#if INFERSCOPE_TORCH_AT_LEAST(2, 4)
  s.enabled = at::autocast::is_autocast_enabled(device);
  s.dtype = at::autocast::get_autocast_dtype(device);
#else
  if (device == c10::DeviceType::CUDA) {
    s.enabled = at::autocast::is_enabled();
    s.dtype = at::autocast::get_autocast_gpu_dtype();
  } else {
    s.enabled = at::autocast::is_cpu_enabled();
    s.dtype = at::autocast::get_autocast_cpu_dtype();
  }
#endif
  return s;
}

void writeAutocast(c10::DeviceType device, const AutocastState& state) {
#if INFERSCOPE_TORCH_AT_LEAST(2, 4)
  at::autocast::set_autocast_enabled(device, state.enabled);
  at::autocast::set_autocast_dtype(device, state.dtype);
#else
  if (device == c10::DeviceType::CUDA) {
    at::autocast::set_enabled(state.enabled);
    at::autocast::set_autocast_gpu_dtype(state.dtype);
  } else {
    at::autocast::set_cpu_enabled(state.enabled);
    at::autocast::set_autocast_cpu_dtype(state.dtype);
  }
#endif
  // Cached casts of weights belong to the previous setting.
  at::autocast::clear_cache();
}

torch::Tensor scaledDotProductAttention(const torch::Tensor& q, const torch::Tensor& k,
                                        const torch::Tensor& v) {
#if INFERSCOPE_TORCH_AT_LEAST(2, 0)
  return at::scaled_dot_product_attention(q, k, v);
#else
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(-1)));
  auto scores = torch::matmul(q, k.transpose(-2, -1)) * scale;
  return torch::matmul(torch::softmax(scores, -1), v);
#endif
}

}  // namespace inferscope::compat
