#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/common/error.h"
#include "core/session/session_file.h"
#include "core/trace/timeline_json.h"

using namespace inferscope;

namespace {

SessionResult sampleSession() {
  SessionResult s;
  s.generator = "inferscope test";
  s.created_utc = "2026-11-29T12:00:00Z";
  s.device.kind = DeviceKind::Cuda;
  s.device.name = "NVIDIA H200";
  s.device.cc_major = 9;
  s.device.cudnn_version = "91900";
  s.request.model.name = "resnet50";
  s.request.inputs = {InputSpec::parse("32x3x224x224:float32")};
  s.request.plan = {OptimizationConfig::parse("fp32"), OptimizationConfig::parse("bf16+cl+graph")};
  s.parameter_count = 25557032;
  s.request.run.input_cycle = {{InputSpec::parse("32x3x192x192:float32")}};
  s.output_shapes = {"32x1000:float32"};
  ConfigResult a;
  a.config = s.request.plan[0];
  a.latency_ms = {120.5, 11.8, 11.7, 11.6};
  a.host_ms = {121.0, 11.9, 11.8, 11.7};
  a.warmup_iterations = 1;
  a.stats.median_ms = 11.7;
  a.steady.analysed = true;
  a.steady.series_class = "warmup";
  a.steady.steady_start = 1;
  a.steady.median_ci_low_ms = 11.6;
  a.steady.median_ci_high_ms = 11.8;
  a.accuracy.measured = true;
  a.accuracy.top1_agreement = 1.0;
  ConfigResult b;
  b.index = 1;
  b.config = s.request.plan[1];
  b.status = ConfigStatus::OutOfMemory;
  b.message = "out of memory";
  s.configs = {a, b};
  return s;
}

std::string tempPath(const char* name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

}  // namespace

TEST(SessionFile, RoundTripsEveryField) {
  const auto original = sampleSession();
  const auto path = tempPath("roundtrip.inferscope.json");
  saveSession(original, path);
  const auto loaded = loadSession(path);
  EXPECT_EQ(sessionToJson(loaded), sessionToJson(original));
  EXPECT_EQ(loaded.configs.at(0).latency_ms, original.configs.at(0).latency_ms);
  EXPECT_EQ(loaded.configs.at(1).status, ConfigStatus::OutOfMemory);
  EXPECT_EQ(loaded.configs.at(1).config.key(), "bf16+cl+graph");
  EXPECT_TRUE(loaded.configs.at(0).accuracy.top1_agreement.has_value());
  std::filesystem::remove(path);
}

// A switching series keeps its level autocorrelation time (the ranking's floor of τ); a file
// without it reads 0 for a switching series (fitted again) and 1 for any other class.
TEST(SessionFile, KeepsTheSwitchingLevelAutocorrelationTime) {
  auto s = sampleSession();
  s.configs[0].steady.series_class = "switching";
  s.configs[0].steady.level_tau = 12.5;
  const auto path = tempPath("level_tau.inferscope.json");
  saveSession(s, path);
  EXPECT_DOUBLE_EQ(loadSession(path).configs.at(0).steady.level_tau, 12.5);
  s.configs[0].steady.level_tau = 0;  // as written before the field existed
  saveSession(s, path);
  EXPECT_DOUBLE_EQ(loadSession(path).configs.at(0).steady.level_tau, 0.0);
  s.configs[0].steady.series_class = "flat";
  saveSession(s, path);
  EXPECT_DOUBLE_EQ(loadSession(path).configs.at(0).steady.level_tau, 1.0);
  std::filesystem::remove(path);
}

TEST(SessionFile, KeepsTooFewSwitchesAndReadsOldFilesWithoutIt) {
  auto s = sampleSession();
  s.configs[0].steady.series_class = "switching";
  s.configs[0].steady.too_few_switches = true;
  const auto path = tempPath("too_few_switches.inferscope.json");
  saveSession(s, path);
  EXPECT_TRUE(loadSession(path).configs.at(0).steady.too_few_switches);
  s.configs[0].steady.too_few_switches = false;  // not written, as before the field existed
  saveSession(s, path);
  EXPECT_FALSE(loadSession(path).configs.at(0).steady.too_few_switches);
  std::filesystem::remove(path);
}

TEST(SessionFile, RequestKeepsTraceConvolutionsOffByDefault) {
  ProfileRequest r;
  r.run.trace_kernels = true;
  r.run.trace_convolutions = true;
  EXPECT_TRUE(requestFromJson(requestToJson(r)).run.trace_convolutions);
  // Requests written before the key existed read as off.
  std::string old = requestToJson(ProfileRequest{});
  const std::string key = R"(,"trace_convolutions":false)";
  const auto at = old.find(key);
  ASSERT_NE(at, std::string::npos) << old;
  old.erase(at, key.size());
  const auto loaded = requestFromJson(old);
  EXPECT_FALSE(loaded.run.trace_convolutions);
  EXPECT_EQ(requestToJson(loaded), requestToJson(ProfileRequest{}));
}

TEST(SessionFile, AtomicWriteLeavesNoTempFile) {
  const auto dir = std::filesystem::temp_directory_path() / "inferscope-atomic";
  std::filesystem::create_directories(dir);
  saveSession(sampleSession(), (dir / "a.inferscope.json").string());
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 1);
  std::filesystem::remove_all(dir);
}

