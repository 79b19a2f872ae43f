// The answer as data (core/engine/tune_answer.h): the race decides "final" only where its fresh
// processes support it, says why in codes, and the codes travel through the session file; races
// saved before the answer had its own fields get one from their other fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>

#include "core/engine/tune_answer.h"
#include "core/session/session_file.h"
#include "core/session/tune_json.h"
#include "core/tuner/race.h"
#include "core/tuner/race_record.h"
#include "fake_measurer.h"
#include "text/answer_text.h"

namespace inferscope::tuner {
namespace {

using testing::encoderSpace;
using testing::FakeMeasurer;
using testing::FakeProfile;
using testing::reasonOf;
using testing::reasonsText;

FakeProfile at(double median_ms, double process_sd = 0) {
  FakeProfile p;
  p.median_ms = median_ms;
  p.rel_noise = 0.01;
  p.process_sd = process_sd;
  return p;
}

RaceOptions generous() {
  RaceOptions o;
  o.budget_ms = 300000;
  return o;
}

bool hasCode(const std::vector<TuneReason>& list, const std::string& code) {
  return std::any_of(list.begin(), list.end(), [&](const TuneReason& r) { return r.code == code; });
}

// Every candidate measured and the winner confirmed in fresh processes, but those processes
// moved by a third between them: the interval reaches far beyond ±10 %, and the answer is
// provisional, saying why, not "final" (a loaded CPU printed "final" beside ±70 %).
TEST(TuneAnswer, AWideIntervalAcrossProcessesIsNotFinal) {
  FakeMeasurer m;
  m.fallback_profile = at(6.0, 0.3);
  m.profiles["bf16+graph"] = at(2.0, 0.3);
  Race race(m, generous());
  const auto r = race.run(encoderSpace());
  ASSERT_TRUE(r.winner);
  const auto* w = r.find(*r.winner);
  ASSERT_TRUE(w && w->forks && w->forks->forks >= 2) << reasonsText(r.reasons);
  const double reach = std::max(w->forks->ci_high_ms - w->forks->median_ms,
                                w->forks->median_ms - w->forks->ci_low_ms) /
                       w->forks->median_ms;
  ASSERT_GT(reach, kWideIntervalShare) << "the test needs a wide interval";
  ASSERT_EQ(r.unmeasured.count, 0);
  EXPECT_EQ(r.verdict_state, VerdictState::Provisional) << reasonsText(r.reasons);
  const auto a = answerOf(raceRecord(r, "encoder", "cpu"));
  EXPECT_EQ(a.state, "provisional");
  EXPECT_TRUE(a.wide);
  EXPECT_EQ(a.interval_kind, "across-processes");
  EXPECT_GE(a.processes, 2);
  ASSERT_TRUE(hasCode(a.why, "interval-wide")) << reasonsText(r.reasons);
  const auto it = std::find_if(a.why.begin(), a.why.end(),
                               [](const TuneReason& x) { return x.code == "interval-wide"; });
  EXPECT_EQ(it->value("limit_pct"), "10");
  EXPECT_EQ(std::stoi(it->value("half_width_pct")), static_cast<int>(std::lround(100 * reach)));
}

// The same race with processes that agree: final, no reason, a narrow interval of its kind.
TEST(TuneAnswer, AConfirmedNarrowAnswerIsFinalWithNoReason) {
  FakeMeasurer m;
  m.fallback_profile = at(6.0);
  m.profiles["bf16+graph"] = at(2.0);
  Race race(m, generous());
  const auto r = race.run(encoderSpace());
  ASSERT_EQ(r.verdict_state, VerdictState::Final) << reasonsText(r.reasons);
  const auto a = answerOf(raceRecord(r, "encoder", "cpu"));
  EXPECT_EQ(a.state, "final");
  EXPECT_EQ(a.winner, "bf16+graph");
  EXPECT_TRUE(a.why.empty()) << a.why.front().code;
  EXPECT_FALSE(a.wide);
  EXPECT_FALSE(a.unstable);
  EXPECT_EQ(a.interval_kind, "across-processes");
  EXPECT_NEAR(a.median_ms, 2.0, 0.1);
  EXPECT_LE(a.low_ms, a.median_ms);
  EXPECT_GE(a.high_ms, a.median_ms);
  // The encoder space has no torch.compile candidate: said, never a ratio.
  EXPECT_EQ(a.peer_missing, "no-candidate");
  EXPECT_EQ(a.peer_ratio, 0);
}

// A budget that leaves candidates out: the reason carries the count, the families and the budget
// that would reach them, as values; the codes survive the session's JSON.
TEST(TuneAnswer, UnmeasuredCandidatesAreAReasonWithValuesThatSurviveTheFile) {
  FakeMeasurer m;
  m.fallback_profile = at(6.0);
  m.fallback_profile.setup_ms = 2500;
  m.session_overhead_ms = 4000;
  m.profiles["amp-bf16+graph"] = at(3.5);
  RaceOptions o;
  o.budget_ms = 30000;
  Race race(m, o);
  const auto r = race.run(encoderSpace());
  ASSERT_TRUE(r.winner);
  ASSERT_GT(r.unmeasured.count, 0) << "the test needs candidates left out";
  const auto record = raceRecord(r, "encoder", "cpu");
  const auto read = tuneRecordFromJson(tuneRecordToJson(record), "test");
  EXPECT_EQ(read.reasons, record.reasons);
  EXPECT_TRUE(differences(read, record).empty());
  const auto a = answerOf(read);
  EXPECT_EQ(a.state, "provisional");
  const auto it = std::find_if(a.why.begin(), a.why.end(),
                               [](const TuneReason& x) { return x.code == "unmeasured"; });
  ASSERT_NE(it, a.why.end());
  EXPECT_EQ(it->value("count"), std::to_string(r.unmeasured.count));
  EXPECT_EQ(it->value("total"), std::to_string(r.candidates.size()));
  EXPECT_EQ(it->value("budget_s"),
            std::to_string(static_cast<int>(std::lround(r.unmeasured.budget_to_reach_ms / 1000))));
  EXPECT_EQ(a.missing, r.unmeasured.count);
  EXPECT_EQ(a.missing_precisions, r.unmeasured.precisions);
}

// A race saved before the answer had its fields: no reasons in the file; the answer reads its
// state from the old fields (an unconfirmed winner, candidates not measured).
TEST(TuneAnswer, AnOldRaceWithoutReasonsGetsThemFromItsFields) {
  TuneRecord old;
  old.verdict_state = "provisional";
  old.winner = "fp16+graph";
  TuneCandidateRecord w;
  w.key = "fp16+graph";
  w.state = "winner";
  w.median_ms = 1.2;
  w.low_ms = 1.1;
  w.high_ms = 1.3;
  old.candidates.push_back(w);
  TuneCandidateRecord tc;
  tc.key = "fp16+tc";
  tc.state = "not-measured";
  old.candidates.push_back(tc);
  old.not_measured = 1;
  const auto a = answerOf(old);
  EXPECT_EQ(a.interval_kind, "in-process");
  EXPECT_TRUE(hasCode(a.why, "not-confirmed"));
  EXPECT_TRUE(hasCode(a.why, "unmeasured"));
  EXPECT_EQ(a.peer_missing, "unreached");
  EXPECT_NEAR(a.median_ms, 1.2, 1e-12);
}

// Every tuned session kept in bench/gpu/results opens, and its answer names the race's winner
// with a figure of a stated kind (sessions saved before the answer had its own fields).
TEST(TuneAnswer, EveryTunedSessionInTheResultsHasAnAnswer) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(INFERSCOPE_SOURCE_DIR) / "bench/gpu/results";
  int races = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const auto name = entry.path().filename().string();
    if (name.size() < 16 || name.substr(name.size() - 16) != ".inferscope.json") continue;
    const auto session = loadSession(entry.path().string());
    for (const auto& race : session.races) {
      ++races;
      const auto a = answerOf(race, &session);
      EXPECT_EQ(a.state, race.verdict_state) << entry.path();
      EXPECT_EQ(a.winner, race.winner) << entry.path();
      if (race.winner.empty()) continue;
      EXPECT_TRUE(a.interval_kind == "across-processes" || a.interval_kind == "in-process")
          << entry.path();
      EXPECT_GT(a.median_ms, 0) << entry.path();
      if (a.state == "provisional") {
        EXPECT_FALSE(a.why.empty()) << entry.path();
      }
      EXPECT_EQ(raceAnswerKey(session), race.winner) << entry.path();
    }
  }
  EXPECT_GE(races, 20);
}

