#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/trace/trace_aggregator.h"
#include "core/trace/trace_summary_json.h"
#include "trace_test_support.h"

namespace inferscope::trace {
namespace {

TEST(TraceSummaryJson, RoundTripsEveryField) {
  auto s = TraceAggregator().summarize(testing::recordSampleWindow());
  s.dropped_records = 12;
  s.light_iterations = 19;
  s.replay_mismatches = 1;
  const auto back = traceSummaryFromJson(traceSummaryToJson(s, 2));
  EXPECT_EQ(back.status, s.status);
  EXPECT_EQ(back.source, "fake");
  EXPECT_EQ(back.dropped_records, 12u);
  EXPECT_EQ(back.light_iterations, 19);
  EXPECT_EQ(back.replay_mismatches, 1);
  EXPECT_EQ(back.basis, s.basis);
  EXPECT_EQ(back.warmup_iterations_traced, s.warmup_iterations_traced);
  EXPECT_EQ(back.steady_iterations_traced, s.steady_iterations_traced);
  EXPECT_DOUBLE_EQ(back.gpu_busy_pct, s.gpu_busy_pct);
  EXPECT_DOUBLE_EQ(back.tensor_core_share, s.tensor_core_share);
  EXPECT_DOUBLE_EQ(back.host_overhead_us_per_iteration, s.host_overhead_us_per_iteration);
  EXPECT_EQ(back.stream_count, s.stream_count);
  EXPECT_EQ(back.memset_bytes, s.memset_bytes);
  ASSERT_EQ(back.iterations.size(), s.iterations.size());
  EXPECT_EQ(back.iterations[1].kernel_count, s.iterations[1].kernel_count);
  EXPECT_DOUBLE_EQ(back.iterations[1].launch_gap_us, s.iterations[1].launch_gap_us);
  EXPECT_EQ(back.iterations[0].warmup, true);
  ASSERT_EQ(back.top_kernels.size(), s.top_kernels.size());
  EXPECT_EQ(back.top_kernels[0].name, s.top_kernels[0].name);
  EXPECT_EQ(back.top_kernels[0].tensor_core, s.top_kernels[0].tensor_core);
  ASSERT_EQ(back.ops.size(), s.ops.size());
  EXPECT_EQ(back.ops[0].op_name, s.ops[0].op_name);
  ASSERT_EQ(back.memcpy.size(), s.memcpy.size());
  EXPECT_EQ(back.memcpy[0].kind, s.memcpy[0].kind);
  EXPECT_EQ(back.memcpy[0].bytes, s.memcpy[0].bytes);
  // Same text again: nothing is lost or reordered.
  EXPECT_EQ(traceSummaryToJson(back), traceSummaryToJson(s));
}

TEST(TraceSummaryJson, UntracedSummaryKeepsItsReason) {
  TraceSummary s;
  s.untraced_reason = "untraced: CUPTI not available in this build";
  const auto back = traceSummaryFromJson(traceSummaryToJson(s));
  EXPECT_FALSE(back.traced());
  EXPECT_EQ(back.untraced_reason, s.untraced_reason);
}

TEST(TraceSummaryJson, OptionalFieldsMayBeMissing) {
  const auto s = traceSummaryFromJson(R"({"status": "traced", "gpu_busy_pct": 12.5})");
  EXPECT_TRUE(s.traced());
  EXPECT_DOUBLE_EQ(s.gpu_busy_pct, 12.5);
  EXPECT_TRUE(s.top_kernels.empty());
}

TEST(TraceSummaryJson, ErrorsNameTheProblem) {
  try {
    traceSummaryFromJson("{\"gpu_busy_pct\": 1}");
    FAIL() << "a summary without status was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NE(std::string(e.what()).find("status"), std::string::npos) << e.what();
  }
  EXPECT_THROW(traceSummaryFromJson("not json"), Error);
  EXPECT_THROW(traceSummaryFromJson(R"({"status": "traced", "top_kernels": [{"count": 1}]})"),
               Error);
}

}  // namespace
}  // namespace inferscope::trace
