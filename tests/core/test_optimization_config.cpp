#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/config/optimization_config.h"
#include "core/config/unsupported_code.h"

using namespace inferscope;

namespace {
DeviceCaps gpu(int major, int minor) {
  DeviceCaps c;
  c.kind = DeviceKind::Cuda;
  c.cc_major = major;
  c.cc_minor = minor;
  c.has_cudnn = true;
  return c;
}
}  // namespace

TEST(OptimizationConfig, DefaultIsFp32InferenceMode) {
  OptimizationConfig c;
  EXPECT_EQ(c.key(), "fp32");
  EXPECT_EQ(c.grad, GradMode::InferenceMode);
}

TEST(OptimizationConfig, EveryTokenCombinationRoundTrips) {
  for (const char* key : {"fp32",
                          "tf32",
                          "tf32-medium",
                          "tf32-matmul",
                          "tf32-conv",
                          "tf32-medium-matmul",
                          "fp16",
                          "bf16",
                          "amp-fp16",
                          "amp-bf16",
                          "bf16+cl+graph+bench",
                          "nograd+fp16",
                          "autograd+fp32",
                          "fp32+nocudnn",
                          "fp32+det",
                          "bf16+aoti",
                          "fp16+aoti-max",
                          "bf16+cl+aoti-graph+bench",
                          "fp32+ts",
                          "tf32+cl+bench"}) {
    const auto c = OptimizationConfig::parse(key);
    EXPECT_EQ(c.key(), key);
    EXPECT_EQ(OptimizationConfig::parse(c.key()), c);
    EXPECT_FALSE(c.describe().empty());
  }
}

TEST(OptimizationConfig, KeyOrderIsCanonical) {
  EXPECT_EQ(OptimizationConfig::parse("bench+graph+cl+bf16").key(), "bf16+cl+graph+bench");
}

TEST(OptimizationConfig, RejectsUnknownAndConflictingTokens) {
  EXPECT_THROW(OptimizationConfig::parse("bf17"), Error);
  EXPECT_THROW(OptimizationConfig::parse("fp16+bf16"), Error);
  EXPECT_THROW(OptimizationConfig::parse("graph+aoti"), Error);  // that is "aoti-graph"
  EXPECT_THROW(OptimizationConfig::parse("aoti+aoti-graph"), Error);
  EXPECT_THROW(OptimizationConfig::parse("bench+det"), Error);
  EXPECT_THROW(OptimizationConfig::parse(""), Error);
  try {
    OptimizationConfig::parse("bf16+turbo");
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'turbo'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("valid tokens"), std::string::npos);
  }
}

TEST(OptimizationConfig, Bf16AndTf32NeedAmpereWithAReason) {
  const auto turing = gpu(7, 5);
  const auto reason = unsupportedReason(OptimizationConfig::parse("bf16"), turing, true);
  ASSERT_TRUE(reason.has_value());
  EXPECT_NE(reason->find("Turing"), std::string::npos) << *reason;
  EXPECT_NE(reason->find("8.0"), std::string::npos);
  EXPECT_TRUE(unsupportedReason(OptimizationConfig::parse("tf32"), turing, true).has_value());
  EXPECT_TRUE(
      unsupportedReason(OptimizationConfig::parse("amp-bf16"), gpu(7, 0), true).has_value());
  EXPECT_FALSE(unsupportedReason(OptimizationConfig::parse("fp16"), turing, true).has_value());
  EXPECT_FALSE(unsupportedReason(OptimizationConfig::parse("bf16"), gpu(8, 0), true).has_value());
  EXPECT_FALSE(unsupportedReason(OptimizationConfig::parse("tf32"), gpu(9, 0), true).has_value());
}

TEST(OptimizationConfig, CpuOnlySettingsAreRejectedOnTheCpu) {
  DeviceCaps cpu;
  for (const char* key : {"tf32", "fp16", "fp32+bench", "fp32+graph", "fp32+det"}) {
    EXPECT_TRUE(unsupportedReason(OptimizationConfig::parse(key), cpu, false).has_value()) << key;
  }
  for (const char* key : {"fp32", "bf16", "amp-bf16", "nograd+fp32"}) {
    EXPECT_FALSE(unsupportedReason(OptimizationConfig::parse(key), cpu, false).has_value()) << key;
  }
}