// Races saved before their reasons were codes (every tuned session in bench/gpu/results and the
// CPU fixture): each candidate's English reason and each pruned config's reads back as the message
// core wrote it as, so that a Japanese reader gets it in Japanese; nothing is left as English.
TEST(TuneAnswer, OldRacesReasonSentencesReadBackAsTheirCodes) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files{fs::path(INFERSCOPE_SOURCE_DIR) /
                              "tests/fixtures/cpu_resnet18_tuned.inferscope.json"};
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(INFERSCOPE_SOURCE_DIR) / "bench/gpu/results")) {
    const auto name = entry.path().filename().string();
    if (name.size() >= 16 && name.substr(name.size() - 16) == ".inferscope.json")
      files.push_back(entry.path());
  }
  int reasons = 0, pruned = 0;
  std::set<std::string> codes;
  for (const auto& path : files) {
    const auto session = loadSession(path.string());
    for (const auto& race : session.races) {
      for (const auto& c : race.candidates) {
        if (c.reason.empty() || !c.reason_code.code.empty()) continue;
        ++reasons;
        const auto read = text::candidateReasonOfSentence(c.reason);
        ASSERT_TRUE(read) << path << " " << c.key << ": " << c.reason;
        codes.insert(read->code);
        // The message it reads as says, in English, what the race said.
        EXPECT_EQ(text::candidateReasonText(*read, "", text::Lang::En), c.reason) << path;
        EXPECT_NE(text::candidateReasonText({}, c.reason, text::Lang::Ja), c.reason) << c.reason;
      }
      for (const auto& p : race.pruned) {
        ++pruned;
        EXPECT_TRUE(text::matchMessage("prune.", p.reason))
            << path << " " << p.key << ": " << p.reason;
        EXPECT_NE(text::prunedReasonText(p.reason, text::Lang::Ja), p.reason) << p.reason;
      }
    }
  }
  EXPECT_GE(reasons, 1000);
  EXPECT_GE(pruned, 1000);
  // The shapes the old races hold, each read as its own code.
  for (const char* code : {"still-compiling", "budget-out", "slower-contended", "slower",
                           "not-finalist.overlap", "winner", "tied", "finalist-slower",
                           "late-unconfirmed", "late-slower", "fallback", "failed"})
    EXPECT_TRUE(codes.count(code)) << code;
  // A remembered reason keeps when it was measured; a level across processes its count.
  const auto remembered = text::candidateReasonOfSentence(
      "remembered: slower: 10.28 ms [10.22, 10.39] vs the leader bf16+cl+tc-ro 3.079 ms [3.07, "
      "3.089] (beyond a 10 % margin: a compile shared the machine) (measured 0 h ago, run memory "
      "/tmp/m.json)");
  ASSERT_TRUE(remembered);
  EXPECT_EQ(remembered->code, "slower-contended");
  EXPECT_EQ(remembered->value("leader"), "bf16+cl+tc-ro");
  EXPECT_EQ(remembered->value("margin_pct"), "10");
  EXPECT_EQ(remembered->value("remembered"), "measured 0 h ago, run memory /tmp/m.json");
  const auto winner = text::candidateReasonOfSentence(
      "fastest safe config across 3 fresh processes: 0.7556 ms [0.75, 0.76]");
  ASSERT_TRUE(winner);
  EXPECT_EQ(winner->code, "winner");
  EXPECT_EQ(winner->value("processes"), "3");
  EXPECT_EQ(winner->value("level"), "0.7556 ms [0.75, 0.76]");
  // A sentence of no shape core wrote stays data.
  EXPECT_FALSE(text::candidateReasonOfSentence("the moon was in the wrong phase"));
  EXPECT_EQ(text::candidateReasonText({}, "the moon was in the wrong phase", text::Lang::Ja),
            "the moon was in the wrong phase");
}

