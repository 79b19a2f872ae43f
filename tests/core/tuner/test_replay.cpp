// The replay bench's parts: the corpus's reduction to one figure per config, the replay measurer's
// simulated clock and compile queue, and the race against a replayed GPU and the recorded corpus.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/common/error.h"
#include "core/tuner/race.h"
#include "core/tuner/replay_bench.h"
#include "core/tuner/replay_measurer.h"
#include "core/tuner/replay_profile.h"
#include "fake_measurer.h"

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// Two recorded runs of one model: a cold one (fp16's package compiled in 40 s; bf16's was still
// compiling at 30 s), and a warm one. fp32 is the slow reference; fp16+aoti-graph is the fastest
// safe config (forked at 1.1 ms); bf16+tc was unsafe; tf32 failed in one run, ran in the other;
// amp-fp16 failed; bf16+aoti and fp16+cl were raced but never measured.
constexpr const char* kCorpus = R"json({
 "format": "inferscope-replay-corpus", "version": 1,
 "models": [{
  "model": "resnet50 (32x3x224x224:float32)", "device": "NVIDIA H200",
  "runs": [
   {"cold": true, "session_overhead_ms": 1000,
    "candidates": ["fp32", "fp16", "tf32", "amp-fp16", "fp16+aoti", "fp16+aoti-graph", "bf16+aoti",
                   "bf16+tc", "fp16+cl"],
    "packages": {"fp16+aoti": {"compile_ms": 40000}, "bf16+aoti": {"unfinished_ms": 30000}},
    "configs": {
     "fp32": {"median_ms": 10.0, "low_ms": 9.9, "high_ms": 10.1, "samples": 20, "contended": true,
              "setup_ms": 200},
     "fp16": {"median_ms": 4.0, "low_ms": 3.96, "high_ms": 4.04, "samples": 20, "setup_ms": 200},
     "tf32": {"state": "failed", "message": "error: worker lost"},
     "amp-fp16": {"state": "failed", "message": "error: unsupported op"},
     "fp16+aoti": {"median_ms": 2.0, "low_ms": 1.98, "high_ms": 2.02, "samples": 20,
                   "setup_ms": 40100, "compile_ms": 40000},
     "fp16+aoti-graph": {"median_ms": 1.0, "low_ms": 0.99, "high_ms": 1.01, "samples": 20,
                         "setup_ms": 50, "fork_median_ms": 1.1, "fork_log_sd": 0.01, "forks": 3},
     "bf16+tc": {"state": "unsafe", "median_ms": 0.5, "samples": 20, "setup_ms": 20000,
                 "compile_ms": 19000, "message": "cosine 0.2"}
    }},
   {"cold": false, "session_overhead_ms": 3000,
    "candidates": ["fp32", "fp16", "tf32"],
    "configs": {
     "fp32": {"median_ms": 8.0, "low_ms": 7.9, "high_ms": 8.1, "samples": 20, "setup_ms": 200},
     "fp16": {"median_ms": 4.4, "low_ms": 4.3, "high_ms": 4.5, "samples": 20, "setup_ms": 100},
     "tf32": {"median_ms": 6.0, "low_ms": 5.9, "high_ms": 6.1, "samples": 20, "setup_ms": 100}
    }}
  ]}]
})json";

ReplayGpu corpusGpu() {
  const auto corpus = parseReplayCorpus(kCorpus, "test corpus");
  EXPECT_EQ(corpus.size(), 1u);
  return corpus.front();
}

