// Run memory and resume: a race that starts from an earlier one (core/tuner/race_prior.h) measures
// the remembered leader first, skips what failed under the same versions, holds its answer to the
// last confirmed answer, and continues a budget-ended race with only what was missing plus the
// finals; the memory file (core/tuner/run_memory.h) is ignored with a warning when it is corrupt,
// foreign or of another key.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/tuner/race.h"
#include "core/tuner/race_prior.h"
#include "core/tuner/race_record.h"
#include "core/tuner/run_memory.h"
#include "fake_measurer.h"

namespace inferscope::tuner {
namespace {

namespace fs = std::filesystem;
using testing::encoderSpace;
using testing::FakeMeasurer;
using testing::FakeProfile;
using testing::reasonOf;
using testing::reasonsText;

constexpr double kDayS = 86400;
constexpr double kNowS = 1.8e9;  // the warm run's clock (unix seconds)

FakeProfile at(double median_ms) {
  FakeProfile p;
  p.median_ms = median_ms;
  p.rel_noise = 0.01;
  return p;
}

MemoryKey key() {
  return {"sha256:abc", "32x128:int64", "NVIDIA H200 cc9.0 driver 580",
          "inferscope 0.1 torch 2.11"};
}

// The encoder's GPU: the candidates 5 ms, one CUDA-graph config fast (1.5 ms) but late in the
// race order, one that fails.
void encoderGpu(FakeMeasurer& m) {
  m.fallback_profile = at(5.0);
  m.profiles["fp16+graph"] = at(1.5);
  m.profiles["amp-fp16+graph"] = at(5.0);
  m.profiles["amp-fp16+graph"].status = ConfigStatus::Error;
  m.profiles["amp-fp16+graph"].message = "CUDA graph capture failed";
}

RaceOptions generous() {
  RaceOptions o;
  o.budget_ms = 300000;
  return o;
}

// The memory a generous cold run leaves, written `days_old` days before kNowS.
RunMemory coldMemory(double days_old, TuneResult* cold_result = nullptr) {
  FakeMeasurer m;
  encoderGpu(m);
  Race race(m, generous());
  const auto r = race.run(encoderSpace());
  if (cold_result) *cold_result = r;
  return mergeRun(std::nullopt, key(), raceRecord(r, "encoder", "H200"), kNowS - days_old * kDayS);
}

const CandidateOutcome& outcome(const TuneResult& r, const char* key) {
  const auto* o = r.find(OptimizationConfig::parse(key));
  if (!o) throw std::runtime_error(std::string("no candidate ") + key);
  return *o;
}

double levelMs(const CandidateOutcome& c) {
  return c.forks && c.forks->forks >= 2 ? c.forks->median_ms : c.estimate.median_ms;
}

TEST(RunMemory, ColdRunConfirmsTheFastConfigAndRemembersIt) {
  TuneResult cold;
  const auto memory = coldMemory(0, &cold);
  ASSERT_TRUE(cold.winner);
  ASSERT_EQ(cold.winner->key(), "fp16+graph");
  ASSERT_TRUE(memory.confirmed);
  EXPECT_EQ(memory.confirmed->key, "fp16+graph");
  EXPECT_GE(memory.confirmed->processes, 2);
  EXPECT_NEAR(memory.confirmed->median_ms, 1.5, 0.1);
  EXPECT_EQ(memory.race.find("amp-fp16+graph")->state, "failed");
}

// A warm run with a short budget: the remembered leader is measured first and wins, confirmed;
// the same budget cold answers no better (it reaches the leader late, if at all).
TEST(RunMemory, AWarmRunMeasuresTheRememberedLeaderFirstAndAnswersAtLeastAsWell) {
  const auto memory = coldMemory(1);
  const auto prior = priorFromMemory(memory, kNowS, "run memory test.json");
  ASSERT_FALSE(prior.first.empty());
  EXPECT_EQ(prior.first.front(), "fp16+graph");
  RaceOptions short_budget;
  short_budget.budget_ms = 12000;

  FakeMeasurer cold_m;
  encoderGpu(cold_m);
  Race cold_race(cold_m, short_budget);
  const auto cold = cold_race.run(encoderSpace());

  FakeMeasurer warm_m;
  encoderGpu(warm_m);
  Race warm_race(warm_m, short_budget);
  const auto warm = warm_race.run(encoderSpace(), &prior);
  ASSERT_FALSE(warm_m.measure_order.empty());
  EXPECT_EQ(warm_m.measure_order.front(), "fp16+graph");
  EXPECT_EQ(cold_m.measure_order.front(), "bf16+graph");  // the cold run starts from the guide
  ASSERT_TRUE(warm.winner);
  EXPECT_EQ(warm.winner->key(), "fp16+graph");
  EXPECT_GE(warm_m.forks_measured["fp16+graph"], 2) << reasonsText(warm.reasons);
  const double warm_ms = levelMs(outcome(warm, warm.winner->key().c_str()));
  if (cold.winner) {
    const double cold_ms = levelMs(outcome(cold, cold.winner->key().c_str()));
    EXPECT_LE(warm_ms, cold_ms * 1.02) << reasonsText(cold.reasons) << "\n"
                                       << reasonsText(warm.reasons);
  }
  EXPECT_LE(warm.elapsed_ms, short_budget.budget_ms);
}

ForkStats forksAt(int forks, double median_ms, double log_sd, double spread) {
  ForkStats f;
  f.forks = forks;
  f.median_ms = median_ms;
  f.log_sd = log_sd;
  f.spread = spread;
  f.ci_low_ms = median_ms * (1 - 2 * log_sd);
  f.ci_high_ms = median_ms * (1 + 2 * log_sd);
  return f;
}

// This run's processes of the confirmed answer and the ones that confirmed it make one level,
// weighted by processes, with both groups' spread and the gap between them.
TEST(RunMemory, TheConfirmedAnswersProcessesArePooledWithThisRunsWhereItHasNotMoved) {
  const auto now = forksAt(1, 2.00, 0.0, 0.0);
  const auto then = forksAt(2, 2.02, 0.004, 0.006);
  const auto pooled = pooledForks(now, then, 0.02);
  ASSERT_TRUE(pooled);
  EXPECT_EQ(pooled->forks, 3);
  EXPECT_NEAR(pooled->median_ms, std::exp((std::log(2.0) + 2 * std::log(2.02)) / 3), 1e-9);
  EXPECT_GT(pooled->log_sd, 0.004);  // the gap between the groups counts
  EXPECT_LT(pooled->ci_low_ms, pooled->median_ms);
  EXPECT_GT(pooled->ci_high_ms, pooled->median_ms);
  EXPECT_TRUE(pooled->stable);
  EXPECT_EQ(pooled->outcome, ForkAgreement::Stable);
  EXPECT_EQ(pooled->remembered_forks, 2);  // 1 of this run, 2 remembered
  // Moved: 10 % apart and neither interval reaches the other's level.
  EXPECT_FALSE(pooledForks(forksAt(2, 2.2, 0.002, 0.003), then, 0.02));
  // No process on either side: nothing to pool.
  EXPECT_FALSE(pooledForks(ForkStats{}, then, 0.02));
}

// In a warm run the remembered answer is not screened out on this process's level (it was
// decided across processes): it ran 3 % slower here than a rival, goes to the finals, and there
// this run's processes join the remembered ones.
TEST(RunMemory, TheRememberedAnswerIsForkedAgainWhateverItsRankInThisProcess) {
  const auto prior = priorFromMemory(coldMemory(1), kNowS, "run memory test.json");
  ASSERT_EQ(prior.answerKey(), "fp16+graph");
  ASSERT_TRUE(prior.confirmed_forks);
  FakeMeasurer m;
  encoderGpu(m);
  m.fallback_profile = at(8.0);
  m.profiles["fp16+graph"] = at(1.5);
  m.profiles["bf16+graph"] = at(1.45);  // faster here, slower across processes
  m.profiles["bf16+graph"].fresh_factor = 1.7 / 1.45;
  m.profiles["fp16"] = at(1.42);
  m.profiles["fp16"].fresh_factor = 1.8 / 1.42;
  m.profiles["bf16"] = at(1.44);
  m.profiles["bf16"].fresh_factor = 1.9 / 1.44;
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  EXPECT_GE(m.forks_measured["fp16+graph"], 2) << reasonsText(r.reasons);
  ASSERT_TRUE(r.winner);
  EXPECT_EQ(r.winner->key(), "fp16+graph") << reasonsText(r.reasons);
  const auto& w = outcome(r, "fp16+graph");
  ASSERT_TRUE(w.forks);
  EXPECT_EQ(w.forks->forks, m.forks_measured["fp16+graph"] + prior.confirmed_forks->forks)
      << reasonsText(r.reasons);
}

TEST(RunMemory, RememberedFailuresAreNotScreenedAgain) {
  const auto prior = priorFromMemory(coldMemory(2), kNowS, "run memory test.json");
  FakeMeasurer m;
  encoderGpu(m);
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  EXPECT_EQ(std::count(m.measure_order.begin(), m.measure_order.end(), "amp-fp16+graph"), 0);
  const auto& failed = outcome(r, "amp-fp16+graph");
  EXPECT_EQ(failed.state, CandidateState::Failed);
  EXPECT_EQ(failed.reason.rfind("remembered:", 0), 0u) << failed.reason;
  EXPECT_NE(failed.reason.find("CUDA graph capture failed"), std::string::npos) << failed.reason;
  EXPECT_NE(failed.reason.find("2 days ago"), std::string::npos) << failed.reason;
  ASSERT_TRUE(r.winner);
  EXPECT_EQ(r.winner->key(), "fp16+graph");
  // The same answer as the memory's: nothing to explain.
  EXPECT_EQ(reasonOf(r.reasons, "prior-not-kept"), nullptr) << reasonsText(r.reasons);
  EXPECT_EQ(reasonOf(r.reasons, "prior-kept"), nullptr) << reasonsText(r.reasons);
}

// Nothing is judged without the FP32 reference, and an out-of-memory failure may be the machine's
// state: both are screened again.
TEST(RunMemory, TheReferenceAndOutOfMemoryFailuresAreTriedAgain) {
  auto memory = coldMemory(1);
  for (auto& c : memory.race.candidates) {
    if (c.key == "fp32") {
      c.state = "failed";
      c.reason = "error: the forward hung in a worker";
    } else if (c.key == "tf32") {
      c.state = "failed";
      c.reason = "oom: CUDA out of memory";
    } else if (c.key == "amp-bf16") {
      c.state = "unsafe";
      c.reason = "top-1 agreement 91 % < 99 %";
    }
  }
  const auto prior = priorFromMemory(memory, kNowS, "run memory test.json");
  const auto skipped = [&](const char* key) {
    return std::any_of(prior.skip.begin(), prior.skip.end(),
                       [&](const PriorCandidate& p) { return p.key == key; });
  };
  EXPECT_FALSE(skipped("fp32"));
  EXPECT_FALSE(skipped("tf32"));
  EXPECT_TRUE(skipped("amp-bf16"));
  EXPECT_TRUE(skipped("amp-fp16+graph"));
}

// Older than kMemoryFreshDays: the memory orders the race, but its failures are screened again.
TEST(RunMemory, StaleMemoryOrdersTheRaceOnly) {
  const auto prior =
      priorFromMemory(coldMemory(kMemoryFreshDays + 1), kNowS, "run memory test.json");
  EXPECT_TRUE(prior.skip.empty());
  EXPECT_TRUE(prior.last.empty());
  FakeMeasurer m;
  encoderGpu(m);
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  EXPECT_EQ(m.measure_order.front(), "fp16+graph");
  EXPECT_EQ(std::count(m.measure_order.begin(), m.measure_order.end(), "amp-fp16+graph"), 1);
  const auto& failed = outcome(r, "amp-fp16+graph");
  EXPECT_EQ(failed.state, CandidateState::Failed);
  EXPECT_EQ(failed.reason.find("remembered"), std::string::npos) << failed.reason;
}

// The remembered answer runs slower now: the warm run answers with another config and says that
// the level moved, with both figures.
TEST(RunMemory, ALevelThatMovedIsSaidWithBothFigures) {
  const auto prior = priorFromMemory(coldMemory(1), kNowS, "run memory test.json");
  FakeMeasurer m;
  encoderGpu(m);
  m.profiles["fp16+graph"] = at(2.6);
  m.profiles["bf16+graph"] = at(2.0);
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  ASSERT_TRUE(r.winner);
  EXPECT_EQ(r.winner->key(), "bf16+graph");
  const auto* not_kept = reasonOf(r.reasons, "prior-not-kept");
  ASSERT_NE(not_kept, nullptr) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("key"), "fp16+graph");
  EXPECT_EQ(not_kept->value("prior_level").rfind("1.49", 0), 0u) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("cause"), "moved") << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("prior_median_ms").rfind("1.49", 0), 0u) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("level").rfind("2.6", 0), 0u) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("answer"), "bf16+graph");
}

