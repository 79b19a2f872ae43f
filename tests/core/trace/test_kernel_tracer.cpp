#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/trace/kernel_tracer.h"
#include "core/trace/trace_aggregator.h"
#include "trace_test_support.h"

namespace inferscope::trace {
namespace {

using testing::forwardTo;
using testing::kUs;

// Runs `warmup` + `steady` iterations, each launching two kernels from inside an operator.
void runLoop(KernelTracer& tracer, FakeActivitySource& fake, int warmup, int steady) {
  for (int i = 0; i < warmup + steady; ++i) {
    tracer.beginIteration(i, i < warmup);
    const auto t0 = fake.nowNs();
    tracer.onOpStart(1000 + static_cast<std::uint64_t>(i), "aten::linear", "8x16, 32x16");
    fake.launchKernel("gemm", 7, t0 + 10 * kUs, 20 * kUs);
    fake.launchKernel("bias_add", 7, t0 + 30 * kUs, 5 * kUs);
    tracer.onOpEnd(1000 + static_cast<std::uint64_t>(i));
    fake.advanceNs(100 * kUs);
    tracer.endIteration(i);
  }
}

std::set<int> iterationsOf(const TraceWindow& w) {
  std::set<int> out;
  for (const auto& m : w.iterations) out.insert(m.iteration);
  return out;
}

TEST(KernelTracer, ShouldTraceFollowsThePolicy) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 2;
  policy.steady_iterations_traced = 3;
  policy.steady_iterations_skipped = 1;
  KernelTracer tracer(forwardTo(fake), policy);
  EXPECT_TRUE(tracer.shouldTrace(0, true));
  EXPECT_TRUE(tracer.shouldTrace(1, true));
  EXPECT_FALSE(tracer.shouldTrace(2, true));
  // Before any steady iteration is seen, the asked one counts as the first.
  EXPECT_FALSE(tracer.shouldTrace(10, false));
  tracer.beginIteration(10, false);  // first steady iteration: skipped
  tracer.endIteration(10);
  EXPECT_TRUE(tracer.shouldTrace(11, false));
  EXPECT_TRUE(tracer.shouldTrace(13, false));
  EXPECT_FALSE(tracer.shouldTrace(14, false));
}

TEST(KernelTracer, WindowBoundsAreRespected) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 2;
  policy.steady_iterations_traced = 3;
  policy.full_detail_every_iteration = true;  // operators counted in every iteration
  KernelTracer tracer(forwardTo(fake), policy);
  runLoop(tracer, fake, /*warmup=*/5, /*steady=*/10);
  const auto w = tracer.finish();

  ASSERT_TRUE(w.traced());
  EXPECT_EQ(iterationsOf(w), (std::set<int>{0, 1, 5, 6, 7}));
  EXPECT_EQ(w.kernels.size(), 10u);  // 2 per traced iteration, none from the others
  for (const auto& k : w.kernels) EXPECT_EQ(iterationsOf(w).count(k.iteration), 1u) << k.iteration;
  EXPECT_EQ(w.ops.size(), 5u);
  // Stopped at warm-up iteration 2 and at steady iteration 8 (so iterations 8..14 run untraced
  // and detached); started twice; finish() had nothing left to stop.
  EXPECT_EQ(fake.startCalls(), 2);
  EXPECT_EQ(fake.stopCalls(), 2);
  EXPECT_TRUE(fake.finalized());
  EXPECT_FALSE(fake.running());
  EXPECT_EQ(w.source, "fake");
  EXPECT_EQ(w.dropped_records, 0u);
}

TEST(KernelTracer, SecondStretchKeepsItsOwnKernels) {
  // CUPTI numbers correlation ids afresh after a detach (the fake does too): the steady stretch's
  // ids repeat the warm-up stretch's, and each kernel must still land in its own iteration.
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 2;
  policy.steady_iterations_traced = 3;
  policy.full_detail_every_iteration = true;  // every kernel with its operator call
  KernelTracer tracer(forwardTo(fake), policy);
  runLoop(tracer, fake, /*warmup=*/4, /*steady=*/5);
  const auto w = tracer.finish();
  std::map<int, int> kernels;
  for (const auto& k : w.kernels) {
    ++kernels[k.iteration];
    EXPECT_EQ(k.external_id, 1000u + static_cast<std::uint64_t>(k.iteration)) << k.name;
    EXPECT_EQ(k.top_op_name, "aten::linear");
  }
  EXPECT_EQ(kernels, (std::map<int, int>{{0, 2}, {1, 2}, {4, 2}, {5, 2}, {6, 2}}));
  std::set<std::uint32_t> ids;
  for (const auto& k : w.kernels) EXPECT_TRUE(ids.insert(k.correlation_id).second);
  const auto summary = TraceAggregator().summarize(w);
  EXPECT_DOUBLE_EQ(summary.kernels_per_iteration, 2.0);
}

