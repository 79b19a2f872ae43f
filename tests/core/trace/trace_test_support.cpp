// recordSampleWindow: a small, fully known trace recorded through the real tracer and the fake.
#include "trace_test_support.h"

namespace inferscope::trace::testing {

TraceWindow recordSampleWindow() {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 1;
  policy.steady_iterations_traced = 2;
  policy.full_detail_every_iteration = true;  // operators and API calls in every iteration
  KernelTracer tracer(forwardTo(fake), policy);
  fake.setNowNs(1 * kMs);
  for (int i = 0; i < 3; ++i) {
    const bool warmup = i == 0;
    tracer.beginIteration(i, warmup);
    const std::int64_t t0 = fake.nowNs();
    const std::uint64_t id = 100 + 10 * static_cast<std::uint64_t>(i);
    fake.copyMemory(MemcpyKind::HtoD, 602'112, 7, t0 + 10 * kUs, 20 * kUs);
    tracer.onOpStart(id + 1, "aten::conv2d", "1x3x224x224, 64x3x7x7");
    tracer.onOpStart(id + 2, "aten::cudnn_convolution", "1x3x224x224, 64x3x7x7");
    fake.launchKernel("sm90_xmma_fprop_implicit_gemm_f16f16_f16f32", 7, t0 + 40 * kUs, 100 * kUs);
    tracer.onOpEnd(id + 2);
    tracer.onOpEnd(id + 1);
    tracer.onOpStart(id + 3, "aten::add", "1x64x112x112, 1x64x112x112");
    // Concurrent with the convolution, on other streams.
    fake.launchKernel("vectorized_elementwise_kernel<add>", 13, t0 + 60 * kUs, 50 * kUs);
    fake.setMemory(4'096, 14, t0 + 60 * kUs, 5 * kUs);
    tracer.onOpEnd(id + 3);
    fake.launchKernel("ampere_sgemm_128x64_nn", 7, t0 + 150 * kUs, 80 * kUs);  // no operator
    fake.copyMemory(MemcpyKind::DtoH, 4'000, 7, t0 + 240 * kUs, 10 * kUs);
    fake.synchronize(SyncKind::StreamSynchronize, 7, t0 + 260 * kUs - fake.nowNs());
    tracer.endIteration(i);
    fake.advanceNs(50 * kUs);
  }
  return tracer.finish();
}

}  // namespace inferscope::trace::testing
