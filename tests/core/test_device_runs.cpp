#include <gtest/gtest.h>

#include <string>

#include "core/common/error.h"
#include "core/engine/device_comparison.h"
#include "core/engine/device_selection.h"

using namespace inferscope;

namespace {

std::string errorOf(std::string_view text, int visible) {
  try {
    parseDeviceList(text, visible);
  } catch (const Error& e) {
    return e.what();
  }
  return "accepted";
}

DeviceInfo gpu(int index, const std::string& name = "NVIDIA H200") {
  DeviceInfo d;
  d.kind = DeviceKind::Cuda;
  d.index = index;
  d.name = name;
  d.cc_major = 9;
  return d;
}

// A result of `key` on GPU `index` whose steady samples alternate ±spread around median_ms.
ConfigResult onGpu(const std::string& key, int index, double median_ms, double spread = 0.01,
                   const std::string& name = "NVIDIA H200") {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  for (int i = 0; i < 60; ++i) r.latency_ms.push_back(median_ms * (1 + (i % 2 ? spread : -spread)));
  r.stats.median_ms = median_ms;
  r.steady.analysed = true;
  r.steady.median_ci_low_ms = median_ms * (1 - spread / 4);
  r.steady.median_ci_high_ms = median_ms * (1 + spread / 4);
  r.measured_on = MeasuredOn{"node", gpu(index, name)};
  return r;
}

}  // namespace

TEST(DeviceSelection, ParsesAllAndListsAndNamesBadEntries) {
  EXPECT_EQ(parseDeviceList("all", 4), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(parseDeviceList("0,2,3", 4), (std::vector<int>{0, 2, 3}));
  EXPECT_EQ(parseDeviceList("5", -1), (std::vector<int>{5}));  // count unknown: taken as given
  EXPECT_NE(errorOf("0,x", 4).find("'x' is not a GPU ordinal"), std::string::npos);
  EXPECT_NE(errorOf("0,,1", 4).find("'' is not a GPU ordinal"), std::string::npos);
  EXPECT_NE(errorOf("1,1", 4).find("GPU 1 is listed twice"), std::string::npos);
  EXPECT_NE(errorOf("4", 4).find("GPU 4 does not exist here (4 visible: 0–3)"), std::string::npos);
  EXPECT_NE(errorOf("all", 0).find("sees no CUDA device"), std::string::npos);
}

TEST(DeviceSelection, WorkersSeeTheirGpuThroughThisProcessesOwnRestriction) {
  EXPECT_EQ(workerVisibleDevices(nullptr, 2), "2");
  EXPECT_EQ(workerVisibleDevices("", 0), "0");
  EXPECT_EQ(workerVisibleDevices("4,5,6", 1), "5");  // a Slurm task allotted GPUs 4–6
  EXPECT_EQ(workerVisibleDevices("GPU-8f2c,GPU-11aa", 1), "GPU-11aa");
  EXPECT_THROW(workerVisibleDevices("4,5", 2), Error);
}

TEST(DeviceComparison, MarksOnlyDifferencesBeyondTheIntervals) {
  SessionResult s;
  s.configs = {
      onGpu("fp32", 0, 10.0), onGpu("fp32", 1, 10.02),
      onGpu("fp32", 2, 12.0), onGpu("bf16", 0, 5.0),
      onGpu("bf16", 1, 5.01), onGpu("fp16", 0, 4.0)};  // on one GPU only: nothing to compare
  s.configs[1].measured_on->host = "node";
  const auto compared = compareAcrossDevices(s);
  ASSERT_EQ(compared.size(), 2u);
  const auto& fp32 = compared[0];
  EXPECT_EQ(fp32.config_key, "fp32");
  EXPECT_EQ(fp32.device_name, "NVIDIA H200");
  ASSERT_EQ(fp32.measurements.size(), 3u);
  EXPECT_EQ(fp32.measurements[2].place.device.index, 2);
  // GPU 2 is 20 % slower than 0 and 1, far beyond ±1 % noise; 0 and 1 agree within it.
  ASSERT_EQ(fp32.differences.size(), 2u);
  for (const auto& d : fp32.differences) {
    EXPECT_EQ(d.b, 2u);
    EXPECT_LT(d.ratio, 0.9);
    EXPECT_LT(d.ratio_high, 1.0);
    EXPECT_NE(d.method, "none");
  }
  EXPECT_EQ(compared[1].config_key, "bf16");
  EXPECT_TRUE(compared[1].differences.empty());
}

TEST(DeviceComparison, KeepsGpuModelsApartAndUsesIntervalsWithoutSamples) {
  SessionResult s;
  s.configs = {onGpu("fp32", 0, 10.0), onGpu("fp32", 1, 7.0, 0.01, "NVIDIA A100-SXM4-80GB"),
               onGpu("bf16", 0, 5.0), onGpu("bf16", 1, 6.0)};
  for (auto& c : s.configs) c.latency_ms.clear();  // summaries only: interval arithmetic
  const auto compared = compareAcrossDevices(s);
  ASSERT_EQ(compared.size(), 1u);  // fp32 ran once per GPU model: not a comparison
  EXPECT_EQ(compared[0].config_key, "bf16");
  ASSERT_EQ(compared[0].differences.size(), 1u);
  EXPECT_EQ(compared[0].differences[0].method, "interval-arithmetic");
  EXPECT_NEAR(compared[0].differences[0].ratio, 5.0 / 6.0, 1e-12);
  s.configs[3].status = ConfigStatus::Error;  // failed results are not measurements
  EXPECT_TRUE(compareAcrossDevices(s).empty());
}
