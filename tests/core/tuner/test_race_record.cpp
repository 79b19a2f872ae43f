// The race a tuned session keeps: built from the tuner's result, written into a session file and
// read back, it equals what the live NDJSON events said of the same run, field by field; and
// today's ranking of the session says where it parts ways with the race.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "cli/tune_events.h"
#include "core/common/error.h"
#include "core/session/session_file.h"
#include "core/session/tune_json.h"
#include "core/tuner/race.h"
#include "core/tuner/race_record.h"
#include "fake_measurer.h"

namespace inferscope::tuner {
namespace {

using testing::FakeMeasurer;
using testing::FakeProfile;

SearchSpace encoderSpace() {
  SpaceContext ctx;
  ctx.caps.kind = DeviceKind::Cuda;
  ctx.caps.cc_major = 9;
  ctx.caps.has_cudnn = true;
  ctx.aot_inductor_available = true;
  ctx.inputs = {InputSpec::parse("32x128:int64")};
  return SearchSpace(ctx, {OptimizationConfig::parse("bf16+graph")});
}

FakeProfile at(double median_ms, double noise = 0.01) {
  FakeProfile p;
  p.median_ms = median_ms;
  p.rel_noise = noise;
  return p;
}

// A race with every kind of fate: a winner and a tie across fresh processes, eliminated, unsafe,
// failed, a fallback, a config whose accuracy was not measured, pruned configs, a compile.
struct LiveRun {
  TuneResult result;
  std::vector<TuneEvent> events;
};

LiveRun runWithEvents() {
  FakeMeasurer m;
  m.fallback_profile = at(6.0);
  m.profiles["bf16+graph"] = at(2.0);
  m.profiles["bf16+aoti"] = at(2.0);
  m.profiles["fp16"] = at(1.0);
  m.profiles["fp16"].accuracy.measured = true;
  m.profiles["fp16"].accuracy.inf_count = 4;
  m.profiles["fp16+graph"] = at(1.1);
  m.profiles["fp16+graph"].status = ConfigStatus::Error;
  m.profiles["fp16+graph"].message = "capture failed";
  m.profiles["bf16"] = at(3.0);
  m.profiles["bf16"].fallback_to = "amp-bf16";
  m.profiles["tf32+graph"] = at(1.5);
  m.profiles["tf32+graph"].compares_accuracy = false;
  std::FILE* stream = std::tmpfile();
  cli::TuneReporter reporter(/*ndjson=*/true, stream);
  RaceOptions o;
  o.budget_ms = 300000;
  reporter.start("encoder (32x128:int64)", "NVIDIA H200", o.budget_ms, o.accuracy.describe());
  Race race(m, o, &reporter);
  LiveRun run;
  run.result = race.run(encoderSpace());
  reporter.finish(run.result, "/tmp/tuned.inferscope.json");
  std::rewind(stream);
  std::string line;
  for (int ch = std::fgetc(stream); ch != EOF; ch = std::fgetc(stream)) {
    if (ch != '\n') {
      line += static_cast<char>(ch);
      continue;
    }
    if (auto e = parseTuneEvent(line)) run.events.push_back(*e);
    line.clear();
  }
  std::fclose(stream);
  return run;
}

TEST(RaceRecord, TheSavedRaceEqualsTheLiveEventsFieldByField) {
  const auto live = runWithEvents();
  ASSERT_TRUE(live.result.winner) << live.result.verdict;
  const auto record = raceRecord(live.result, "encoder (32x128:int64)", "NVIDIA H200");
  SessionResult session;
  session.races = {record};
  const auto file = sessionFromJson(sessionToJson(session), "<tuned>");
  ASSERT_EQ(file.races.size(), 1u);
  const auto& saved = file.races.front();
  const auto folded = foldTuneEvents(live.events);
  const auto apart = differences(saved, folded);
  EXPECT_TRUE(apart.empty()) << ::testing::PrintToString(apart);
  EXPECT_TRUE(differences(saved, record).empty());
  // The record holds the answer, not just the configs.
  EXPECT_EQ(saved.winner, live.result.winner->key());
  EXPECT_EQ(saved.verdict, live.result.verdict);
  EXPECT_EQ(saved.verdict_state, "final");
  EXPECT_FALSE(saved.pruned.empty());
  EXPECT_FALSE(saved.finalists.empty());
  EXPECT_GE(saved.forks, 2);
  ASSERT_NE(saved.find("fp16"), nullptr);
  EXPECT_EQ(saved.find("fp16")->state, "unsafe");
  EXPECT_EQ(saved.find("fp16+graph")->state, "failed");
  EXPECT_EQ(saved.find("tf32+graph")->state, "accuracy-not-measured");
  EXPECT_FALSE(saved.find("bf16")->fallback.empty());
  EXPECT_TRUE(saved.find(saved.winner)->forks.has_value());
  // A changed field is found, by name.
  auto changed = saved;
  changed.candidates[1].reason += "!";
  EXPECT_EQ(differences(saved, changed), std::vector<std::string>{"candidates[1].reason"});
}

// The GUI draws a saved race through the events a live run sends: those events fold back into
// the same record.
TEST(RaceRecord, ASavedRaceReplaysAsTheEventsThatDrewIt) {
  const auto live = runWithEvents();
  const auto record = raceRecord(live.result, "encoder", "NVIDIA H200");
  const auto replayed = foldTuneEvents(raceEvents(record));
  EXPECT_TRUE(differences(record, replayed).empty())
      << ::testing::PrintToString(differences(record, replayed));
}

TEST(RaceRecord, OlderSessionsHaveNoRaceAndABadRaceIsNamed) {
  SessionResult plain;
  const auto text = sessionToJson(plain);
  EXPECT_EQ(text.find("races"), std::string::npos);
  EXPECT_TRUE(sessionFromJson(text).races.empty());
  EXPECT_THROW(tuneRecordFromJson(R"({"candidates":[{"state":"winner"}]})"), Error);
  try {
    tuneRecordFromJson(R"({"compiles":[{"key":"a","state":"sideways"}]})", "tuned.json");
    FAIL() << "a compile state that does not exist was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("sideways"), std::string::npos) << e.what();
  }
}

TEST(RaceRecord, TodaysRankingSaysWhereItPartsWaysWithTheRace) {
  TuneRecord race;
  race.winner = "bf16+graph";
  race.candidates = {{}, {}};
  race.candidates[0].key = "bf16+graph";
  race.candidates[0].state = "winner";
  race.candidates[1].key = "fp16+graph";
  race.candidates[1].state = "unsafe";
  race.candidates[1].reason = "cosine 0.985 < 0.99";
  SessionResult s;
  for (const auto& [key, median, cosine] :
       {std::tuple{"bf16+graph", 2.0, 0.9999}, std::tuple{"fp16+graph", 1.8, 0.985}}) {
    ConfigResult c;
    c.index = static_cast<int>(s.configs.size());
    c.config = OptimizationConfig::parse(key);
    c.stats.median_ms = median;
    c.accuracy.measured = true;
    c.accuracy.cosine_similarity = cosine;
    s.configs.push_back(c);
  }
  RankingOptions same;
  EXPECT_TRUE(compareWithRanking(race, s, rankSession(s, same)).empty());
  RankingOptions looser;
  looser.accuracy.tolerance = 0.02;  // fp16+graph is safe under it, and faster
  const auto apart = compareWithRanking(race, s, rankSession(s, looser));
  ASSERT_EQ(apart.size(), 2u) << ::testing::PrintToString(apart);
  EXPECT_NE(apart[0].find("today's rules rank fp16+graph first"), std::string::npos) << apart[0];
  EXPECT_NE(apart[1].find("the race called it unsafe"), std::string::npos) << apart[1];
}

}  // namespace
}  // namespace inferscope::tuner