TEST(KernelTracer, ShapesAreFormattedOncePerStretch) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 1;
  policy.steady_iterations_traced = 2;
  KernelTracer tracer(forwardTo(fake), policy);
  std::vector<bool> wanted;
  for (int i = 0; i < 4; ++i) {
    if (!tracer.beginIteration(i, i < 2)) continue;
    wanted.push_back(tracer.wantsInputs());
    // The shapes handed in differ per iteration; only those of a stretch's first iteration count.
    const std::string shapes = "it" + std::to_string(i);
    tracer.onOpStart(10 * i + 1, "aten::add", shapes);
    tracer.onOpEnd(10 * i + 1);
    tracer.onOpStart(10 * i + 2, "aten::add", shapes + "b");
    tracer.onOpEnd(10 * i + 2);
    tracer.onOpStart(10 * i + 3, "aten::relu", nullptr);  // an observer without inputs
    tracer.onOpEnd(10 * i + 3);
    tracer.endIteration(i);
  }
  EXPECT_EQ(wanted, (std::vector<bool>{true, true, false}));
  std::map<std::uint64_t, std::string> shapes;
  for (const auto& op : tracer.finish().ops) shapes[op.external_id] = op.input_shapes;
  EXPECT_EQ(shapes, (std::map<std::uint64_t, std::string>{{1, "it0"},
                                                          {2, "it0b"},
                                                          {3, ""},
                                                          {21, "it2"},
                                                          {22, "it2b"},
                                                          {23, ""},
                                                          {31, "it2"},  // the n-th call's shapes
                                                          {32, "it2b"},
                                                          {33, ""}}));
}

TEST(KernelTracer, ShapesPolicies) {
  for (const auto mode : {InputShapes::EveryIteration, InputShapes::Off}) {
    FakeActivitySource fake;
    TraceWindowPolicy policy;
    policy.input_shapes = mode;
    KernelTracer tracer(forwardTo(fake), policy);
    for (int i = 0; i < 2; ++i) {
      tracer.beginIteration(i, true);
      EXPECT_EQ(tracer.wantsInputs(), mode == InputShapes::EveryIteration);
      tracer.onOpStart(i + 1, "aten::add", "it" + std::to_string(i));
      tracer.onOpEnd(i + 1);
      tracer.endIteration(i);
    }
    const auto w = tracer.finish();
    ASSERT_EQ(w.ops.size(), 2u);
    const bool every = mode == InputShapes::EveryIteration;
    EXPECT_EQ(w.ops[0].input_shapes, every ? "it0" : "");
    EXPECT_EQ(w.ops[1].input_shapes, every ? "it1" : "");
  }
}

TEST(KernelTracer, NamesAreInternedByContentNotByPointer) {
  // RECORD_FUNCTION names are copies: one address can carry different names over time.
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  char buffer[32];
  for (std::uint64_t id = 1; id <= 3; ++id) {
    std::snprintf(buffer, sizeof buffer, "user::region_%d", static_cast<int>(id % 2));
    tracer.onOpStart(id, buffer, nullptr);
    tracer.onOpEnd(id);
  }
  tracer.endIteration(0);
  const auto w = tracer.finish();
  ASSERT_EQ(w.ops.size(), 3u);
  EXPECT_EQ(w.ops[0].name, "user::region_1");
  EXPECT_EQ(w.ops[1].name, "user::region_0");
  EXPECT_EQ(w.ops[2].name, "user::region_1");
}