// Slower now, but inside the interval it was confirmed with: not said to have moved.
TEST(RunMemory, ALevelInsideItsRememberedIntervalHasNotMoved) {
  auto memory = coldMemory(1);
  ASSERT_TRUE(memory.confirmed);
  memory.confirmed->high_ms = 3.0;  // a wide interval across its processes
  const auto prior = priorFromMemory(memory, kNowS, "run memory test.json");
  FakeMeasurer m;
  encoderGpu(m);
  m.profiles["fp16+graph"] = at(2.6);
  m.profiles["bf16+graph"] = at(2.0);
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  const auto* not_kept = reasonOf(r.reasons, "prior-not-kept");
  ASSERT_NE(not_kept, nullptr) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("cause"), "measured") << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("prior_level").rfind("1.49", 0), 0u) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("level").rfind("2.6", 0), 0u) << reasonsText(r.reasons);
}

TEST(RunMemory, AnAnswerThatCannotBeMeasuredAgainIsSaid) {
  const auto prior = priorFromMemory(coldMemory(1), kNowS, "run memory test.json");
  FakeMeasurer m;
  encoderGpu(m);
  m.profiles["fp16+graph"].status = ConfigStatus::OutOfMemory;
  m.profiles["fp16+graph"].message = "CUDA out of memory";
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  const auto* not_kept = reasonOf(r.reasons, "prior-not-kept");
  ASSERT_NE(not_kept, nullptr) << reasonsText(r.reasons);
  EXPECT_EQ(not_kept->value("key"), "fp16+graph");
  EXPECT_EQ(not_kept->value("cause"), "failed") << reasonsText(r.reasons);
}