// Every reason the search space gives today is one of the messages a reader renders: a pruned
// config's sentence in a file this version writes reads back in Japanese too.
TEST(TuneAnswer, EveryPruneReasonOfTheSpaceIsAMessage) {
  std::vector<SpaceContext> contexts;
  SpaceContext cpu;
  cpu.inputs = {InputSpec::parse("1x3x224x224")};
  contexts.push_back(cpu);
  SpaceContext gpu = cpu;
  gpu.caps.kind = DeviceKind::Cuda;
  gpu.caps.cc_major = 7, gpu.caps.cc_minor = 5;  // Turing: no BF16, no TF32
  gpu.caps.has_cudnn = true;
  contexts.push_back(gpu);
  SpaceContext hopper = gpu;
  hopper.caps.cc_major = 9, hopper.caps.cc_minor = 0;
  hopper.aot_inductor_available = true;
  for (auto source : {ModelSource::Zoo, ModelSource::TorchScript, ModelSource::AotInductor,
                      ModelSource::ExportedProgram, ModelSource::PythonEntry}) {
    auto c = hopper;
    c.source = source;
    contexts.push_back(c);
  }
  auto varying = hopper;
  varying.static_shapes = false;
  varying.inputs = {InputSpec::parse("1x128:int64")};
  contexts.push_back(varying);
  std::set<std::string> ids;
  for (const auto& context : contexts) {
    const SearchSpace space(context);
    for (const auto& p : space.pruned()) {
      const auto m = text::matchMessage("prune.", p.reason);
      ASSERT_TRUE(m) << p.config.key() << ": " << p.reason;
      ids.insert(m->id);
      EXPECT_EQ(text::message(m->id, text::Lang::En, m->values), p.reason);
    }
  }
  EXPECT_GE(ids.size(), 15u);
}

}  // namespace
}  // namespace inferscope::tuner
