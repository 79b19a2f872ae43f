// Every difference between LibTorch 1.13 (Debian, CPU) and 2.x (PyTorch wheels, CUDA) lives here.
// Callers use these helpers and never test TORCH_VERSION themselves. See docs/LIBTORCH_COMPAT.md.
#pragma once

#include <ATen/autocast_mode.h>
#include <c10/core/InferenceMode.h>
#include <torch/version.h>

#include <string>

#include "core/torch/torch_pch.h"

#define INFERSCOPE_TORCH_AT_LEAST(major, minor) \
  (TORCH_VERSION_MAJOR > (major) ||             \
   (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

namespace inferscope::compat {

// PyTorch 2.9 replaced the TF32 flags with fp32_precision per backend and op; mixing the two APIs
// in one process makes the legacy getters throw. ≥ 2.9 uses the new API only, older the legacy one.
inline constexpr bool kHasFp32PrecisionApi = INFERSCOPE_TORCH_AT_LEAST(2, 9);
inline constexpr bool kHasScaledDotProductAttention = INFERSCOPE_TORCH_AT_LEAST(2, 0);
inline constexpr bool kHasDeviceTypeAutocastApi = INFERSCOPE_TORCH_AT_LEAST(2, 4);

// Float32 precision of the CUDA backend, as the new API names it: "ieee" or "tf32" per op, and the
// matmul level ("highest" / "high" / "medium") as the legacy API names it.
struct Fp32PrecisionState {
  std::string matmul_level = "highest";  // set_float32_matmul_precision (legacy API)
  bool cudnn_conv_tf32 = true;           // PyTorch's default
  bool cublas_tf32 = false;              // effective TF32 use by cuBLAS matmuls
  // ≥ 2.9: the raw table entries ("none" | "ieee" | "tf32" | "bf16") of (cuda, matmul) and
  // (cuda, conv), so that a guard restores exactly what it found, "none" included.
  std::string raw_matmul, raw_conv;
};

Fp32PrecisionState readFp32Precision();
void writeFp32Precision(const Fp32PrecisionState& state);
// The name of the API this build uses, for logs and session files.
const char* fp32PrecisionApiName();

// Autocast for one device type (thread-local state).
struct AutocastState {
  bool enabled = false;
  at::ScalarType dtype = at::kHalf;
};
AutocastState readAutocast(c10::DeviceType device);
void writeAutocast(c10::DeviceType device, const AutocastState& state);

// Attention core: softmax(q kᵀ / √d) v over [batch, heads, seq, head_dim]. Uses the fused
// scaled_dot_product_attention kernels (flash / memory-efficient) where LibTorch has them.
torch::Tensor scaledDotProductAttention(const torch::Tensor& q, const torch::Tensor& k,
                                        const torch::Tensor& v);

}  // namespace inferscope::compat