// The next memory keeps the confirmed answer and the figures of what a run did not measure again.
TEST(RunMemory, MergeKeepsWhatTheLatestRunDidNotMeasure) {
  const auto first = coldMemory(3);
  TuneRecord warm = first.race;
  for (auto& c : warm.candidates) {
    if (c.key == "fp32") {
      c.state = "not-measured";
      c.median_ms = 0;
    }
  }
  warm.winner = "bf16+graph";  // not confirmed in this run
  const auto merged = mergeRun(first, key(), warm, kNowS);
  EXPECT_EQ(merged.race.find("fp32")->state, first.race.find("fp32")->state);
  EXPECT_DOUBLE_EQ(merged.measured_at_unix_s.at("fp32"), kNowS - 3 * kDayS);
  EXPECT_DOUBLE_EQ(merged.measured_at_unix_s.at("fp16+graph"), kNowS);
  ASSERT_TRUE(merged.confirmed);
  EXPECT_EQ(merged.confirmed->key, "fp16+graph");
  // Another key starts over.
  auto other = key();
  other.versions = "inferscope 0.1 torch 2.12";
  EXPECT_FALSE(mergeRun(first, other, warm, kNowS).confirmed);
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("inferscope-memory-test-" +
            std::to_string(::testing::UnitTest::GetInstance()->current_test_info()->line()));
    fs::remove_all(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

TEST(RunMemoryFile, RoundTripsAndIsIgnoredForAnotherVersion) {
  TempDir dir;
  const auto memory = coldMemory(0);
  const auto path = (dir.path / "memory" / key().fileName("enc/oder")).string();
  EXPECT_EQ(fs::path(path).filename().string().rfind("enc_oder-", 0), 0u) << path;
  saveRunMemory(memory, path);
  std::string warning;
  const auto loaded = loadRunMemory(path, key(), warning);
  ASSERT_TRUE(loaded) << warning;
  EXPECT_TRUE(warning.empty());
  EXPECT_TRUE(*loaded == memory) << fmt::format(
      "{}", fmt::join(differences(loaded->race, memory.race), ", "));
  auto other = key();
  other.versions = "inferscope 0.1 torch 2.12";
  EXPECT_FALSE(loadRunMemory(path, other, warning));
  EXPECT_NE(warning.find("another model, inputs, device or software version"), std::string::npos)
      << warning;
  // Another key is another file: a version change never finds this one.
  EXPECT_NE(other.fileName("encoder"), key().fileName("encoder"));
}

TEST(RunMemoryFile, ACorruptOrForeignFileIsIgnoredWithAWarning) {
  TempDir dir;
  fs::create_directories(dir.path);
  std::string warning;
  EXPECT_FALSE(loadRunMemory((dir.path / "none.json").string(), key(), warning));
  EXPECT_TRUE(warning.empty());
  for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
           {"truncated.json", runMemoryToJson(coldMemory(0)).substr(0, 200)},
           {"foreign.json", R"({"schema": 1, "configs": []})"},
           {"future.json", R"({"kind": "inferscope-run-memory", "format": 99})"},
           {"wrong-type.json",
            R"({"kind": "inferscope-run-memory", "format": 1, "key": 3, "race": {}})"}}) {
    const auto path = (dir.path / name).string();
    std::ofstream(path) << text;
    EXPECT_FALSE(loadRunMemory(path, key(), warning)) << name;
    EXPECT_NE(warning.find("run memory ignored"), std::string::npos) << name << ": " << warning;
    EXPECT_NE(warning.find(path), std::string::npos) << name << ": " << warning;
  }
}

