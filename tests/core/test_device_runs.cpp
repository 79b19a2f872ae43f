#include <gtest/gtest.h>

#include <string>

#include "core/common/error.h"
#include "core/engine/device_comparison.h"
#include "core/engine/device_selection.h"
#include "core/engine/device_table.h"

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

// The Devices page's table: two H100s that differ, two that agree, an A100 beside them that is
// shown but never compared, a failed cell and a config that ran on one GPU only.
TEST(DeviceTable, OneColumnPerPlaceAndMarksOnlySameModelPairsBeyondTheirIntervals) {
  const std::string h100 = "NVIDIA H100 80GB HBM3", a100 = "NVIDIA A100-SXM4-80GB";
  SessionResult s;
  s.configs = {onGpu("fp32", 0, 10.0, 0.01, h100), onGpu("fp32", 1, 11.0, 0.01, h100),
               onGpu("fp32", 2, 14.0, 0.01, a100), onGpu("bf16", 0, 5.0, 0.01, h100),
               onGpu("bf16", 1, 5.01, 0.01, h100), onGpu("bf16", 2, 8.0, 0.01, a100),
               onGpu("fp16", 1, 4.0, 0.01, h100),  onGpu("tf32", 0, 6.0, 0.01, h100),
               onGpu("tf32", 1, 6.0, 0.01, h100)};
  s.configs[8].status = ConfigStatus::OutOfMemory;
  s.configs[8].message = "CUDA out of memory";
  const auto t = deviceTable(s);
  ASSERT_EQ(t.places.size(), 3u);
  EXPECT_EQ(t.labels[1], "node cuda:1");
  EXPECT_TRUE(t.comparable(0, 1));
  EXPECT_FALSE(t.comparable(0, 2));  // H100 and A100: side by side, not compared
  EXPECT_FALSE(t.comparable(1, 1));
  ASSERT_EQ(t.rows.size(), 4u);

  const auto& fp32 = t.rows[0];
  EXPECT_EQ(fp32.config_key, "fp32");
  ASSERT_EQ(fp32.cells.size(), 3u);
  EXPECT_DOUBLE_EQ(fp32.cells[1].median_ms, 11.0);
  EXPECT_GT(fp32.cells[1].ci_low_ms, 0);
  EXPECT_LT(fp32.cells[1].ci_low_ms, 11.0);
  EXPECT_GT(fp32.cells[1].ci_high_ms, 11.0);
  // The two H100s differ by 10 %, far beyond ±1 % noise; the A100's 14 ms is never a difference.
  ASSERT_EQ(fp32.differences.size(), 1u);
  EXPECT_EQ(fp32.differences[0].a, 0u);
  EXPECT_EQ(fp32.differences[0].b, 1u);
  EXPECT_NEAR(fp32.differences[0].ratio, 10.0 / 11.0, 1e-9);
  EXPECT_LT(fp32.differences[0].ratio_high, 1.0);
  EXPECT_LE(fp32.differences[0].ratio_low, fp32.differences[0].ratio);

  const auto& bf16 = t.rows[1];  // 0.2 % apart: inside the intervals, not marked
  EXPECT_EQ(t.measuredPlaces(bf16), 3);
  EXPECT_TRUE(bf16.differences.empty());

  const auto& fp16 = t.rows[2];  // on cuda:1 only (a shard's share)
  EXPECT_EQ(fp16.cells[0].position, -1);
  EXPECT_FALSE(fp16.cells[0].measured());
  EXPECT_TRUE(fp16.cells[1].measured());
  EXPECT_EQ(t.measuredPlaces(fp16), 1);
  EXPECT_TRUE(fp16.differences.empty());

  const auto& tf32 = t.rows[3];  // failed on cuda:1: shown with its reason, not compared
  EXPECT_EQ(tf32.cells[1].status, ConfigStatus::OutOfMemory);
  EXPECT_EQ(tf32.cells[1].message, "CUDA out of memory");
  EXPECT_FALSE(tf32.cells[1].measured());
  EXPECT_TRUE(tf32.differences.empty());
}

TEST(DeviceTable, PairsKeepTheirOrderAndRepeatsOnOnePlaceAreNotDevices) {
  SessionResult s;
  // cuda:1 appears first, so it is place 0; the slower cuda:0 is place 1.
  s.configs = {onGpu("fp32", 1, 10.0), onGpu("fp32", 0, 12.0), onGpu("fp32", 1, 10.0)};
  const auto t = deviceTable(s);
  ASSERT_EQ(t.places.size(), 2u);
  EXPECT_EQ(t.places[0].device.index, 1);
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0].cells[0].results, 2);  // the plan listed fp32 twice on cuda:1
  EXPECT_EQ(t.rows[0].cells[0].position, 0);
  ASSERT_EQ(t.rows[0].differences.size(), 1u);          // one pair, not one per repeat
  const auto cells_only = deviceTable(s, 0.02, false);  // what the GUI shows before comparing
  EXPECT_EQ(cells_only.places.size(), 2u);
  EXPECT_EQ(cells_only.rows[0].cells[1].median_ms, 12.0);
  EXPECT_TRUE(cells_only.rows[0].differences.empty());
  const auto& d = t.rows[0].differences[0];
  EXPECT_EQ(d.a, 0u);
  EXPECT_EQ(d.b, 1u);
  EXPECT_NEAR(d.ratio, 10.0 / 12.0, 1e-9);
  EXPECT_LE(d.ratio_low, d.ratio);
  EXPECT_GE(d.ratio_high, d.ratio);
  // Hosts tell places apart too: the same ordinal on two nodes is two devices.
  s.configs[2].measured_on->host = "other-node";
  s.configs[2].stats.median_ms = 10.0;
  EXPECT_EQ(deviceTable(s).places.size(), 3u);
  // A session of one device has one column and nothing to mark.
  SessionResult one;
  one.host = "here";
  one.device = gpu(0);
  one.configs = {onGpu("fp32", 0, 10.0), onGpu("bf16", 0, 5.0)};
  for (auto& c : one.configs) c.measured_on.reset();
  const auto t1 = deviceTable(one);
  ASSERT_EQ(t1.places.size(), 1u);
  EXPECT_EQ(t1.labels[0], "here cuda:0");
  for (const auto& r : t1.rows) EXPECT_TRUE(r.differences.empty());
}
