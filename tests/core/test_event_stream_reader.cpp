// The one reader of NDJSON event streams (core/session/event_stream_reader.h): what NdjsonSink
// writes comes back typed; garbage, other protocol versions, truncated and over-long lines become
// errors that name the line, and unknown event names from a newer writer pass through.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/engine/session_result.h"
#include "core/session/event_stream_reader.h"
#include "core/session/ndjson_sink.h"
#include "core/session/worker_events.h"
#include "tests/core/recording_sink.h"

using namespace inferscope;

namespace {

// What an NdjsonSink writes for one config, as the text a reader gets.
std::string writtenRun() {
  char* buffer = nullptr;
  std::size_t size = 0;
  std::FILE* out = ::open_memstream(&buffer, &size);
  {
    NdjsonSink sink(out);
    sink.onConfigStart(1, 3, OptimizationConfig::parse("bf16+bench"));
    sink.onSample({1, 0, 12.5, 12.75, true});
    sink.onSample({1, 1, 4.25, 4.5, false});
    sink.onLog(LogLevel::Warning, "slow \"first\" iteration");
    ConfigResult r;
    r.config = OptimizationConfig::parse("bf16+bench");
    r.status = ConfigStatus::Ok;
    r.latency_ms = {12.5, 4.25, 4.5};
    r.warmup_iterations = 1;
    sink.onConfigDone(r);
    SessionResult s;
    s.parameter_count = 42;
    s.output_shapes = {"1x10:float32"};
    s.request.inputs = {InputSpec::parse("1x3x8x8:float32")};
    s.device.name = "Test CPU";
    sink.onSessionDone(s);
  }
  std::fclose(out);
  std::string text(buffer, size);
  std::free(buffer);
  return text;
}

std::vector<StreamItem> readAll(EventStreamReader& reader, const std::string& text) {
  auto items = reader.feed(text);
  for (auto& item : reader.finish()) items.push_back(std::move(item));
  return items;
}

std::string onlyError(const std::string& text) {
  EventStreamReader reader("test stream");
  const auto items = readAll(reader, text);
  EXPECT_EQ(items.size(), 1u) << text;
  if (items.size() != 1) return {};
  EXPECT_FALSE(items[0].event.has_value()) << text;
  return items[0].error;
}

}  // namespace

TEST(EventStreamReader, ReadsWhatNdjsonSinkWritesAsTypedEvents) {
  const std::string text = writtenRun();
  // The envelope on every line.
  std::size_t lines = 0;
  for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos; ++at) ++lines;
  EXPECT_EQ(lines, 6u);
  EventStreamReader reader("worker");
  const auto items = readAll(reader, text);
  ASSERT_EQ(items.size(), 6u);
  for (std::size_t i = 0; i < items.size(); ++i) {
    ASSERT_TRUE(items[i].event) << items[i].error;
    EXPECT_EQ(items[i].line_number, i + 1);
    EXPECT_EQ(items[i].event->protocol, kEventProtocol);
    ASSERT_TRUE(items[i].event->run) << items[i].event->name;
  }
  const auto& start = std::get<ConfigStartEvent>(*items[0].event->run);
  EXPECT_EQ(items[0].event->name, "config_start");
  EXPECT_EQ(start.index, 1);
  EXPECT_EQ(start.count, 3);
  EXPECT_EQ(start.config.key(), "bf16+bench");
  const auto& sample = std::get<SampleEvent>(*items[2].event->run).sample;
  EXPECT_EQ(sample.config_index, 1);
  EXPECT_EQ(sample.iteration, 1);
  EXPECT_DOUBLE_EQ(sample.latency_ms, 4.25);
  EXPECT_DOUBLE_EQ(sample.host_ms, 4.5);
  EXPECT_FALSE(sample.warmup);
  const auto& log = std::get<LogEvent>(*items[3].event->run);
  EXPECT_EQ(log.level, LogLevel::Warning);
  EXPECT_EQ(log.message, "slow \"first\" iteration");
  const auto& done = std::get<ConfigDoneEvent>(*items[4].event->run).result;
  EXPECT_EQ(done.config.key(), "bf16+bench");
  EXPECT_EQ(done.latency_ms, (std::vector<double>{12.5, 4.25, 4.5}));
  const auto& session = std::get<SessionDoneEvent>(*items[5].event->run);
  EXPECT_EQ(session.parameter_count, 42);
  ASSERT_EQ(session.inputs.size(), 1u);
  EXPECT_EQ(session.inputs[0].toString(), "1x3x8x8:float32");
  ASSERT_TRUE(session.device);
  EXPECT_EQ(session.device->name, "Test CPU");
  EXPECT_EQ(reader.linesRead(), 6u);
}

