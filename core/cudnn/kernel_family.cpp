// The families' display names and JSON keys.
#include "core/cudnn/kernel_family.h"

#include <array>

namespace inferscope::cudnn {
namespace {

struct FamilyNames {
  KernelFamily family;
  const char* text;
  const char* key;
};

constexpr std::array<FamilyNames, 9> kFamilies{{
    {KernelFamily::ImplicitGemm, "implicit GEMM", "implicit_gemm"},
    {KernelFamily::PrecomputedImplicitGemm, "precomputed implicit GEMM",
     "precomputed_implicit_gemm"},
    {KernelFamily::Gemm, "GEMM", "gemm"},
    {KernelFamily::Winograd, "Winograd", "winograd"},
    {KernelFamily::Fft, "FFT", "fft"},
    {KernelFamily::Direct, "direct", "direct"},
    {KernelFamily::TensorCoreFprop, "Tensor-Core fprop", "tensor_core_fprop"},
    {KernelFamily::LayoutTranspose, "layout transpose", "layout_transpose"},
    {KernelFamily::Other, "other", "other"},
}};

}  // namespace

const char* toString(KernelFamily family) {
  for (const auto& f : kFamilies) {
    if (f.family == family) return f.text;
  }
  return "other";
}

const char* toKey(KernelFamily family) {
  for (const auto& f : kFamilies) {
    if (f.family == family) return f.key;
  }
  return "other";
}

std::optional<KernelFamily> kernelFamilyFromKey(std::string_view key) {
  for (const auto& f : kFamilies) {
    if (key == f.key) return f.family;
  }
  return std::nullopt;
}

}  // namespace inferscope::cudnn