TEST(SessionFile, MalformedFilesGiveClearErrors) {
  const auto expectError = [](const std::string& text, const std::string& needle) {
    try {
      sessionFromJson(text, "x.inferscope.json");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("x.inferscope.json"), std::string::npos) << e.what();
    }
  };
  expectError("{not json", "syntax error");
  expectError("[1,2]", "not an InferScope session");
  expectError(R"({"schema": 99})", "newer InferScope");
  expectError(R"({"schema": 1, "request": {}, "configs": []})", "device");
  expectError(R"({"schema": 1, "device": {"kind": "cpu"}, "request": {"model": {"name": "m"}},
                 "configs": [{"key": "bf99"}]})",
              "bf99");
  expectError(R"({"schema": 1, "device": {"kind": "cpu"}, "request": {"model": {"name": "m"}},
                 "configs": [{"key": "fp32", "latency_ms": "fast"}]})",
              "malformed");
}

TEST(SessionFile, MissingFileNamesThePath) {
  try {
    loadSession("/nonexistent/dir/s.inferscope.json");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/s.inferscope.json"), std::string::npos);
  }
}

// A traced config carries its bounded kernel timeline (core/trace/timeline_json.h) as the object
// "timeline", a value in memory; the file keeps it on one compact line however the rest is
// indented.
TEST(SessionFile, TimelineRoundTripsCompactAndOnlyWhenTraced) {
  auto s = sampleSession();
  const auto timeline = trace::timelineFromJson(
      R"({"format":1,"traced":true,"duration_us":12.5,"op_names":["aten::conv2d"],"names":["k"],)"
      R"("iterations":[[0,1,0.0,12.5,1,80.0]],"streams":[{"device":0,"stream":7,"label":"GPU 0 · stream 7",)"
      R"("items":[[1.5,10.0,0,0,0,0]]}]})",
      "test");
  s.configs[0].trace_summary = trace::TraceSummary{};
  s.configs[0].trace_summary->status = trace::TraceStatus::Traced;
  s.configs[0].timeline = timeline;
  const std::string text = sessionToJson(s);
  const auto at = text.find("\"timeline\": {");
  ASSERT_NE(at, std::string::npos) << text.substr(0, 400);
  const auto line_end = text.find('\n', at);
  EXPECT_NE(text.substr(at, line_end - at).find("\"streams\""), std::string::npos)
      << "not on one line";
  EXPECT_EQ(text.find("inferscope-timeline-"), std::string::npos);
  const auto back = sessionFromJson(text);
  ASSERT_TRUE(back.configs[0].timeline);
  const auto& t = *back.configs[0].timeline;
  EXPECT_TRUE(t.traced);
  EXPECT_DOUBLE_EQ(t.duration_us, 12.5);
  ASSERT_EQ(t.streams.size(), 1u);
  ASSERT_EQ(t.streams[0].items.size(), 1u);
  EXPECT_EQ(t.streams[0].items[0].name, "k");
  EXPECT_EQ(t.streams[0].items[0].op_name, "aten::conv2d");
  EXPECT_DOUBLE_EQ(t.streams[0].items[0].duration_us, 10.0);
  ASSERT_EQ(t.iterations.size(), 1u);
  EXPECT_DOUBLE_EQ(t.iterations[0].gpu_busy_pct, 80.0);
  ASSERT_TRUE(back.configs[0].trace_summary);
  EXPECT_TRUE(back.configs[0].trace_summary->traced());
  EXPECT_FALSE(back.configs[1].timeline);
  EXPECT_FALSE(back.configs[1].trace_summary);
  EXPECT_EQ(sessionToJson(back), text);
  // One line per config in NDJSON, timeline included.
  const auto line = configResultToJson(s.configs[0]);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const auto from_line = configResultFromJson(line);
  ASSERT_TRUE(from_line.timeline);
  EXPECT_EQ(from_line.timeline->streams[0].items.size(), 1u);
  // Untraced configs are written exactly as before: no "timeline" key.
  EXPECT_EQ(sessionToJson(sampleSession()).find("timeline"), std::string::npos);
}

