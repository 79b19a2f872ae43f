// Answers across a shape set: the routing table (the best safe config per shape), the shape mix
// (parsed, normalised, uniform by default) and the best single config weighted by it, against
// the per-bucket oracle.
#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_sweep.h"

using namespace inferscope;

namespace {

// Two shapes; fp32 is fastest at B=1, bf16 at B=8, fp16 fastest at B=8 but unsafe there.
SessionResult twoShapes() {
  const auto set = parseShapeSet("1,8", {}, {});
  SessionResult s;
  s.request.plan = {OptimizationConfig{}, OptimizationConfig::parse("bf16"),
                    OptimizationConfig::parse("fp16")};
  const double medians[2][3] = {{1.0, 1.2, 1.1}, {6.0, 3.0, 2.0}};
  for (std::size_t p = 0; p < 2; ++p) {
    SessionResult one;
    for (std::size_t k = 0; k < 3; ++k) {
      ConfigResult r;
      r.config = s.request.plan[k];
      r.stats.median_ms = medians[p][k];
      r.accuracy.measured = true;
      r.accuracy.cosine_similarity = 1.0;
      r.accuracy.top1_agreement = 1.0;
      if (p == 1 && k == 2) {  // FP16 overflowed at B=8
        r.accuracy.nan_count = 3;
        r.accuracy.rel_l2_error = std::numeric_limits<double>::quiet_NaN();
        r.accuracy.cosine_similarity = std::numeric_limits<double>::quiet_NaN();
      }
      one.configs.push_back(r);
    }
    appendAtShape(s, one, set.points[p]);
  }
  return s;
}

}  // namespace

TEST(ShapeAnswers, RoutingTablePicksTheFastestSafeConfigPerShape) {
  const auto table = routingTable(twoShapes());
  ASSERT_EQ(table.size(), 2u);
  EXPECT_EQ(table[0].shape_label, "B=1");
  EXPECT_EQ(table[0].config_key, "fp32");
  EXPECT_DOUBLE_EQ(table[0].median_ms, 1.0);
  EXPECT_EQ(table[1].batch, 8);
  EXPECT_EQ(table[1].config_key, "bf16");  // fp16 is faster there, but its output has NaN
  EXPECT_DOUBLE_EQ(table[1].median_ms, 3.0);
  EXPECT_TRUE(routingTable(SessionResult{}).empty());
}

TEST(ShapeAnswers, ShapeMixIsParsedAndNormalised) {
  const std::vector<std::string> labels{"B=1", "B=8", "B=1 S=16"};
  const auto uniform = parseShapeMix("", labels);
  ASSERT_EQ(uniform.size(), 3u);
  EXPECT_DOUBLE_EQ(uniform[2].weight, 1.0 / 3.0);
  const auto mix = parseShapeMix("B=1:3,B=1 S=16:1", labels);
  EXPECT_DOUBLE_EQ(mix[0].weight, 0.75);
  EXPECT_DOUBLE_EQ(mix[1].weight, 0.0);  // left out
  EXPECT_DOUBLE_EQ(mix[2].weight, 0.25);
  for (const char* bad : {"B=1", "B=2:1", "B=1:-1", "B=1:x", "B=1:0", "B=1:nan"}) {
    EXPECT_THROW(parseShapeMix(bad, labels), Error) << bad;
  }
  try {
    parseShapeMix("B=2:1", labels);
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no shape 'B=2' was measured"), std::string::npos);
  }
}

TEST(ShapeAnswers, BestSingleConfigWeightedByTheMix) {
  const auto s = twoShapes();
  const std::vector<std::string> labels{"B=1", "B=8"};
  // Uniform: fp32 0.5·1 + 0.5·6 = 3.5, bf16 0.5·1.2 + 0.5·3 = 2.1 (fp16 is unsafe at B=8).
  const auto uniform = bestSingleConfig(s, parseShapeMix("", labels));
  ASSERT_TRUE(uniform.has_value());
  EXPECT_EQ(uniform->config_key, "bf16");
  EXPECT_DOUBLE_EQ(uniform->weighted_median_ms, 2.1);
  EXPECT_DOUBLE_EQ(uniform->oracle_ms, 0.5 * 1.0 + 0.5 * 3.0);
  EXPECT_DOUBLE_EQ(uniform->ratio_to_oracle, 2.1 / 2.0);
  // Mostly single requests: fp16 is safe at B=1 and serves only it.
  const auto single = bestSingleConfig(s, parseShapeMix("B=1:1", labels));
  ASSERT_TRUE(single.has_value());
  EXPECT_EQ(single->config_key, "fp32");
  EXPECT_DOUBLE_EQ(single->ratio_to_oracle, 1.0);
  // fp32 9·1 + 1·6 = 15 against bf16 9·1.2 + 3 = 13.8: bf16 still wins at 90 % singles.
  const auto heavy = bestSingleConfig(s, parseShapeMix("B=1:9,B=8:1", labels));
  ASSERT_TRUE(heavy.has_value());
  EXPECT_EQ(heavy->config_key, "bf16");
  EXPECT_NEAR(heavy->weighted_median_ms, 1.38, 1e-12);
}
