// The ceiling cache: measured once per key, re-measured when the key differs or the file is bad;
// the datasheet table for known GPUs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/common/file_io.h"
#include "core/roofline/ceiling_cache.h"
#include "core/roofline/datasheet.h"

namespace inferscope::roofline {
namespace {

namespace fs = std::filesystem;

class CeilingCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (fs::temp_directory_path() / ("inferscope_ceilings_" + std::to_string(::getpid())))
               .string();
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static CeilingKey key(std::string driver = "580.95.05") {
    CeilingKey k;
    k.device_name = "NVIDIA H200";
    k.driver_version = std::move(driver);
    k.libtorch_version = "2.11.0";
    k.cuda_version = "13.0";
    k.cudnn_version = "91300";
    return k;
  }
  // A measurement that says how often it ran.
  std::function<DeviceCeilings()> measure(double bf16_tflops) {
    return [this, bf16_tflops] {
      ++measured_;
      DeviceCeilings c;
      c.matmul = {{"fp32", 51.0, 0, 8192}, {"bf16", bf16_tflops, 0, 8192}};
      c.copy_gbps = 4300;
      c.copy_bytes = 1 << 30;
      return c;
    };
  }

  std::string dir_;
  int measured_ = 0;
};

TEST_F(CeilingCacheTest, MeasuresOnceThenReadsTheCache) {
  std::string log;
  const auto first = ceilingsFor(dir_, key(), measure(790), &log);
  EXPECT_EQ(measured_, 1);
  EXPECT_NE(log.find("no cached ceilings"), std::string::npos) << log;
  EXPECT_FALSE(first.from_cache);
  const auto second = ceilingsFor(dir_, key(), measure(1), &log);
  EXPECT_EQ(measured_, 1);  // read, not measured
  EXPECT_TRUE(second.from_cache);
  ASSERT_NE(second.peak("bf16"), nullptr);
  EXPECT_DOUBLE_EQ(second.peak("bf16")->measured_tflops, 790);
  EXPECT_DOUBLE_EQ(second.copy_gbps, 4300);
  // The datasheet figures are quoted next to the measured ones.
  EXPECT_DOUBLE_EQ(second.peak("bf16")->datasheet_tflops, 989.5);
  EXPECT_DOUBLE_EQ(second.datasheet_gbps, 4800);
  EXPECT_NE(second.datasheet_source.find("H200"), std::string::npos);
}

TEST_F(CeilingCacheTest, AKeyMismatchMeasuresAgainAndReplaces) {
  ceilingsFor(dir_, key("570.1"), measure(700));
  std::string log;
  const auto now = ceilingsFor(dir_, key("580.95.05"), measure(790), &log);
  EXPECT_EQ(measured_, 2);
  EXPECT_NE(log.find("driver 570.1, now 580.95.05"), std::string::npos) << log;
  EXPECT_DOUBLE_EQ(now.peak("bf16")->measured_tflops, 790);
  std::string why;
  const auto cached = loadCachedCeilings(dir_, key("580.95.05"), &why);
  ASSERT_TRUE(cached) << why;
  EXPECT_DOUBLE_EQ(cached->peak("bf16")->measured_tflops, 790);
  EXPECT_FALSE(loadCachedCeilings(dir_, key("570.1")));
}

TEST_F(CeilingCacheTest, AnUnreadableFileIsMeasuredAgain) {
  fs::create_directories(dir_);
  writeFileAtomically(ceilingCachePath(dir_, key().device_name), "{\"key\": 3");
  std::string log;
  ceilingsFor(dir_, key(), measure(790), &log);
  EXPECT_EQ(measured_, 1);
  EXPECT_NE(log.find("unreadable"), std::string::npos) << log;
  EXPECT_TRUE(loadCachedCeilings(dir_, key()));  // replaced by the new measurement
}

TEST_F(CeilingCacheTest, NoCacheFolderAlwaysMeasures) {
  ceilingsFor("", key(), measure(790));
  ceilingsFor("", key(), measure(790));
  EXPECT_EQ(measured_, 2);
}

TEST(Datasheet, KnownGpusByTheirCudaNames) {
  EXPECT_DOUBLE_EQ(datasheetFor("NVIDIA H200")->bf16_tflops, 989.5);
  EXPECT_DOUBLE_EQ(datasheetFor("NVIDIA H100 PCIe")->memory_gbps, 2000);
  EXPECT_DOUBLE_EQ(datasheetFor("NVIDIA H100 80GB HBM3")->memory_gbps, 3350);
  EXPECT_DOUBLE_EQ(datasheetFor("NVIDIA A100-SXM4-80GB")->memory_gbps, 2039);
  EXPECT_DOUBLE_EQ(datasheetFor("NVIDIA A100-SXM4-40GB")->memory_gbps, 1555);
  EXPECT_EQ(datasheetFor("NVIDIA L40S")->model, "L40S");  // not the L4
  EXPECT_EQ(datasheetFor("NVIDIA L4")->model, "L4");
  EXPECT_EQ(datasheetFor("NVIDIA A10")->model, "A10");
  EXPECT_DOUBLE_EQ(datasheetFor("Tesla T4")->bf16_tflops, 0);  // no BF16 Tensor Cores
  EXPECT_FALSE(datasheetFor("Intel(R) Xeon(R) CPU @ 2.20GHz"));
}

}  // namespace
}  // namespace inferscope::roofline