// The trace aggregates are a value in the result and in the file: what is written reads back, field
// for field (lists included), through the session reader's own document type.
TEST(SessionFile, TraceSummaryRoundTripsAsAValue) {
  auto s = sampleSession();
  trace::TraceSummary t;
  t.status = trace::TraceStatus::Traced;
  t.basis = "steady";
  t.kernels_per_iteration = 186;
  for (int i = 0; i < 3; ++i) {
    trace::IterationTraceStats it;
    it.iteration = i;
    it.warmup = i == 0;
    it.kernel_count = 186 + i;
    it.wall_us = 11000.5 + i;
    t.iterations.push_back(it);
  }
  t.top_kernels.push_back({"sm90_xmma_fprop", 53, 8000.25, 150.9, 0.7, true});
  t.memcpy.push_back({trace::MemcpyKind::HtoD, 1, 1u << 20, 12.5});
  s.configs[0].trace_summary = t;
  s.configs[0].traced_iterations = {0, 1, 2};
  const auto back = sessionFromJson(sessionToJson(s));
  ASSERT_TRUE(back.configs[0].trace_summary);
  const auto& b = *back.configs[0].trace_summary;
  EXPECT_TRUE(b.traced());
  EXPECT_EQ(b.basis, "steady");
  ASSERT_EQ(b.iterations.size(), 3u);
  EXPECT_TRUE(b.iterations[0].warmup);
  EXPECT_EQ(b.iterations[2].kernel_count, 188);
  EXPECT_DOUBLE_EQ(b.iterations[1].wall_us, 11001.5);
  ASSERT_EQ(b.top_kernels.size(), 1u);
  EXPECT_EQ(b.top_kernels[0].name, "sm90_xmma_fprop");
  EXPECT_TRUE(b.top_kernels[0].tensor_core);
  ASSERT_EQ(b.memcpy.size(), 1u);
  EXPECT_EQ(b.memcpy[0].kind, trace::MemcpyKind::HtoD);
  EXPECT_EQ(b.memcpy[0].bytes, 1u << 20);
  EXPECT_EQ(back.configs[0].traced_iterations, (std::vector<int>{0, 1, 2}));
}

// A broken optional part fails the load with the config and the part named, not later in a view.
TEST(SessionFile, BrokenTimelineNamesConfigAndPart) {
  try {
    sessionFromJson(R"({"schema": 1, "device": {"kind": "cpu"}, "request": {"model": {"name": "m"}},
                       "configs": [{"key": "fp32", "timeline": {"traced": true, "op_names": [],
                                    "iterations": [], "streams": [{"items": [[1, 2, 0, 5, -1, 0]]}]}}]})",
                    "t.inferscope.json");
    FAIL();
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("t.inferscope.json"), std::string::npos) << what;
    EXPECT_NE(what.find("configs[0]"), std::string::npos) << what;
    EXPECT_NE(what.find("\"timeline\""), std::string::npos) << what;
    EXPECT_NE(what.find("name index 5 out of range"), std::string::npos) << what;
  }
}

TEST(SessionFile, TimelineMustBeAnObject) {
  try {
    sessionFromJson(R"({"schema": 1, "device": {"kind": "cpu"}, "request": {"model": {"name": "m"}},
                       "configs": [{"key": "fp32", "timeline": [1, 2]}]})",
                    "t.inferscope.json");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("\"timeline\" must be an object"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("t.inferscope.json"), std::string::npos) << e.what();
  }
}
