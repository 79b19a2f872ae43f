// A session's answers across a shape set as the file keeps them: derived from the results (curves
// and knees, memory per precision, the routing table, the single config under a mix), the
// largest-batch searches kept as the run found them, written and read back field for field, a
// session written before the record existed still opening (its answers derived), and a crafted
// record refused naming its field.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "core/common/error.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"
#include "core/session/session_file.h"

using namespace inferscope;

namespace {

constexpr std::int64_t kMiB = 1 << 20;

// fp32, bf16 and bf16+cl at B=1, 2, 4, 8. Per iteration fp32 takes 1 ms per item past B=2
// (throughput flat from B=2: its knee is 2); bf16 halves it until B=8, where it stops scaling.
// Memory: fp32 16 MiB per item, bf16 8 MiB per item and bf16+cl 6 MiB (the lowest BF16 peak).
SessionResult fourBatches() {
  const auto set = parseShapeSet("1,2,4,8", {}, {});
  SessionResult s;
  s.device.kind = DeviceKind::Cpu;
  s.request.plan = {OptimizationConfig{}, OptimizationConfig::parse("bf16"),
                    OptimizationConfig::parse("bf16+cl")};
  for (const auto& point : set.points) {
    const auto b = static_cast<double>(point.batch);
    const double medians[3] = {point.batch == 1 ? 2.0 : b, b <= 4 ? 1.0 : 4.0, b <= 4 ? 1.1 : 4.4};
    const std::int64_t per_item[3] = {16, 8, 6};
    SessionResult one;
    for (std::size_t k = 0; k < 3; ++k) {
      ConfigResult r;
      r.config = s.request.plan[k];
      r.stats.median_ms = medians[k];
      r.memory.peak_allocated_bytes = per_item[k] * kMiB * point.batch;
      r.memory.source = "cpu-allocator-hook";
      r.accuracy.measured = true;
      r.accuracy.cosine_similarity = 1.0;
      one.configs.push_back(r);
    }
    appendAtShape(s, one, point);
  }
  return s;
}

}  // namespace

TEST(ShapeRecord, DerivesCurvesMemoryRoutesAndTheSingleConfig) {
  const auto record = shapeRecordOf(fourBatches(), RankingOptions{});
  ASSERT_TRUE(record);
  ASSERT_EQ(record->curves.size(), 3u);
  EXPECT_EQ(record->curves[0].config_key, "fp32");
  EXPECT_EQ(record->curves[0].knee_batch, 2);  // 1000 items/s from B=2 on
  EXPECT_EQ(record->curves[1].knee_batch, 4);  // bf16: 4000 items/s at B=4, 2000 at B=8
  EXPECT_DOUBLE_EQ(record->curves[1].peak_items_per_s, 4000.0);

  // Memory per precision: fp32 and bf16 (bf16 and bf16+cl share it; the lower peak is kept).
  ASSERT_EQ(record->memory.size(), 2u);
  EXPECT_EQ(record->memory[0].precision, "fp32");
  EXPECT_EQ(record->memory[1].precision, "bf16");
  ASSERT_EQ(record->memory[1].points.size(), 4u);
  EXPECT_EQ(record->memory[1].points[3].batch, 8);
  EXPECT_EQ(record->memory[1].points[3].peak_bytes, 48 * kMiB);
  EXPECT_EQ(record->memory[1].points[3].config_key, "bf16+cl");
  EXPECT_EQ(record->memory[0].points[3].peak_bytes, 128 * kMiB);

  ASSERT_EQ(record->routing.size(), 4u);
  EXPECT_EQ(record->routing[0].config_key, "bf16");  // 1.0 ms against fp32's 2.0
  EXPECT_EQ(record->routing[3].config_key, "bf16");  // 4.0 against 8.0
  ASSERT_EQ(record->weights.size(), 4u);
  EXPECT_DOUBLE_EQ(record->weights[2].weight, 0.25);
  ASSERT_TRUE(record->best_single);
  EXPECT_EQ(record->best_single->config_key, "bf16");
  EXPECT_DOUBLE_EQ(record->best_single->ratio_to_oracle, 1.0);
  EXPECT_TRUE(record->max_batch.empty());

  // A mix naming a shape the session lacks: no single config, and no throw (the run's file is
  // still written).
  const auto bad = shapeRecordOf(fourBatches(), RankingOptions{}, "B=3:1");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->shape_mix, "B=3:1");
  EXPECT_TRUE(bad->weights.empty());
  EXPECT_FALSE(bad->best_single);
  EXPECT_EQ(bad->routing.size(), 4u);

  // One shape: nothing to answer across.
  SessionResult one;
  one.configs.push_back(ConfigResult{});
  EXPECT_FALSE(shapeRecordOf(one, RankingOptions{}));
  EXPECT_EQ(precisionKey(OptimizationConfig::parse("amp-fp16+cl")), "amp-fp16");
}