TEST(EventStreamReader, LinesSplitAcrossChunksComeOutWhole) {
  const std::string text = writtenRun();
  EventStreamReader reader("worker");
  std::vector<StreamItem> items;
  for (char c : text) {  // the worst a pipe can do: one byte per read
    for (auto& item : reader.feed(std::string_view(&c, 1))) items.push_back(std::move(item));
  }
  EXPECT_TRUE(reader.finish().empty());
  ASSERT_EQ(items.size(), 6u);
  for (const auto& item : items) EXPECT_TRUE(item.event) << item.error;
  // A line that has not ended yet is held, not reported.
  EventStreamReader partial("worker");
  EXPECT_TRUE(partial.feed(R"({"protocol":1,"event":"log",)").empty());
  const auto rest = partial.feed("\"message\":\"hi\"}\r\n\n   \n");
  ASSERT_EQ(rest.size(), 1u);  // CRLF accepted, blank lines skipped
  ASSERT_TRUE(rest[0].event) << rest[0].error;
  EXPECT_EQ(std::get<LogEvent>(*rest[0].event->run).message, "hi");
}

TEST(EventStreamReader, GarbageIsAnErrorNamingTheLineAndTheStreamGoesOn) {
  EventStreamReader reader("inferscope-cli's events");
  const auto items = readAll(reader,
                             "tensor([1., 2.])\n"  // a model's print() on the same stdout
                             "{\"protocol\":1,\"event\":\"log\",\"message\":\"after\"}\n"
                             "{\"protocol\":1,\"event\":\n"
                             "[1,2]\n"
                             "\x1b[2Jnot json\n");
  ASSERT_EQ(items.size(), 5u);
  EXPECT_FALSE(items[0].event);
  EXPECT_EQ(items[0].problem, StreamItem::Problem::NotAnEvent);
  EXPECT_NE(items[0].error.find("inferscope-cli's events, line 1: not an event"), std::string::npos)
      << items[0].error;
  EXPECT_NE(items[0].error.find("tensor([1., 2.])"), std::string::npos) << items[0].error;
  ASSERT_TRUE(items[1].event) << items[1].error;
  EXPECT_EQ(items[1].line_number, 2u);
  EXPECT_FALSE(items[2].event);
  EXPECT_NE(items[2].error.find("line 3"), std::string::npos) << items[2].error;
  EXPECT_NE(items[2].error.find("not valid JSON"), std::string::npos) << items[2].error;
  EXPECT_NE(items[3].error.find("line 4: not an event"), std::string::npos) << items[3].error;
  // A terminal escape in the excerpt is escaped, never echoed.
  EXPECT_EQ(items[4].error.find('\x1b'), std::string::npos) << items[4].error;
  EXPECT_NE(items[4].error.find("\\x1b"), std::string::npos) << items[4].error;
}