TEST(KernelTracer, ConvolutionRecordsLandInTheWindow) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 1;
  policy.steady_iterations_traced = 1;
  policy.capture_convolutions = true;
  KernelTracer tracer(forwardTo(fake), policy);
  EXPECT_FALSE(tracer.wantsConvolutions());  // outside an iteration
  for (int i = 0; i < 3; ++i) {
    if (!tracer.beginIteration(i, i < 2)) {
      EXPECT_FALSE(tracer.wantsConvolutions());
      continue;
    }
    EXPECT_TRUE(tracer.wantsInputs());  // convolution arguments need inputs in every iteration
    EXPECT_TRUE(tracer.wantsConvolutions());
    const std::uint64_t id = 100 + static_cast<std::uint64_t>(i);
    fake.advanceNs(10 * kUs);
    tracer.onOpStart(id, "aten::convolution", "1x3x8x8, 4x3x3x3");
    ConvolutionRecord r;
    r.input_sizes = {1, 3, 8, 8};
    r.weight_sizes = {4, 3, 3, 3};
    r.stride = r.padding = r.dilation = {1, 1};
    r.dtype = "float32";
    tracer.onConvolution(id, r);
    tracer.onConvolution(999, r);  // not an open operator: ignored
    fake.launchKernel("implicit_gemm", 7, fake.nowNs() + kUs, 5 * kUs);
    fake.advanceNs(40 * kUs);
    tracer.onOpEnd(id);
    tracer.endIteration(i);
  }
  const auto w = tracer.finish();
  ASSERT_EQ(w.convolutions.size(), 2u);
  for (const auto& c : w.convolutions) {
    EXPECT_EQ(c.external_id, 100u + static_cast<std::uint64_t>(c.iteration));
    const auto op = std::find_if(w.ops.begin(), w.ops.end(),
                                 [&](const OpRecord& o) { return o.external_id == c.external_id; });
    ASSERT_NE(op, w.ops.end());
    EXPECT_EQ(c.start_ns, op->start_ns);
    EXPECT_EQ(c.end_ns, op->end_ns);
    EXPECT_GT(c.end_ns - c.start_ns, 40 * kUs);
    EXPECT_EQ(c.weight_sizes, (std::vector<std::int64_t>{4, 3, 3, 3}));
  }
  EXPECT_EQ(w.convolutions[0].iteration, 0);
  EXPECT_EQ(w.convolutions[1].iteration, 2);
}

TEST(KernelTracer, ConvolutionsAreNotKeptUnlessAsked) {
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  EXPECT_FALSE(tracer.wantsConvolutions());
  tracer.onOpStart(1, "aten::convolution", "");
  tracer.onConvolution(1, ConvolutionRecord{});
  tracer.onOpEnd(1);
  tracer.endIteration(0);
  EXPECT_TRUE(tracer.finish().convolutions.empty());
}