TEST(ReplayProfile, ReducesRunsToOneFigurePerConfig) {
  const auto gpu = corpusGpu();
  EXPECT_EQ(gpu.runs, 2);
  EXPECT_FALSE(gpu.python_built);
  EXPECT_DOUBLE_EQ(gpu.session_overhead_ms, 2000);  // median of 1000 and 3000
  // fp32 ran at 10 ms beside a compile and 8 ms without: the model's contention is 1.25, and the
  // contended run counts at 10 / 1.25.
  EXPECT_NEAR(gpu.contention, 1.25, 1e-9);
  EXPECT_NEAR(gpu.find(OptimizationConfig::parse("fp32"))->level_ms, 8.0, 1e-9);
  // fp16: the median of the two runs' levels, and how far they lie apart.
  const auto* fp16 = gpu.find(OptimizationConfig::parse("fp16"));
  ASSERT_NE(fp16, nullptr);
  EXPECT_NEAR(fp16->level_ms, 4.2, 1e-9);
  EXPECT_NEAR(fp16->round_log_sd, std::abs(std::log(4.4) - std::log(4.0)) / std::sqrt(2.0), 1e-9);
  EXPECT_DOUBLE_EQ(fp16->setup_cold_ms, 200);
  EXPECT_DOUBLE_EQ(fp16->setup_warm_ms, 100);
  // A failure one run saw and the other did not is not the config's: tf32 runs.
  EXPECT_EQ(gpu.find(OptimizationConfig::parse("tf32"))->state, ReplayState::Ok);
  EXPECT_EQ(gpu.find(OptimizationConfig::parse("amp-fp16"))->state, ReplayState::Failed);
  EXPECT_EQ(gpu.find(OptimizationConfig::parse("bf16+tc"))->state, ReplayState::Unsafe);
  // A package's set-up less its wait for the compile: its load.
  EXPECT_DOUBLE_EQ(gpu.find(OptimizationConfig::parse("fp16+aoti"))->setup_cold_ms, 100);
  // Compiles: fp16's as recorded; bf16's never seen to end: 1.25 × 30 s, but not below the
  // typical (40 s).
  EXPECT_DOUBLE_EQ(gpu.package_compile_ms.at("fp16+aoti"), 40000);
  EXPECT_DOUBLE_EQ(gpu.package_compile_ms.at("bf16+aoti"), 40000);
  // Raced but never measured: out of the replayed space, counted.
  ASSERT_EQ(gpu.unavailable.size(), 2u);
  EXPECT_EQ(gpu.unavailable[0], "bf16+aoti");
  EXPECT_EQ(gpu.unavailable[1], "fp16+cl");
  EXPECT_EQ(gpu.candidates.size(), 7u);
  EXPECT_EQ(gpu.candidates.front().key(), "fp32");  // the race order of the widest run
  // The best safe: fp16+aoti-graph across its processes (the unsafe torch.compile is faster).
  EXPECT_NEAR(gpu.bestSafeMs(), 1.1, 1e-9);
  // The fresh factor comes from the one config with both levels: 1.1 / 1.0.
  EXPECT_NEAR(gpu.trueLevelMs(*fp16), 4.2 * 1.1, 1e-9);
}

TEST(ReplayProfile, RejectsAFileThatIsNoCorpus) {
  EXPECT_THROW(parseReplayCorpus(R"({"models": []})", "x.json"), Error);
  EXPECT_THROW(parseReplayCorpus("{", "x.json"), Error);
}

TEST(ReplayMeasurer, ColdPackagesCompileForTheirRecordedDurationTwoAtATime) {
  const auto gpu = corpusGpu();
  ReplaySettings settings;
  settings.cold = true;
  ReplayMeasurer m(gpu, settings);
  const auto fp16_aoti = OptimizationConfig::parse("fp16+aoti");
  const auto graph = OptimizationConfig::parse("fp16+aoti-graph");
  EXPECT_TRUE(m.needsPreparation(graph));
  m.prepareInBackground({fp16_aoti, graph, OptimizationConfig::parse("bf16+aoti")});
  EXPECT_FALSE(m.ready(graph));
  EXPECT_TRUE(m.backgroundBusy());
  m.waitForBackground(10000);
  EXPECT_DOUBLE_EQ(m.nowMs(), 10000);
  EXPECT_FALSE(m.ready(graph));
  // Paused, the compiles do not move.
  m.pauseBackground();
  m.waitForBackground(60000);  // nothing can end: the wait is the timeout
  m.resumeBackground();
  EXPECT_DOUBLE_EQ(m.nowMs(), 70000);
  EXPECT_FALSE(m.ready(graph));
  m.waitForBackground(1e9);  // ends when the first compile does: 30 s more
  EXPECT_DOUBLE_EQ(m.nowMs(), 100000);
  EXPECT_TRUE(m.ready(graph));
  EXPECT_TRUE(m.ready(fp16_aoti));  // one package, two configs
  const auto jobs = m.compileJobs();
  ASSERT_EQ(jobs.size(), 2u);  // aoti and aoti-graph share the package
  EXPECT_EQ(jobs[0].state, CompileStatus::State::Done);
  EXPECT_DOUBLE_EQ(jobs[0].elapsed_ms, 40000);
}