TEST(EventStreamReader, EnvelopeAndVersionAreRequired) {
  const std::string newer = onlyError(R"({"protocol":2,"event":"config_start","index":0})"
                                      "\n");
  {
    EventStreamReader reader("cli");
    const auto items = reader.feed(R"({"protocol":2,"event":"log"})"
                                   "\n");
    ASSERT_EQ(items.size(), 1u);
    EXPECT_EQ(items[0].problem, StreamItem::Problem::OtherVersion);
  }
  EXPECT_NE(newer.find("line 1: event protocol 2 is newer than this reader's 1"), std::string::npos)
      << newer;
  const std::string older = onlyError(R"({"protocol":0,"event":"log"})"
                                      "\n");
  EXPECT_NE(older.find("event protocol 0 is not this reader's 1"), std::string::npos) << older;
  // The lines of a build before the envelope carried the version.
  const std::string unversioned = onlyError(R"({"event":"log","message":"x"})"
                                            "\n");
  EXPECT_NE(unversioned.find("no \"protocol\" version"), std::string::npos) << unversioned;
  EXPECT_NE(onlyError(R"({"protocol":"1","event":"log"})"
                      "\n")
                .find("no \"protocol\""),
            std::string::npos);
  EXPECT_NE(onlyError(R"({"protocol":1})"
                      "\n")
                .find("no \"event\" name"),
            std::string::npos);
  EXPECT_NE(onlyError(R"({"protocol":1,"event":""})"
                      "\n")
                .find("no \"event\" name"),
            std::string::npos);
  // A reader of another version reads that version's lines.
  EventStreamReader v2("future", 2);
  const auto items = readAll(v2, R"({"protocol":2,"event":"log","message":"m"})"
                                 "\n");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_TRUE(items[0].event) << items[0].error;
}

TEST(EventStreamReader, UnknownEventsFromNewerWritersPassThrough) {
  EventStreamReader reader("tune");
  const auto items =
      readAll(reader, R"({"protocol":1,"event":"tune_round","round":0,"keys":["fp32"]})"
                      "\n"
                      R"({"protocol":1,"event":"gpu_weather","sunny":true})"
                      "\n"
                      R"({"protocol":1,"event":"log","message":"m","new_field":[1]})"
                      "\n");
  ASSERT_EQ(items.size(), 3u);
  for (const auto& item : items) ASSERT_TRUE(item.event) << item.error;
  EXPECT_EQ(items[0].event->name, "tune_round");
  EXPECT_FALSE(items[0].event->run);  // the tuner's set: decoded by parseTuneEvent from the text
  EXPECT_NE(items[0].event->text.find("\"keys\":[\"fp32\"]"), std::string::npos);
  EXPECT_EQ(items[1].event->name, "gpu_weather");
  EXPECT_FALSE(items[1].event->run);
  EXPECT_TRUE(items[2].event->run);  // a known event with a field it does not know
  // A worker's parent ignores them.
  inferscope::testing::RecordingSink sink;
  ConfigResult result;
  SessionResult session;
  EXPECT_FALSE(applyWorkerEvent(*items[1].event, 0, 1, sink, result, session));
  EXPECT_TRUE(sink.logs.empty());
}

TEST(EventStreamReader, RunEventFieldsAreChecked) {
  const std::string latency =
      onlyError(R"({"protocol":1,"event":"sample","config":0,"iteration":3,"latency_ms":-1,)"
                R"("host_ms":1,"warmup":false})"
                "\n");
  EXPECT_NE(latency.find("line 1: sample of iteration 3: latency_ms -1 is not a time above 0 ms"),
            std::string::npos)
      << latency;
  const std::string field =
      onlyError(R"({"protocol":1,"event":"config_start","index":"zero","count":1,"key":"fp32"})"
                "\n");
  EXPECT_NE(field.find("malformed config_start event"), std::string::npos) << field;
  EXPECT_NE(field.find("index"), std::string::npos) << field;
  EXPECT_EQ(field.find("json.exception"), std::string::npos) << field;
  const std::string key =
      onlyError(R"({"protocol":1,"event":"config_start","index":0,"count":1,"key":"fp33"})"
                "\n");
  EXPECT_NE(key.find("fp33"), std::string::npos) << key;
  // Nested beyond any event: refused before it is built.
  const std::string deep = onlyError(R"({"protocol":1,"event":"x","a":)" + std::string(100, '[') +
                                     std::string(100, ']') + "}\n");
  EXPECT_NE(deep.find("levels deep"), std::string::npos) << deep;
}

