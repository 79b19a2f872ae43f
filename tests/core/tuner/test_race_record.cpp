// The race a tuned session keeps: read back from a session file, a bad one named; and today's
// ranking of the session says where it parts ways with the race. That the saved race equals the
// live NDJSON events of the same run is the run layer's test (tests/core/runner,
// test_tune_event_writer.cpp), which writes them.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "core/common/error.h"
#include "core/engine/session_ranking.h"
#include "core/session/session_file.h"
#include "core/session/tune_json.h"
#include "core/tuner/race_record.h"

namespace inferscope::tuner {
namespace {

TEST(RaceRecord, OlderSessionsHaveNoRaceAndABadRaceIsNamed) {
  SessionResult plain;
  const auto text = sessionToJson(plain);
  EXPECT_EQ(text.find("races"), std::string::npos);
  EXPECT_TRUE(sessionFromJson(text).races.empty());
  // A race saved before the tuner placed its winner on the roofline opens without the clause.
  const auto before = tuneRecordFromJson(R"({"winner":"bf16","verdict":"Winner bf16: 1 ms"})");
  EXPECT_EQ(before.winner, "bf16");
  EXPECT_TRUE(before.roofline.empty());
  EXPECT_THROW(tuneRecordFromJson(R"({"roofline":41})"), Error);  // named, not read as text
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
