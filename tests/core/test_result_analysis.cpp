// Series → statistics for live and saved results (core/engine/result_analysis.h): invalid
// latencies named, forks summarised, saved sessions analysed again and their differences listed,
// and the new values surviving a session file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/common/error.h"
#include "core/engine/result_analysis.h"
#include "core/session/session_file.h"

using namespace inferscope;

namespace {

std::vector<double> flatSeries(double level_ms, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, 0.01);
  std::vector<double> x(n);
  for (double& v : x) v = level_ms * std::exp(noise(rng));
  return x;
}

ConfigResult resultWith(const std::string& key, std::vector<double> latency_ms) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.latency_ms = std::move(latency_ms);
  return r;
}

}  // namespace

TEST(ResultAnalysis, InvalidLatencyNamesConfigAndIteration) {
  auto r = resultWith("bf16", flatSeries(2.0, 60, 1));
  r.latency_ms[31] = 0.0;
  try {
    analyseLatencies(r, 8);
    FAIL() << "expected Error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    const std::string what = e.what();
    EXPECT_NE(what.find("config bf16"), std::string::npos) << what;
    EXPECT_NE(what.find("iteration 31"), std::string::npos) << what;
  }
}

TEST(ResultAnalysis, FillsStatisticsAndKeepsTheStopReason) {
  auto r = resultWith("fp32", flatSeries(4.0, 120, 2));
  r.steady.stop_reason = "converged";
  analyseLatencies(r, 32);
  EXPECT_TRUE(r.steady.analysed);
  EXPECT_EQ(r.steady.stop_reason, "converged");
  EXPECT_NEAR(r.stats.median_ms, 4.0, 0.05);
  EXPECT_NEAR(r.stats.throughput_items_per_s, 32 * 1000.0 / r.stats.median_ms, 1e-9);
}

TEST(ResultAnalysis, ForksAreSummarisedAcrossProcesses) {
  auto r = resultWith("fp32", flatSeries(2.0, 110, 3));
  analyseLatencies(r, 16);
  for (int f = 0; f < 4; ++f) {
    ForkRun fork;
    fork.latency_ms = flatSeries(f % 2 ? 3.3 : 2.0, 110, 10 + static_cast<std::uint64_t>(f));
    analyseLatencies(fork, "fp32", f + 2, 16);
    r.forks.push_back(fork);
  }
  summariseForks(r);
  ASSERT_TRUE(r.fork_stats.has_value());
  EXPECT_EQ(r.fork_stats->forks, 5);
  EXPECT_FALSE(r.fork_stats->stable);
  EXPECT_LT(r.fork_stats->next_low_ms, 2.0);
  EXPECT_GT(r.fork_stats->next_high_ms, 3.3);
}

TEST(ResultAnalysis, SavedSessionIsAnalysedAgainAndDifferencesListed) {
  SessionResult s;
  s.request.batch = 8;
  s.configs.push_back(resultWith("fp32", flatSeries(5.0, 110, 4)));
  analyseLatencies(s.configs[0], 8);
  // A file whose analysis no longer matches its series: the series became a 3× warm-up of 20.
  for (std::size_t i = 0; i < 20; ++i) s.configs[0].latency_ms[i] *= 3.0;
  const auto changes = reanalyseSession(s);
  const auto& r = s.configs[0];
  ASSERT_TRUE(r.stored_analysis.has_value());
  EXPECT_EQ(r.stored_analysis->steady.series_class, "flat");
  EXPECT_EQ(r.steady.series_class, "warmup");
  EXPECT_EQ(r.steady.steady_start, 20u);
  ASSERT_FALSE(changes.empty());
  EXPECT_EQ(changes.front().config_key, "fp32");
  EXPECT_NE(changes.front().what.find("class flat → warmup"), std::string::npos);
}

TEST(ResultAnalysis, ForksAndSwitchingLevelsSurviveASessionFile) {
  SessionResult s;
  s.request.batch = 4;
  auto r = resultWith("fp32", flatSeries(2.0, 110, 5));
  analyseLatencies(r, 4);
  r.steady.series_class = "switching";
  r.steady.fast_level_ms = 2.0, r.steady.slow_level_ms = 3.3, r.steady.slow_share = 0.4;
  r.steady.mean_dwell_iterations = 12;
  ForkRun fork;
  fork.latency_ms = flatSeries(2.1, 110, 6);
  analyseLatencies(fork, "fp32", 2, 4);
  r.forks.push_back(fork);
  summariseForks(r);
  s.configs.push_back(r);
  const auto back = sessionFromJson(sessionToJson(s));
  const auto& b = back.configs.at(0);
  EXPECT_EQ(b.steady.series_class, "switching");
  EXPECT_DOUBLE_EQ(b.steady.slow_level_ms, 3.3);
  EXPECT_DOUBLE_EQ(b.steady.slow_share, 0.4);
  ASSERT_EQ(b.forks.size(), 1u);
  EXPECT_EQ(b.forks[0].latency_ms, fork.latency_ms);
  ASSERT_TRUE(b.fork_stats.has_value());
  EXPECT_EQ(b.fork_stats->forks, 2);
  EXPECT_DOUBLE_EQ(b.fork_stats->next_high_ms, r.fork_stats->next_high_ms);
  EXPECT_EQ(b.fork_stats->outcome, r.fork_stats->outcome);
  // 2.0 and 2.1 ms apart by 5 %, beyond δ: the two processes are not called stable.
  EXPECT_NE(b.fork_stats->outcome, ForkAgreement::Stable);
}

