// The session loop (core/engine/session_runner.h) over a fake backend: the order of the reference
// and the configs, what is pruned before it runs, the autocast fallback, statistics, budgets and
// cancellation — without LibTorch.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/engine/fault_injection.h"
#include "core/engine/run_budget.h"
#include "core/engine/session_runner.h"
#include "recording_sink.h"

namespace inferscope {
namespace {

// Records what the loop asked for, in order, and answers with scripted results.
class FakeBackend : public ConfigBackend {
 public:
  std::vector<std::string> calls;
  std::vector<double> budgets_ms;
  std::string failing_cast;  // a config key whose run fails like a traced GPT-2's bf16 cast
  CancelToken* cancel_after_first = nullptr;

  ReferenceRun runReference(bool keep) override {
    calls.push_back(keep ? "reference(keep)" : "reference");
    return {1234, {"1x10:float32"}};
  }
  void measureBaseline() override { calls.push_back("baseline"); }
  void skipBaseline(const std::string&) override { calls.push_back("no-baseline"); }
  ConfigResult runConfig(const OptimizationConfig& config, int index, bool keep,
                         double budget_ms) override {
    calls.push_back(config.key() + (keep ? "(keep)" : ""));
    budgets_ms.push_back(budget_ms);
    ConfigResult r;
    r.index = index;
    r.config = config;
    if (config.key() == failing_cast) {
      r.status = ConfigStatus::Error;
      r.message = "gpt2 failed on 1x8:int64: expected scalar type Float but found BFloat16";
      return r;
    }
    r.warmup_iterations = 2;
    r.latency_ms = {9, 8};
    for (int i = 0; i < 40; ++i) r.latency_ms.push_back(1.0 + 0.01 * (i % 5));
    if (cancel_after_first) cancel_after_first->cancel();
    return r;
  }
  void compareKeptOutputs(int index, ConfigResult& result) override {
    calls.push_back("compare " + std::to_string(index));
    result.accuracy.measured = true;
  }
};

SessionResult sessionOf(const std::vector<std::string>& keys) {
  SessionResult s;
  s.request.plan.clear();
  for (const auto& k : keys) s.request.plan.push_back(OptimizationConfig::parse(k));
  s.request.batch = 4;
  return s;
}

SessionEnvironment cpu() {
  return SessionEnvironment{};
}

SessionEnvironment h200() {
  SessionEnvironment e;
  e.caps.kind = DeviceKind::Cuda;
  e.caps.cc_major = 9;
  e.caps.has_cudnn = true;
  e.aot_inductor_available = true;
  e.device_is_cuda = true;
  return e;
}

TEST(SessionRunner, ReferenceFirstThenEveryConfigWithItsStatistics) {
  auto s = sessionOf({"fp32", "fp32+cl"});
  FakeBackend backend;
  testing::RecordingSink sink;
  CancelToken cancel;
  runSession(s, backend, cpu(), sink, cancel);
  EXPECT_EQ(backend.calls,
            (std::vector<std::string>{"reference(keep)", "baseline", "fp32", "fp32+cl"}));
  EXPECT_EQ(s.parameter_count, 1234);
  EXPECT_EQ(s.output_shapes, std::vector<std::string>{"1x10:float32"});
  ASSERT_EQ(s.configs.size(), 2u);
  ASSERT_EQ(sink.results.size(), 2u);
  EXPECT_EQ(sink.starts, 2);
  for (const auto& c : s.configs) {
    EXPECT_TRUE(c.steady.analysed);
    EXPECT_NEAR(c.stats.median_ms, 1.02, 0.02);  // of the steady part, not the 9 and 8 ms warm-up
    EXPECT_EQ(c.steady.stop_reason, "fixed-count");
  }
  EXPECT_FALSE(s.cancelled);
}

// An isolation worker: its config first (it pays for the CUDA context), the reference after, then
// the kept outputs are compared and the results go out.
TEST(SessionRunner, ReferenceLastComparesKeptOutputs) {
  auto s = sessionOf({"bf16"});
  s.request.run.reference_last = true;
  FakeBackend backend;
  testing::RecordingSink sink;
  CancelToken cancel;
  runSession(s, backend, h200(), sink, cancel);
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"no-baseline", "bf16(keep)", "reference(keep)",
                                                     "compare 0"}));
  ASSERT_EQ(sink.results.size(), 1u);
  EXPECT_TRUE(sink.results[0].accuracy.measured);  // sent after the comparison
}

TEST(SessionRunner, WhatCannotRunIsUnsupportedWithoutRunning) {
  auto s = sessionOf({"fp32", "fp16", "fp32+graph", "tf32"});
  // fp16 casts, graphs and TF32 are GPU settings: pruned on the CPU.
  FakeBackend backend;
  testing::RecordingSink sink;
  CancelToken cancel;
  runSession(s, backend, cpu(), sink, cancel);
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"reference(keep)", "baseline", "fp32"}));
  ASSERT_EQ(s.configs.size(), 4u);
  for (std::size_t i = 1; i < 4; ++i) {
    EXPECT_EQ(s.configs[i].status, ConfigStatus::Unsupported) << s.configs[i].config.key();
    EXPECT_FALSE(s.configs[i].message.empty());
  }
  // On a GPU the same graphs are pruned for the varying sizes alone, and say so.
  auto g = sessionOf({"fp32+graph"});
  g.request.run.input_cycle = {{}};
  FakeBackend gpu_backend;
  runSession(g, gpu_backend, h200(), sink, cancel);
  EXPECT_NE(g.configs[0].message.find("input sizes vary"), std::string::npos)
      << g.configs[0].message;
}

