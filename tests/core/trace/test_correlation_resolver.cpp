#include <gtest/gtest.h>

#include "core/trace/correlation_resolver.h"

namespace inferscope::trace {
namespace {

OpRecord op(std::uint64_t id, std::string name, std::uint64_t parent, int iteration) {
  OpRecord o;
  o.external_id = id;
  o.name = std::move(name);
  o.parent_external_id = parent;
  o.depth = parent == 0 ? 0 : 1;
  o.iteration = iteration;
  return o;
}

KernelRecord launched(std::uint32_t correlation, std::int64_t start_ns) {
  KernelRecord k;
  k.name = "k";
  k.correlation_id = correlation;
  k.start_ns = start_ns;
  k.end_ns = start_ns + 10;
  return k;
}

TraceWindow twoIterations() {
  TraceWindow w;
  w.status = TraceStatus::Traced;
  w.iterations = {{1, 2'000, 3'000, false}, {0, 0, 1'000, true}};  // unsorted on purpose
  return w;
}

TEST(CorrelationResolver, IterationAtFindsTheEnclosingMark) {
  const std::vector<IterationMark> marks = {{0, 0, 1'000, true}, {1, 2'000, 3'000, false}};
  EXPECT_EQ(iterationAt(marks, -1), -1);
  EXPECT_EQ(iterationAt(marks, 0), 0);
  EXPECT_EQ(iterationAt(marks, 1'000), 0);
  EXPECT_EQ(iterationAt(marks, 1'500), -1);
  EXPECT_EQ(iterationAt(marks, 2'000), 1);
  EXPECT_EQ(iterationAt(marks, 3'001), -1);
  EXPECT_EQ(iterationAt({}, 5), -1);
}

TEST(CorrelationResolver, KernelGetsInnerAndOutermostOperator) {
  auto w = twoIterations();
  w.ops = {op(1, "aten::linear", 0, 1), op(2, "aten::addmm", 1, 1)};
  w.correlations = {{2, 77}};
  w.kernels = {launched(77, 2'500)};
  resolveCorrelations(w);
  const auto& k = w.kernels[0];
  EXPECT_EQ(k.external_id, 2u);
  EXPECT_EQ(k.op_name, "aten::addmm");
  EXPECT_EQ(k.top_op_name, "aten::linear");
  EXPECT_EQ(k.iteration, 1);
}

TEST(CorrelationResolver, LateKernelIsPlacedByItsLaunchCall) {
  auto w = twoIterations();
  RuntimeApiRecord api;
  api.correlation_id = 5;
  api.start_ns = 900;  // launched in iteration 0 …
  api.end_ns = 950;
  w.api_calls = {api};
  w.kernels = {launched(5, 1'200)};  // … ran after its end
  resolveCorrelations(w);
  EXPECT_EQ(w.kernels[0].iteration, 0);
  EXPECT_EQ(w.kernels[0].op_name, "");
}

TEST(CorrelationResolver, UnlinkedRecordsArePlacedByGpuTimeOrLeftOut) {
  auto w = twoIterations();
  w.kernels = {launched(0, 2'100), launched(0, 1'500)};
  MemcpyRecord m;
  m.correlation_id = 9;
  m.start_ns = 10;
  m.end_ns = 20;
  w.memcpys = {m};
  w.correlations = {{42, 9}};  // an operator id that was never recorded
  resolveCorrelations(w);
  ASSERT_EQ(w.kernels.size(), 2u);
  EXPECT_EQ(w.kernels[0].start_ns, 1'500);  // sorted by start
  EXPECT_EQ(w.kernels[0].iteration, -1);
  EXPECT_EQ(w.kernels[1].iteration, 1);
  EXPECT_EQ(w.memcpys[0].external_id, 42u);
  EXPECT_EQ(w.memcpys[0].iteration, 0);
}

TEST(CorrelationResolver, ParentCycleDoesNotHang) {
  auto w = twoIterations();
  w.ops = {op(1, "a", 2, 0), op(2, "b", 1, 0)};
  w.correlations = {{1, 3}};
  w.kernels = {launched(3, 500)};
  resolveCorrelations(w);
  EXPECT_EQ(w.kernels[0].op_name, "a");
  EXPECT_FALSE(w.kernels[0].top_op_name.empty());
}

OpRecord spanned(std::uint64_t id, std::string name, std::uint64_t parent, std::int64_t start_ns,
                 std::int64_t end_ns) {
  OpRecord o = op(id, std::move(name), parent, 1);
  o.start_ns = start_ns;
  o.end_ns = end_ns;
  return o;
}

RuntimeApiRecord apiCall(std::uint32_t correlation, std::int64_t start_ns) {
  RuntimeApiRecord a;
  a.name = "cudaLaunchKernel";
  a.correlation_id = correlation;
  a.start_ns = start_ns;
  a.end_ns = start_ns + 5;
  return a;
}

// Iteration 1 (2000–3000 ns): conv2d ⊃ convolution ⊃ cudnn_convolution, then relu_ beside it.
TraceWindow nestedOpsWithLaunches() {
  auto w = twoIterations();
  w.ops = {spanned(10, "aten::conv2d", 0, 2'100, 2'600),
           spanned(11, "aten::convolution", 10, 2'110, 2'590),
           spanned(12, "aten::cudnn_convolution", 11, 2'120, 2'400),
           spanned(13, "aten::empty", 11, 2'450, 2'460),  // launches nothing
           spanned(14, "aten::relu_", 0, 2'700, 2'800)};
  w.api_calls = {apiCall(501, 2'200), apiCall(502, 2'500), apiCall(503, 2'750),
                 apiCall(504, 2'900)};
  w.kernels = {launched(501, 2'300), launched(502, 2'650), launched(503, 2'800),
               launched(504, 2'950)};
  return w;
}

TEST(CorrelationResolver, WithoutPushedIdsTheHostSpanHoldingTheLaunchNamesTheOperator) {
  auto w = nestedOpsWithLaunches();
  resolveCorrelations(w);
  ASSERT_EQ(w.kernels.size(), 4u);
  EXPECT_EQ(w.kernels[0].op_name, "aten::cudnn_convolution");  // innermost, not conv2d
  EXPECT_EQ(w.kernels[0].top_op_name, "aten::conv2d");
  // Launched after empty() closed but inside convolution: the ancestor still open.
  EXPECT_EQ(w.kernels[1].op_name, "aten::convolution");
  EXPECT_EQ(w.kernels[1].external_id, 11u);
  EXPECT_EQ(w.kernels[2].op_name, "aten::relu_");
  EXPECT_EQ(w.kernels[2].top_op_name, "aten::relu_");
  // Launched between operators (the timer's own calls): no operator, still in its iteration.
  EXPECT_TRUE(w.kernels[3].op_name.empty());
  EXPECT_EQ(w.kernels[3].external_id, 0u);
  EXPECT_EQ(w.kernels[3].iteration, 1);
}

TEST(CorrelationResolver, PushedIdsWinOverTheHostSpan) {
  auto w = nestedOpsWithLaunches();
  w.correlations = {{10, 501}};  // an observer that pushed conv2d's id only
  resolveCorrelations(w);
  EXPECT_EQ(w.kernels[0].op_name, "aten::conv2d");
}

TEST(CorrelationResolver, ComparesBothWaysOfFindingTheOperator) {
  auto w = nestedOpsWithLaunches();
  w.correlations = {{12, 501}, {11, 502}, {10, 503}};  // the last one disagrees (relu_ by time)
  const auto a = compareAttributionMethods(w);
  EXPECT_EQ(a.compared, 3u);
  EXPECT_EQ(a.agreed, 2u);
}

}  // namespace
}  // namespace inferscope::trace