// The code a UI renders in its language and the CLI's English are one decision: a code exactly
// where there is a reason, and the code that names it.
TEST(OptimizationConfig, EveryUnsupportedReasonHasItsCode) {
  DeviceCaps cpu;
  DeviceCaps no_cudnn = gpu(9, 0);
  no_cudnn.has_cudnn = false;
  const std::pair<const char*, DeviceCaps> cases[] = {{"bf16", gpu(7, 5)},
                                                      {"tf32", gpu(7, 0)},
                                                      {"fp32+bench", no_cudnn},
                                                      {"tf32", cpu},
                                                      {"fp16", cpu},
                                                      {"fp32+det", cpu},
                                                      {"fp32+graph", cpu},
                                                      {"fp32+tc-ro", cpu},
                                                      {"fp32+aoti", gpu(9, 0)},
                                                      {"autograd+fp32+graph", gpu(9, 0)},
                                                      {"fp32", cpu},
                                                      {"bf16+graph", gpu(9, 0)}};
  const char* expected[] = {"bf16-needs-ampere",
                            "tf32-needs-ampere",
                            "cudnn-needs-build",
                            "tf32-on-cpu",
                            "fp16-on-cpu",
                            "cudnn-on-cpu",
                            "graph-on-cpu",
                            "tc-ro-on-cpu",
                            "aoti-needs-2.6",
                            "graph-with-autograd",
                            "",
                            ""};
  for (std::size_t i = 0; i < std::size(cases); ++i) {
    const auto config = OptimizationConfig::parse(cases[i].first);
    const auto code = unsupportedCode(config, cases[i].second, false);
    const auto reason = unsupportedReason(config, cases[i].second, false);
    EXPECT_EQ(code.value_or(""), expected[i]) << cases[i].first;
    EXPECT_EQ(code.has_value(), reason.has_value()) << cases[i].first;
  }
}

TEST(OptimizationConfig, AotInductorNeedsABuildThatHasIt) {
  const auto reason = unsupportedReason(OptimizationConfig::parse("bf16+aoti"), gpu(9, 0), false);
  ASSERT_TRUE(reason.has_value());
  EXPECT_NE(reason->find("2.6"), std::string::npos);
}

// aoti-graph is both an AOTInductor package and a CUDA graph: it needs what each needs.
TEST(OptimizationConfig, AotInductorInACudaGraphIsBothAPackageAndAGraph) {
  const auto c = OptimizationConfig::parse("bf16+aoti-graph");
  EXPECT_TRUE(runsAotInductorPackage(c.compile));
  EXPECT_TRUE(replaysCudaGraph(c.compile));
  EXPECT_FALSE(replaysCudaGraph(CompileMode::AotInductor));
  EXPECT_FALSE(runsAotInductorPackage(CompileMode::CudaGraph));
  EXPECT_NE(c.describe().find("CUDA graph"), std::string::npos) << c.describe();
  const auto no_build = unsupportedReason(c, gpu(9, 0), false);
  ASSERT_TRUE(no_build.has_value());
  EXPECT_NE(no_build->find("2.6"), std::string::npos) << *no_build;
  const auto on_cpu =
      unsupportedReason(OptimizationConfig::parse("fp32+aoti-graph"), DeviceCaps{}, true);
  ASSERT_TRUE(on_cpu.has_value());
  EXPECT_NE(on_cpu->find("CUDA"), std::string::npos) << *on_cpu;
  EXPECT_TRUE(
      unsupportedReason(OptimizationConfig::parse("autograd+bf16+aoti-graph"), gpu(9, 0), true)
          .has_value());
  EXPECT_FALSE(unsupportedReason(c, gpu(9, 0), true).has_value());
}

// aoti-graph captures the aoti config's package: both name one compile job; other configs are their
// own.
TEST(OptimizationConfig, AotInductorInACudaGraphSharesThePlainPackage) {
  EXPECT_EQ(packageConfig(OptimizationConfig::parse("bf16+cl+aoti-graph")).key(), "bf16+cl+aoti");
  EXPECT_EQ(packageConfig(OptimizationConfig::parse("bf16+cl+aoti")).key(), "bf16+cl+aoti");
  EXPECT_EQ(packageConfig(OptimizationConfig::parse("bf16+aoti-max")).key(), "bf16+aoti-max");
  EXPECT_EQ(packageConfig(OptimizationConfig::parse("fp16+graph+bench")).key(), "fp16+graph+bench");
}

TEST(DeviceInfo, GenerationNames) {
  EXPECT_EQ(gpuGenerationName(7, 0), "Volta");
  EXPECT_EQ(gpuGenerationName(7, 5), "Turing");
  EXPECT_EQ(gpuGenerationName(8, 6), "Ampere");
  EXPECT_EQ(gpuGenerationName(8, 9), "Ada Lovelace");
  EXPECT_EQ(gpuGenerationName(9, 0), "Hopper");
  EXPECT_EQ(gpuGenerationName(12, 0), "Blackwell");
}
