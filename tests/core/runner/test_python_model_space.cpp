// The search space of a model Python rebuilds: torch.compile is a candidate there and nowhere
// else, and every pruned combination says why.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/tuner/search_space.h"

namespace inferscope::tuner {
namespace {

SpaceContext h200(ModelSource source, std::vector<InputSpec> inputs) {
  SpaceContext ctx;
  ctx.caps.kind = DeviceKind::Cuda;
  ctx.caps.cc_major = 9;
  ctx.caps.cc_minor = 0;
  ctx.caps.has_cudnn = true;
  ctx.aot_inductor_available = true;
  ctx.source = source;
  ctx.inputs = std::move(inputs);
  return ctx;
}

bool has(const SearchSpace& s, const char* key) {
  const auto c = OptimizationConfig::parse(key);
  return std::find(s.candidates().begin(), s.candidates().end(), c) != s.candidates().end();
}

std::string reason(const SearchSpace& s, const char* key) {
  return s.pruneReason(OptimizationConfig::parse(key));
}

TEST(PythonModelSpace, AnExportedProgramCnnRacesTorchCompileBesideItsPackages) {
  const SearchSpace s(
      h200(ModelSource::ExportedProgram, {InputSpec::parse("32x3x224x224:float32")}));
  for (const char* key : {"bf16+tc", "bf16+tc-ro", "fp16+cl+tc", "fp16+cl+tc-ro", "bf16+cl+aoti",
                          "bf16+cl+aoti-graph", "tf32+aoti", "fp32", "bf16+cl+bench", "amp-bf16"}) {
    EXPECT_TRUE(has(s, key)) << key;
  }
  EXPECT_NE(reason(s, "fp32+tc").find("FP16 and BF16 casts"), std::string::npos);
  EXPECT_NE(reason(s, "bf16+tc+bench").find("cuDNN"), std::string::npos);
  EXPECT_NE(reason(s, "bf16+tc-max").find("--max-autotune"), std::string::npos);
  EXPECT_NE(reason(s, "bf16+graph").find("reduce-overhead"), std::string::npos);
  EXPECT_NE(reason(s, "fp32+aoti").find("TF32 twin"), std::string::npos);
  EXPECT_NE(reason(s, "fp32+ts").find("TorchScript"), std::string::npos);
}

TEST(PythonModelSpace, AnEntryPointTransformerHasNoChannelsLast) {
  const SearchSpace s(h200(ModelSource::PythonEntry, {InputSpec::parse("8x256:int64")}));
  EXPECT_TRUE(has(s, "fp16+tc-ro"));
  EXPECT_FALSE(has(s, "fp16+cl+tc-ro"));
  EXPECT_TRUE(has(s, "bf16+aoti-graph"));
}

TEST(PythonModelSpace, MaxAutotuneIsAnOptIn) {
  auto ctx = h200(ModelSource::PythonEntry, {InputSpec::parse("8x256:int64")});
  ctx.max_autotune = true;
  const SearchSpace s(ctx);
  EXPECT_TRUE(has(s, "bf16+tc-max"));
}

TEST(PythonModelSpace, TorchScriptFilesAndZooModelsCannotReachTorchCompile) {
  for (auto source : {ModelSource::TorchScript, ModelSource::Zoo, ModelSource::AotInductor}) {
    const SearchSpace s(h200(source, {InputSpec::parse("32x3x224x224:float32")}));
    EXPECT_FALSE(has(s, "bf16+tc-ro"));
    EXPECT_NE(reason(s, "bf16+tc-ro").find("torch.export.save"), std::string::npos);
  }
}

TEST(PythonModelSpace, TheCpuHasNoReduceOverhead) {
  SpaceContext ctx;
  ctx.source = ModelSource::ExportedProgram;
  ctx.inputs = {InputSpec::parse("1x16:float32")};
  const SearchSpace s(ctx);
  EXPECT_FALSE(has(s, "bf16+tc-ro"));
  EXPECT_NE(reason(s, "bf16+tc-ro").find("CUDA"), std::string::npos);
}

}  // namespace
}  // namespace inferscope::tuner
