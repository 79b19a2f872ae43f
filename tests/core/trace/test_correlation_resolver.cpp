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

}  // namespace
}  // namespace inferscope::trace
