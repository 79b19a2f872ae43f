// JSON round trips of the roofline values, and errors that name the culprit.
#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/roofline/roofline_json.h"

namespace inferscope::roofline {
namespace {

ConfigRoofline sample() {
  ConfigRoofline r;
  r.work.flops = 2.2e10;
  r.work.bytes = 3.5e8;
  r.work.ops = {{"aten::linear", "matmul", 73, 2.1e10, 2.0e8, 0.71},
                {"aten::layer_norm", "norm", 25, 4e7, 1e8, 0.05}};
  r.work.uncounted = {{"aten::embedding_bag", 1, 0.03}};
  r.work.uncounted_time_share = 0.03;
  r.work.time_basis = "gpu-kernels";
  r.work.operator_calls = 1200;
  r.work_source = "eager";
  r.work_from = "bf16";
  r.bytes_scaled = true;
  r.precision = "bf16";
  r.median_ms = 2.75;
  r.achieved_tflops = 8.0;
  r.achieved_gbps = 127.3;
  r.intensity = 62.9;
  r.ceiling_tflops = 790;
  r.ceiling_gbps = 4300;
  r.pct_of_compute_ceiling = 1.01;
  r.pct_of_memory_ceiling = 2.96;
  r.gpu_busy_share = 0.42;
  r.busy_basis = "trace";
  r.bound = Bound::LaunchHost;
  r.reason = "the GPU runs kernels 42 % of the iteration";
  r.kernels = {
      {"sm90_xmma_gemm_bf16", "aten::linear", 3, 1500.0, 2.1e10, 2e8, 14.0, 133.3, 105, 1.77}};
  return r;
}

TEST(RooflineJson, ConfigRooflineRoundTrips) {
  const auto r = sample();
  const auto back = configRooflineFromJson(configRooflineToJson(r));
  EXPECT_EQ(configRooflineToJson(back, 2), configRooflineToJson(r, 2));
  EXPECT_EQ(back.bound, Bound::LaunchHost);
  ASSERT_EQ(back.work.ops.size(), 2u);
  EXPECT_EQ(back.work.ops[0].calls, 73);
  EXPECT_EQ(back.kernels.at(0).op, "aten::linear");
  EXPECT_TRUE(back.bytes_scaled);
}

TEST(RooflineJson, CeilingsRoundTrip) {
  DeviceCeilings c;
  c.key = {"NVIDIA H200", "580.95.05", "2.11.0", "13.0", "91300", 0};
  c.matmul = {{"fp32", 51, 67, 8192}, {"tf32", 380, 494.5, 8192}, {"bf16", 790, 989.5, 8192}};
  c.copy_gbps = 4300;
  c.copy_bytes = 1 << 30;
  c.datasheet_gbps = 4800;
  c.datasheet_source = "NVIDIA H200 Tensor Core GPU datasheet (2024)";
  c.measured_utc = "2026-12-02T01:00:00Z";
  const auto back = ceilingsFromJson(ceilingsToJson(c));
  EXPECT_EQ(ceilingsToJson(back), ceilingsToJson(c));
  EXPECT_TRUE(back.key == c.key);
}

TEST(RooflineJson, OlderOrPartialDocumentsReadWithDefaults) {
  const auto r = configRooflineFromJson(R"({"work": {"flops": 10}})");
  EXPECT_DOUBLE_EQ(r.work.flops, 10);
  EXPECT_EQ(r.work_source, "observed");
  EXPECT_EQ(r.bound, Bound::Unknown);
  EXPECT_DOUBLE_EQ(r.gpu_busy_share, -1);
}

TEST(RooflineJson, ATypeErrorNamesTheFileAndPath) {
  try {
    configRooflineFromJson(R"({"work": {"flops": "many"}})", "run.json");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("run.json"), std::string::npos) << what;
    EXPECT_NE(what.find("work.flops"), std::string::npos) << what;
  }
  EXPECT_THROW(ceilingsFromJson(R"({"matmul": []})", "c.json"), Error);  // no key
}

}  // namespace
}  // namespace inferscope::roofline
