// The writer and the reader agree: every session the tool can write, it reads back field for
// field. Generated over the kinds of results the engine produces on the CPU — ok, out of memory
// (in the warm-up or later), failed, unsupported, a fallback, cancelled, adaptive runs that end
// before their warm-up count, forks, NaN accuracy, several devices — and over shards merged.
// Field-equal means: the read session written again is the same text, so every field the file
// holds survived.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/engine/plan_shard.h"
#include "core/session/session_file.h"
#include "core/session/session_merge.h"

using namespace inferscope;

namespace {

constexpr ConfigStatus kStatuses[] = {ConfigStatus::Ok, ConfigStatus::OutOfMemory,
                                      ConfigStatus::Error, ConfigStatus::Unsupported,
                                      ConfigStatus::Cancelled};

// One result as the engine leaves it: `samples` iterations run of a planned `warmup` (the run may
// have stopped before its warm-up ended), the statistics only when something was measured.
ConfigResult result(const OptimizationConfig& config, int index, ConfigStatus status, int warmup,
                    int samples, double level_ms) {
  ConfigResult r;
  r.index = index;
  r.config = config;
  r.status = status;
  r.warmup_iterations = warmup;
  if (status != ConfigStatus::Ok)
    r.message = fmt::format("{} after {} iterations", toString(status), samples);
  for (int i = 0; i < samples; ++i) {
    r.latency_ms.push_back(i < warmup ? level_ms * 3 : level_ms * (1 + 0.01 * (i % 3)));
    r.host_ms.push_back(r.latency_ms.back() + 0.01);
  }
  r.setup_ms = 12.5;
  r.first_result_ms = samples > 0 ? 12.5 + r.latency_ms.front() : 0;
  r.memory.parameter_bytes = 46'800'000;
  r.memory.source = "cpu-allocator-hook";
  if (samples > warmup) {
    r.stats.median_ms = level_ms;
    r.stats.mean_ms = level_ms * 1.01;
    r.stats.p90_ms = level_ms * 1.02;
    r.stats.p99_ms = level_ms * 1.02;
    r.stats.min_ms = level_ms;
    r.stats.max_ms = level_ms * 1.02;
    r.stats.stdev_ms = level_ms * 0.008;
    r.stats.cold_start_ms = r.latency_ms.front();
    r.stats.throughput_items_per_s = 1000.0 / level_ms;
    r.steady.analysed = true;
    r.steady.series_class = "flat";
    r.steady.steady_start = static_cast<std::size_t>(warmup);
    r.steady.median_ci_low_ms = level_ms * 0.995;
    r.steady.median_ci_high_ms = level_ms * 1.005;
    r.steady.ci_method = "order-statistic";
    r.steady.stop_reason = status == ConfigStatus::Cancelled ? "cancelled" : "fixed-count";
    r.memory.peak_allocated_bytes = 8'000'000;
  }
  if (status == ConfigStatus::Ok) {
    r.accuracy.measured = true;
    r.accuracy.rel_l2_error = 1e-3;
    r.accuracy.cosine_similarity = 0.9999995;
    r.accuracy.max_abs_error = 0.02;
    r.accuracy.top1_agreement = 1.0;
  }
  return r;
}

SessionResult header(int warmup, int iterations) {
  SessionResult s;
  s.generator = "inferscope test";
  s.created_utc = "2026-12-03T10:00:00Z";
  s.host = "ci";
  s.device.name = "CPU";
  s.device.cpu_threads = 2;
  s.device.total_memory_bytes = 8LL << 30;
  s.request.model.name = "resnet18";
  s.request.batch = 1;
  s.request.run.warmup_iterations = warmup;
  s.request.run.measure_iterations = iterations;
  s.request.plan
      .clear();  // a request's plan starts as the FP32 reference alone; appendResult fills it
  s.parameter_count = 11'689'512;
  s.output_shapes = {"1x1000:float32"};
  return s;
}

void appendResult(SessionResult& s, ConfigResult r) {
  r.index = static_cast<int>(s.configs.size());
  s.request.plan.push_back(r.config);
  s.configs.push_back(std::move(r));
}

// Written, read, written again: the same text. Returns what was read.
SessionResult roundTrip(const SessionResult& s, const std::string& what) {
  const auto text = sessionToJson(s);
  SessionResult back;
  try {
    back = sessionFromJson(text, what);
  } catch (const Error& e) {
    ADD_FAILURE() << what << ": the reader refused what the writer wrote: " << e.what();
    return back;
  }
  EXPECT_EQ(sessionToJson(back), text) << what;
  return back;
}

const char* const kKeys[] = {"nograd+fp32", "autograd+fp32", "bf16", "amp-bf16",
                             "fp32+cl",     "bf16+cl",       "fp16", "tf32"};

}  // namespace

