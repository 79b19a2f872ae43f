#include <gtest/gtest.h>

#include "core/trace/timeline_data.h"
#include "trace_test_support.h"

namespace inferscope::trace {
namespace {

TEST(TimelineData, StreamsIterationsAndOperatorColours) {
  const auto t = buildTimelineData(testing::recordSampleWindow());
  ASSERT_TRUE(t.traced);
  ASSERT_EQ(t.streams.size(), 3u);  // 7, 13, 14 on GPU 0
  EXPECT_EQ(t.streams[0].stream, 7u);
  EXPECT_EQ(t.streams[0].label, "GPU 0 · stream 7");
  EXPECT_EQ(t.streams[1].stream, 13u);
  EXPECT_EQ(t.streams[2].stream, 14u);
  // Stream 7 per iteration: HtoD, conv kernel, sgemm, DtoH.
  ASSERT_EQ(t.streams[0].items.size(), 12u);
  for (std::size_t i = 1; i < t.streams[0].items.size(); ++i) {
    EXPECT_LE(t.streams[0].items[i - 1].start_us, t.streams[0].items[i].start_us);
  }
  const auto& first = t.streams[0].items[0];
  EXPECT_EQ(first.kind, TimelineItemKind::Memcpy);
  EXPECT_EQ(first.name, "Memcpy HtoD");
  EXPECT_DOUBLE_EQ(first.start_us, 10);  // window starts at iteration 0's begin
  EXPECT_DOUBLE_EQ(first.duration_us, 20);
  const auto& conv = t.streams[0].items[1];
  EXPECT_EQ(conv.kind, TimelineItemKind::Kernel);
  EXPECT_EQ(conv.op_name, "aten::conv2d");

  // Colours by kernel time: conv2d (3 × 100 µs) before add (3 × 50 µs).
  ASSERT_EQ(t.op_names.size(), 2u);
  EXPECT_EQ(t.op_names[0], "aten::conv2d");
  EXPECT_EQ(t.op_names[1], "aten::add");
  EXPECT_EQ(conv.op_colour, 0);
  EXPECT_EQ(t.streams[1].items[0].op_colour, 1);
  EXPECT_EQ(t.streams[0].items[2].op_colour, -1);  // the sgemm has no operator

  ASSERT_EQ(t.iterations.size(), 3u);
  EXPECT_TRUE(t.iterations[0].warmup);
  EXPECT_DOUBLE_EQ(t.iterations[0].start_us, 0);
  EXPECT_DOUBLE_EQ(t.iterations[0].end_us, 260);
  EXPECT_EQ(t.iterations[1].kernel_count, 3);
  EXPECT_NEAR(t.iterations[1].gpu_busy_pct, 100.0 * 180 / 260, 1e-9);
  EXPECT_DOUBLE_EQ(t.duration_us, 260 * 3 + 50 * 2);
}

TEST(TimelineData, UntracedWindowIsEmptyWithItsReason) {
  TraceWindow w;
  w.untraced_reason = "untraced: profiling is restricted to admin users";
  const auto t = buildTimelineData(w);
  EXPECT_FALSE(t.traced);
  EXPECT_EQ(t.untraced_reason, w.untraced_reason);
  EXPECT_TRUE(t.streams.empty());
  EXPECT_DOUBLE_EQ(t.duration_us, 0);
}

}  // namespace
}  // namespace inferscope::trace