TEST(KernelTracer, EnvironmentKnobsForAblations) {
  ::setenv("INFERSCOPE_TRACE_KINDS", "kernels,runtime,correlation,bogus", 1);
  ::setenv("INFERSCOPE_TRACE_SHAPES", "every", 1);
  ::setenv("INFERSCOPE_TRACE_FINALIZE", "0", 1);
  ::setenv("INFERSCOPE_TRACE_SOURCE", "host-only", 1);
  ::setenv("INFERSCOPE_TRACE_CLOCK", "cupti", 1);
  ::setenv("INFERSCOPE_TRACE_DETAIL", "sometimes", 1);
  std::string problems;
  const auto p = applyTraceEnvironment(TraceWindowPolicy{}, &problems);
  const auto source = makeTraceActivitySource();
  ::setenv("INFERSCOPE_TRACE_DETAIL", "every", 1);
  const auto every = applyTraceEnvironment(TraceWindowPolicy{});
  for (const char* v :
       {"INFERSCOPE_TRACE_KINDS", "INFERSCOPE_TRACE_SHAPES", "INFERSCOPE_TRACE_FINALIZE",
        "INFERSCOPE_TRACE_SOURCE", "INFERSCOPE_TRACE_CLOCK", "INFERSCOPE_TRACE_DETAIL"}) {
    ::unsetenv(v);
  }
  EXPECT_FALSE(p.host_clock);
  EXPECT_FALSE(p.full_detail_every_iteration);  // "sometimes" is not a value: unchanged
  EXPECT_TRUE(every.full_detail_every_iteration);
  EXPECT_TRUE(p.kinds.kernels && p.kinds.runtime_api && p.kinds.external_correlation);
  EXPECT_FALSE(p.kinds.memcpy || p.kinds.memset || p.kinds.driver_api || p.kinds.synchronization ||
               p.kinds.housekeeping_api);
  EXPECT_EQ(p.input_shapes, InputShapes::EveryIteration);
  EXPECT_FALSE(p.finalize_on_stop);
  EXPECT_EQ(problems,
            "INFERSCOPE_TRACE_KINDS: unknown kind 'bogus'; "
            "INFERSCOPE_TRACE_DETAIL: 'sometimes' is not every or first");
  EXPECT_EQ(source->name(), "host-only");

  // Unset: the policy as it was, and CUPTI (or its stand-in in builds without it).
  const auto unchanged = applyTraceEnvironment(TraceWindowPolicy{});
  EXPECT_TRUE(unchanged.kinds.driver_api && unchanged.kinds.synchronization);
  EXPECT_FALSE(unchanged.kinds.housekeeping_api);
  EXPECT_TRUE(unchanged.finalize_on_stop);
  EXPECT_EQ(makeTraceActivitySource()->name(), makeCuptiActivitySource()->name());

  // The host-only source traces operators with real time and no GPU record.
  ::setenv("INFERSCOPE_TRACE_SOURCE", "host-only", 1);
  KernelTracer tracer(makeTraceActivitySource());
  ::unsetenv("INFERSCOPE_TRACE_SOURCE");
  ASSERT_TRUE(tracer.beginIteration(0, false));
  tracer.onOpStart(1, "aten::add", "");
  tracer.onOpEnd(1);
  tracer.endIteration(0);
  const auto w = tracer.finish();
  EXPECT_TRUE(w.traced());
  ASSERT_EQ(w.ops.size(), 1u);
  EXPECT_GT(w.ops[0].start_ns, 0);
  EXPECT_TRUE(w.kernels.empty());
}

