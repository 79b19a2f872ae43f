// What a CUPTI kernel name or a cuDNN legacy algorithm name says about how a convolution was
// computed. Names change between cuDNN releases, so the rules match the stable parts (xmma/cutlass
// "fprop", "implicit_convolve_sgemm", "winograd", "fft", "ffma" for CUDA-core math, …).
#pragma once

#include <string_view>

#include "core/cudnn/kernel_family.h"

namespace inferscope::cudnn {

struct KernelClass {
  KernelFamily family = KernelFamily::Other;
  bool tensor_core = false;  // by name: xmma, cutlass tensorop, hmma/imma, sm80+/sm90 fprop, …
};

// Classifies a demangled kernel name.
KernelClass classifyKernel(std::string_view kernel_name);

// The family of a legacy algorithm name ("IMPLICIT_PRECOMP_GEMM", "WINOGRAD_NONFUSED", …).
KernelFamily familyOfAlgorithm(std::string_view algo);

}  // namespace inferscope::cudnn
