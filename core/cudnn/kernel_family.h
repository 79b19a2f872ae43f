// Convolution kernel families: what a CUPTI kernel name or a cuDNN legacy algorithm says about how
// a convolution was computed. Names change between cuDNN releases, so the classifier matches on the
// stable parts (xmma/cutlass "fprop", "implicit_convolve_sgemm", "winograd", "fft", …).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace inferscope::cudnn {

enum class KernelFamily {
  ImplicitGemm,             // implicit_convolve_sgemm, …
  PrecomputedImplicitGemm,  // precomputed_convolve_sgemm / IMPLICIT_PRECOMP_GEMM
  Gemm,                     // explicit im2col + GEMM
  Winograd,
  Fft,
  Direct,
  TensorCoreFprop,          // xmma / cutlass / cuDNN engine "fprop" kernels (implicit GEMM on Tensor Cores)
  LayoutTranspose,          // NCHW ↔ NHWC conversions around a kernel that wants the other layout
  Other                     // bias adds, scale kernels, helpers
};

const char* toString(KernelFamily family);  // "implicit GEMM", "Tensor-Core fprop", …
const char* toKey(KernelFamily family);     // "implicit_gemm", "tensor_core_fprop", … (JSON)
std::optional<KernelFamily> kernelFamilyFromKey(std::string_view key);

struct KernelClass {
  KernelFamily family = KernelFamily::Other;
  bool tensor_core = false;  // by name: xmma, cutlass tensorop, hmma/imma, sm80+/sm90 fprop, …
};

// Classifies a demangled kernel name.
KernelClass classifyKernel(std::string_view kernel_name);

// The family of a legacy algorithm name ("IMPLICIT_PRECOMP_GEMM", "WINOGRAD_NONFUSED", …).
KernelFamily familyOfAlgorithm(std::string_view algo);

// Whether a family is the convolution itself (not a transpose or a helper).
inline bool isMainFamily(KernelFamily family) {
  return family != KernelFamily::LayoutTranspose && family != KernelFamily::Other;
}

}  // namespace inferscope::cudnn
