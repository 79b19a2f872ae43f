// isTensorCoreKernel: the name rules documented in the header, over a lower-cased copy.
#include "core/trace/tensor_core_heuristic.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <string>

namespace inferscope::trace {
namespace {

bool containsAny(const std::string& text, std::initializer_list<std::string_view> needles) {
  return std::any_of(needles.begin(), needles.end(),
                     [&](std::string_view n) { return text.find(n) != std::string::npos; });
}

// cuBLASLt's Hopper kernels: nvjet_<A><B><C>_… with one letter per operand / accumulator type.
bool isReducedPrecisionNvjet(const std::string& name) {
  const auto at = name.find("nvjet_");
  if (at == std::string::npos) return false;
  auto begin = at + 6;
  // Hopper's names put the architecture first: nvjet_sm90_tst_… (seen on the H200 for BF16 GEMMs).
  if (name.compare(begin, 2, "sm") == 0) {
    const auto underscore = name.find('_', begin);
    if (underscore == std::string::npos) return false;
    begin = underscore + 1;
  }
  const auto code = name.substr(begin, 3);
  if (code.size() < 3) return false;
  return code.find_first_of("hbteqi") != std::string::npos;
}

}  // namespace

bool isTensorCoreKernel(std::string_view kernel_name) {
  std::string name(kernel_name);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // CUTLASS's "simt" and xmma's "ffma" templates are the CUDA-core paths: strict-FP32 cuDNN kernels
  // on the H200 are named sm80_xmma_fprop_implicit_gemm_f32f32_…_ffma_….
  if (name.find("simt") != std::string::npos || name.find("ffma") != std::string::npos)
    return false;

  if (containsAny(name, {"hmma", "imma", "xmma", "wgmma", "gmma", "tensorop", "s1688", "s16816",
                         "h1688", "h16816", "s884", "h884", "i8816", "i16832"})) {
    return true;
  }
  if (isReducedPrecisionNvjet(name)) return true;

  const bool reduced_precision = containsAny(
      name, {"f16", "fp16", "half", "bf16", "bfloat16", "tf32", "fp8", "e4m3", "e5m2", "int8"});
  if (containsAny(name, {"flash_fwd", "flash_bwd", "sdpa"})) return true;
  if (name.find("fmha") != std::string::npos) return reduced_precision;

  const bool matrix_work = containsAny(
      name, {"gemm", "matmul", "cutlass", "fprop", "dgrad", "wgrad", "conv2d", "convolution"});
  return matrix_work && reduced_precision;
}

}  // namespace inferscope::trace
