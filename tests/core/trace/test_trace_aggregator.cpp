#include <gtest/gtest.h>

#include "core/trace/trace_aggregator.h"
#include "trace_test_support.h"

namespace inferscope::trace {
namespace {

using testing::kernel;
using testing::kMs;
using testing::kUs;
using testing::memcpyRecord;

// Warm-up iteration 0 over [0, 1 ms] with one 500 µs kernel; steady iteration 1 over [2, 3 ms]:
//   A  xmma f16 gemm   stream 7  2.10–2.30 ms  (aten::linear)
//   B  sgemm           stream 8  2.20–2.40 ms  (aten::linear)   overlaps A: union 2.10–2.40
//   C  elementwise     stream 7  2.50–2.60 ms  (aten::relu)     gap 100 µs before it
//   D  sgemm           stream 7  2.90–2.95 ms  (no operator)    gap 300 µs before it
// busy 300 + 100 + 50 = 450 µs of 1000: 45 %; gaps 400 µs; host overhead 100 + 50 = 150 µs.
TraceWindow handComputedWindow() {
  TraceWindow w;
  w.status = TraceStatus::Traced;
  w.source = "fake";
  w.iterations = {{0, 0, 1 * kMs, true}, {1, 2 * kMs, 3 * kMs, false}};
  w.kernels = {
      kernel("warmup_only_kernel", 100 * kUs, 600 * kUs, 7, 0),
      kernel("sm90_xmma_gemm_f16f16_f16f32_f32_tn", 2100 * kUs, 2300 * kUs, 7, 1, "aten::linear"),
      kernel("ampere_sgemm_128x64_nn", 2200 * kUs, 2400 * kUs, 8, 1, "aten::linear"),
      kernel("vectorized_elementwise_kernel", 2500 * kUs, 2600 * kUs, 7, 1, "aten::relu"),
      kernel("ampere_sgemm_128x64_nn", 2900 * kUs, 2950 * kUs, 7, 1),
  };
  w.memcpys = {memcpyRecord(MemcpyKind::HtoD, 1 << 20, 2010 * kUs, 2050 * kUs, 1),
               memcpyRecord(MemcpyKind::DtoH, 4096, 2960 * kUs, 2970 * kUs, 1),
               memcpyRecord(MemcpyKind::HtoD, 999, 10 * kUs, 20 * kUs, 0)};
  return w;
}

TEST(TraceAggregator, PerIterationBusyGapsAndOverhead) {
  const auto stats = TraceAggregator::iterationStats(handComputedWindow());
  ASSERT_EQ(stats.size(), 2u);
  const auto& warm = stats[0];
  EXPECT_TRUE(warm.warmup);
  EXPECT_EQ(warm.kernel_count, 1);
  EXPECT_DOUBLE_EQ(warm.gpu_busy_us, 500);
  EXPECT_DOUBLE_EQ(warm.host_overhead_us, 100 + 400);

  const auto& s = stats[1];
  EXPECT_EQ(s.iteration, 1);
  EXPECT_EQ(s.kernel_count, 4);
  EXPECT_EQ(s.memcpy_count, 2);
  EXPECT_DOUBLE_EQ(s.wall_us, 1000);
  EXPECT_DOUBLE_EQ(s.gpu_busy_us, 450);
  EXPECT_DOUBLE_EQ(s.gpu_busy_pct, 45);
  EXPECT_DOUBLE_EQ(s.kernel_sum_us, 550);
  EXPECT_DOUBLE_EQ(s.launch_gap_us, 400);
  EXPECT_DOUBLE_EQ(s.max_gap_us, 300);
  EXPECT_DOUBLE_EQ(s.host_overhead_us, 150);
  EXPECT_DOUBLE_EQ(s.gpu_busy_us + s.launch_gap_us + s.host_overhead_us, s.wall_us);
}

TEST(TraceAggregator, SteadyAggregatesTopKernelsOpsAndTensorCoreShare) {
  const auto s = TraceAggregator().summarize(handComputedWindow());
  EXPECT_TRUE(s.traced());
  EXPECT_EQ(s.basis, "steady");
  EXPECT_EQ(s.warmup_iterations_traced, 1);
  EXPECT_EQ(s.steady_iterations_traced, 1);
  EXPECT_DOUBLE_EQ(s.kernels_per_iteration, 4);
  EXPECT_DOUBLE_EQ(s.gpu_busy_pct, 45);
  EXPECT_DOUBLE_EQ(s.launch_gap_us_per_iteration, 400);
  EXPECT_DOUBLE_EQ(s.host_overhead_us_per_iteration, 150);
  EXPECT_DOUBLE_EQ(s.total_kernel_us, 550);  // the warm-up kernel is not in the steady basis
  EXPECT_EQ(s.stream_count, 2);

  ASSERT_EQ(s.top_kernels.size(), 3u);
  EXPECT_EQ(s.top_kernels[0].name, "ampere_sgemm_128x64_nn");
  EXPECT_EQ(s.top_kernels[0].count, 2);
  EXPECT_DOUBLE_EQ(s.top_kernels[0].total_us, 250);
  EXPECT_DOUBLE_EQ(s.top_kernels[0].mean_us, 125);
  EXPECT_DOUBLE_EQ(s.top_kernels[0].share, 250.0 / 550.0);
  EXPECT_FALSE(s.top_kernels[0].tensor_core);
  EXPECT_EQ(s.top_kernels[1].name, "sm90_xmma_gemm_f16f16_f16f32_f32_tn");
  EXPECT_TRUE(s.top_kernels[1].tensor_core);
  EXPECT_DOUBLE_EQ(s.tensor_core_us, 200);
  EXPECT_DOUBLE_EQ(s.tensor_core_share, 200.0 / 550.0);

  ASSERT_EQ(s.ops.size(), 3u);
  EXPECT_EQ(s.ops[0].op_name, "aten::linear");
  EXPECT_EQ(s.ops[0].kernel_count, 2);
  EXPECT_DOUBLE_EQ(s.ops[0].kernel_us, 400);
  EXPECT_EQ(s.ops[1].op_name, "aten::relu");
  EXPECT_EQ(s.ops[2].op_name, "(no operator)");
  EXPECT_DOUBLE_EQ(s.ops[2].kernel_us, 50);

  ASSERT_EQ(s.memcpy.size(), 2u);
  EXPECT_EQ(s.memcpy[0].kind, MemcpyKind::HtoD);
  EXPECT_EQ(s.memcpy[0].bytes, 1u << 20);  // the warm-up copy is left out
  EXPECT_EQ(s.memcpy[0].count, 1);
  EXPECT_DOUBLE_EQ(s.memcpy[0].total_us, 40);
  EXPECT_EQ(s.memcpy[1].kind, MemcpyKind::DtoH);
}

TEST(TraceAggregator, TopKernelsAreTruncated) {
  const auto s = TraceAggregator(AggregateOptions{1, 1}).summarize(handComputedWindow());
  ASSERT_EQ(s.top_kernels.size(), 1u);
  ASSERT_EQ(s.ops.size(), 1u);
  EXPECT_DOUBLE_EQ(s.total_kernel_us, 550);  // totals still cover every kernel
}

TEST(TraceAggregator, WarmupIsTheBasisWhenNoSteadyIterationWasTraced) {
  auto w = handComputedWindow();
  w.iterations.pop_back();
  const auto s = TraceAggregator().summarize(w);
  EXPECT_EQ(s.basis, "warmup");
  EXPECT_DOUBLE_EQ(s.kernels_per_iteration, 1);
  EXPECT_DOUBLE_EQ(s.total_kernel_us, 500);
}

TEST(TraceAggregator, KernelsAreClampedToTheirIteration) {
  TraceWindow w;
  w.status = TraceStatus::Traced;
  w.iterations = {{0, 1'000, 2'000, false}};
  w.kernels = {kernel("k", 500, 1'500, 7, 0), kernel("k", 1'900, 2'400, 7, 0)};
  const auto stats = TraceAggregator::iterationStats(w);
  EXPECT_DOUBLE_EQ(stats[0].gpu_busy_us, 0.6);  // 500 + 100 ns
  EXPECT_LE(stats[0].gpu_busy_pct, 100);
}

TEST(TraceAggregator, IterationWithoutKernelsIsAllHostOverhead) {
  TraceWindow w;
  w.status = TraceStatus::Traced;
  w.iterations = {{0, 0, 5'000, false}};
  const auto stats = TraceAggregator::iterationStats(w);
  EXPECT_DOUBLE_EQ(stats[0].host_overhead_us, 5);
  EXPECT_DOUBLE_EQ(stats[0].gpu_busy_pct, 0);
}

TEST(TraceAggregator, UntracedWindowGivesAnUntracedSummary) {
  TraceWindow w;
  w.untraced_reason = "untraced: CUPTI not available in this build";
  const auto s = TraceAggregator().summarize(w);
  EXPECT_FALSE(s.traced());
  EXPECT_EQ(s.untraced_reason, w.untraced_reason);
  EXPECT_TRUE(s.iterations.empty());
  EXPECT_DOUBLE_EQ(s.gpu_busy_pct, 0);
}

TEST(TraceAggregator, SampleWindowFromTheTracer) {
  // The fake scenario (trace_test_support.cpp): per iteration the convolution (40–140 µs, stream 7)
  // and the add (60–110 µs, stream 13) overlap, the sgemm runs 150–230 µs; the iteration ends at
  // 260 µs after a stream synchronisation.
  const auto s = TraceAggregator().summarize(testing::recordSampleWindow());
  EXPECT_EQ(s.steady_iterations_traced, 2);
  EXPECT_DOUBLE_EQ(s.kernels_per_iteration, 3);
  EXPECT_DOUBLE_EQ(s.gpu_busy_us_per_iteration, 180);
  EXPECT_DOUBLE_EQ(s.launch_gap_us_per_iteration, 10);
  EXPECT_DOUBLE_EQ(s.host_overhead_us_per_iteration, 70);
  EXPECT_DOUBLE_EQ(s.wall_us_per_iteration, 260);
  EXPECT_EQ(s.stream_count, 2);
  ASSERT_FALSE(s.ops.empty());
  EXPECT_EQ(s.ops[0].op_name, "aten::conv2d");
  EXPECT_EQ(s.memset_count, 2);
  EXPECT_DOUBLE_EQ(s.tensor_core_share, 200.0 / 460.0);
}

}  // namespace
}  // namespace inferscope::trace
