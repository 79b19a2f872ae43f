// Kernel-name and algorithm-name classification. Rules are checked in order, most specific first,
// over a lower-cased copy of the name; docs/CUDNN_LEDGER.md lists the names seen on the H200.
#include "core/cudnn/kernel_classifier.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>

#include "core/trace/tensor_core_heuristic.h"

namespace inferscope::cudnn {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool containsAny(const std::string& text, std::initializer_list<std::string_view> needles) {
  return std::any_of(needles.begin(), needles.end(),
                     [&](std::string_view n) { return text.find(n) != std::string::npos; });
}

// CUDA-core variants of the xmma/CUTLASS templates say so: "ffma" (FP32 FMA) or "simt".
bool cudaCoreMath(const std::string& name) {
  return containsAny(name, {"ffma", "simt"});
}

KernelFamily familyOfName(const std::string& name) {
  // Layout conversions first: their names can hold "conv"- or "gemm"-like words. PyTorch's own
  // contiguous copies (direct_copy_kernel_cuda) count here too: under a convolution they convert
  // the memory format for the kernel that follows.
  if (containsAny(name, {"nchwtonhwc", "nhwctonchw", "nchw_to_nhwc", "nhwc_to_nchw", "nchw2nhwc",
                         "nhwc2nchw", "transpose", "permute", "copy_kernel"})) {
    return KernelFamily::LayoutTranspose;
  }
  if (name.find("winograd") != std::string::npos) return KernelFamily::Winograd;
  if (containsAny(name, {"fft", "_r2c", "_c2r"})) return KernelFamily::Fft;
  // cuDNN's own CUDA-core kernels keep their algorithm in the name.
  if (containsAny(name, {"precomputed_convolve", "implicit_precomp"})) {
    return KernelFamily::PrecomputedImplicitGemm;
  }
  if (name.find("implicit_convolve") != std::string::npos) return KernelFamily::ImplicitGemm;
  if (containsAny(name, {"explicit_convolve", "im2col"})) return KernelFamily::Gemm;
  // xmma ("sm90_xmma_fprop_implicit_gemm_bf16bf16_…"), CUTLASS ("cutlass_tensorop_…fprop…") and
  // cuDNN's runtime-compiled engines: Tensor-Core fprop unless the name says CUDA-core math.
  const bool conv_kernel =
      containsAny(name, {"fprop", "implicit_gemm", "implicitgemm", "conv2d_fwd", "conv_fwd"});
  if (conv_kernel && !cudaCoreMath(name) &&
      (containsAny(name, {"xmma", "cutlass", "tensorop", "hmma", "gmma"}) ||
       trace::isTensorCoreKernel(name))) {
    return KernelFamily::TensorCoreFprop;
  }
  if (conv_kernel) return KernelFamily::ImplicitGemm;
  if ((name.find("direct") != std::string::npos && name.find("conv") != std::string::npos) ||
      containsAny(name, {"depthwise", "dwconv"})) {
    return KernelFamily::Direct;
  }
  if (containsAny(name, {"gemm", "nvjet", "gemv"})) return KernelFamily::Gemm;
  return KernelFamily::Other;
}

}  // namespace

KernelClass classifyKernel(std::string_view kernel_name) {
  const std::string name = lower(kernel_name);
  KernelClass c;
  c.family = familyOfName(name);
  c.tensor_core =
      c.family == KernelFamily::TensorCoreFprop ||
      (isMainFamily(c.family) && !cudaCoreMath(name) && trace::isTensorCoreKernel(name));
  return c;
}

KernelFamily familyOfAlgorithm(std::string_view algo) {
  const std::string a = lower(algo);
  // Longest names first: IMPLICIT_PRECOMP_GEMM contains IMPLICIT_GEMM's words.
  if (a.find("implicit_precomp_gemm") != std::string::npos)
    return KernelFamily::PrecomputedImplicitGemm;
  if (a.find("implicit_gemm") != std::string::npos) return KernelFamily::ImplicitGemm;
  if (a.find("winograd") != std::string::npos) return KernelFamily::Winograd;
  if (a.find("fft") != std::string::npos) return KernelFamily::Fft;
  if (a.find("direct") != std::string::npos) return KernelFamily::Direct;
  if (a.find("gemm") != std::string::npos) return KernelFamily::Gemm;
  return KernelFamily::Other;
}

}  // namespace inferscope::cudnn