TEST(ReplayMeasurer, WarmPackagesAreCachedAndMeasureAtTheirRecordedLevel) {
  const auto gpu = corpusGpu();
  ReplaySettings settings;
  settings.cold = false;
  ReplayMeasurer m(gpu, settings);
  const auto graph = OptimizationConfig::parse("fp16+aoti-graph");
  EXPECT_FALSE(m.needsPreparation(graph));
  m.prepareInBackground({graph});
  EXPECT_TRUE(m.ready(graph));
  EXPECT_FALSE(m.backgroundBusy());
  const auto r = m.measure({graph, OptimizationConfig::parse("amp-fp16")}, 5, 200, 0);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].status, ConfigStatus::Ok);
  EXPECT_NEAR(r[0].stats.median_ms, 1.0, 0.05);
  EXPECT_TRUE(r[0].accuracy.measured);
  EXPECT_EQ(r[1].status, ConfigStatus::Error);  // failed in every recorded run
  // The clock: the load, then each config's set-up and iterations.
  EXPECT_GT(m.nowMs(), 2000 + 50 + 200 * 0.95);
  EXPECT_LT(m.nowMs(), 2000 + 50 + 205 * 1.3 + 1000);
  // Fresh processes land at the level across processes.
  const auto f = m.measureForks({graph}, 5, 100, 3, 0);
  ASSERT_EQ(f.size(), 1u);
  ASSERT_TRUE(f[0].fork_stats);
  EXPECT_EQ(f[0].fork_stats->forks, 3);
  EXPECT_NEAR(f[0].fork_stats->median_ms, 1.1, 0.06);
}

TEST(ReplayBench, TheRaceFindsTheRecordedBestWithTimeToConfirmIt) {
  const auto gpu = corpusGpu();
  const auto run = replayOnce(gpu, /*cold=*/false, 240, 3);
  EXPECT_EQ(run.winner, "fp16+aoti-graph");
  EXPECT_NEAR(run.regret, 1.0, 1e-9);
  EXPECT_TRUE(run.confirmed);
  // The unsafe torch.compile is faster and never the answer; regret is never below 1.
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    for (bool cold : {true, false}) {
      const auto r = replayOnce(gpu, cold, 60, seed);
      EXPECT_NE(r.winner, "bf16+tc");
      EXPECT_GE(r.regret, 1.0);
    }
  }
}

TEST(ReplayBench, DefaultBudgetAddsTheColdAllowanceOnlyWhenNoPackageIsCached) {
  const auto gpu = corpusGpu();
  const auto cold = replayOnce(gpu, true, 0, 1);
  const auto warm = replayOnce(gpu, false, 0, 1);
  EXPECT_DOUBLE_EQ(cold.race_budget_s, 170);
  EXPECT_DOUBLE_EQ(warm.race_budget_s, 60);
  EXPECT_DOUBLE_EQ(replayOnce(gpu, true, 120, 1).race_budget_s, 120);  // --budget-s: as given
  EXPECT_LE(warm.elapsed_s, 60.0);
}

