// Session files are data from anyone (core/session/session_file.h): limits on nesting, size and
// counts, cancellation and progress, and messages that name the field, never nlohmann's tags.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/session/session_file.h"
#include "core/session/tune_json.h"

using namespace inferscope;

namespace {

// A minimal valid session with `configs` configs of `samples` samples each.
std::string sessionText(int configs, int samples, const std::string& extra_config_field = "") {
  std::string text =
      R"({"schema": 1, "device": {"kind": "cpu"}, "request": {"model": {"name": "m"}},)"
      R"( "configs": [)";
  for (int c = 0; c < configs; ++c) {
    text += c ? "," : "";
    // Distinct keys: a session holds each result once (session_validation.h).
    static const char* const kKeys[] = {"fp32", "nograd+fp32", "autograd+fp32", "tf32", "bf16"};
    text += fmt::format(R"({{"key": "{}", "latency_ms": [)", kKeys[c % 5]);
    for (int i = 0; i < samples; ++i) text += (i ? "," : "") + std::to_string(1.0 + i * 0.001);
    text += "]" + extra_config_field + "}";
  }
  return text + "]}";
}

std::string errorOf(const std::string& text, const SessionReadOptions& options = {},
                    ErrorKind kind = ErrorKind::InvalidInput) {
  try {
    sessionFromJson(text, "s.inferscope.json", options);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    const std::string what = e.what();
    EXPECT_EQ(what.find("json.exception"), std::string::npos) << what;
    return what;
  }
  ADD_FAILURE() << "accepted: " << text.substr(0, 200);
  return {};
}

}  // namespace

TEST(SessionLimits, ReadsAValidSession) {
  const auto s = sessionFromJson(sessionText(3, 10));
  ASSERT_EQ(s.configs.size(), 3u);
  EXPECT_EQ(s.configs[2].latency_ms.size(), 10u);
}

TEST(SessionLimits, DeepNestingInsideAConfigIsRefusedNotAStackOverflow) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (const char* field : {"trace", "timeline", "cudnn_observation", "message"}) {
    const auto message = errorOf(sessionText(1, 2, fmt::format(R"(, "{}": {})", field, deep)));
    EXPECT_NE(message.find("levels deep"), std::string::npos) << message;
  }
}

TEST(SessionLimits, EmptyFilesSayEmpty) {
  EXPECT_NE(errorOf("").find("is empty"), std::string::npos);
  EXPECT_NE(errorOf(" \n\t").find("is empty"), std::string::npos);
}

TEST(SessionLimits, CountsAreBounded) {
  SessionReadOptions options;
  options.limits.max_configs = 4;
  options.limits.max_samples_per_config = 50;
  EXPECT_NO_THROW(sessionFromJson(sessionText(4, 50), "ok", options));
  EXPECT_NE(errorOf(sessionText(5, 1), options).find("5 configs"), std::string::npos);
  EXPECT_NE(errorOf(sessionText(1, 51), options).find("configs[0].latency_ms holds 51 samples"),
            std::string::npos);
  options.limits.max_file_bytes = 100;
  EXPECT_NE(errorOf(sessionText(1, 51), options).find("bytes"), std::string::npos);
}

namespace {

// A session of one config whose races are `races` (JSON objects, comma-separated).
std::string sessionWithRaces(const std::string& races) {
  std::string text = sessionText(1, 2);
  text.pop_back();  // the session's closing brace
  return text + R"(, "races": [)" + races + "]}";
}

// `count` entries of a list of the race, `entry` each ("{}" takes the entry's number).
std::string entries(int count, const std::string& entry) {
  std::string text = "[";
  for (int i = 0; i < count; ++i) text += (i ? "," : "") + fmt::format(fmt::runtime(entry), i);
  return text + "]";
}

// A race whose list at `path` ("candidates", "finals.keys", …) holds `count` entries.
std::string raceWithList(const std::string& path, int count) {
  const struct {
    const char* path;
    const char* object;  // where the list sits: "" at the top, else the object's key
    const char* key;
    const char* entry;
  } kLists[] = {
      {"candidates", "", "candidates", R"({{"key": "k{}", "state": "eliminated"}})"},
      {"pruned", "", "pruned", R"({{"key": "k{}", "reason": "cannot run here"}})"},
      {"compiles", "", "compiles", R"({{"key": "k{}", "state": "done"}})"},
      {"tied_with", "", "tied_with", R"("k{}")"},
      {"peers", "", "peers", R"({{"name": "peer {}"}})"},
      {"finals.keys", "finals", "keys", R"("k{}")"},
      {"unmeasured.precisions", "unmeasured", "precisions", R"("p{}")"},
      {"unmeasured.compiles", "unmeasured", "compiles", R"("k{}")"},
  };
  for (const auto& list : kLists) {
    if (path != list.path) continue;
    const std::string value = fmt::format(R"("{}": {})", list.key, entries(count, list.entry));
    return *list.object ? fmt::format(R"({{"winner": "k0", "{}": {{{}}}}})", list.object, value)
                        : fmt::format(R"({{"winner": "k0", {}}})", value);
  }
  ADD_FAILURE() << "no list " << path;
  return {};
}

}  // namespace

