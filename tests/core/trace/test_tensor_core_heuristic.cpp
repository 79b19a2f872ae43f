#include <gtest/gtest.h>

#include "core/trace/tensor_core_heuristic.h"

namespace inferscope::trace {
namespace {

// Real kernel names seen in cuBLAS, cuDNN, CUTLASS and PyTorch traces.
TEST(TensorCoreHeuristic, RecognisesTensorCoreKernels) {
  for (const char* name : {
           "sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1",
           "cutlass_tensorop_s1688fprop_optimized_tf32_64x64_16x10_nhwc_align4",
           "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_stages_32x5_nn",
           "volta_h884gemm_64x64_ldg8_nn", "turing_fp16_s1688gemm_fp16_256x128_ldg8_f2f_tn",
           "cutlass3x_sm90_tensorop_gemm_bf16_bf16_f32_bf16_bf16_128x256x64_1x2x1_0_tnn_align8",
           "void "
           "cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8>",
           "nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNT", "nvjet_tst_64x8_64x16_4x1_v_bz_TNT",
           "nvjet_sm90_tst_128x192_64x5_2x1_v_bz_coopB_TNN" /* H200, BF16 fc */,
           "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<64, 128, 128, 4>>",
           "fmha_cutlassF_f16_aligned_64x64_rf_sm80",
           "cudnn_generated_fort_native_sdpa_sm90_knob_7_64x128x64_4x1x1_kernel0_0",
           "void implicit_convolve_hhgemm<__half, 1, 6, 7, 3, 3, 5, 1, false>",  // gemm + half
       }) {
    EXPECT_TRUE(isTensorCoreKernel(name)) << name;
  }
}

TEST(TensorCoreHeuristic, LeavesOtherKernelsOut) {
  for (const char* name : {
           "ampere_sgemm_128x64_nn",
           "sm80_sgemm_64x32_sliced1x4_tn",
           "cutlass_80_simt_sgemm_128x128_8x5_nn_align1",
           "void gemv2T_kernel_val<int, int, float, float, float, float, 128, 16, 4, 4, false>",
           "void at::native::vectorized_elementwise_kernel<4, "
           "at::native::CUDAFunctor_add<c10::Half>>",
           "void at::native::(anonymous namespace)::convert_kernel",
           "fmha_cutlassF_f32_aligned_64x64_rf_sm80",
           "nvjet_sss_128x64_64x4_1x2_h_bz_NNT",
           "nvjet_sm90_sss_128x64_64x4_1x2_h_bz_NNT",
           // strict FP32 on the H200: xmma templates on CUDA cores
           "sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x32x8_stage3_"
           "warpsize2x2x1_g1_"
           "ffma_aligna4_alignc4_execute_kernel__5x_cudnn",
           "void cudnn::ops::nchwToNhwcKernel<float, float, float, false, true>",
           "",
       }) {
    EXPECT_FALSE(isTensorCoreKernel(name)) << name;
  }
}

TEST(TensorCoreHeuristic, IsCaseInsensitive) {
  EXPECT_TRUE(isTensorCoreKernel("SM90_XMMA_GEMM"));
  EXPECT_TRUE(isTensorCoreKernel("Cutlass_TensorOp_gemm"));
}

}  // namespace
}  // namespace inferscope::trace
