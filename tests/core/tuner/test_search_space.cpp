// SearchSpace: the whole space minus what cannot run or cannot matter, each pruned config with
// its reason; seeds first.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/tuner/search_space.h"

namespace inferscope::tuner {
namespace {

DeviceCaps hopper() {
  DeviceCaps caps;
  caps.kind = DeviceKind::Cuda;
  caps.cc_major = 9;
  caps.has_cudnn = true;
  return caps;
}

SpaceContext imageModel(DeviceCaps caps) {
  SpaceContext ctx;
  ctx.caps = caps;
  ctx.aot_inductor_available = caps.isCuda();
  ctx.inputs = {InputSpec::parse("32x3x224x224")};
  return ctx;
}

bool has(const std::vector<OptimizationConfig>& list, const char* key) {
  return std::find(list.begin(), list.end(), OptimizationConfig::parse(key)) != list.end();
}

std::string reasonFor(const SearchSpace& space, const char* key) {
  for (const auto& p : space.pruned()) {
    if (p.config == OptimizationConfig::parse(key)) return p.reason;
  }
  return {};
}

TEST(SearchSpace, CoversPrecisionLayoutCompileAndBenchmarkOnAGpu) {
  const SearchSpace space(imageModel(hopper()));
  for (const char* key : {"fp32", "tf32", "fp16", "bf16", "amp-fp16", "amp-bf16",
                          "bf16+cl+graph+bench", "fp16+aoti+bench", "bf16+cl+aoti",
                          "bf16+cl+aoti-graph", "amp-bf16+cl+graph", "fp32+graph"}) {
    EXPECT_TRUE(has(space.candidates(), key)) << key;
  }
  // 6 precisions × 2 layouts × {eager, graph} × 2 bench, and 4 cast precisions × 2 × {aoti,
  // aoti-graph} × 2.
  EXPECT_EQ(space.candidates().size(), 48u + 16u + 16u);
}

TEST(SearchSpace, PrunesWhatCannotRunWithItsReasonAndNeverListsItAsACandidate) {
  const SearchSpace space(imageModel(hopper()));
  EXPECT_FALSE(has(space.candidates(), "amp-bf16+aoti"));
  EXPECT_NE(reasonFor(space, "amp-bf16+aoti").find("autocast"), std::string::npos);
  EXPECT_NE(reasonFor(space, "fp32+ts").find("TorchScript"), std::string::npos);
  EXPECT_NE(reasonFor(space, "fp32+aoti-max").find("max-autotune"), std::string::npos);
  for (const auto& p : space.pruned()) {
    EXPECT_FALSE(p.reason.empty()) << p.config.key();
    EXPECT_FALSE(has(space.candidates(), p.config.key().c_str())) << p.config.key();
  }
}

TEST(SearchSpace, OnTheCpuNoGraphsNoHalfCastsNoCudnn) {
  const SearchSpace space(imageModel(DeviceCaps{}));
  for (const auto& c : space.candidates()) {
    EXPECT_NE(c.compile, CompileMode::CudaGraph) << c.key();
    EXPECT_NE(c.precision, Precision::Fp16Cast) << c.key();
    EXPECT_FALSE(c.cudnn.benchmark) << c.key();
  }
  EXPECT_NE(reasonFor(space, "fp32+graph").find("CUDA"), std::string::npos);
  EXPECT_TRUE(has(space.candidates(), "amp-bf16+cl"));
}

TEST(SearchSpace, TokenInputsGetNeitherChannelsLastNorBenchmark) {
  auto ctx = imageModel(hopper());
  ctx.inputs = {InputSpec::parse("32x128:int64")};
  const SearchSpace space(ctx);
  EXPECT_FALSE(has(space.candidates(), "bf16+cl"));
  EXPECT_NE(reasonFor(space, "bf16+cl").find("4-D"), std::string::npos);
  EXPECT_NE(reasonFor(space, "bf16+bench").find("convolution"), std::string::npos);
  EXPECT_TRUE(has(space.candidates(), "fp16+aoti"));
  EXPECT_EQ(space.candidates().size(),
            6u * 2u + 4u * 2u);  // {eager, graph} × 6 + {aoti, aoti-graph} × 4
}

TEST(SearchSpace, TorchScriptFilesFreezeButCannotBeReExported) {
  auto ctx = imageModel(hopper());
  ctx.source = ModelSource::TorchScript;
  const SearchSpace space(ctx);
  EXPECT_TRUE(has(space.candidates(), "bf16+ts"));
  EXPECT_NE(reasonFor(space, "bf16+aoti").find("re-exported"), std::string::npos);
}

TEST(SearchSpace, APackageRunsAsCompiled) {
  auto ctx = imageModel(hopper());
  ctx.source = ModelSource::AotInductor;
  const SearchSpace space(ctx);
  for (const auto& c : space.candidates())
    EXPECT_TRUE(runsAotInductorPackage(c.compile)) << c.key();
  EXPECT_TRUE(has(space.candidates(), "fp32+aoti+bench"));
  EXPECT_TRUE(has(space.candidates(), "fp32+aoti-graph"));  // the package's run captured in a graph
  EXPECT_FALSE(reasonFor(space, "bf16+aoti").empty());
  EXPECT_NE(reasonFor(space, "fp32+graph").find("aoti-graph"), std::string::npos);
}

// An AOTInductor package replayed in a CUDA graph is pruned wherever either half cannot run, with
// the reason of the half that cannot, and follows its aoti twin in the race order (it waits for
// the same package).
TEST(SearchSpace, AotInductorInACudaGraphNeedsWhatBothHalvesNeed) {
  const SearchSpace gpu(imageModel(hopper()));
  EXPECT_NE(reasonFor(gpu, "amp-bf16+aoti-graph").find("autocast"), std::string::npos);
  const auto& c = gpu.candidates();
  const auto pos = [&](const char* k) {
    return std::find(c.begin(), c.end(), OptimizationConfig::parse(k)) - c.begin();
  };
  EXPECT_LT(pos("bf16+cl+aoti"), pos("bf16+cl+aoti-graph"));
  EXPECT_LT(pos("bf16+cl+aoti-graph"), pos("bf16+cl+graph"));

  const SearchSpace cpu(imageModel(DeviceCaps{}));
  EXPECT_NE(reasonFor(cpu, "fp32+aoti-graph").find("CUDA"), std::string::npos);

  auto varying = imageModel(hopper());
  varying.static_shapes = false;
  EXPECT_NE(reasonFor(SearchSpace(varying), "bf16+aoti-graph").find("one input shape"),
            std::string::npos);

  auto script = imageModel(hopper());
  script.source = ModelSource::TorchScript;
  EXPECT_NE(reasonFor(SearchSpace(script), "bf16+aoti-graph").find("re-exported"),
            std::string::npos);
}

TEST(SearchSpace, ShardsPartitionTheSpaceWhateverTheSeedsAndAllHoldTheReference) {
  const SearchSpace whole(imageModel(hopper()));
  // Two nodes may seed differently (another guide row): the slices must still partition.
  const std::vector<OptimizationConfig> seeds = {OptimizationConfig::parse("fp16+cl+graph"),
                                                 OptimizationConfig::parse("tf32")};
  std::vector<std::string> seen;
  for (int i = 0; i < 3; ++i) {
    SearchSpace shard(imageModel(hopper()), i == 1 ? seeds : std::vector<OptimizationConfig>{});
    EXPECT_EQ(shard.restrictToShard(ShardSpec{i, 3}), whole.candidates().size());
    EXPECT_TRUE(has(shard.candidates(), "fp32")) << "shard " << i << " lacks the reference";
    EXPECT_LT(shard.candidates().size(), whole.candidates().size() / 2);
    for (const auto& c : shard.candidates()) {
      if (c.key() != "fp32") seen.push_back(c.key());
    }
    if (i == 1 && has(shard.candidates(), "tf32") && has(shard.candidates(), "fp16+cl+graph")) {
      EXPECT_EQ(shard.candidates()[0].key(), "fp16+cl+graph");  // the race order is kept
    }
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << "a config in two shards";
  EXPECT_EQ(seen.size() + 1, whole.candidates().size()) << "a config in no shard";
}

TEST(SearchSpace, SeedsComeFirstInTheirOrderAndPrunedSeedsArePruned) {
  const std::vector<OptimizationConfig> seeds = {OptimizationConfig::parse("bf16+cl+graph+bench"),
                                                 OptimizationConfig::parse("amp-bf16+aoti"),
                                                 OptimizationConfig::parse("fp32")};
  const SearchSpace space(imageModel(hopper()), seeds);
  ASSERT_GE(space.candidates().size(), 2u);
  EXPECT_EQ(space.candidates()[0].key(), "bf16+cl+graph+bench");
  EXPECT_EQ(space.candidates()[1].key(), "fp32");
  EXPECT_FALSE(reasonFor(space, "amp-bf16+aoti").empty());
  // The rest by the guide's promise: a half-precision compiled config before FP32 eager.
  const auto& c = space.candidates();
  const auto pos = [&](const char* k) {
    return std::find(c.begin(), c.end(), OptimizationConfig::parse(k)) - c.begin();
  };
  EXPECT_LT(pos("fp16+aoti+bench"), pos("fp32+bench"));
}

// Coverage before cuDNN-mode twins: with the recommendation's cuDNN mode, every precision ×
// memory format × compile combination comes before any config of the other mode, and for an image
// model channels_last before NCHW — so a short budget reaches channels_last's CUDA graphs early.
TEST(SearchSpace, AShortBudgetCoversFormatsAndCompilesBeforeCudnnTwins) {
  const SearchSpace space(imageModel(hopper()), {OptimizationConfig::parse("bf16+graph+bench")});
  const auto& c = space.candidates();
  const auto pos = [&](const char* k) {
    return std::find(c.begin(), c.end(), OptimizationConfig::parse(k)) - c.begin();
  };
  ASSERT_EQ(c.front().key(), "bf16+graph+bench");
  EXPECT_LT(pos("fp16+cl+graph+bench"), pos("fp16+graph+bench"));
  EXPECT_LT(pos("bf16+cl+graph+bench"), pos("bf16+cl+bench"));  // compiled before eager
  EXPECT_LT(pos("fp32+bench"), pos("fp16+cl+graph"));           // the other cuDNN mode: all later
  bool other_mode_seen = false;
  for (const auto& k : c) {
    if (k.cudnn.benchmark) {
      EXPECT_FALSE(other_mode_seen) << k.key() << " after a no-benchmark twin";
    }
    other_mode_seen |= !k.cudnn.benchmark;
  }
}

}  // namespace
}  // namespace inferscope::tuner