TEST(ReplayBench, RecordedCorpusReplaysDeterministicallyForAFixedSeed) {
  const auto corpus = loadReplayCorpus(INFERSCOPE_REPLAY_CORPUS);
  ASSERT_GE(corpus.size(), 10u);
  ReplayBenchOptions options;
  options.seeds = 1;
  options.budgets_s = {60, 0};
  const auto a = runReplayBench(corpus, options);
  const auto b = runReplayBench(corpus, options);
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(replayJson(a), replayJson(b));
  for (const auto& r : a) {
    EXPECT_FALSE(std::isnan(r.regret)) << r.model;
    EXPECT_GE(r.regret, 1.0 - 1e-9) << r.model;
  }
  options.first_seed = 2;
  EXPECT_NE(replayJson(runReplayBench(corpus, options)), replayJson(a));  // the seed matters
}

TEST(ReplayBench, QuantileInterpolates) {
  EXPECT_DOUBLE_EQ(replayQuantile({1, 2, 3, 4}, 0.5), 2.5);
  EXPECT_DOUBLE_EQ(replayQuantile({4, 1, 3, 2}, 1.0), 4);
  EXPECT_DOUBLE_EQ(replayQuantile({}, 0.5), 0);
  EXPECT_DOUBLE_EQ(replayQuantile({1, NAN, 3}, 0.5), 2);
}

}  // namespace
}  // namespace inferscope::tuner

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// Two finalists decided in this process (a model load of 30 s leaves no time for fresh
// processes): eager FP16, so noisy that its interval reaches down to the package's level, and the
// package, 1.6x faster. Fewer moving parts break a tie only between levels within δ of the
// fastest, so the noise never makes the slow config the answer.
TEST(ReplayBench, AWideIntervalTiedByNoiseDoesNotWinOverAFarFasterLevel) {
  const auto corpus = parseReplayCorpus(R"json({
   "format": "inferscope-replay-corpus", "version": 1,
   "models": [{"model": "m (1x8:float32)", "device": "NVIDIA H200", "runs": [
    {"cold": false, "session_overhead_ms": 30000,
     "candidates": ["fp16", "fp32", "fp16+aoti-graph"],
     "configs": {
      "fp32": {"median_ms": 9.0, "low_ms": 8.9, "high_ms": 9.1, "samples": 20, "setup_ms": 100},
      "fp16": {"median_ms": 3.42, "low_ms": 2.07, "high_ms": 4.35, "samples": 20, "setup_ms": 100},
      "fp16+aoti-graph": {"median_ms": 2.146, "low_ms": 2.144, "high_ms": 2.148, "samples": 20,
                          "setup_ms": 50}}}]}]})json",
                                        "tie corpus");
  ASSERT_EQ(corpus.size(), 1u);
  int tied = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const auto run = replayOnce(corpus.front(), /*cold=*/false, 60, seed);
    EXPECT_EQ(run.winner, "fp16+aoti-graph") << "seed " << seed << ": " << reasonsText(run.reasons);
    EXPECT_FALSE(run.confirmed) << reasonsText(
        run.reasons);  // the premise: decided in this process
    const auto* tie = reasonOf(run.reasons, "tie");
    if (!tie) continue;
    ++tied;
    EXPECT_EQ(tie->value("picked_for"), "within-margin") << reasonsText(run.reasons);
    EXPECT_EQ(tie->value("margin_pct"), "2") << reasonsText(run.reasons);
  }
  EXPECT_GT(tied, 0) << "the test needs FP16's interval to overlap the package's in some seed";
}

}  // namespace
}  // namespace inferscope::tuner

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// The issue's median target, met since the replay began (1.000 over 5 seeds): a policy change that
// moves the typical answer off the best recorded config fails here, with the replay's table to
// read (bench/tuner/replay_bench). Deterministic for these seeds: no timing involved.
TEST(ReplayBench, MedianRegretAtTheDefaultBudgetStaysWithinTwoPerCent) {
  const auto corpus = loadReplayCorpus(INFERSCOPE_REPLAY_CORPUS);
  ReplayBenchOptions options;
  options.seeds = 3;
  options.budgets_s = {0};
  const auto runs = runReplayBench(corpus, options);
  std::vector<double> regrets;
  regrets.reserve(runs.size());
  for (const auto& r : runs) regrets.push_back(r.regret);
  ASSERT_GE(regrets.size(), 60u);
  EXPECT_LE(replayQuantile(regrets, 0.5), 1.02) << replayTable(runs);
}