TEST(ShapeRecord, ALargestBatchSessionKeepsItsSearchesAndNoRoutes) {
  MaxBatchRecord search;
  search.config_key = "fp32";
  search.precision = "fp32";
  search.start_batch = 1;
  search.limit_batch = 64;
  search.search.probes = {{1, BatchFit::Fits, ""},
                          {2, BatchFit::Fits, ""},
                          {4, BatchFit::Fits, ""},
                          {8, BatchFit::OutOfMemory, "CPU out of memory at batch 8"},
                          {6, BatchFit::OutOfMemory, "CPU out of memory at batch 6"},
                          {5, BatchFit::Fits, ""}};
  search.search.largest_fitting = 5;
  search.search.smallest_oom = 6;
  search.search.stop_reason = "bisected";
  const auto record = shapeRecordOf(fourBatches(), RankingOptions{}, {}, {search});
  ASSERT_TRUE(record);
  EXPECT_TRUE(record->routing.empty());
  EXPECT_FALSE(record->best_single);
  ASSERT_EQ(record->max_batch.size(), 1u);
  EXPECT_EQ(record->max_batch[0].search.largest_fitting, 5);
  EXPECT_EQ(record->curves.size(), 3u);
}

TEST(ShapeRecord, TheSessionFileKeepsItFieldForField) {
  auto s = fourBatches();
  s.shape_record = shapeRecordOf(s, RankingOptions{}, "B=1:3,B=8:1");
  MaxBatchRecord search;
  search.config_key = "bf16";
  search.precision = "bf16";
  search.start_batch = 2;
  search.limit_batch = 16;
  search.search.probes = {{2, BatchFit::Fits, ""}, {4, BatchFit::Failed, "shape error"}};
  search.search.largest_fitting = 2;
  search.search.stop_reason = "failed";
  s.shape_record->max_batch.push_back(search);
  ASSERT_TRUE(s.shape_record->best_single);

  const auto text = sessionToJson(s);
  EXPECT_NE(text.find("\"shape_record\""), std::string::npos);
  const auto read = sessionFromJson(text);
  ASSERT_TRUE(read.shape_record);
  EXPECT_EQ(sessionToJson(read), text);  // every field survived
  const auto& r = *read.shape_record;
  EXPECT_EQ(r.shape_mix, "B=1:3,B=8:1");
  EXPECT_DOUBLE_EQ(r.weights[0].weight, 0.75);
  EXPECT_EQ(r.curves[0].knee_batch, 2);
  EXPECT_FALSE(r.curves[0].first_oom_batch);
  EXPECT_EQ(r.max_batch[0].search.probes[1].fit, BatchFit::Failed);
  EXPECT_EQ(r.max_batch[0].search.probes[1].message, "shape error");
  EXPECT_FALSE(r.max_batch[0].search.smallest_oom);
  EXPECT_EQ(r.memory[1].points[3].config_key, "bf16+cl");
  EXPECT_EQ(r.best_single->config_key, s.shape_record->best_single->config_key);
}

TEST(ShapeRecord, ASessionWrittenBeforeTheRecordOpensWithItsAnswersDerived) {
  auto s = fourBatches();
  ASSERT_FALSE(s.shape_record);
  const auto text = sessionToJson(s);
  EXPECT_EQ(text.find("\"shape_record\""), std::string::npos);  // one-shape files unchanged too
  const auto read = sessionFromJson(text);
  EXPECT_FALSE(read.shape_record);
  const auto derived = shapeRecordOrDerived(read);
  ASSERT_TRUE(derived);
  EXPECT_EQ(derived->routing.size(), 4u);
  EXPECT_EQ(derived->curves[1].knee_batch, 4);
  // A stored record is what it says, not derived again.
  auto stored = read;
  stored.shape_record = ShapeRecord{};
  stored.shape_record->shape_mix = "B=2:1";
  EXPECT_EQ(shapeRecordOrDerived(stored)->shape_mix, "B=2:1");
}

TEST(ShapeRecord, ACraftedRecordIsRefusedNamingItsField) {
  auto s = fourBatches();
  s.shape_record = shapeRecordOf(s, RankingOptions{});
  const auto text = sessionToJson(s, -1);
  const auto refused = [&](const std::string& from, const std::string& to,
                           const std::string& expected) {
    auto crafted = text;
    const auto at = crafted.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    crafted.replace(at, from.size(), to);
    try {
      sessionFromJson(crafted, "crafted.json");
      FAIL() << "accepted " << to;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  refused("\"knee_batch\":2", "\"knee_batch\":0", "shape_record.curves[0].knee_batch");
  refused("\"knee_batch\":2", "\"knee_batch\":99999999999", "shape_record.curves[0].knee_batch");
  refused("\"weight\":0.25", "\"weight\":4", "shape_record.weights[0].weight");
  refused("\"per_item_ms\":2.0", "\"per_item_ms\":-2.0",
          "shape_record.curves[0].points[0].per_item_ms");
  refused("\"knee_fraction\":0.9", "\"knee_fraction\":1.5", "shape_record.knee_fraction");
  refused("\"routing\":[", "\"routing\":7,\"unread\":[", "shape_record.routing: expected an array");
}
