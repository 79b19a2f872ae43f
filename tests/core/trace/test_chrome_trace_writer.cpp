// The Chrome trace is checked the way its viewers read it: parsed back, every event has the
// fields its phase needs, each track is in time order, flows pair up and bind to slices.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/trace/chrome_trace_writer.h"
#include "trace_test_support.h"

namespace inferscope::trace {
namespace {

using nlohmann::json;
using Track = std::pair<int, std::int64_t>;

json parse(const std::string& text) {
  return json::parse(text);
}

Track trackOf(const json& e) {
  return {e.at("pid").get<int>(), e.at("tid").get<std::int64_t>()};
}

// Whether some complete event on `track` spans `ts` (how "s" and bp:"e" "f" events bind).
bool insideSlice(const json& events, const Track& track, double ts) {
  for (const auto& e : events) {
    if (e.at("ph") != "X" || trackOf(e) != track) continue;
    const double start = e.at("ts").get<double>();
    if (start <= ts + 1e-9 && ts <= start + e.at("dur").get<double>() + 1e-9) return true;
  }
  return false;
}

class ChromeTraceWriterTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    window_ = new TraceWindow(testing::recordSampleWindow());
    trace_ = new json(
        parse(ChromeTraceWriter(ChromeTraceOptions{"cuda fp16", false, true}).toJson(*window_)));
  }
  static void TearDownTestSuite() {
    delete trace_;
    delete window_;
  }
  static const json& events() { return trace_->at("traceEvents"); }
  static TraceWindow* window_;
  static json* trace_;
};
TraceWindow* ChromeTraceWriterTest::window_ = nullptr;
json* ChromeTraceWriterTest::trace_ = nullptr;

TEST_F(ChromeTraceWriterTest, TopLevelStructure) {
  ASSERT_TRUE(trace_->at("traceEvents").is_array());
  EXPECT_EQ(trace_->at("displayTimeUnit"), "ms");
  EXPECT_EQ(trace_->at("otherData").at("title"), "cuda fp16");
  EXPECT_EQ(trace_->at("otherData").at("status"), "traced");
}

TEST_F(ChromeTraceWriterTest, EveryEventHasTheFieldsOfItsPhase) {
  std::map<std::string, int> phases;
  double min_ts = 1e300;
  for (const auto& e : events()) {
    const auto ph = e.at("ph").get<std::string>();
    ++phases[ph];
    ASSERT_TRUE(e.at("pid").is_number_integer());
    ASSERT_TRUE(e.at("tid").is_number_integer());
    ASSERT_TRUE(e.at("name").is_string());
    if (ph == "M") {
      EXPECT_TRUE(e.at("args").is_object());
      continue;
    }
    ASSERT_TRUE(e.at("ts").is_number()) << e.dump();
    min_ts = std::min(min_ts, e.at("ts").get<double>());
    if (ph == "X") {
      EXPECT_GE(e.at("dur").get<double>(), 0.0);
      EXPECT_TRUE(e.at("cat").is_string());
    } else {
      EXPECT_TRUE(ph == "s" || ph == "f") << ph;
      EXPECT_TRUE(e.contains("id"));
    }
  }
  EXPECT_DOUBLE_EQ(min_ts, 0.0);  // relative to the window start
  // 3 iterations, 9 operators, 21 runtime calls, 9 kernels, 6 memcpys, 3 memsets, 3 syncs.
  EXPECT_EQ(phases["X"], 3 + 9 + 21 + 9 + 6 + 3 + 3);
  EXPECT_EQ(phases["s"], 18);  // one per GPU record
  EXPECT_EQ(phases["f"], 18);
}

TEST_F(ChromeTraceWriterTest, TracksAreNamedAndInTimeOrder) {
  std::map<Track, std::string> thread_names;
  std::map<int, std::string> process_names;
  std::map<Track, double> last_ts;
  for (const auto& e : events()) {
    if (e.at("ph") == "M") {
      if (e.at("name") == "thread_name") thread_names[trackOf(e)] = e.at("args").at("name");
      if (e.at("name") == "process_name") process_names[e.at("pid")] = e.at("args").at("name");
      continue;
    }
    const auto track = trackOf(e);
    const double ts = e.at("ts").get<double>();
    if (last_ts.count(track) != 0) {
      EXPECT_LE(last_ts[track], ts) << e.dump();
    }
    last_ts[track] = ts;
    EXPECT_EQ(thread_names.count(track), 1u) << "unnamed track of " << e.dump();
  }
  EXPECT_EQ(process_names[1], "Host");
  EXPECT_EQ(process_names[100], "GPU 0");
  EXPECT_EQ(thread_names[Track(100, 7)], "stream 7");
  EXPECT_EQ(thread_names[Track(100, 13)], "stream 13");
  EXPECT_EQ(thread_names[Track(100, 14)], "stream 14");
  EXPECT_EQ(thread_names[Track(1, 2)], "operators");
  EXPECT_EQ(thread_names[Track(1, 100)], "CUDA runtime (thread 4242)");
}