// The issue's targets at the default budget (docs/ADVISOR.md, "Replay bench"), held on both
// corpora over seeds 1–5 so that a policy change that loses one fails here: the median regret
// within 2 %; the P95 of the cold and warm runs within 5 %; at least 90 % of the cold and warm runs
// and 90 % of those from the cold run's memory confirmed in fresh processes; no run past its
// budget (the P95 on the H200 corpus alone: see below). Warm from memory no worse than its cold
// run: met in all but one replay (the Python-built ViT-B/16, seed 4, 1.381 against 1.219: its cold
// answer's level moved in this process), and held there.
TEST(ReplayBench, TheTargetsTheReplayMeetsAtTheDefaultBudgetHold) {
  std::string h100 = INFERSCOPE_REPLAY_CORPUS;
  h100.replace(h100.rfind("h200.json"), 9, "h100.json");
  for (const auto& path : {std::string(INFERSCOPE_REPLAY_CORPUS), h100}) {
    ReplayBenchOptions options;
    options.seeds = 5;
    options.budgets_s = {0};
    const auto runs = runReplayBench(loadReplayCorpus(path), options);
    std::vector<double> regrets, plain_regrets;
    std::size_t plain = 0, plain_confirmed = 0, memory = 0, memory_confirmed = 0, memory_worse = 0;
    std::string worse;  // the warm runs from memory worse than their cold run
    for (const auto& r : runs) {
      EXPECT_LE(r.elapsed_s, r.race_budget_s + 0.5) << r.model << " seed " << r.seed;
      if (r.start == "resume") continue;
      regrets.push_back(r.regret);
      if (r.start.empty()) {
        ++plain;
        plain_confirmed += r.confirmed ? 1 : 0;
        plain_regrets.push_back(r.regret);
        continue;
      }
      ++memory;
      memory_confirmed += r.confirmed ? 1 : 0;
      const auto cold = std::find_if(runs.begin(), runs.end(), [&](const ReplayRun& c) {
        return c.start.empty() && c.cold && c.model == r.model && c.seed == r.seed;
      });
      ASSERT_NE(cold, runs.end());
      if (r.regret > cold->regret + 1e-9) {
        ++memory_worse;
        worse += r.model + " seed " + std::to_string(r.seed) + ": " + reasonsText(r.reasons) + "\n";
      }
    }
    ASSERT_GT(plain, 0u);
    ASSERT_GT(memory, 0u);
    EXPECT_LE(replayQuantile(regrets, 0.5), 1.02) << path;
    // Not on the H100 corpus: RegNetY-800MF's recorded best there is fp16+cl+aoti-graph+bench,
    // whose package the replay compiles apart from fp16+cl+aoti's (keyed by packageConfig, which
    // keeps cuDNN's flags) while the product loads the one file both name: every replay misses it
    // by 14 %. Open (docs/ADVISOR.md, "The replay's open targets").
    if (path != h100) {
      EXPECT_LE(replayQuantile(plain_regrets, 0.95), 1.05) << path;
    }
    EXPECT_GE(static_cast<double>(plain_confirmed) / static_cast<double>(plain), 0.90) << path;
    EXPECT_GE(static_cast<double>(memory_confirmed) / static_cast<double>(memory), 0.90) << path;
    EXPECT_LE(memory_worse, 1u) << path << ":\n" << worse;
  }
}

}  // namespace
}  // namespace inferscope::tuner

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// EfficientNet-B0 warm on the H200, replayed: its cached packages lead after screening, and a
// first torch.compile (20 s from a warm cache) started with what was left ran into the leader's
// fresh processes, so no run confirmed its answer. A compile whose cost nothing priced yet starts
// only when 15 s are left before the finals' time, where a compiled config leads.
TEST(ReplayBench, AWarmRunWhosePackageLeadsKeepsTheTimeOfItsForksFromAnUnpricedCompile) {
  const auto corpus = loadReplayCorpus(INFERSCOPE_REPLAY_CORPUS);
  const auto gpu = std::find_if(corpus.begin(), corpus.end(), [](const ReplayGpu& g) {
    return g.model.rfind("zoo_entries:efficientnet_b0 ", 0) == 0;
  });
  ASSERT_NE(gpu, corpus.end());
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto run = replayOnce(*gpu, /*cold=*/false, 0, seed);
    EXPECT_TRUE(run.confirmed) << "seed " << seed << ": " << reasonsText(run.reasons);
    EXPECT_LE(run.regret, 1.01) << reasonsText(run.reasons);
    EXPECT_LE(run.elapsed_s, run.race_budget_s) << reasonsText(run.reasons);
  }
}

}  // namespace
}  // namespace inferscope::tuner

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// The warm run after a cold one starts from the run memory the cold one left, built by the same
// functions `tune` uses: the remembered failure is not screened again, the known leader answers.
TEST(ReplayBench, AWarmRunStartsFromTheColdReplaysRunMemory) {
  const auto gpu = corpusGpu();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto cold = replayOnce(gpu, /*cold=*/true, 0, seed);
    const auto warm = replayWarmFromMemory(gpu, 0, seed);
    EXPECT_EQ(warm.start, "memory");
    EXPECT_FALSE(warm.cold);
    EXPECT_EQ(warm.winner, "fp16+aoti-graph") << reasonsText(warm.reasons);
    EXPECT_TRUE(warm.confirmed) << reasonsText(warm.reasons);
    EXPECT_LE(warm.regret, cold.regret + 1e-9);
    const auto failed = std::find_if(warm.outcomes.begin(), warm.outcomes.end(),
                                     [](const auto& o) { return o.rfind("amp-fp16 ", 0) == 0; });
    ASSERT_NE(failed, warm.outcomes.end());
    EXPECT_NE(failed->find("remembered:"), std::string::npos) << *failed;
    // The plain warm replay (packages cached, no memory) screens it again.
    const auto plain = replayOnce(gpu, /*cold=*/false, 0, seed);
    for (const auto& o : plain.outcomes) EXPECT_EQ(o.find("remembered:"), std::string::npos) << o;
  }
}

