#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/trace/timeline_data.h"
#include "core/trace/timeline_json.h"
#include "trace_test_support.h"

namespace inferscope::trace {
namespace {

using nlohmann::json;

std::size_t itemCount(const TimelineData& t) {
  std::size_t n = 0;
  for (const auto& s : t.streams) n += s.items.size();
  return n;
}

void expectSameTimeline(const TimelineData& a, const TimelineData& b) {
  EXPECT_EQ(a.traced, b.traced);
  EXPECT_EQ(a.untraced_reason, b.untraced_reason);
  EXPECT_DOUBLE_EQ(a.duration_us, b.duration_us);
  EXPECT_EQ(a.op_names, b.op_names);
  ASSERT_EQ(a.iterations.size(), b.iterations.size());
  for (std::size_t i = 0; i < a.iterations.size(); ++i) {
    EXPECT_EQ(a.iterations[i].iteration, b.iterations[i].iteration);
    EXPECT_EQ(a.iterations[i].warmup, b.iterations[i].warmup);
    EXPECT_DOUBLE_EQ(a.iterations[i].start_us, b.iterations[i].start_us);
    EXPECT_DOUBLE_EQ(a.iterations[i].end_us, b.iterations[i].end_us);
    EXPECT_EQ(a.iterations[i].kernel_count, b.iterations[i].kernel_count);
    EXPECT_DOUBLE_EQ(a.iterations[i].gpu_busy_pct, b.iterations[i].gpu_busy_pct);
  }
  ASSERT_EQ(a.streams.size(), b.streams.size());
  for (std::size_t s = 0; s < a.streams.size(); ++s) {
    EXPECT_EQ(a.streams[s].device, b.streams[s].device);
    EXPECT_EQ(a.streams[s].stream, b.streams[s].stream);
    EXPECT_EQ(a.streams[s].label, b.streams[s].label);
    ASSERT_EQ(a.streams[s].items.size(), b.streams[s].items.size());
    for (std::size_t i = 0; i < a.streams[s].items.size(); ++i) {
      const auto& x = a.streams[s].items[i];
      const auto& y = b.streams[s].items[i];
      EXPECT_DOUBLE_EQ(x.start_us, y.start_us);
      EXPECT_DOUBLE_EQ(x.duration_us, y.duration_us);
      EXPECT_EQ(x.kind, y.kind);
      EXPECT_EQ(x.name, y.name);
      EXPECT_EQ(x.op_name, y.op_name);
      EXPECT_EQ(x.op_colour, y.op_colour);
      EXPECT_EQ(x.iteration, y.iteration);
    }
  }
}

// A long window: `warmup` + `steady` iterations of `kernels` kernels each on one stream, plus a
// copy outside every iteration between iterations.
TimelineData syntheticTimeline(int warmup, int steady, int kernels) {
  TimelineData t;
  t.traced = true;
  t.op_names = {"aten::conv2d", "aten::relu"};
  TimelineStream s;
  s.device = 0;
  s.stream = 7;
  s.label = "GPU 0 · stream 7";
  double now = 0;
  for (int i = 0; i < warmup + steady; ++i) {
    TimelineIteration it;
    it.iteration = i;
    it.warmup = i < warmup;
    it.start_us = now;
    for (int k = 0; k < kernels; ++k) {
      s.items.push_back({now + 1, 2, TimelineItemKind::Kernel,
                         k % 2 ? "relu_kernel" : "conv_kernel",
                         k % 2 ? "aten::relu" : "aten::conv2d", k % 2, i});
      now += 3;
    }
    it.end_us = now;
    it.kernel_count = kernels;
    it.gpu_busy_pct = 66.7;
    t.iterations.push_back(it);
    s.items.push_back({now + 0.5, 1, TimelineItemKind::Memcpy, "Memcpy DtoH", {}, -1, -1});
    now += 2;
  }
  t.streams.push_back(s);
  t.duration_us = now;
  return t;
}

TEST(TimelineJson, RoundTripsASmallWindowExactly) {
  const auto t = buildTimelineData(testing::recordSampleWindow());
  ASSERT_EQ(t.iterations.size(), 3u);  // 1 warm-up + 2 steady: within the default limits
  const auto back = timelineFromJson(timelineToJson(t), "<test>");
  expectSameTimeline(t, back);
  EXPECT_EQ(back.items_left_out, 0u);
  EXPECT_EQ(back.iterations_left_out, 0);
  // Writing what was read gives the same text again.
  EXPECT_EQ(timelineToJson(back), timelineToJson(t));
}

TEST(TimelineJson, IsCompactNamesAndOperatorsByIndex) {
  const auto t = buildTimelineData(testing::recordSampleWindow());
  const auto j = json::parse(timelineToJson(t));
  EXPECT_EQ(j["format"], kTimelineJsonFormat);
  // Every kernel name once, however often it ran.
  EXPECT_EQ(j["names"].size(), 6u);  // HtoD, fprop, add, memset, sgemm, DtoH
  const auto& item = j["streams"][0]["items"][1];
  ASSERT_TRUE(item.is_array());
  EXPECT_EQ(item.size(), 6u);
  EXPECT_EQ(item[2], 0);  // kernel
  EXPECT_EQ(item[4], 0);  // aten::conv2d, the heaviest operator
  EXPECT_EQ(j["names"][item[3].get<int>()], "sm90_xmma_fprop_implicit_gemm_f16f16_f16f32");
}

TEST(TimelineJson, KeepsTheFirstWarmupAndThreeSteadyIterations) {
  const auto t = syntheticTimeline(3, 20, 10);
  const auto back = timelineFromJson(timelineToJson(t), "<test>");
  ASSERT_EQ(back.iterations.size(), 4u);
  EXPECT_EQ(back.iterations[0].iteration, 0);
  EXPECT_TRUE(back.iterations[0].warmup);
  EXPECT_EQ(back.iterations[1].iteration, 3);  // the first steady one: warm-ups 1, 2 left out
  EXPECT_EQ(back.iterations[3].iteration, 5);
  EXPECT_EQ(back.iterations_left_out, 23 - 4);
  // 4 iterations × (10 kernels + the copy after each, which lies outside the iteration).
  EXPECT_EQ(itemCount(back), 4u * 10u);
  EXPECT_EQ(back.items_left_out, 23u * 11u - 40u);
  for (const auto& item : back.streams[0].items) {
    EXPECT_TRUE(item.iteration == 0 || (item.iteration >= 3 && item.iteration <= 5));
  }
  // The span ends with the last kept iteration, not the window.
  EXPECT_DOUBLE_EQ(back.duration_us, t.iterations[5].end_us);
  // Left-out counts add up when a bounded copy is bounded again.
  const auto again = timelineFromJson(timelineToJson(back), "<test>");
  EXPECT_EQ(again.items_left_out, back.items_left_out);
  EXPECT_EQ(again.iterations_left_out, back.iterations_left_out);
}

TEST(TimelineJson, CapsItemsAtTheEarliestAndSaysWhere) {
  const auto t = syntheticTimeline(1, 3, 10'000);  // 40 000 kernels in the kept iterations
  const std::string text = timelineToJson(t);
  const auto j = json::parse(text);
  EXPECT_TRUE(j.contains("truncated_at_us"));
  const auto back = timelineFromJson(text, "<test>");
  EXPECT_EQ(itemCount(back), 20'000u);
  EXPECT_EQ(back.items_left_out, itemCount(t) - 20'000u);
  // Iterations 0 and 1 fit (20 000 kernels); 2 and 3 start after the cut.
  ASSERT_EQ(back.iterations.size(), 2u);
  EXPECT_EQ(back.iterations_left_out, 2);
  // Custom limits.
  TimelineLimits small;
  small.warmup_iterations = 0;
  small.steady_iterations = 1;
  small.max_items = 100;
  const auto tiny = timelineFromJson(timelineToJson(t, small), "<test>");
  EXPECT_EQ(itemCount(tiny), 100u);
  ASSERT_EQ(tiny.iterations.size(), 1u);
  EXPECT_EQ(tiny.iterations[0].iteration, 1);
  EXPECT_LT(timelineToJson(t, small).size(), 10'000u);
}

// The value a ConfigResult holds is the bounded copy itself: what the file reads back is that
// value, limits and cut included, and bounding it again changes nothing.
TEST(TimelineJson, BoundedCopyIsTheValueTheFileHolds) {
  const auto t = syntheticTimeline(2, 5, 10'000);
  const auto bounded = boundedTimeline(t);
  ASSERT_TRUE(bounded.limits);
  EXPECT_EQ(bounded.limits->max_items, 20'000u);
  ASSERT_TRUE(bounded.truncated_at_us);
  EXPECT_EQ(itemCount(bounded), 20'000u);
  EXPECT_EQ(bounded.items_left_out, itemCount(t) - 20'000u);
  const auto back = timelineFromJson(timelineToJson(bounded), "<test>");
  expectSameTimeline(back, bounded);
  EXPECT_EQ(back.items_left_out, bounded.items_left_out);
  EXPECT_EQ(back.iterations_left_out, bounded.iterations_left_out);
  ASSERT_TRUE(back.limits);
  EXPECT_EQ(back.limits->steady_iterations, 3);
  ASSERT_TRUE(back.truncated_at_us);
  EXPECT_DOUBLE_EQ(*back.truncated_at_us, *bounded.truncated_at_us);
  const auto again = boundedTimeline(bounded);
  expectSameTimeline(again, bounded);
  EXPECT_EQ(again.items_left_out, bounded.items_left_out);
  EXPECT_EQ(again.truncated_at_us, bounded.truncated_at_us);
  // A small window within the limits keeps every iteration and is not cut (only the copies that
  // lie between iterations stay out).
  const auto small = boundedTimeline(syntheticTimeline(1, 2, 3));
  EXPECT_FALSE(small.truncated_at_us);
  EXPECT_EQ(small.iterations_left_out, 0);
  EXPECT_EQ(small.iterations.size(), 3u);
}

TEST(TimelineJson, UntracedKeepsItsReason) {
  TraceWindow w;
  w.untraced_reason = "untraced: profiling is restricted to admin users";
  const auto back = timelineFromJson(timelineToJson(buildTimelineData(w)), "<test>");
  EXPECT_FALSE(back.traced);
  EXPECT_EQ(back.untraced_reason, w.untraced_reason);
  EXPECT_TRUE(back.streams.empty());
}

void expectError(const std::string& text, const std::string& fragment) {
  try {
    timelineFromJson(text, "r50.inferscope.json");
    FAIL() << "accepted: " << text;
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    const std::string what = e.what();
    EXPECT_NE(what.find("r50.inferscope.json: timeline: "), std::string::npos) << what;
    EXPECT_NE(what.find(fragment), std::string::npos) << what;
  }
}

TEST(TimelineJson, MalformedInputFailsWithAClearError) {
  const std::string head =
      R"({"traced": true, "op_names": ["aten::conv2d"], "names": ["k"], "iterations": [], )";
  expectError("{\"traced\": tru", "JSON syntax error at byte");
  expectError("[1, 2]", "not a JSON object");
  expectError(R"({"op_names": []})", "\"traced\"");
  expectError(R"({"format": 99, "traced": true})", "format 99 is newer");
  expectError(R"({"traced": true, "iterations": [], "streams": []})", "no \"op_names\" array");
  expectError(R"({"traced": true, "op_names": [], "iterations": []})", "no \"streams\" array");
  expectError(head + R"("streams": [{"items": [[0, 1, 0, 0, 0]]}]})",
              "item 0 of stream 0 must be an array of 6");
  expectError(head + R"("streams": [{"items": [[0, 1, 0, 3, 0, 0]]}]})",
              "name index 3 out of range");
  expectError(head + R"("streams": [{"items": [[0, 1, 0, 0, 5, 0]]}]})",
              "operator index 5 out of range");
  expectError(head + R"("streams": [{"items": [[0, 1, 7, 0, 0, 0]]}]})", "kind 7");
  expectError(head + R"("streams": [{"items": [["x", 1, 0, 0, 0, 0]]}]})",
              "start must be a number");
  expectError(head + R"("streams": [{"items": "none"}]})", "\"items\" must be an array");
  expectError(R"({"traced": true, "op_names": [], "iterations": [[0, 1, 2]], "streams": []})",
              "iteration entry 0 must be an array of 6");
  expectError(
      R"({"traced": true, "left_out": {"items": "many"}, "op_names": [], "iterations": [], "streams": []})",
      "type must be number");
  // The smallest valid timeline reads.
  const auto ok =
      timelineFromJson(head + R"("streams": [{"items": [[0, 1, 0, 0, -1, 2]]}]})", "<test>");
  ASSERT_EQ(ok.streams.size(), 1u);
  EXPECT_EQ(ok.streams[0].label, "GPU 0 · stream 0");
  EXPECT_EQ(ok.streams[0].items[0].iteration, 2);
}

}  // namespace
}  // namespace inferscope::trace