// A budget-ended race continued with a larger budget: what it measured keeps its figures and is
// not screened again, what it did not reach is screened, and the finals run again.
TEST(Resume, ABudgetEndedRaceMeasuresOnlyWhatWasMissingPlusTheFinals) {
  RaceOptions short_budget;
  short_budget.budget_ms = 12000;
  FakeMeasurer first_m;  // every other config 50 ms: about 1.35 s to screen each
  encoderGpu(first_m);
  first_m.fallback_profile = at(50.0);
  Race first_race(first_m, short_budget);
  const auto first = first_race.run(encoderSpace());
  ASSERT_GT(first.unmeasured.count, 0) << reasonsText(first.reasons);
  std::vector<ConfigResult> configs = first.screening;
  for (const auto& f : first.finals) {
    const auto same = std::find_if(configs.begin(), configs.end(),
                                   [&](const ConfigResult& c) { return c.config == f.config; });
    if (same != configs.end()) *same = f;
  }
  const auto record = raceRecord(first, "encoder", "H200");
  const auto prior = priorFromSession(record, configs, "session test.inferscope.json");

  FakeMeasurer m;
  encoderGpu(m);
  m.fallback_profile = at(50.0);
  Race race(m, generous());
  const auto r = race.run(encoderSpace(), &prior);
  std::size_t kept_eliminated = 0;
  for (const auto& c : record.candidates) {
    const auto& now = outcome(r, c.key.c_str());
    if (c.state == "not-measured") {
      // Once; twice where it took the lead in its first preparation (its second, before it
      // eliminates anything: Race.ALeaderFromOnePreparationIsMeasuredAgainBeforeItEliminates).
      const auto times = std::count(m.measure_order.begin(), m.measure_order.end(), c.key);
      EXPECT_EQ(times, c.key == "fp16+graph" ? 2 : 1) << c.key;
      EXPECT_NE(now.state, CandidateState::NotMeasured) << c.key;
    } else if (c.state == "eliminated" || c.state == "failed") {
      EXPECT_EQ(std::count(m.measure_order.begin(), m.measure_order.end(), c.key), 0) << c.key;
      EXPECT_EQ(toString(now.state), c.state) << c.key;
      EXPECT_EQ(now.estimate.median_ms, c.median_ms) << c.key;
      ++kept_eliminated;
    }
  }
  EXPECT_GT(kept_eliminated, 0u);
  EXPECT_EQ(r.unmeasured.count, 0);
  ASSERT_TRUE(r.winner);
  EXPECT_EQ(r.winner->key(), "fp16+graph");
  EXPECT_GE(m.forks_measured["fp16+graph"], 2);
  EXPECT_EQ(r.verdict_state, VerdictState::Final) << reasonsText(r.reasons);
  // The continued session holds every measured candidate's run: the first run's and this one's.
  for (const auto& c : r.candidates) {
    if (c.state == CandidateState::NotMeasured) continue;
    EXPECT_TRUE(std::any_of(r.screening.begin(), r.screening.end(),
                            [&](const ConfigResult& s) { return s.config == c.config; }) ||
                std::any_of(r.finals.begin(), r.finals.end(),
                            [&](const ConfigResult& s) { return s.config == c.config; }))
        << c.config.key();
  }
}

}  // namespace
}  // namespace inferscope::tuner