// `tune --resume` of the cold run with a larger budget: the session's measured candidates are
// kept (not screened again), the finals run again, and the answer is no worse than the cold one.
TEST(ReplayBench, AResumedRunContinuesTheColdReplaysSession) {
  const auto gpu = corpusGpu();
  const auto cold = replayOnce(gpu, /*cold=*/true, 0, 2);
  const auto resumed = replayResumed(gpu, 240, 2);
  EXPECT_EQ(resumed.start, "resume");
  EXPECT_DOUBLE_EQ(resumed.race_budget_s, 240);
  EXPECT_EQ(resumed.winner, "fp16+aoti-graph") << reasonsText(resumed.reasons);
  EXPECT_TRUE(resumed.confirmed);
  EXPECT_LE(resumed.regret, cold.regret + 1e-9);
  // The cold run's failure keeps its reason: the resumed race did not measure it again.
  const auto reasonOf = [](const ReplayRun& r, const std::string& key) {
    for (const auto& o : r.outcomes) {
      if (o.rfind(key + " ", 0) == 0) return o;
    }
    return std::string();
  };
  EXPECT_FALSE(reasonOf(cold, "amp-fp16").empty());
  EXPECT_EQ(reasonOf(resumed, "amp-fp16"), reasonOf(cold, "amp-fp16"));
}