// A session saved before the outcome was a field kept the analysis's sentence instead: its first
// word is the one place that told noisy processes from unstable ones, and it is read so.
TEST(ResultAnalysis, AnOldFilesForkSentenceGivesItsOutcome) {
  SessionResult s;
  s.request.batch = 4;
  auto r = resultWith("fp32", flatSeries(2.0, 110, 5));
  analyseLatencies(r, 4);
  ForkRun fork;  // the second of the two processes
  fork.latency_ms = flatSeries(2.1, 110, 6);
  analyseLatencies(fork, "fp32", 2, 4);
  r.forks.push_back(fork);
  ForkStats stats;
  stats.forks = 2;
  stats.median_ms = 1.72;
  stats.stable = false;
  stats.outcome = ForkAgreement::Noisy;
  r.fork_stats = stats;
  s.configs.push_back(r);
  const std::string now = sessionToJson(s);
  const auto old = [&](const std::string& sentence) {
    std::string text = now;
    const std::string field = R"("outcome": "noisy")";  // as the file is indented
    const auto at = text.find(field);
    EXPECT_NE(at, std::string::npos) << text;
    if (at != std::string::npos) text.replace(at, field.size(), R"("verdict":")" + sentence + "\"");
    return sessionFromJson(text).configs.at(0).fork_stats->outcome;
  };
  EXPECT_EQ(old("noisy in every process: medians 1.63–1.82 ms across 2 processes"),
            ForkAgreement::Noisy);
  EXPECT_EQ(old("unstable across 2 processes: medians 1.63–1.82 ms"), ForkAgreement::Unstable);
  // An outcome this version does not know is refused, named.
  std::string unknown = now;
  unknown.replace(unknown.find(R"("outcome": "noisy")"), 18, R"("outcome": "wobbly")");
  try {
    sessionFromJson(unknown);
    ADD_FAILURE() << "an unknown outcome was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("wobbly"), std::string::npos) << e.what();
  }
}

TEST(ResultAnalysis, CancelledReanalysisStopsAndSaysSo) {
  SessionResult s;
  s.request.batch = 1;
  for (int c = 0; c < 50; ++c)
    s.configs.push_back(resultWith("fp32", flatSeries(2.0, 110, 20 + c)));
  CancelToken cancel;
  ReanalysisOptions options;
  options.cancel = &cancel;
  std::vector<double> seen;
  options.progress = [&](double f) {
    seen.push_back(f);
    cancel.cancel();  // after the first config
  };
  try {
    reanalyseSession(s, options);
    FAIL() << "expected Error(Cancelled)";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
    EXPECT_NE(std::string(e.what()).find("config 2 of 50"), std::string::npos) << e.what();
  }
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_TRUE(s.configs[0].steady.analysed);
  EXPECT_FALSE(s.configs[1].steady.analysed);  // never reached
}

// A cancel while one long series is being analysed stops inside its analysis (at the next stage
// boundary, or inside the bootstrap), well before the analysis would have finished, and leaves
// the config's values as they were.
// A cancel reaches the analysis of one series, not only the loop over configs: the series' own
// stages check the token (analysis::analyse), the error names the config, and the config keeps what
// the file said. Deterministic: the token is cancelled before the call, no clock, no second thread.
TEST(ResultAnalysis, CancelStopsTheAnalysisOfALongSeries) {
  ConfigResult r = resultWith("fp32", flatSeries(2.0, 100'000, 7));
  CancelToken cancel;
  cancel.cancel();
  try {
    analyseLatencies(r, 1, &cancel);
    FAIL() << "not cancelled";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Cancelled);
    EXPECT_NE(std::string(e.what()).find("fp32"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(r.steady.analysed);
}

TEST(ResultAnalysis, ReanalysisReportsProgressBySamples) {
  SessionResult s;
  s.request.batch = 1;
  for (int c = 0; c < 300; ++c)
    s.configs.push_back(resultWith("fp32", flatSeries(2.0, 40, 400 + c)));
  ReanalysisOptions options;
  std::vector<double> seen;
  options.progress = [&](double f) { seen.push_back(f); };
  reanalyseSession(s, options);
  ASSERT_FALSE(seen.empty());
  EXPECT_LE(seen.size(), 300u);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
}