// A race's lists are capped as the configs are: a crafted race of a million candidates made the
// GUI's race view take minutes. At the cap it reads; one more is refused, naming the list and the
// cap, in the session reader and in the tuner's tune_done event alike.
TEST(SessionLimits, RaceListsAreBounded) {
  const auto limit = static_cast<int>(SessionLimits{}.max_race_entries);
  EXPECT_EQ(limit, 10'000);  // docs/SECURITY.md says so
  const auto s = sessionFromJson(sessionWithRaces(raceWithList("candidates", limit)));
  ASSERT_EQ(s.races.size(), 1u);
  EXPECT_EQ(s.races[0].candidates.size(), static_cast<std::size_t>(limit));
  EXPECT_EQ(s.races[0].candidates.back().key, fmt::format("k{}", limit - 1));
  const auto over = errorOf(sessionWithRaces(raceWithList("candidates", limit + 1)));
  EXPECT_NE(over.find("s.inferscope.json is a malformed session file: races[0]: candidates holds "
                      "10001 entries, more than the 10000 a race may have"),
            std::string::npos)
      << over;
  try {
    tuneRecordFromJson(raceWithList("candidates", limit + 1), "tune_done's race");
    ADD_FAILURE() << "a tune_done race over the cap was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("tune_done's race: candidates holds 10001 entries"),
              std::string::npos)
        << e.what();
  }

  // Every list of the race, each at a cap of 3: 3 read, 4 refused by its path.
  SessionReadOptions options;
  options.limits.max_race_entries = 3;
  for (const char* path : {"candidates", "pruned", "compiles", "tied_with", "peers", "finals.keys",
                           "unmeasured.precisions", "unmeasured.compiles"}) {
    SCOPED_TRACE(path);
    EXPECT_NO_THROW(sessionFromJson(sessionWithRaces(raceWithList(path, 3)), "ok", options));
    const auto message = errorOf(sessionWithRaces(raceWithList(path, 4)), options);
    EXPECT_NE(message.find(fmt::format("races[0]: {} holds 4 entries, more than the 3 a race may "
                                       "have",
                                       path)),
              std::string::npos)
        << message;
  }
  // The second race is named, not the first.
  const auto second = errorOf(
      sessionWithRaces(raceWithList("pruned", 1) + "," + raceWithList("pruned", 4)), options);
  EXPECT_NE(second.find("races[1]: pruned holds 4 entries"), std::string::npos) << second;

  // One race per tune shard: no more races than configs a session may have.
  options.limits.max_configs = 4;
  std::string races = raceWithList("candidates", 1);
  for (int i = 1; i < 5; ++i) races += "," + raceWithList("candidates", 1);
  EXPECT_NE(errorOf(sessionWithRaces(races), options)
                .find("races holds 5 races, more than the 4 a session may have"),
            std::string::npos);
}

TEST(SessionLimits, RaceListsMustBeListsAndCountsNotNegative) {
  const auto message = errorOf(sessionWithRaces(R"({"candidates": {"key": "k", "state": "s"}})"));
  EXPECT_NE(message.find("races[0]: candidates: expected an array, got object"), std::string::npos)
      << message;
  EXPECT_NE(errorOf(sessionWithRaces(R"({"finals": {"keys": "k"}})"))
                .find("races[0]: finals.keys: expected an array, got string"),
            std::string::npos);
  EXPECT_NE(errorOf(sessionWithRaces(R"({"budget": {"rounds": -1}})"))
                .find("races[0]: budget.rounds: -1 is not a count"),
            std::string::npos);
  EXPECT_NE(
      errorOf(
          sessionWithRaces(
              R"({"candidates": [{"key": "a", "state": "x"}, {"key": "b", "state": "x", "rounds": -2}]})"))
          .find("races[0]: candidates[1].rounds: -2 is not a count"),
      std::string::npos);
  std::string text = sessionText(1, 2);
  text.pop_back();
  EXPECT_NE(errorOf(text + R"(, "races": {"a": 1}})").find("races: expected an array, got object"),
            std::string::npos);
}