TEST(KernelTracer, IterationMarksUseTheSourceClock) {
  FakeActivitySource fake;
  fake.setNowNs(5'000);
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  fake.advanceNs(700);
  tracer.endIteration(0);
  const auto w = tracer.finish();
  ASSERT_EQ(w.iterations.size(), 1u);
  EXPECT_EQ(w.iterations[0].start_ns, 5'000);
  EXPECT_EQ(w.iterations[0].end_ns, 5'700);
  EXPECT_TRUE(w.iterations[0].warmup);
}

TEST(KernelTracer, KernelsAreAttributedToTheirOperators) {
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, false);
  EXPECT_TRUE(tracer.wantsOps());
  tracer.onOpStart(1, "aten::conv2d", "1x3x8x8, 4x3x3x3");
  tracer.onOpStart(2, "aten::cudnn_convolution", "1x3x8x8, 4x3x3x3");
  EXPECT_EQ(fake.correlationDepth(), 2u);
  const auto conv = fake.launchKernel("implicit_gemm", 7, 10 * kUs, 5 * kUs);
  tracer.onOpEnd(2);
  tracer.onOpEnd(1);
  const auto lone = fake.launchKernel("lonely_kernel", 7, 20 * kUs, 5 * kUs);
  tracer.endIteration(0);
  EXPECT_EQ(fake.correlationDepth(), 0u);
  const auto w = tracer.finish();

  ASSERT_EQ(w.kernels.size(), 2u);
  const auto& k0 = w.kernels[0].correlation_id == conv ? w.kernels[0] : w.kernels[1];
  const auto& k1 = w.kernels[0].correlation_id == lone ? w.kernels[0] : w.kernels[1];
  EXPECT_EQ(k0.external_id, 2u);
  EXPECT_EQ(k0.op_name, "aten::cudnn_convolution");
  EXPECT_EQ(k0.top_op_name, "aten::conv2d");
  EXPECT_EQ(k0.iteration, 0);
  EXPECT_EQ(k1.external_id, 0u);
  EXPECT_EQ(k1.op_name, "");
  EXPECT_EQ(k1.iteration, 0);  // placed by its launch call's time
  ASSERT_EQ(w.ops.size(), 2u);
  const auto inner = std::find_if(w.ops.begin(), w.ops.end(),
                                  [](const OpRecord& o) { return o.external_id == 2; });
  ASSERT_NE(inner, w.ops.end());
  EXPECT_EQ(inner->parent_external_id, 1u);
  EXPECT_EQ(inner->depth, 1);
  EXPECT_EQ(inner->input_shapes, "1x3x8x8, 4x3x3x3");
}

TEST(KernelTracer, OperatorsOutsideTheWindowAreIgnored) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 0;
  policy.steady_iterations_traced = 0;
  KernelTracer tracer(forwardTo(fake), policy);
  EXPECT_FALSE(tracer.beginIteration(0, true));
  EXPECT_FALSE(tracer.wantsOps());
  tracer.onOpStart(1, "aten::relu", "4");
  tracer.onOpEnd(1);
  tracer.endIteration(0);
  EXPECT_EQ(fake.pushCalls(), 0u);
  EXPECT_EQ(fake.startCalls(), 0);
  const auto w = tracer.finish();
  EXPECT_FALSE(w.traced());
  EXPECT_EQ(w.untraced_reason, "untraced: no iteration fell in the trace window");
}

TEST(KernelTracer, OpenOperatorsAreClosedAtIterationEnd) {
  // A forward that throws leaves operators open; their correlation ids must still be popped.
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  tracer.onOpStart(1, "aten::conv2d", "");
  tracer.onOpStart(2, "aten::convolution", "");
  fake.advanceNs(100);
  tracer.endIteration(0);
  EXPECT_EQ(fake.correlationDepth(), 0u);
  const auto w = tracer.finish();
  ASSERT_EQ(w.ops.size(), 2u);
  for (const auto& op : w.ops) EXPECT_EQ(op.end_ns, 100);
}

TEST(KernelTracer, OutOfOrderEndClosesInnerOperatorsFirst) {
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  tracer.onOpStart(1, "outer", "");
  tracer.onOpStart(2, "inner", "");
  tracer.onOpEnd(1);
  EXPECT_EQ(fake.correlationDepth(), 0u);
  tracer.onOpEnd(2);   // already closed: ignored
  tracer.onOpEnd(99);  // never seen: ignored
  tracer.endIteration(0);
  EXPECT_EQ(tracer.finish().ops.size(), 2u);
}

TEST(KernelTracer, SourceBufferCapDropsAndCounts) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.max_buffer_bytes = 10 * FakeActivitySource::kNominalRecordBytes;  // 10 records
  KernelTracer tracer(forwardTo(fake), policy);
  tracer.beginIteration(0, true);
  for (int i = 0; i < 20; ++i) fake.launchKernel("k", 7, i * 10 * kUs, 5 * kUs);
  tracer.endIteration(0);
  const auto w = tracer.finish();
  // Each launch is 2 records (API call + kernel): 5 fit, 15 launches = 30 records dropped.
  EXPECT_EQ(w.kernels.size(), 5u);
  EXPECT_EQ(w.dropped_records, 30u);
  EXPECT_EQ(fake.lastOptions().max_buffer_bytes, policy.max_buffer_bytes);
}

TEST(KernelTracer, RecordCapDropsAndCounts) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.max_records = 6;
  KernelTracer tracer(forwardTo(fake), policy);
  tracer.beginIteration(0, true);
  for (int i = 0; i < 5; ++i) fake.launchKernel("k", 7, i * 10 * kUs, 5 * kUs);
  tracer.endIteration(0);
  const auto w = tracer.finish();
  // 10 records delivered in one batch; GPU records are kept first.
  EXPECT_EQ(w.kernels.size(), 5u);
  EXPECT_EQ(w.api_calls.size(), 1u);
  EXPECT_EQ(w.dropped_records, 4u);
  EXPECT_EQ(w.iterations.size(), 1u);  // marks are never dropped
}

TEST(KernelTracer, UntracedWithTheSourcesReasonWhenStartFails) {
  FakeActivitySource fake;
  fake.failNextStart("untraced: profiling is restricted to admin users");
  KernelTracer tracer(forwardTo(fake));
  EXPECT_FALSE(tracer.beginIteration(0, true));
  EXPECT_FALSE(tracer.wantsOps());
  EXPECT_EQ(tracer.untracedReason(), "untraced: profiling is restricted to admin users");
  tracer.endIteration(0);
  EXPECT_FALSE(tracer.beginIteration(1, true));  // no retry on every iteration
  EXPECT_EQ(fake.startCalls(), 1);
  const auto w = tracer.finish();
  EXPECT_FALSE(w.traced());
  EXPECT_EQ(w.untraced_reason, "untraced: profiling is restricted to admin users");
  EXPECT_TRUE(w.iterations.empty());
}