TEST(EventStreamReader, ATruncatedLastLineIsReported) {
  EventStreamReader reader("worker for bf16");
  EXPECT_TRUE(reader.feed("{\"protocol\":1,\"event\":\"log\"}\n{\"protocol\":1,\"eve").size() == 1);
  const auto end = reader.finish();
  ASSERT_EQ(end.size(), 1u);
  EXPECT_FALSE(end[0].event);
  EXPECT_EQ(end[0].line_number, 2u);
  EXPECT_EQ(end[0].problem, StreamItem::Problem::Truncated);
  EXPECT_NE(end[0].error.find("worker for bf16, line 2: the stream ended inside a line"),
            std::string::npos)
      << end[0].error;
  EXPECT_TRUE(reader.finish().empty());  // reported once
}

TEST(EventStreamReader, HugeLinesAreBoundedAndDropped) {
  EventStreamReader reader("worker", kEventProtocol, 1024);
  std::vector<StreamItem> items;
  const std::string chunk(700, 'x');
  for (int i = 0; i < 10; ++i) {  // 7 000 bytes of one line, in pieces
    for (auto& item : reader.feed(chunk)) items.push_back(std::move(item));
  }
  ASSERT_EQ(items.size(), 1u);  // reported once, when it passed the bound
  EXPECT_EQ(items[0].problem, StreamItem::Problem::TooLong);
  EXPECT_NE(items[0].error.find("line 1: longer than 1024 bytes"), std::string::npos)
      << items[0].error;
  EXPECT_LT(items[0].error.size(), 400u);  // the message quotes only the line's start
  // The rest of that line is skipped; the next line is read, numbered after it.
  const auto next = reader.feed("yyy\n{\"protocol\":1,\"event\":\"log\",\"message\":\"ok\"}\n");
  ASSERT_EQ(next.size(), 1u);
  ASSERT_TRUE(next[0].event) << next[0].error;
  EXPECT_EQ(next[0].line_number, 2u);
  // A line that ends exactly at the bound is still read.
  const std::string line = R"({"protocol":1,"event":"log","message":""})";
  EventStreamReader exact("worker", kEventProtocol, line.size());
  const auto read = exact.feed(line + "\n");
  ASSERT_EQ(read.size(), 1u);
  EXPECT_TRUE(read[0].event) << read[0].error;
  // The default bound is far above any event and far below memory.
  EXPECT_EQ(kMaxEventLineBytes, std::size_t{64} << 20);
}

TEST(WorkerEvents, AppliesRunEventsUnderTheParentsIndex) {
  EventStreamReader reader("worker");
  inferscope::testing::RecordingSink sink;
  ConfigResult result;
  SessionResult session;
  session.request.batch = 1;
  int done = 0;
  for (const auto& item : readAll(reader, writtenRun())) {
    ASSERT_TRUE(item.event) << item.error;
    done += applyWorkerEvent(*item.event, 4, 9, sink, result, session) ? 1 : 0;
  }
  EXPECT_EQ(done, 1);
  EXPECT_EQ(sink.starts, 1);
  ASSERT_EQ(sink.samples.size(), 2u);
  EXPECT_EQ(sink.samples[0].config_index, 4);  // the parent's plan, not the worker's
  EXPECT_EQ(result.index, 4);
  EXPECT_EQ(result.config.key(), "bf16+bench");
  EXPECT_GT(result.stats.median_ms, 0.0);  // analysed again by the parent
  ASSERT_EQ(sink.logs.size(), 1u);
  EXPECT_EQ(session.parameter_count, 42);
  EXPECT_EQ(session.device.name, "Test CPU");
  // The text form throws for a line that is not an event.
  EXPECT_THROW(applyWorkerEvent("nonsense", 0, 1, sink, result, session), Error);
}