// The bench adds a warm run from memory after every cold one and resumes each default-budget
// cold run; its table counts each against its own cold replay.
TEST(ReplayBench, TheBenchPairsEachMemoryAndResumedRunWithItsColdReplay) {
  const std::vector<ReplayGpu> corpus{corpusGpu()};
  ReplayBenchOptions options;
  options.seeds = 2;
  options.budgets_s = {60, 0};
  const auto runs = runReplayBench(corpus, options);
  const auto count = [&](const std::string& start) {
    return std::count_if(runs.begin(), runs.end(), [&](const auto& r) { return r.start == start; });
  };
  EXPECT_EQ(count(""), 8);
  EXPECT_EQ(count("memory"), 4);
  EXPECT_EQ(count("resume"), 2);
  const auto table = replayTable(runs);
  EXPECT_NE(table.find("| default → 240 s | resume | 2 |"), std::string::npos) << table;
  EXPECT_NE(table.find("Warm from memory ≤ cold in 2 of 2 replays at the default budget"),
            std::string::npos)
      << table;
  options.memory = false;
  EXPECT_EQ(runReplayBench(corpus, options).size(), 8u);
}

}  // namespace
}  // namespace inferscope::tuner

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// The `.pt2` ResNet-18 (two CUDA-graph packages 1 % apart in this process, 13 % apart across
// processes in the recorded runs) ended its finals with 40 s of 60 s left: the twin, close here,
// goes to fresh processes with that time and answers.
TEST(ReplayBench, TimeLeftAfterTheFinalsForksARivalCloseInThisProcess) {
  const auto corpus = loadReplayCorpus(INFERSCOPE_REPLAY_CORPUS);
  const auto gpu = std::find_if(corpus.begin(), corpus.end(), [](const ReplayGpu& g) {
    return g.model.rfind("tv_resnet18_aoti ", 0) == 0;
  });
  ASSERT_NE(gpu, corpus.end());
  for (const std::uint64_t seed : {1, 2, 3, 4, 5}) {
    const auto warm = replayOnce(*gpu, /*cold=*/false, 0, seed);
    EXPECT_LE(warm.regret, 1.0 + 1e-9) << "seed " << seed << ": " << reasonsText(warm.reasons);
    EXPECT_TRUE(warm.confirmed) << reasonsText(warm.reasons);
    EXPECT_LE(warm.elapsed_s, warm.race_budget_s) << reasonsText(warm.reasons);
  }
}

// DenseNet-121 on the H100 replayed warm from the cold run's memory: the first torch.compile it
// started was priced at the 15 s guess, compiled for 27 s and took the leader's fresh processes.
// Priced at what the memory's torch.compile candidates cost, it waits, and the answer is confirmed.
TEST(ReplayBench, AWarmRunPricesAnUnmeasuredCompileByTheMemorysCompiles) {
  std::string path = INFERSCOPE_REPLAY_CORPUS;
  path.replace(path.rfind("h200.json"), 9, "h100.json");
  const auto corpus = loadReplayCorpus(path);
  const auto gpu = std::find_if(corpus.begin(), corpus.end(), [](const ReplayGpu& g) {
    return g.model.rfind("zoo_entries:densenet121 ", 0) == 0;
  });
  ASSERT_NE(gpu, corpus.end());
  for (const std::uint64_t seed : {1, 2, 3}) {
    const auto warm = replayWarmFromMemory(*gpu, 0, seed);
    EXPECT_TRUE(warm.confirmed) << "seed " << seed << ": " << reasonsText(warm.reasons);
    EXPECT_LE(warm.elapsed_s, warm.race_budget_s) << reasonsText(warm.reasons);
  }
}

