// The roofline pass on real LibTorch models: TorchScript files with one operator built here (no
// Python), run through the engine on the CPU with the roofline on. Their FLOPs are known by hand;
// the CPU ceilings are measured (and cached in a folder of this test's own).
#include <gtest/gtest.h>
#include <stdio.h>
#include <stdlib.h>
#include <torch/script.h>
#include <torch/torch.h>

#include <filesystem>

#include "../engine_test_support.h"
#include "core/common/sha256.h"
#include "core/engine/engine.h"
#include "core/roofline/ceiling_cache.h"
#include "core/roofline/roofline_json.h"
#include "core/session/session_file.h"
#include "tests/core/roofline/remove_tree.h"

using namespace inferscope;
namespace fs = std::filesystem;

namespace {

// The roofline tests leave the ceiling cache in cache_: their TearDown is where they crashed with
// SIGSEGV on the GPU machine before they removed it with removeTree (remove_tree.h), while the test
// without the roofline, which leaves nothing to remove, passed.
using test::removeTree;

class RooflineRun : public ::testing::Test {
 protected:
  void SetUp() override {
    cache_ =
        fs::temp_directory_path() / ("inferscope_roofline_cache_" + std::to_string(::getpid()));
    removeTree(cache_);
    ::setenv("XDG_CACHE_HOME", cache_.c_str(), 1);
  }
  void TearDown() override { removeTree(cache_); }

  static std::string save(torch::jit::Module& m, const std::string& name) {
    const auto path = (fs::temp_directory_path() / name).string();
    m.save(path);
    return path;
  }

  static ProfileRequest request(const std::string& path, const std::string& input,
                                std::vector<std::string> keys) {
    auto r = inferscope::testing::zooRequest("", 1, 4, keys);
    r.model.source = ModelSource::TorchScript;
    r.model.path = path;
    r.model.name = fs::path(path).stem().string();
    r.model.trusted_sha256 = sha256OfFile(path);
    r.inputs = {InputSpec::parse(input)};
    r.run.roofline = true;
    return r;
  }