TEST_F(ChromeTraceWriterTest, FlowsPairUpAndBindToSlices) {
  std::map<std::uint64_t, json> starts, finishes;
  for (const auto& e : events()) {
    if (e.at("ph") == "s") {
      EXPECT_TRUE(starts.emplace(e.at("id").get<std::uint64_t>(), e).second);
    } else if (e.at("ph") == "f") {
      EXPECT_TRUE(finishes.emplace(e.at("id").get<std::uint64_t>(), e).second);
    }
  }
  ASSERT_EQ(starts.size(), finishes.size());
  for (const auto& [id, s] : starts) {
    ASSERT_EQ(finishes.count(id), 1u) << "flow " << id << " has no finish";
    const auto& f = finishes.at(id);
    EXPECT_EQ(f.at("bp"), "e");
    EXPECT_EQ(s.at("cat"), f.at("cat"));
    EXPECT_EQ(s.at("name"), f.at("name"));
    EXPECT_LE(s.at("ts").get<double>(), f.at("ts").get<double>());  // launch precedes execution
    EXPECT_TRUE(insideSlice(events(), trackOf(s), s.at("ts").get<double>())) << s.dump();
    EXPECT_TRUE(insideSlice(events(), trackOf(f), f.at("ts").get<double>())) << f.dump();
    EXPECT_GE(trackOf(f).first, 100);  // ends on a GPU track
  }
}

TEST_F(ChromeTraceWriterTest, KernelArgsCarryLaunchAndOperator) {
  bool found = false;
  for (const auto& e : events()) {
    if (e.at("ph") != "X" || e.at("cat") != "kernel") continue;
    if (e.at("name") != "sm90_xmma_fprop_implicit_gemm_f16f16_f16f32") continue;
    found = true;
    EXPECT_EQ(e.at("args").at("op"), "aten::cudnn_convolution");
    EXPECT_EQ(e.at("args").at("grid"), json::array({128, 1, 1}));
    EXPECT_DOUBLE_EQ(e.at("dur").get<double>(), 100.0);
  }
  EXPECT_TRUE(found);
}

TEST(ChromeTraceWriter, UntracedWindowIsAValidEmptyTrace) {
  TraceWindow w;
  w.untraced_reason = "untraced: CUPTI not available in this build";
  const auto trace = json::parse(ChromeTraceWriter().toJson(w));
  EXPECT_EQ(trace.at("otherData").at("status"), "untraced");
  EXPECT_EQ(trace.at("otherData").at("untraced_reason"), w.untraced_reason);
  for (const auto& e : trace.at("traceEvents")) EXPECT_EQ(e.at("ph"), "M");
}

TEST(ChromeTraceWriter, DriverCallsOnlyWhenAsked) {
  TraceWindow w;
  w.status = TraceStatus::Traced;
  RuntimeApiRecord api;
  api.domain = ApiDomain::Driver;
  api.name = "cuLaunchKernel";
  api.start_ns = 0;
  api.end_ns = 10;
  api.thread_id = 9;
  w.api_calls = {api};
  auto count = [&](bool include) {
    const auto trace =
        json::parse(ChromeTraceWriter(ChromeTraceOptions{"", include, true}).toJson(w));
    int n = 0;
    for (const auto& e : trace.at("traceEvents")) n += e.at("name") == "cuLaunchKernel";
    return n;
  };
  EXPECT_EQ(count(false), 0);
  EXPECT_EQ(count(true), 1);
}

TEST(ChromeTraceWriter, WritesTheFile) {
  const auto path = ::testing::TempDir() + "inferscope_trace_test.json";
  ChromeTraceWriter().writeFile(testing::recordSampleWindow(), path);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(json::parse(text.str()).contains("traceEvents"));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace inferscope::trace