TEST(KernelTracer, BuildWithoutCuptiReportsItsReason) {
  if (cuptiCompiledIn()) GTEST_SKIP() << "CUPTI is compiled in: see test_cupti_activity_source";
  KernelTracer tracer(makeCuptiActivitySource());
  EXPECT_FALSE(tracer.beginIteration(0, true));
  const auto w = tracer.finish();
  EXPECT_FALSE(w.traced());
  EXPECT_EQ(w.untraced_reason, "untraced: CUPTI not available in this build");
  EXPECT_EQ(w.source, "unavailable");
}

TEST(KernelTracer, DestructorStopsARunningSource) {
  FakeActivitySource fake;
  {
    KernelTracer tracer(forwardTo(fake));
    tracer.beginIteration(0, true);
    tracer.onOpStart(1, "aten::relu", "");
    // The forward throws: no endIteration, no finish.
  }
  EXPECT_FALSE(fake.running());
  EXPECT_TRUE(fake.finalized());
  EXPECT_EQ(fake.correlationDepth(), 0u);
}

TEST(KernelTracer, FinishTwiceGivesAnUntracedSecondWindow) {
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  tracer.endIteration(0);
  EXPECT_TRUE(tracer.finish().traced());
  const auto again = tracer.finish();
  EXPECT_FALSE(again.traced());
  EXPECT_EQ(fake.stopCalls(), 1);
}

TEST(KernelTracer, MissingEndIterationIsClosedByTheNextBegin) {
  FakeActivitySource fake;
  KernelTracer tracer(forwardTo(fake));
  tracer.beginIteration(0, true);
  fake.advanceNs(10);
  tracer.beginIteration(1, true);
  fake.advanceNs(10);
  const auto w = tracer.finish();
  ASSERT_EQ(w.iterations.size(), 2u);
  EXPECT_EQ(w.iterations[0].end_ns, 10);
  EXPECT_EQ(w.iterations[1].end_ns, 20);
}