  fs::path cache_;
};

TEST_F(RooflineRun, OneLinearModelCountsItsFlopsAndBytesByHand) {
  torch::jit::Module m("OneLinear");
  m.register_parameter("w", torch::randn({32, 64}), false);
  m.register_parameter("b", torch::zeros({32}), false);
  m.define(R"JIT(
    def forward(self, x):
        return torch.linear(x, self.w, self.b)
  )JIT");
  const auto s = inferscope::testing::runQuietly(
      request(save(m, "inferscope_one_linear.pt"), "4x64:float32", {"fp32", "fp32+ts"}));
  ASSERT_TRUE(s.ceilings);
  ASSERT_NE(s.ceilings->peak("fp32"), nullptr);
  EXPECT_GT(s.ceilings->peak("fp32")->measured_tflops, 0);
  EXPECT_GT(s.ceilings->copy_gbps, 0);
  // Eager: one aten::linear, 2·4·32·64 FLOPs (its bias is not counted, as in FlopCounterMode),
  // reading x, W and b and writing y once. Frozen TorchScript runs what optimize_for_inference
  // left: aten::matmul, then the bias as an aten::add (1 FLOP per element, y and b read, y'
  // written).
  const double matmul_bytes = 4.0 * (4 * 64 + 32 * 64 + 4 * 32);
  const struct {
    const char* op;
    double flops, bytes;
  } expected[] = {
      {"aten::linear", 2.0 * 4 * 32 * 64, matmul_bytes + 4.0 * 32},
      {"aten::matmul", 2.0 * 4 * 32 * 64 + 4 * 32, matmul_bytes + 4.0 * (4 * 32 + 32 + 4 * 32)}};
  ASSERT_EQ(s.configs.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& c = s.configs[i];
    ASSERT_EQ(c.status, ConfigStatus::Ok) << c.message;
    ASSERT_TRUE(c.roofline) << c.config.key();
    const auto& p = *c.roofline;
    EXPECT_EQ(p.work_source, "observed");
    EXPECT_DOUBLE_EQ(p.work.flops, expected[i].flops) << c.config.key();
    EXPECT_DOUBLE_EQ(p.work.bytes, expected[i].bytes) << c.config.key();
    ASSERT_FALSE(p.work.ops.empty());
    EXPECT_EQ(p.work.ops[0].op, expected[i].op);
    EXPECT_TRUE(p.work.uncounted.empty()) << p.work.uncounted[0].op;
    EXPECT_NEAR(p.achieved_tflops, p.work.flops / (c.stats.median_ms / 1e3) / 1e12, 1e-12);
    EXPECT_EQ(p.precision, "fp32");
    EXPECT_NE(p.bound, roofline::Bound::Unknown) << p.reason;
    EXPECT_NE(p.bound, roofline::Bound::LaunchHost);  // the CPU has no launch measurement
  }
  // The session file carries the roofline and the ceilings, and reads back the same.
  const auto back = sessionFromJson(sessionToJson(s));
  ASSERT_TRUE(back.ceilings);
  EXPECT_EQ(roofline::ceilingsToJson(*back.ceilings), roofline::ceilingsToJson(*s.ceilings));
  ASSERT_TRUE(back.configs[0].roofline);
  EXPECT_EQ(roofline::configRooflineToJson(*back.configs[0].roofline),
            roofline::configRooflineToJson(*s.configs[0].roofline));
  EXPECT_TRUE(back.request.run.roofline);
}

TEST_F(RooflineRun, GroupedStridedConvolutionAndTheCeilingCache) {
  // 2×4×16×16 input, 8×2×3×3 weight (groups 2), stride 2, padding 1 → 2×8×8×8: 18 products each.
  torch::jit::Module m("OneConv");
  m.register_parameter("w", torch::randn({8, 2, 3, 3}), false);
  m.define(R"JIT(
    def forward(self, x):
        return torch.conv2d(x, self.w, None, [2, 2], [1, 1], [1, 1], 2)
  )JIT");
  const auto path = save(m, "inferscope_one_conv.pt");
  const auto first = inferscope::testing::runQuietly(request(path, "2x4x16x16:float32", {"fp32"}));
  ASSERT_TRUE(first.configs.at(0).roofline);
  EXPECT_DOUBLE_EQ(first.configs[0].roofline->work.flops, 2.0 * (2 * 8 * 8 * 8) * 18);
  EXPECT_EQ(first.configs[0].roofline->work.ops.at(0).kind, "convolution");
  ASSERT_TRUE(first.ceilings);
  EXPECT_FALSE(first.ceilings->from_cache);
  // The second session on this machine reads the ceilings from the cache.
  const auto second = inferscope::testing::runQuietly(request(path, "2x4x16x16:float32", {"fp32"}));
  ASSERT_TRUE(second.ceilings);
  EXPECT_TRUE(second.ceilings->from_cache);
  EXPECT_EQ(second.ceilings->measured_utc, first.ceilings->measured_utc);
  EXPECT_TRUE(fs::exists(
      roofline::ceilingCachePath(roofline::defaultCeilingCacheDir(), first.device.name)));
}

TEST_F(RooflineRun, WithoutTheFlagNothingIsCountedOrMeasured) {
  torch::jit::Module m("OneLinear");
  m.register_parameter("w", torch::randn({8, 8}), false);
  m.define(R"JIT(
    def forward(self, x):
        return torch.linear(x, self.w)
  )JIT");
  auto r = request(save(m, "inferscope_one_linear_off.pt"), "2x8:float32", {"fp32"});
  r.run.roofline = false;
  const auto s = inferscope::testing::runQuietly(r);
  EXPECT_FALSE(s.ceilings);
  EXPECT_FALSE(s.configs.at(0).roofline);
  EXPECT_FALSE(fs::exists(cache_));
}

}  // namespace
