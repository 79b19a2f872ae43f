// diagnoseHostBound: the GPU's waiting share from an eager config and its CUDA-graph twin.
#include <gtest/gtest.h>

#include "core/tuner/host_bound.h"

namespace inferscope::tuner {
namespace {

ConfigResult result(const char* key, double median_ms) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.stats.median_ms = median_ms;
  return r;
}

TEST(HostBound, TheGraphTwinShowsHowLongTheGpuWaitsForLaunches) {
  const auto d =
      diagnoseHostBound({result("fp32", 3.0), result("fp32+graph", 1.8), result("bf16", 2.0)},
                        OptimizationConfig::parse("fp32+graph"));
  ASSERT_TRUE(d.measured);
  EXPECT_NEAR(d.launch_wait_share, 0.4, 1e-9);
  EXPECT_TRUE(d.host_bound);
  EXPECT_NE(d.sentence.find("host-bound: the GPU waits for launches 40 % of each iteration"),
            std::string::npos)
      << d.sentence;
  EXPECT_NE(d.sentence.find("CUDA graphs"), std::string::npos);
}

TEST(HostBound, PrefersTheWinnersOwnSettings) {
  const auto d = diagnoseHostBound({result("fp32", 10.0), result("fp32+graph", 9.9),
                                    result("bf16+cl", 4.0), result("bf16+cl+graph", 3.9)},
                                   OptimizationConfig::parse("bf16+cl+aoti"));
  EXPECT_EQ(d.eager_key, "bf16+cl");
  EXPECT_FALSE(d.host_bound);
  EXPECT_NE(d.sentence.find("GPU-bound"), std::string::npos);
}

// Eager launches slow down while a compile shares the host (H200, ResNet-50 warm runs:
// fp16+cl+bench 4.4–4.9 ms beside compiles, 2.74 ms quiet). A quiet pair wins over the winner's own
// settings; when only busy pairs exist, the sentence says the share is an upper bound.
TEST(HostBound, PrefersAPairMeasuredOnAQuietHostAndQualifiesABusyOne) {
  const std::vector<ConfigResult> results{result("fp16+cl", 4.8), result("fp16+cl+graph", 2.4),
                                          result("fp32", 12.0), result("fp32+graph", 11.4)};
  const auto focus = OptimizationConfig::parse("fp16+cl+aoti");
  const auto quiet = diagnoseHostBound(results, focus, {"fp16+cl"});
  EXPECT_EQ(quiet.eager_key, "fp32");
  EXPECT_FALSE(quiet.contended);
  EXPECT_EQ(quiet.sentence.find("upper bound"), std::string::npos) << quiet.sentence;

  const auto busy = diagnoseHostBound(results, focus, {"fp16+cl", "fp32+graph"});
  EXPECT_EQ(busy.eager_key, "fp16+cl");  // both pairs busy: the winner's settings again
  EXPECT_TRUE(busy.contended);
  EXPECT_TRUE(busy.host_bound);
  EXPECT_NE(busy.sentence.find("measured while a compile shared the host: an upper bound"),
            std::string::npos)
      << busy.sentence;
  EXPECT_NE(busy.sentence.find("possibly host-bound: the GPU waits for launches up to 50 %"),
            std::string::npos)
      << busy.sentence;

  const auto unqualified = diagnoseHostBound(results, focus);
  EXPECT_EQ(unqualified.eager_key, "fp16+cl");
  EXPECT_FALSE(unqualified.contended);
}

// The H200's ResNet-50 warm run: the winner fp16+cl+aoti-graph; its exact eager settings (fp16+cl)
// were not screened, fp16+cl+bench was, beside fp32+cl+bench slowed by a compile (19.7 ms eager vs
// 12.2 ms replayed). The pair nearest the winner speaks for it, not the slowest.
TEST(HostBound, ThePairNearestTheWinnersSettingsSpeaksForIt) {
  const std::vector<ConfigResult> results{
      result("fp32+cl+bench", 19.68), result("fp32+cl+graph+bench", 12.22),
      result("bf16+bench", 4.26),     result("bf16+graph+bench", 3.81),
      result("fp16+bench", 4.15),     result("fp16+graph+bench", 3.56),
      result("fp16+cl+bench", 2.74),  result("fp16+cl+graph+bench", 2.39)};
  const auto d = diagnoseHostBound(results, OptimizationConfig::parse("fp16+cl+aoti-graph"));
  EXPECT_EQ(d.eager_key, "fp16+cl+bench");
  EXPECT_FALSE(d.host_bound);
  // Without the memory format's pair, the same precision comes next, then FP32, then the rest.
  const std::vector<ConfigResult> fewer(results.begin(), results.begin() + 6);
  EXPECT_EQ(diagnoseHostBound(fewer, OptimizationConfig::parse("fp16+cl+aoti-graph")).eager_key,
            "fp16+bench");
  const std::vector<ConfigResult> with_fp32{result("bf16", 4.2), result("bf16+graph", 3.8),
                                            result("fp32", 12.0), result("fp32+graph", 11.5)};
  EXPECT_EQ(diagnoseHostBound(with_fp32, OptimizationConfig::parse("fp16+cl+aoti")).eager_key,
            "fp32");
}

// A model rebuilt in Python has no eager capture: its launches are measured by the compiled pairs.
// The H200's DistilBERT (2026-12-04): the winner bf16+aoti-graph; its package unreplayed beside it,
// and torch.compile's two modes. The winner's own kind speaks for it.
TEST(HostBound, CompiledPairsMeasureWhatAModelRebuiltInPythonLaunches) {
  const std::vector<ConfigResult> results{
      result("fp16", 4.62),       result("bf16", 4.51),
      result("fp16+tc", 2.85),    result("fp16+tc-ro", 0.931),
      result("fp16+aoti", 0.905), result("fp16+aoti-graph", 0.788),
      result("bf16+aoti", 0.916), result("bf16+aoti-graph", 0.788)};
  const auto d = diagnoseHostBound(results, OptimizationConfig::parse("bf16+aoti-graph"));
  ASSERT_TRUE(d.measured);
  EXPECT_EQ(d.eager_key, "bf16+aoti");
  EXPECT_EQ(d.graph_key, "bf16+aoti-graph");
  EXPECT_NEAR(d.launch_wait_share, 1 - 0.788 / 0.916, 1e-9);
  EXPECT_FALSE(d.host_bound);
  EXPECT_EQ(d.sentence.find("eager"), std::string::npos) << d.sentence;  // a package is not eager
  // torch.compile's answer: its own pair, 67 % of default mode's iteration waiting for launches.
  const auto tc = diagnoseHostBound(results, OptimizationConfig::parse("fp16+tc-ro"));
  EXPECT_EQ(tc.eager_key, "fp16+tc");
  EXPECT_TRUE(tc.host_bound);
  EXPECT_NE(tc.sentence.find("fp16+tc-ro removes the launches"), std::string::npos) << tc.sentence;
}

// Pairs of the winner's settings in two kinds of run: the package pair speaks for a package winner
// (it launches the package's fused kernels, not eager's), the eager pair for an eager one; the
// settings still come first.
TEST(HostBound, BetweenPairsOfTheWinnersSettingsItsOwnKindOfRunSpeaks) {
  const std::vector<ConfigResult> results{
      result("fp16+cl", 2.8),      result("fp16+cl+graph", 2.4),
      result("fp16+cl+aoti", 1.9), result("fp16+cl+aoti-graph", 1.7),
      result("fp32+aoti", 3.0),    result("fp32+aoti-graph", 2.9)};
  EXPECT_EQ(diagnoseHostBound(results, OptimizationConfig::parse("fp16+cl+aoti-graph")).eager_key,
            "fp16+cl+aoti");
  EXPECT_EQ(diagnoseHostBound(results, OptimizationConfig::parse("fp16+cl+graph")).eager_key,
            "fp16+cl");
  const std::vector<ConfigResult> other_settings{results[0], results[1], results[4], results[5]};
  EXPECT_EQ(
      diagnoseHostBound(other_settings, OptimizationConfig::parse("fp16+cl+aoti-graph")).eager_key,
      "fp16+cl");
}

// A replay far slower than what it replays measured something else, not launches.
TEST(HostBound, ASlowerReplayIsNoPair) {
  const auto d = diagnoseHostBound({result("fp16+aoti", 1.7), result("fp16+aoti-graph", 50.0),
                                    result("fp16", 4.25), result("fp16+graph", 2.6)},
                                   OptimizationConfig::parse("fp16+aoti"));
  EXPECT_EQ(d.eager_key, "fp16");
  EXPECT_TRUE(d.host_bound);
}

TEST(HostBound, UnmeasuredWithoutAPair) {
  auto failed = result("fp32+graph", 1.0);
  failed.status = ConfigStatus::Error;
  const auto d = diagnoseHostBound({result("fp32", 3.0), failed}, OptimizationConfig{});
  EXPECT_FALSE(d.measured);
  EXPECT_FALSE(d.host_bound);
}

}  // namespace
}  // namespace inferscope::tuner
