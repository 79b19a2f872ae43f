// parseTuneEvent: the lines `tune --events ndjson` writes (core/runner/tune_event_writer.cpp),
// read back.
#include <gtest/gtest.h>

#include "core/tuner/tune_event.h"

namespace inferscope::tuner {
namespace {

TEST(TuneEvent, ReadsACandidateWithItsForks) {
  const auto e = parseTuneEvent(
      R"({"event":"tune_candidate","key":"fp16+aoti+bench","state":"winner","reason":"fastest","median_ms":1.7,)"
      R"("low_ms":1.69,"high_ms":1.71,"rounds":2,"compile_ms":41000.0,"accuracy":"top-1 agreement 100 %",)"
      R"("forks":{"forks":3,"median_ms":1.72,"low_ms":1.7,"high_ms":1.74,"stable":true,"verdict":"stable"}})");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->type, "tune_candidate");
  EXPECT_EQ(e->key, "fp16+aoti+bench");
  EXPECT_EQ(e->state, "winner");
  EXPECT_DOUBLE_EQ(e->compile_ms, 41000.0);
  EXPECT_TRUE(e->forked);
  EXPECT_EQ(e->forks, 3);
  EXPECT_DOUBLE_EQ(e->fork_high_ms, 1.74);
  ASSERT_TRUE(e->candidate && e->candidate->forks);
  EXPECT_EQ(e->candidate->forks->outcome, ForkAgreement::Stable);
}

// The forks' outcome is a field; a stream of a version before it said "noisy" only in its
// sentence, which is read for that one word.
TEST(TuneEvent, ReadsTheForksOutcomeAndAnOldStreamsSentence) {
  const auto now = parseTuneEvent(
      R"({"event":"tune_candidate","key":"bf16","state":"finalist",)"
      R"("forks":{"forks":3,"median_ms":1.72,"stable":false,"outcome":"noisy","remembered_forks":2}})");
  ASSERT_TRUE(now && now->candidate && now->candidate->forks);
  EXPECT_EQ(now->candidate->forks->outcome, ForkAgreement::Noisy);
  EXPECT_EQ(now->candidate->forks->remembered_forks, 2);
  const auto old = parseTuneEvent(
      R"({"event":"tune_candidate","key":"bf16","state":"finalist",)"
      R"("forks":{"forks":2,"median_ms":1.72,"stable":false,"verdict":"noisy in every process: …"}})");
  ASSERT_TRUE(old && old->candidate && old->candidate->forks);
  EXPECT_EQ(old->candidate->forks->outcome, ForkAgreement::Noisy);
  const auto unstable = parseTuneEvent(
      R"({"event":"tune_candidate","key":"bf16","state":"finalist",)"
      R"("forks":{"forks":2,"median_ms":1.72,"stable":false,"verdict":"unstable across 2 …"}})");
  ASSERT_TRUE(unstable && unstable->candidate && unstable->candidate->forks);
  EXPECT_EQ(unstable->candidate->forks->outcome, ForkAgreement::Unstable);
}

// A candidate's reason code with its values; an event written before the codes has none (its
// sentence is what is shown).
TEST(TuneEvent, ReadsACandidatesReasonCode) {
  const auto e = parseTuneEvent(
      R"({"event":"tune_candidate","key":"fp32","state":"eliminated","reason":"slower: …",)"
      R"("reason_code":{"code":"slower","values":{"leader":"bf16","level":"2 ms [1.9, 2.1]"}}})");
  ASSERT_TRUE(e && e->candidate);
  EXPECT_EQ(e->candidate->reason_code.code, "slower");
  EXPECT_EQ(e->candidate->reason_code.value("leader"), "bf16");
  EXPECT_EQ(e->candidate->reason_code.value("level"), "2 ms [1.9, 2.1]");
  EXPECT_EQ(e->candidate->reason, "slower: …");
  const auto old = parseTuneEvent(R"({"event":"tune_candidate","key":"fp32","reason":"slower"})");
  ASSERT_TRUE(old && old->candidate);
  EXPECT_TRUE(old->candidate->reason_code.code.empty());
  EXPECT_EQ(old->candidate->reason, "slower");
}

TEST(TuneEvent, ReadsPrunedCompileJobsAndTheEnd) {
  const auto pruned = parseTuneEvent(
      R"({"event":"tune_pruned","configs":[{"key":"amp-bf16+aoti","reason":"autocast"}]})");
  ASSERT_TRUE(pruned);
  ASSERT_EQ(pruned->pruned.size(), 1u);
  EXPECT_EQ(pruned->pruned[0].second, "autocast");
  const auto jobs = parseTuneEvent(
      R"({"event":"tune_compile","jobs":[{"key":"resnet50 bf16+aoti","state":"running","elapsed_ms":1200.0,"attempts":1,"message":""}]})");
  ASSERT_TRUE(jobs);
  ASSERT_EQ(jobs->jobs.size(), 1u);
  EXPECT_EQ(jobs->jobs[0].state, CompileStatus::State::Running);
  const auto finals = parseTuneEvent(R"({"event":"tune_finals","keys":["a","b"],"forks":3})");
  ASSERT_TRUE(finals);
  EXPECT_EQ(finals->forks, 3);
  const auto done = parseTuneEvent(
      R"({"event":"tune_done","winner":"bf16+graph","tied_with":["bf16+aoti"],"verdict":"Winner …","host":"","elapsed_ms":5.0,"session":"/tmp/s.json"})");
  ASSERT_TRUE(done);
  EXPECT_EQ(done->tied_with, std::vector<std::string>{"bf16+aoti"});
  EXPECT_EQ(done->session, "/tmp/s.json");
}

TEST(TuneEvent, SkipsWhatIsNotAnEvent) {
  EXPECT_FALSE(parseTuneEvent("WARNING: Logging before InitGoogleLogging()"));
  EXPECT_FALSE(parseTuneEvent(R"({"no_event":1})"));
  EXPECT_FALSE(parseTuneEvent(R"({"event":"tune_round","round":"zero"})"));
}

}  // namespace
}  // namespace inferscope::tuner