// Every status × every warm-up × every point at which a run can stop, beside an FP32 reference
// that ran: 5 × 3 × 5 sessions, each written and read back.
TEST(SessionRoundTrip, EveryStatusStoppingAnywhere) {
  int sessions = 0;
  for (const int warmup : {0, 1, 10}) {
    for (const int stop : {0, 1, 2, warmup + 1, warmup + 30}) {
      for (const auto status : kStatuses) {
        if (status == ConfigStatus::Ok && stop <= warmup) continue;  // ok ran its count, or…
        auto s = header(warmup, 30);
        appendResult(s,
                     result(OptimizationConfig{}, 0, ConfigStatus::Ok, warmup, warmup + 30, 10.0));
        appendResult(s, result(OptimizationConfig::parse("bf16"), 1, status, warmup, stop, 5.0));
        s.cancelled = status == ConfigStatus::Cancelled;
        const auto back =
            roundTrip(s, fmt::format("{} at {} of warm-up {}", toString(status), stop, warmup));
        if (back.configs.size() == 2) {
          EXPECT_EQ(back.configs[1].status, status);
          EXPECT_EQ(back.configs[1].warmup_iterations, warmup);
          EXPECT_EQ(back.configs[1].latency_ms.size(), static_cast<std::size_t>(stop));
        }
        ++sessions;
      }
    }
  }
  EXPECT_GT(sessions, 60);
}

// …or an adaptive run whose iteration budget ends before its warm-up count (--warmup 200
// --max-iters 100): ok, with fewer samples than the warm-up asked for.
TEST(SessionRoundTrip, AnAdaptiveRunShorterThanItsWarmUp) {
  auto s = header(200, 100);
  s.request.run.adaptive = true;
  s.request.run.max_iterations = 100;
  s.request.run.min_iterations = 100;
  appendResult(s, result(OptimizationConfig{}, 0, ConfigStatus::Ok, 200, 100, 10.0));
  s.configs[0].steady.stop_reason = "iteration-budget";
  roundTrip(s, "adaptive");
}

