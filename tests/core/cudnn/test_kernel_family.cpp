// Kernel-name classification on names CUPTI reported on the H200 (cuDNN 9.19, LibTorch 2.11).
#include <gtest/gtest.h>

#include "core/cudnn/kernel_classifier.h"

namespace inferscope::cudnn {
namespace {

struct Case {
  const char* name;
  KernelFamily family;
  bool tensor_core;
};

TEST(KernelFamily, ClassifiesH200Names) {
  const Case cases[] = {
      {"sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize128x128x64_"
       "warpgroupsize1x1x1_g1_"
       "execute_segment_k_off_kernel__5x_cudnn",
       KernelFamily::TensorCoreFprop, true},
      {"void "
       "cutlass__5x_cudnn::Kernel<cutlass_tensorop_bf16_s16816fprop_optimized_bf16_256x64_32x4_"
       "nhwc_align8>("
       "cutlass_tensorop_bf16_s16816fprop_optimized_bf16_256x64_32x4_nhwc_align8::Params)",
       KernelFamily::TensorCoreFprop, true},
      // xmma templates on CUDA cores (FP32 FFMA): implicit GEMM, not Tensor Core.
      {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x32x8_stage3_"
       "warpsize2x2x1_g1_ffma_"
       "aligna4_alignc4_execute_kernel__5x_cudnn",
       KernelFamily::ImplicitGemm, false},
      {"sm80_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize32x32x8_"
       "stage3_warpsize1x2x1_"
       "g1_ffma_aligna4_alignc4_execute_kernel__5x_cudnn",
       KernelFamily::ImplicitGemm, false},
      {"sm80_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nchw_tilesize128x128x16_stage4_"
       "warpsize2x2x1_g1_"
       "tensor16x8x8_execute_kernel__5x_cudnn",
       KernelFamily::TensorCoreFprop, true},
      {"void implicit_convolve_sgemm<float, float, 1024, 5, 5, 3, 3, 3, 1, false, false, "
       "true>(int, int, int, float "
       "const*, int, float*, float const*, kernel_conv_params, unsigned long long, int, float, "
       "float, int, float const*, "
       "float const*, bool, int, int)",
       KernelFamily::ImplicitGemm, false},
      {"void precomputed_convolve_sgemm<float, 128, 5, 5, 3, 3, 3, 1, false>(int, int, int, float "
       "const*, int, float*)",
       KernelFamily::PrecomputedImplicitGemm, false},
      {"void fft2d_r2c_32x32<float, false, 0u, false>(float2*, float const*, int, int, int, int, "
       "int, int, int, int, "
       "int, cudnn::reduced_divisor, bool, int2, int, int)",
       KernelFamily::Fft, false},
      {"void cudnn::winograd_nonfused::winogradForwardData4x4<float, "
       "float>(cudnn::winograd_nonfused::WinogradDataParams<"
       "float, float>)",
       KernelFamily::Winograd, false},
      {"void cudnn::engines_precompiled::nchwToNhwcKernel<__nv_bfloat16, __nv_bfloat16, float, "
       "false, true, "
       "(cudnnKernelDataType_t)0>(cudnn::engines_precompiled::nchw2nhwc_params_t<float>, "
       "__nv_bfloat16 const*)",
       KernelFamily::LayoutTranspose, false},
      {"void "
       "at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda(at::"
       "TensorIteratorBase&)::"
       "{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, "
       "std::array<char*, 2ul>>",
       KernelFamily::LayoutTranspose, false},
      {"sm80_xmma_gemm_cf32cf32_f32f32_cf32_tn_n_tilesize32x64x8_stage3_warpsize2x2x1_ffma_aligna8_"
       "alignc8_execute_"
       "kernel__5x_cublas",
       KernelFamily::Gemm, false},
      {"nvjet_sm90_tst_128x192_64x5_2x1_v_bz_coopB_TNN", KernelFamily::Gemm, true},
      {"void at::native::vectorized_elementwise_kernel<8, "
       "at::native::CUDAFunctor_add<c10::BFloat16>, std::array<char*, "
       "3ul> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, std::array<char*, 3ul>)",
       KernelFamily::Other, false},
      {"void at::native::conv_depthwise2d_forward_kernel<3, float, "
       "int>(at::GenericPackedTensorAccessor<float const, 4>)",
       KernelFamily::Direct, false},
  };
  for (const auto& c : cases) {
    const auto cls = classifyKernel(c.name);
    EXPECT_EQ(toString(cls.family), std::string(toString(c.family))) << c.name;
    EXPECT_EQ(cls.tensor_core, c.tensor_core) << c.name;
  }
}

TEST(KernelFamily, LegacyAlgorithmNames) {
  EXPECT_EQ(familyOfAlgorithm("IMPLICIT_GEMM"), KernelFamily::ImplicitGemm);
  EXPECT_EQ(familyOfAlgorithm("IMPLICIT_PRECOMP_GEMM"), KernelFamily::PrecomputedImplicitGemm);
  EXPECT_EQ(familyOfAlgorithm("GEMM"), KernelFamily::Gemm);
  EXPECT_EQ(familyOfAlgorithm("DIRECT"), KernelFamily::Direct);
  EXPECT_EQ(familyOfAlgorithm("FFT_TILING"), KernelFamily::Fft);
  EXPECT_EQ(familyOfAlgorithm("WINOGRAD_NONFUSED"), KernelFamily::Winograd);
  EXPECT_EQ(familyOfAlgorithm("SOMETHING_NEW"), KernelFamily::Other);
}

TEST(KernelFamily, KeysRoundTrip) {
  for (auto f :
       {KernelFamily::ImplicitGemm, KernelFamily::PrecomputedImplicitGemm, KernelFamily::Gemm,
        KernelFamily::Winograd, KernelFamily::Fft, KernelFamily::Direct,
        KernelFamily::TensorCoreFprop, KernelFamily::LayoutTranspose, KernelFamily::Other}) {
    ASSERT_TRUE(kernelFamilyFromKey(toKey(f)).has_value());
    EXPECT_EQ(*kernelFamilyFromKey(toKey(f)), f);
  }
  EXPECT_FALSE(kernelFamilyFromKey("tensor cores").has_value());
}

}  // namespace
}  // namespace inferscope::cudnn