TEST(SessionLimits, ErrorsNameTheField) {
  auto text = sessionText(4, 20);
  const auto at = text.rfind("1.017000");
  text.replace(at, 8, R"("fast")");
  EXPECT_NE(errorOf(text).find("configs[3].latency_ms[17]: expected a number, got a string"),
            std::string::npos)
      << errorOf(text);
  EXPECT_NE(errorOf(sessionText(1, 1, R"(, "index": "two")")).find("configs[0].index: expected"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"schema": 1, "request": {}, "configs": []})").find("'device' is missing"),
            std::string::npos);
  EXPECT_NE(
      errorOf(
          R"({"schema": 1, "device": {"kind": "cpu"}, "request": {"model": {}}, "configs": []})")
          .find("request.model: required field 'name' is missing"),
      std::string::npos);
}

TEST(SessionLimits, NumbersMustFitTheirFields) {
  EXPECT_NE(errorOf(sessionText(1, 1, R"(, "index": 1e300)")).find("configs[0].index"),
            std::string::npos);
  EXPECT_NE(errorOf(sessionText(1, 1, R"(, "warmup_iterations": 2.5)")).find("warmup_iterations"),
            std::string::npos);
  // Beyond the samples and the request's warm-up (10 when the file gives none).
  EXPECT_NE(errorOf(sessionText(1, 1, R"(, "warmup_iterations": 50)")).find("outside"),
            std::string::npos);
  EXPECT_NE(
      errorOf(sessionText(1, 1, R"(, "trace": {"status": "untraced"}, "traced_iterations": [-1])"))
          .find("traced_iterations"),
      std::string::npos);
  const auto overflow = errorOf(R"({"schema": 1e999})");
  EXPECT_NE(overflow.find("s.inferscope.json"), std::string::npos) << overflow;
  EXPECT_NE(overflow.find("1e999"), std::string::npos) << overflow;
  auto negative = sessionText(1, 1);
  negative.replace(negative.find("\"schema\": 1"), 11, "\"schema\": -7");
  EXPECT_NE(errorOf(negative).find("schema -7"), std::string::npos);
}

TEST(SessionLimits, AWorkerRequestCannotAskForZeroHeads) {
  ProfileRequest request;
  request.model.name = "bert-encoder";
  request.model.encoder.heads = 0;
  try {
    requestFromJson(requestToJson(request), "request.json");
    FAIL() << "accepted heads 0";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("heads 0"), std::string::npos) << e.what();
  }
}

// The worker's request passes the checks of a session's request: a batch of 0, iterations past the
// bound, a budget past the clock's range and a negative seed are refused before any model is built.
TEST(SessionLimits, AWorkerRequestIsCheckedAsASessionsRequest) {
  const auto refusal = [](const std::string& text) {
    try {
      requestFromJson(text, "request.json");
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  ProfileRequest zero_batch;
  zero_batch.batch = 0;
  EXPECT_NE(refusal(requestToJson(zero_batch)).find("request.batch: 0 is outside 1…2147483648"),
            std::string::npos);
  ProfileRequest many;
  many.run.measure_iterations = 2147483647;
  EXPECT_NE(refusal(requestToJson(many)).find("request.run.measure_iterations: 2147483647"),
            std::string::npos);
  ProfileRequest long_budget;
  long_budget.run.session_time_budget_ms = 1e20;
  EXPECT_NE(refusal(requestToJson(long_budget)).find("request.run.session_time_budget_ms"),
            std::string::npos);
  auto seeded = requestToJson(ProfileRequest{});
  const auto at = seeded.find("\"seed\":0");
  ASSERT_NE(at, std::string::npos) << seeded;
  seeded.replace(at, 8, "\"seed\":-1");
  EXPECT_NE(refusal(seeded).find("model.seed: -1 is not a seed"), std::string::npos);
  EXPECT_EQ(refusal(requestToJson(ProfileRequest{})), "accepted");
}

TEST(SessionLimits, ACancelledReadStopsAndProgressRises) {
  const auto text = sessionText(2, 200000);
  CancelToken cancel;
  cancel.cancel();
  SessionReadOptions options;
  options.cancel = &cancel;
  errorOf(text, options, ErrorKind::Cancelled);

  std::vector<double> seen;
  SessionReadOptions watched;
  watched.progress = [&](double f) { seen.push_back(f); };
  sessionFromJson(text, "s", watched);
  ASSERT_GE(seen.size(), 3u);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]);
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
}

TEST(SessionLimits, PartialSessionsGoBesideAnExistingFile) {
  const auto dir = std::filesystem::temp_directory_path() / "inferscope-partial-test";
  std::filesystem::create_directories(dir);
  const auto file = (dir / "run.inferscope.json").string();
  std::filesystem::remove(file);
  EXPECT_EQ(partialSessionPath(file), file);
  writeFileAtomically(file, "{}");
  EXPECT_EQ(partialSessionPath(file), (dir / "run.partial.inferscope.json").string());
  EXPECT_EQ(partialSessionPath((dir / "run.inferscope.json").string()),
            (dir / "run.partial.inferscope.json").string());
  std::filesystem::remove_all(dir);
}
