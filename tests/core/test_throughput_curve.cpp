// Latency against throughput: per-item latency and items/s per batch, the knee (the smallest batch
// reaching 90 % of the peak items/s), the largest batch that ran and the first out of memory, the
// memory per precision across batches, and curves kept apart by config and fixed dimensions.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "core/common/error.h"
#include "core/engine/throughput_curve.h"

using namespace inferscope;

namespace {

ShapePoint shape(std::int64_t batch, std::int64_t seq = 0) {
  ShapePoint p;
  p.batch = batch;
  p.dims = {{"B", batch}};
  if (seq > 0) p.dims.emplace_back("S", seq);
  p.label = seq > 0 ? fmt::format("B={} S={}", batch, seq) : fmt::format("B={}", batch);
  return p;
}

ConfigResult result(const char* key, std::int64_t batch, double median_ms,
                    ConfigStatus status = ConfigStatus::Ok, std::int64_t seq = 0) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.status = status;
  r.shape = shape(batch, seq);
  if (status == ConfigStatus::Ok) r.stats.median_ms = median_ms;
  r.memory.peak_allocated_bytes = batch * 1'000'000;
  return r;
}

}  // namespace

TEST(ThroughputCurve, PerItemLatencyThroughputAndTheKnee) {
  SessionResult s;
  // A device that saturates: 10 ms fixed cost + 1 ms per item up to 16 items, then 2 ms per item.
  // items/s: 1 → 90.9, 4 → 285.7, 16 → 615.4, 64 → 432.4... the peak is at 16.
  for (const std::int64_t b : {1, 4, 16, 64}) {
    const double ms =
        b <= 16 ? 10.0 + static_cast<double>(b) : 26.0 + 2.0 * static_cast<double>(b - 16);
    s.configs.push_back(result("fp32", b, ms));
  }
  const auto curves = throughputCurves(s);
  ASSERT_EQ(curves.size(), 1u);
  const auto& c = curves[0];
  EXPECT_EQ(c.config_key, "fp32");
  ASSERT_EQ(c.points.size(), 4u);
  EXPECT_DOUBLE_EQ(c.points[1].per_item_ms, 14.0 / 4.0);
  EXPECT_NEAR(c.points[2].items_per_s, 16.0 / 0.026, 1e-9);
  EXPECT_NEAR(c.peak_items_per_s, 16.0 / 0.026, 1e-9);
  EXPECT_EQ(c.knee_batch, 16);  // 4 reaches only 46 % of the peak
  EXPECT_EQ(c.largest_ok_batch, 64);
  EXPECT_FALSE(c.first_oom_batch.has_value());
  EXPECT_EQ(c.points[3].peak_bytes, 64'000'000);
  // A lower fraction moves the knee down; a bad one is refused.
  EXPECT_EQ(kneeBatch(c.points, 0.4), 4);
  EXPECT_THROW(kneeBatch(c.points, 0), Error);
  EXPECT_THROW(kneeBatch(c.points, 1.5), Error);
}

TEST(ThroughputCurve, KneeIsTheSmallestBatchWithinTheFraction) {
  // Throughput still rising slightly at the end: the knee is where it first reaches 90 %.
  std::vector<ThroughputPoint> points;
  for (const auto& [b, ips] : std::vector<std::pair<std::int64_t, double>>{
           {1, 100}, {2, 180}, {4, 300}, {8, 455}, {16, 490}, {32, 500}}) {
    ThroughputPoint p;
    p.batch = b;
    p.items_per_s = ips;
    points.push_back(p);
  }
  EXPECT_EQ(kneeBatch(points), 8);  // 455 ≥ 450, 300 < 450
  std::reverse(points.begin(), points.end());
  EXPECT_EQ(kneeBatch(points), 8);  // order does not matter
  EXPECT_FALSE(kneeBatch({}).has_value());
}

TEST(ThroughputCurve, OutOfMemoryAndPrecisionsAndFixedDimsApart) {
  SessionResult s;
  s.configs.push_back(result("fp32", 1, 2.0));
  s.configs.push_back(result("bf16", 1, 1.5));
  s.configs.push_back(result("fp32", 8, 8.0));
  s.configs.push_back(result("bf16", 8, 5.0));
  s.configs.push_back(result("fp32", 64, 0, ConfigStatus::OutOfMemory));
  s.configs.push_back(result("bf16", 64, 30.0));
  s.configs.push_back(result("fp32", 128, 0, ConfigStatus::OutOfMemory));
  s.configs.push_back(result("bf16", 128, 0, ConfigStatus::Error));    // not memory: not a stop
  s.configs.push_back(result("fp32", 1, 4.0, ConfigStatus::Ok, 128));  // another sequence length
  s.configs.push_back(ConfigResult{});                                 // no shape: not on a curve
  const auto curves = throughputCurves(s);
  ASSERT_EQ(curves.size(), 3u);
  EXPECT_EQ(curves[0].config_key, "fp32");
  EXPECT_EQ(curves[0].largest_ok_batch, 8);
  EXPECT_EQ(curves[0].first_oom_batch, 64);
  EXPECT_EQ(curves[1].config_key, "bf16");
  EXPECT_EQ(curves[1].largest_ok_batch, 64);
  EXPECT_FALSE(curves[1].first_oom_batch.has_value());
  EXPECT_EQ(curves[1].points.size(), 3u);
  EXPECT_EQ(curves[2].fixed_dims, "S=128");
  EXPECT_EQ(curves[2].points.size(), 1u);
  EXPECT_EQ(curves[2].knee_batch, 1);
  EXPECT_TRUE(throughputCurves(SessionResult{}).empty());
}
