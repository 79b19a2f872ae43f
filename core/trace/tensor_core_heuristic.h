// Whether a kernel ran on Tensor Cores, guessed from its name. CUPTI's activity records do not say
// which instructions a kernel executed (that takes hardware counters, i.e. Nsight Compute), but
// NVIDIA's libraries name their kernels after the MMA shape and data types they use.
//
// A name counts as Tensor Core when it holds
//   1. an MMA / tensor-op marker: hmma, imma, xmma, wgmma, gmma, tensorop, or a cuBLAS/CUTLASS
//      MMA shape with its type letter (s1688, s16816, h1688, h16816, s884, h884, i8816, i16832);
//   2. a cuBLASLt "nvjet" kernel whose type code (nvjet_XYZ_) names a reduced precision
//      (h = fp16, b = bf16, t = tf32, e/q = fp8, i = int8) rather than s/d only;
//   3. a fused attention kernel that only exists for fp16/bf16 (flash_fwd, flash_bwd, sdpa), or
//      fmha with an f16/bf16 marker;
//   4. a matrix-product or convolution word (gemm, matmul, cutlass, fprop, dgrad, wgrad,
//      implicit_gemm, conv2d, convolution) together with a reduced-precision marker (f16, fp16,
//      half, bf16, bfloat16, tf32, fp8, e4m3, e5m2, int8),
// and no "simt" (CUTLASS's non-Tensor-Core path) or "ffma" (xmma's FP32 FMA path).
//
// Limits: it is a heuristic over names. Triton / Inductor kernels (triton_tem_fused_mm_…) and
// kernels of other libraries that do not say their precision are missed; a library that renames
// its kernels breaks it; an FP32 GEMM that cuBLAS silently runs in TF32 is caught only when the
// kernel name says tf32 (it usually does: xmma / s1688 / tst). The share it feeds is a share of
// kernel *time*, not a Tensor Core utilisation.
#pragma once

#include <string_view>

namespace inferscope::trace {

bool isTensorCoreKernel(std::string_view kernel_name);

}  // namespace inferscope::trace