// One steady iteration of a two-operator forward: conv2d launches `first`, relu_ launches
// `second`. Kernels run on the GPU shortly after their launch.
// Operator ids are unique per call, as the observer makes them (101, 102; 201, 202; …).
void twoOpForward(KernelTracer& tracer, FakeActivitySource& fake, const char* first,
                  const char* second) {
  static std::uint64_t call = 0;
  const std::uint64_t conv = 100 * ++call + 1, relu = conv + 1;
  const bool observed = tracer.wantsOps();
  if (observed) tracer.onOpStart(conv, "aten::conv2d", "8x3x32x32, 16x3x3x3");
  fake.launchKernel(first, 7, fake.nowNs() + 500, 1'000);
  if (observed) tracer.onOpEnd(conv);
  if (observed) tracer.onOpStart(relu, "aten::relu_", "8x16x32x32");
  fake.launchKernel(second, 7, fake.nowNs() + 500, 300);
  if (observed) tracer.onOpEnd(relu);
  fake.advanceNs(5'000);
}

TEST(KernelTracer, LaterSteadyIterationsAreLightAndReplayTheFirst) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 0;
  policy.steady_iterations_traced = 3;
  KernelTracer tracer(forwardTo(fake), policy);

  ASSERT_TRUE(tracer.beginIteration(0, false));  // full: API records and operators
  EXPECT_TRUE(tracer.wantsOps());
  EXPECT_TRUE(fake.lastOptions().kinds.runtime_api);
  twoOpForward(tracer, fake, "conv_kernel", "relu_kernel");
  tracer.endIteration(0);

  ASSERT_TRUE(tracer.beginIteration(1, false));  // light: GPU records only, no observer
  EXPECT_FALSE(tracer.wantsOps());
  EXPECT_FALSE(fake.lastOptions().kinds.runtime_api);
  EXPECT_FALSE(fake.lastOptions().kinds.external_correlation);
  EXPECT_TRUE(fake.lastOptions().kinds.kernels);
  EXPECT_EQ(fake.startCalls(), 2);  // restarted with the light kinds, before the iteration
  twoOpForward(tracer, fake, "conv_kernel", "relu_kernel");
  tracer.endIteration(1);

  ASSERT_TRUE(tracer.beginIteration(2, false));  // light, but another kernel ran second
  twoOpForward(tracer, fake, "conv_kernel", "some_other_kernel");
  tracer.endIteration(2);
  const auto w = tracer.finish();

  ASSERT_EQ(w.iterations.size(), 3u);
  EXPECT_EQ(w.iterations[0].replay_of, -1);
  EXPECT_EQ(w.iterations[1].replay_of, 0);
  EXPECT_EQ(w.iterations[2].replay_of, 0);
  EXPECT_EQ(w.replay_mismatches, 1);
  EXPECT_EQ(w.api_calls.size(), 2u);  // the full iteration's launches only
  std::map<int, std::vector<const KernelRecord*>> by_iteration;
  for (const auto& k : w.kernels) by_iteration[k.iteration].push_back(&k);
  ASSERT_EQ(by_iteration[1].size(), 2u);
  EXPECT_EQ(by_iteration[1][0]->op_name, "aten::conv2d");
  EXPECT_EQ(by_iteration[1][1]->top_op_name, "aten::relu_");
  EXPECT_TRUE(by_iteration[1][0]->op_by_replay);
  EXPECT_EQ(by_iteration[1][0]->external_id, 0u);  // no operator call was seen there
  ASSERT_EQ(by_iteration[0].size(), 2u);
  EXPECT_NE(by_iteration[0][0]->external_id, 0u);
  EXPECT_FALSE(by_iteration[0][0]->op_by_replay);
  ASSERT_EQ(by_iteration[2].size(), 2u);
  EXPECT_TRUE(by_iteration[2][0]->op_name.empty());  // not replayed: the order did not match
  // Operators come from the full iteration only.
  for (const auto& op : w.ops) EXPECT_EQ(op.iteration, 0);
}

TEST(KernelTracer, EveryIterationIsFullWhenAskedOrWhenIterationsDifferOnPurpose) {
  TraceWindowPolicy every, convolutions, cycling;
  every.full_detail_every_iteration = true;
  convolutions.capture_convolutions = true;            // the cuDNN ledger reads every iteration
  cycling.input_shapes = InputShapes::EveryIteration;  // input sizes vary: kernels too
  for (TraceWindowPolicy policy : {every, convolutions, cycling}) {
    FakeActivitySource fake;
    policy.warmup_iterations_traced = 0;
    policy.steady_iterations_traced = 3;
    KernelTracer tracer(forwardTo(fake), policy);
    for (int i = 0; i < 3; ++i) {
      ASSERT_TRUE(tracer.beginIteration(i, false));
      EXPECT_TRUE(tracer.wantsOps()) << i;
      twoOpForward(tracer, fake, "conv_kernel", "relu_kernel");
      tracer.endIteration(i);
    }
    EXPECT_EQ(fake.startCalls(), 1);
    const auto w = tracer.finish();
    for (const auto& mark : w.iterations) EXPECT_EQ(mark.replay_of, -1);
    for (const auto& k : w.kernels) EXPECT_NE(k.external_id, 0u);
  }
}

TEST(KernelTracer, WarmUpIterationsAreAlwaysFull) {
  FakeActivitySource fake;
  TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 2;
  policy.steady_iterations_traced = 2;
  KernelTracer tracer(forwardTo(fake), policy);
  const std::vector<std::pair<int, bool>> iterations = {
      {0, true}, {1, true}, {2, false}, {3, false}};
  std::vector<bool> observed;
  for (const auto& [i, warmup] : iterations) {
    ASSERT_TRUE(tracer.beginIteration(i, warmup));
    observed.push_back(tracer.wantsOps());
    twoOpForward(tracer, fake, "conv_kernel", "relu_kernel");
    tracer.endIteration(i);
  }
  // Cold iterations differ (autotuning, lazy module loads): never replayed. The first steady one
  // is the reference of the rest.
  EXPECT_EQ(observed, (std::vector<bool>{true, true, true, false}));
  const auto w = tracer.finish();
  EXPECT_EQ(w.iterations.back().replay_of, 2);
  EXPECT_EQ(w.replay_mismatches, 0);
}

}  // namespace
}  // namespace inferscope::trace
