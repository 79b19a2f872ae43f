#include <gtest/gtest.h>

#include "core/trace/trace_comparison.h"

namespace inferscope::trace {
namespace {

TraceSummary summary(double busy_pct, double kernels, std::vector<KernelStat> top, int steady = 2) {
  TraceSummary s;
  s.status = TraceStatus::Traced;
  s.basis = "steady";
  s.steady_iterations_traced = steady;
  s.gpu_busy_pct = busy_pct;
  s.kernels_per_iteration = kernels;
  s.tensor_core_share = 0.25;
  s.top_kernels = std::move(top);
  s.memcpy = {{MemcpyKind::HtoD, 2, 4u << 20, 10.0}};
  return s;
}

const TraceComparisonRow& row(const TraceComparison& c, const std::string& metric,
                              const std::string& unit) {
  for (const auto& r : c.rows) {
    if (r.metric == metric && r.unit == unit) return r;
  }
  throw std::runtime_error("no row " + metric);
}

TEST(TraceComparison, ColumnsPerConfigAndKernelUnion) {
  TraceSummary untraced;
  untraced.untraced_reason = "untraced: CUPTI not available in this build";
  const auto c = compareTraces(
      {"fp32", "fp16", "cpu"},
      {summary(40, 120, {{"sgemm", 40, 800, 20, 0.5, false}, {"relu", 40, 100, 2.5, 0.1, false}}),
       summary(70, 90, {{"hmma_gemm", 20, 200, 10, 0.6, true}}, 1), untraced});
  ASSERT_EQ(c.labels.size(), 3u);
  EXPECT_EQ(c.notes[2], untraced.untraced_reason);

  const auto& busy = row(c, "GPU busy", "%");
  EXPECT_DOUBLE_EQ(*busy.values[0], 40);
  EXPECT_DOUBLE_EQ(*busy.values[1], 70);
  EXPECT_FALSE(busy.values[2].has_value());
  EXPECT_DOUBLE_EQ(*row(c, "Tensor Core share", "%").values[0], 25);
  EXPECT_DOUBLE_EQ(*row(c, "memcpy HtoD", "MiB/iter").values[0], 2);  // 4 MiB over 2 iterations
  EXPECT_DOUBLE_EQ(*row(c, "memcpy DtoH", "MiB/iter").values[1], 0);

  const auto& sgemm = row(c, "kernel: sgemm", "us/iter");
  EXPECT_DOUBLE_EQ(*sgemm.values[0], 400);
  EXPECT_FALSE(sgemm.values[1].has_value());  // not among fp16's top kernels
  const auto& hmma = row(c, "kernel: hmma_gemm", "us/iter");
  EXPECT_DOUBLE_EQ(*hmma.values[1], 200);  // one steady iteration
}

TEST(TraceComparison, FormatsATable) {
  const auto c = compareTraces({"fp32"}, {summary(40, 120, {{"sgemm", 40, 800, 20, 0.5, false}})});
  const auto text = formatComparison(c);
  EXPECT_NE(text.find("fp32"), std::string::npos);
  EXPECT_NE(text.find("GPU busy"), std::string::npos);
  EXPECT_NE(text.find("40.0"), std::string::npos);
  EXPECT_NE(text.find("kernel: sgemm"), std::string::npos);
}

TEST(TraceComparison, MissingLabelsArePadded) {
  const auto c = compareTraces({}, {summary(1, 1, {})});
  EXPECT_EQ(c.labels[0], "config 0");
}

}  // namespace
}  // namespace inferscope::trace
