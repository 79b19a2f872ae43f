// Convolution kernel families: how a convolution was computed, as the ledger names it. The
// classification of kernel and algorithm names is in kernel_classifier.h.
#pragma once

#include <optional>
#include <string_view>

namespace inferscope::cudnn {

enum class KernelFamily {
  ImplicitGemm,             // implicit_convolve_sgemm, …
  PrecomputedImplicitGemm,  // precomputed_convolve_sgemm / IMPLICIT_PRECOMP_GEMM
  Gemm,                     // explicit im2col + GEMM
  Winograd,
  Fft,
  Direct,
  TensorCoreFprop,  // xmma / cutlass / cuDNN engine "fprop" kernels (implicit GEMM on Tensor Cores)
  LayoutTranspose,  // NCHW ↔ NHWC conversions around a kernel that wants the other layout
  Other             // bias adds, scale kernels, helpers
};

const char* toString(KernelFamily family);  // "implicit GEMM", "Tensor-Core fprop", …
const char* toKey(KernelFamily family);     // "implicit_gemm", "tensor_core_fprop", … (JSON)
std::optional<KernelFamily> kernelFamilyFromKey(std::string_view key);

// Whether a family is the convolution itself (not a transpose or a helper).
inline bool isMainFamily(KernelFamily family) {
  return family != KernelFamily::LayoutTranspose && family != KernelFamily::Other;
}

}  // namespace inferscope::cudnn