TEST(SessionRunner, FailedWholeModelCastFallsBackToAutocast) {
  auto s = sessionOf({"bf16"});
  FakeBackend backend;
  backend.failing_cast = "bf16";
  testing::RecordingSink sink;
  CancelToken cancel;
  runSession(s, backend, h200(), sink, cancel);
  EXPECT_EQ(backend.calls,
            (std::vector<std::string>{"reference(keep)", "baseline", "bf16", "amp-bf16"}));
  ASSERT_EQ(s.configs.size(), 1u);
  const auto& c = s.configs[0];
  EXPECT_EQ(c.status, ConfigStatus::Ok);
  EXPECT_EQ(c.config.key(), "amp-bf16");
  EXPECT_EQ(c.fallback_from, "bf16");
  EXPECT_NE(c.message.find("expected scalar type Float"), std::string::npos) << c.message;
  EXPECT_FALSE(sink.logs.empty());
  // No fallback for other failures, for configs that are not casts, or for AOTInductor packages.
  ConfigResult oom;
  oom.status = ConfigStatus::OutOfMemory;
  oom.message = "BFloat16";
  EXPECT_FALSE(autocastFallback(OptimizationConfig::parse("bf16"), oom));
  ConfigResult err;
  err.status = ConfigStatus::Error;
  err.message = "expected scalar type Half";
  EXPECT_FALSE(autocastFallback(OptimizationConfig::parse("fp32"), err));
  EXPECT_FALSE(autocastFallback(OptimizationConfig::parse("fp16+aoti"), err));
  EXPECT_EQ(autocastFallback(OptimizationConfig::parse("fp16+cl"), err)->key(), "amp-fp16+cl");
}

TEST(SessionRunner, CancelStopsBeforeTheNextConfig) {
  auto s = sessionOf({"fp32", "fp32+cl", "fp32+bench"});
  FakeBackend backend;
  CancelToken cancel;
  backend.cancel_after_first = &cancel;
  testing::RecordingSink sink;
  runSession(s, backend, cpu(), sink, cancel);
  EXPECT_EQ(s.configs.size(), 1u);
  EXPECT_TRUE(s.cancelled);
}

TEST(SessionRunner, EmptyPlanIsAnInputError) {
  auto s = sessionOf({});
  FakeBackend backend;
  testing::RecordingSink sink;
  CancelToken cancel;
  EXPECT_THROW(runSession(s, backend, cpu(), sink, cancel), Error);
  EXPECT_TRUE(backend.calls.empty());
}

TEST(SessionRunner, SessionBudgetIsSharedByTheConfigsLeft) {
  auto s = sessionOf({"fp32", "fp32+cl"});
  s.request.run.session_time_budget_ms = 60'000;
  FakeBackend backend;
  testing::RecordingSink sink;
  CancelToken cancel;
  runSession(s, backend, cpu(), sink, cancel);
  ASSERT_EQ(backend.budgets_ms.size(), 2u);
  EXPECT_NEAR(backend.budgets_ms[0], 30'000, 100);  // half of it for the first of two
  EXPECT_NEAR(backend.budgets_ms[1], 60'000, 200);  // the fake took no time: all of it for the last
}

TEST(RunBudget, OwnBudgetCappedByAnEqualShareOfWhatIsLeft) {
  RunSettings run;
  EXPECT_EQ(configBudgetMs(run, 0, 3), 0);  // no budget at all
  run.config_time_budget_ms = 5'000;
  EXPECT_EQ(configBudgetMs(run, 0, 3), 5'000);
  run.session_time_budget_ms = 9'000;
  EXPECT_EQ(configBudgetMs(run, 0, 3), 3'000);
  EXPECT_EQ(configBudgetMs(run, 6'000, 1), 3'000);
  EXPECT_EQ(configBudgetMs(run, 8'000, 1), 1'000);
  EXPECT_EQ(configBudgetMs(run, 20'000, 2), 0);  // overspent: nothing left, never negative
  run.config_time_budget_ms = 0;
  EXPECT_EQ(configBudgetMs(run, 1'000, 2), 4'000);
}

TEST(FaultInjection, MatchesWholeKeysOfTheList) {
  ::setenv("INFERSCOPE_FAULT_OOM", "fp32,bf16+cl", 1);
  EXPECT_TRUE(faultInjectedOom("fp32"));
  EXPECT_TRUE(faultInjectedOom("bf16+cl"));
  EXPECT_FALSE(faultInjectedOom("bf16"));
  EXPECT_FALSE(faultInjectedOom("fp32+cl"));
  ::unsetenv("INFERSCOPE_FAULT_OOM");
  EXPECT_FALSE(faultInjectedOom("fp32"));
}

}  // namespace
}  // namespace inferscope
