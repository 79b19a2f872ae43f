// What a tune leaves and says, from a race over the tuner's fake measurer: the NDJSON events
// (TuneEventWriter) that the saved race must equal field by field, the compile events sent only
// on a change, and the tuned session (tunedSession: race order, finalists' forked runs, the
// shard's reference first) with the answer's torch.compile comparison.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/engine/tune_answer.h"
#include "core/runner/tune_event_writer.h"
#include "core/runner/tuned_session.h"
#include "core/session/session_file.h"
#include "core/session/tune_json.h"
#include "core/tuner/race.h"
#include "core/tuner/race_record.h"
#include "core/tuner/tune_event.h"
#include "tests/core/tuner/fake_measurer.h"

namespace inferscope::runner {
namespace {

using namespace inferscope::tuner;  // NOLINT(google-build-using-namespace): the race's vocabulary
using tuner::testing::FakeMeasurer;
using tuner::testing::FakeProfile;

// Every line written to a temporary stream, read back.
std::vector<std::string> readLines(std::FILE* stream) {
  std::rewind(stream);
  std::vector<std::string> lines;
  std::string line;
  for (int ch = std::fgetc(stream); ch != EOF; ch = std::fgetc(stream)) {
    if (ch != '\n') {
      line += static_cast<char>(ch);
      continue;
    }
    lines.push_back(line);
    line.clear();
  }
  return lines;
}

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
  TuneEventWriter reporter(stream, {});
  RaceOptions o;
  o.budget_ms = 300000;
  reporter.start("encoder (32x128:int64)", "NVIDIA H200", o.budget_ms, o.accuracy.describe());
  Race race(m, o, &reporter);
  LiveRun run;
  run.result = race.run(encoderSpace());
  // The winner's place under the roofline, as runTuning adds it after the race.
  run.result.roofline =
      "Roofline: at 41 % of the measured BF16 matmul ceiling (328 of 800 TFLOP/s): compute-bound";
  reporter.finish(run.result, "/tmp/tuned.inferscope.json");
  for (const auto& line : readLines(stream)) {
    if (auto e = parseTuneEvent(line)) run.events.push_back(*e);
  }
  std::fclose(stream);
  return run;
}

TEST(TuneEventWriter, TheSavedRaceEqualsTheLiveEventsFieldByField) {
  const auto live = runWithEvents();
  ASSERT_TRUE(live.result.winner) << toString(live.result.verdict_state);
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
  EXPECT_EQ(saved.reasons, live.result.reasons);
  EXPECT_EQ(saved.verdict_state, "final");
  EXPECT_EQ(saved.roofline, live.result.roofline);
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
TEST(TuneEventWriter, ASavedRaceReplaysAsTheEventsThatDrewIt) {
  const auto live = runWithEvents();
  const auto record = raceRecord(live.result, "encoder", "NVIDIA H200");
  const auto replayed = foldTuneEvents(raceEvents(record));
  EXPECT_TRUE(differences(record, replayed).empty())
      << ::testing::PrintToString(differences(record, replayed));
}

TEST(TuneEventWriter, CompileJobsAreReportedWhenAStateChangesOnly) {
  std::vector<CompileStatus> jobs(1);
  jobs[0].key = "bf16+aoti";
  jobs[0].state = CompileStatus::State::Running;
  jobs[0].package_path = "/cache/a.pt2";
  std::FILE* stream = std::tmpfile();
  TuneEventWriter writer(stream, [&jobs] { return jobs; });
  writer.onTime(100, 60000);
  jobs[0].elapsed_ms = 5000;  // time alone is no news
  writer.onTime(200, 60000);
  jobs[0].state = CompileStatus::State::Done;
  writer.onTime(300, 60000);
  std::vector<std::string> compile_lines;
  int time_lines = 0;
  for (const auto& line : readLines(stream)) {
    if (line.find("\"tune_compile\"") != std::string::npos) compile_lines.push_back(line);
    if (line.find("\"tune_time\"") != std::string::npos) ++time_lines;
  }
  std::fclose(stream);
  EXPECT_EQ(time_lines, 3);
  ASSERT_EQ(compile_lines.size(), 2u);
  EXPECT_NE(compile_lines[0].find("\"bf16+aoti\""), std::string::npos) << compile_lines[0];
  EXPECT_NE(compile_lines[1].find(toString(CompileStatus::State::Done)), std::string::npos)
      << compile_lines[1];
}

// The GUI's in-process tune takes the lines from a sink instead of a file: the same lines, each
// in the envelope, one call per event.
TEST(TuneEventWriter, ASinkReceivesTheLinesAFileWould) {
  std::FILE* stream = std::tmpfile();
  std::vector<std::string> sunk;
  TuneEventWriter to_file(stream, {});
  TuneEventWriter to_sink([&sunk](const std::string& line) { sunk.push_back(line); }, {});
  TuneResult result;
  result.winner = OptimizationConfig::parse("fp16");
  for (TuneEventWriter* w : {&to_file, &to_sink}) {
    w->start("resnet18 (1x3x224x224:float32)", "CPU", 30000, "auto");
    w->onConfigStart(0, 1, OptimizationConfig::parse("fp16"));
    w->onTime(1000, 30000);
    w->finish(result, "/tmp/s.inferscope.json");
  }
  const auto lines = readLines(stream);
  std::fclose(stream);
  EXPECT_EQ(sunk, lines);
  ASSERT_EQ(sunk.size(), 4u);
  for (const auto& line : sunk) {
    EXPECT_EQ(line.find('\n'), std::string::npos);
    EXPECT_NE(line.find("\"protocol\":1"), std::string::npos) << line;
  }
  const auto done = parseTuneEvent(sunk.back());
  ASSERT_TRUE(done);
  EXPECT_EQ(done->type, "tune_done");
  EXPECT_EQ(done->winner, "fp16");
  EXPECT_EQ(done->session, "/tmp/s.inferscope.json");
  // The answer travels as fields and reason codes: no paragraph of English is sent.
  EXPECT_EQ(sunk.back().find("\"verdict\":"), std::string::npos) << sunk.back();
  EXPECT_TRUE(done->verdict.empty());
}

// The session a tune leaves: race order, the finalists' forked runs in place of their screening
// runs, the race saved with it.
TEST(TunedSession, HoldsEveryMeasuredCandidateInRaceOrderWithTheFinalistsForks) {
  const auto live = runWithEvents();
  ASSERT_TRUE(live.result.winner);
  SessionResult header;
  header.device.name = "NVIDIA H200";
  header.configs.push_back(ConfigResult{});  // a header's own configs are not the tune's
  const auto s = tunedSession(header, live.result, "encoder", "NVIDIA H200");
  EXPECT_EQ(s.device.name, "NVIDIA H200");
  ASSERT_FALSE(s.configs.empty());
  ASSERT_EQ(s.request.plan.size(), s.configs.size());
  std::vector<std::string> race_order;
  for (const auto& c : live.result.candidates) race_order.push_back(c.config.key());
  std::size_t at = 0;
  for (std::size_t i = 0; i < s.configs.size(); ++i) {
    const auto& c = s.configs[i];
    EXPECT_EQ(c.index, static_cast<int>(i));
    EXPECT_EQ(s.request.plan[i], c.config);
    // In race order: each config's candidate (its own key, or the one it fell back from) comes
    // after the previous one's.
    const auto found = std::find_if(
        race_order.begin() + static_cast<std::ptrdiff_t>(at), race_order.end(),
        [&](const std::string& key) { return key == c.config.key() || key == c.fallback_from; });
    ASSERT_NE(found, race_order.end()) << c.config.key();
    at = static_cast<std::size_t>(found - race_order.begin()) + 1;
  }
  const auto winner = std::find_if(s.configs.begin(), s.configs.end(), [&](const ConfigResult& c) {
    return c.config == *live.result.winner;
  });
  ASSERT_NE(winner, s.configs.end());
  EXPECT_TRUE(winner->fork_stats.has_value());  // the finals' run, not the screening one
  ASSERT_EQ(s.races.size(), 1u);
  EXPECT_EQ(s.races[0].winner, live.result.winner->key());
  EXPECT_EQ(s.races[0].model, "encoder");
  EXPECT_FALSE(s.shard.has_value());
}

TEST(TunedSession, AShardsSessionStartsWithTheReferenceAndSaysWhichShard) {
  auto live = runWithEvents();
  // Put the reference last, as a race may have ordered it.
  std::stable_partition(live.result.candidates.begin(), live.result.candidates.end(),
                        [](const CandidateOutcome& c) { return !isReferenceConfig(c.config); });
  ConfigResult reference;
  reference.config = OptimizationConfig::parse("fp32");
  live.result.screening.push_back(reference);
  CandidateOutcome ref_candidate;
  ref_candidate.config = reference.config;
  live.result.candidates.push_back(ref_candidate);
  const auto s =
      tunedSession(SessionResult{}, live.result, "encoder", "NVIDIA H200", ShardSpec{1, 2});
  ASSERT_FALSE(s.configs.empty());
  EXPECT_TRUE(isReferenceConfig(s.configs.front().config)) << s.configs.front().config.key();
  EXPECT_EQ(s.configs.front().index, 0);
  EXPECT_EQ(s.request.plan.front(), s.configs.front().config);
  ASSERT_TRUE(s.shard.has_value());
  EXPECT_EQ(s.shard->toString(), "1/2");
  EXPECT_EQ(s.races.front().shard, "1/2");
}

CandidateOutcome candidate(const std::string& key, double median_ms, CandidateState state) {
  CandidateOutcome c;
  c.config = OptimizationConfig::parse(key);
  c.estimate.median_ms = median_ms;
  c.state = state;
  return c;
}

// The answer of a race's result, as the CLI and the GUI render it (core/engine/tune_answer.h):
// its ratio to torch.compile is taken from the candidates, like for like.
TuneAnswer answered(const std::string& winner, std::vector<CandidateOutcome> candidates) {
  TuneResult r;
  r.winner = OptimizationConfig::parse(winner);
  r.candidates = std::move(candidates);
  return answerOf(raceRecord(r, "", ""));
}

TEST(TunedSession, TheAnswerComparesItselfWithTheFastestTorchCompile) {
  const auto a = answered("bf16+aoti",
                          {candidate("bf16+aoti", 1.2, CandidateState::Winner),
                           candidate("bf16+tc", 2.0, CandidateState::Eliminated),
                           candidate("bf16+tc-max", 1.6, CandidateState::Unsafe),
                           candidate("fp16+tc", 0.5, CandidateState::Failed)});  // failed: no peer
  EXPECT_EQ(a.peer_key, "bf16+tc-max");
  EXPECT_DOUBLE_EQ(a.peer_ratio, 1.2 / 1.6);
  EXPECT_EQ(a.peer_basis, "in-process");
  EXPECT_TRUE(a.peer_unsafe);
  // A winner confirmed in fresh processes against a torch.compile that had none: the race's own
  // figures of both, not the fresh processes' against the race's.
  std::vector<CandidateOutcome> forked{candidate("bf16+aoti-graph", 0.788, CandidateState::Winner),
                                       candidate("fp16+tc-ro", 0.931, CandidateState::Eliminated)};
  forked[0].forks = ForkStats{};
  forked[0].forks->median_ms = 0.7556;
  const auto one = answered("bf16+aoti-graph", forked);
  EXPECT_EQ(one.peer_basis, "in-process");
  EXPECT_DOUBLE_EQ(one.winner_peer_ms, 0.788);
  EXPECT_DOUBLE_EQ(one.peer_ms, 0.931);
  EXPECT_FALSE(one.peer_unsafe);
  forked[1].forks = ForkStats{};
  forked[1].forks->median_ms = 0.9;
  const auto both = answered("bf16+aoti-graph", forked);
  EXPECT_EQ(both.peer_basis, "across-processes");
  EXPECT_DOUBLE_EQ(both.peer_ratio, 0.7556 / 0.9);
  const auto own = answered("bf16+tc", {candidate("bf16+tc", 2.0, CandidateState::Winner)});
  EXPECT_EQ(own.peer_missing, "is-winner");
  EXPECT_EQ(own.peer_ratio, 0);
  // No torch.compile among the candidates (a TorchScript file).
  const auto none = answered("fp16", {candidate("fp16", 1.0, CandidateState::Winner)});
  EXPECT_EQ(none.peer_missing, "no-candidate");
}

// torch.compile was a candidate and has no figure: the answer says it was not compared with it,
// and why (MobileNetV3-L's warm 60 s run on the H200 reached none, 2026-12-04).
TEST(TunedSession, TheAnswerSaysWhenTorchCompileHasNoFigure) {
  const auto unreached =
      answered("fp16+cl+aoti-graph", {candidate("fp16+cl+aoti-graph", 0.8, CandidateState::Winner),
                                      candidate("fp16+cl+tc-ro", 0, CandidateState::NotMeasured),
                                      candidate("fp16+cl+tc", 0, CandidateState::NotMeasured),
                                      candidate("bf16+tc", 0, CandidateState::Failed)});
  EXPECT_EQ(unreached.peer_missing, "unreached");
  EXPECT_EQ(unreached.peer_ratio, 0);
  auto failed = candidate("bf16+tc", 0, CandidateState::Failed);
  failed.reason = "Dynamo: data-dependent control flow";
  EXPECT_EQ(answered("bf16", {candidate("bf16", 2.0, CandidateState::Winner), failed}).peer_missing,
            "failed");
}

}  // namespace
}  // namespace inferscope::runner