TEST(SessionRoundTrip, AFallbackAForkedRunNaNAccuracyAndSeveralDevices) {
  auto s = header(2, 20);
  appendResult(s, result(OptimizationConfig{}, 0, ConfigStatus::Ok, 2, 22, 10.0));
  // bf16's cast failed; autocast ran instead, in place of the key the plan asked for.
  auto fallback = result(OptimizationConfig::parse("amp-bf16"), 1, ConfigStatus::Ok, 2, 22, 6.0);
  fallback.fallback_from = "bf16";
  fallback.message = "bf16 cast failed: …; autocast BF16 (amp-bf16) is measured instead";
  appendResult(s, fallback);
  s.request.plan[1] = OptimizationConfig::parse("bf16");
  // --forks 3: two further processes with their own series, and the statistics over all.
  auto forked = result(OptimizationConfig::parse("fp32+cl"), 2, ConfigStatus::Ok, 2, 22, 9.0);
  for (int f = 0; f < 2; ++f) {
    const auto other = result(forked.config, 2, f ? ConfigStatus::OutOfMemory : ConfigStatus::Ok, 2,
                              f ? 0 : 22, 9.1);
    ForkRun run;
    run.status = other.status;
    run.message = other.message;
    run.latency_ms = other.latency_ms;
    run.host_ms = other.host_ms;
    run.warmup_iterations = other.warmup_iterations;
    run.setup_ms = other.setup_ms;
    run.first_result_ms = other.first_result_ms;
    run.stats = other.stats;
    run.steady = other.steady;
    forked.forks.push_back(run);
  }
  ForkStats stats;
  stats.forks = 2;
  stats.median_ms = 9.05;
  stats.ci_low_ms = 8.9, stats.ci_high_ms = 9.2;
  stats.next_low_ms = 8.7, stats.next_high_ms = 9.4;
  stats.spread = 0.011;
  stats.log_sd = 0.008;
  stats.outcome = ForkAgreement::Noisy;  // the one outcome `stable` alone cannot tell
  stats.stable = false;
  stats.remembered_forks = 1;
  forked.fork_stats = stats;
  appendResult(s, forked);
  // fp16 overflowed: NaN outputs, NaN errors.
  auto overflow = result(OptimizationConfig::parse("fp16"), 3, ConfigStatus::Ok, 2, 22, 4.0);
  overflow.accuracy.nan_count = 1000;
  overflow.accuracy.rel_l2_error = std::numeric_limits<double>::quiet_NaN();
  overflow.accuracy.max_abs_error = std::numeric_limits<double>::quiet_NaN();
  overflow.accuracy.cosine_similarity = std::numeric_limits<double>::quiet_NaN();
  overflow.accuracy.top1_agreement = 0.0;
  appendResult(s, overflow);
  const auto back = roundTrip(s, "fallback, forks, NaN");
  ASSERT_EQ(back.configs.size(), 4u);
  EXPECT_EQ(back.configs[1].fallback_from, "bf16");
  EXPECT_EQ(back.configs[2].forks.size(), 2u);
  ASSERT_TRUE(back.configs[2].fork_stats.has_value());
  EXPECT_EQ(back.configs[2].fork_stats->outcome, ForkAgreement::Noisy);
  EXPECT_EQ(back.configs[2].fork_stats->remembered_forks, 1);
  EXPECT_TRUE(std::isnan(back.configs[3].accuracy.rel_l2_error));

  // The same plan on two GPUs of a host (--devices --replicate): each key once per device.
  auto two = header(2, 20);
  for (int gpu = 0; gpu < 2; ++gpu) {
    for (const auto& c : s.configs) {
      auto r = c;
      r.measured_on = MeasuredOn{"node7", DeviceInfo{}};
      r.measured_on->device.kind = DeviceKind::Cuda;
      r.measured_on->device.index = gpu;
      r.measured_on->device.name = "NVIDIA H200";
      appendResult(two, r);
    }
  }
  two.request.plan = {};
  for (const auto& c : two.configs) two.request.plan.push_back(c.config);
  roundTrip(two, "two devices");
}

// Shards of one sweep, each with a status mix, merged: the merged session reads back too.
TEST(SessionRoundTrip, ShardsMerged) {
  std::vector<OptimizationConfig> plan = {OptimizationConfig{}};
  for (const char* k : kKeys) plan.push_back(OptimizationConfig::parse(k));
  const int n = 3;
  std::vector<MergeInput> inputs;
  for (int i = 0; i < n; ++i) {
    auto s = header(1, 5);
    const auto shard_plan = shardPlan(plan, ShardSpec{i, n});
    for (std::size_t k = 0; k < shard_plan.size(); ++k) {
      const auto status = kStatuses[(k + static_cast<std::size_t>(i)) % 5];
      appendResult(
          s, result(shard_plan[k], static_cast<int>(k), k == 0 ? ConfigStatus::Ok : status, 1,
                    status == ConfigStatus::Ok || k == 0 ? 6 : 0, 10.0 - static_cast<double>(k)));
    }
    s.shard = ShardSpec{i, n};
    s.cancelled = i == 2;  // one shard's run was cancelled
    roundTrip(s, fmt::format("shard {}", i));
    inputs.push_back({s, fmt::format("shard-{}.json", i)});
  }
  const auto merged = mergeSessions(inputs);
  EXPECT_EQ(merged.session.configs.size(), plan.size());
  const auto back = roundTrip(merged.session, "merged");
  EXPECT_EQ(back.configs.size(), plan.size());
}