// The Python-built ViT-B/16 replayed warm from the cold run's memory. Where a config that ran
// faster in this process could not be confirmed in fresh processes (seeds 6, 29, 30: bf16+cl+tc-ro
// 15-25 % ahead here, 1.09x the best recorded across processes), the cold run's confirmed answer
// stands; where the confirmed answer ran again in a fresh process (seed 2), that process joins the
// two that confirmed it.
TEST(ReplayBench, AnUnconfirmedLeaderDoesNotReplaceTheColdRunsConfirmedAnswer) {
  const auto corpus = loadReplayCorpus(INFERSCOPE_REPLAY_CORPUS);
  const auto gpu = std::find_if(corpus.begin(), corpus.end(), [](const ReplayGpu& g) {
    return g.model.rfind("zoo_entries:vit_b_16 ", 0) == 0;
  });
  ASSERT_NE(gpu, corpus.end());
  // A torch.compile led this process by 15-25 % with no time left for its fresh processes.
  for (const std::uint64_t seed : {6, 29, 30}) {
    const auto cold = replayOnce(*gpu, /*cold=*/true, 0, seed);
    ASSERT_TRUE(cold.confirmed) << reasonsText(cold.reasons);
    const auto warm = replayWarmFromMemory(*gpu, 0, seed);
    EXPECT_EQ(warm.winner, cold.winner) << "seed " << seed << ": " << reasonsText(warm.reasons);
    EXPECT_LE(warm.regret, cold.regret + 1e-9)
        << "seed " << seed << ": " << reasonsText(warm.reasons);
    // The leader ran faster here but could not be confirmed in fresh processes within the budget.
    const auto* kept = testing::reasonOf(warm.reasons, "prior-kept");
    ASSERT_NE(kept, nullptr) << "seed " << seed << ": " << reasonsText(warm.reasons);
    EXPECT_EQ(kept->value("leader_confirmed"), "no") << reasonsText(warm.reasons);
  }
  const auto warm = replayWarmFromMemory(*gpu, 0, 2);
  EXPECT_EQ(warm.winner, "bf16+cl+aoti-graph") << reasonsText(warm.reasons);
  EXPECT_EQ(warm.state, "final") << reasonsText(warm.reasons);
  EXPECT_TRUE(warm.confirmed) << reasonsText(warm.reasons);
  // Across 3 processes: 1 of this run, 2 remembered from the run that confirmed it.
  EXPECT_EQ(warm.processes, 3) << reasonsText(warm.reasons);
  EXPECT_EQ(warm.remembered_processes, 2) << reasonsText(warm.reasons);
}

}  // namespace
}  // namespace inferscope::tuner

namespace inferscope::tuner {
namespace {

using testing::reasonOf;
using testing::reasonsText;

// The Python-built ViT-B/16 replayed warm from the cold run's memory, seed 5: fp16+cl led this
// process at 2.26 ms and alone reached the fresh processes, which ran it at 4.63 ms, against the
// 3.35 ms the confirmed bf16+cl+tc-ro had shown across 2; that answer measured 4.0 ms in this
// process (2.96 ms in the cold run's), a move, but this process's levels were refuted by the
// leader's own processes (2x), so the move is no evidence: the confirmed answer stands. (A
// confirmed answer that moved in a process whose levels held up is not kept:
// RunMemory.ALevelThatMovedIsSaidWithBothFigures.)
TEST(ReplayBench, AConfirmedLeaderSlowerAcrossProcessesThanTheLastConfirmedAnswerDoesNotReplaceIt) {
  const auto corpus = loadReplayCorpus(INFERSCOPE_REPLAY_CORPUS);
  const auto gpu = std::find_if(corpus.begin(), corpus.end(), [](const ReplayGpu& g) {
    return g.model.rfind("zoo_entries:vit_b_16 ", 0) == 0;
  });
  ASSERT_NE(gpu, corpus.end());
  const auto cold = replayOnce(*gpu, /*cold=*/true, 0, 5);
  ASSERT_TRUE(cold.confirmed) << reasonsText(cold.reasons);
  const auto warm = replayWarmFromMemory(*gpu, 0, 5);
  EXPECT_EQ(warm.winner, cold.winner) << reasonsText(warm.reasons);
  EXPECT_LE(warm.regret, cold.regret + 1e-9) << reasonsText(warm.reasons);
  // fp16+cl ran slower across its fresh processes than the last confirmed answer did.
  const auto* kept = reasonOf(warm.reasons, "prior-kept");
  ASSERT_NE(kept, nullptr) << reasonsText(warm.reasons);
  EXPECT_EQ(kept->value("key"), cold.winner);
  EXPECT_EQ(kept->value("leader"), "fp16+cl") << reasonsText(warm.reasons);
  EXPECT_EQ(kept->value("leader_confirmed"), "yes") << reasonsText(warm.reasons);
}

}  // namespace
}  // namespace inferscope::tuner
