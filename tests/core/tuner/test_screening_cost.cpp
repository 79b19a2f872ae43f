// ScreeningCosts: what screening one candidate costs, learnt per kind, so that a torch.compile
// candidate's compile never prices the eager ones out of screening.
#include <gtest/gtest.h>

#include "core/tuner/screening_cost.h"

namespace inferscope::tuner {
namespace {

const auto kEager = OptimizationConfig::parse("fp16+cl");
const auto kGraph = OptimizationConfig::parse("bf16+graph");
const auto kPackage = OptimizationConfig::parse("bf16+aoti");
const auto kCompile = OptimizationConfig::parse("fp16+cl+tc-ro");
const auto kCompileDefault = OptimizationConfig::parse("bf16+tc");

TEST(ScreeningCosts, KnowsWhichCandidatesCompileWhenMeasured) {
  EXPECT_EQ(screeningKind(kEager), ScreeningKind::Plain);
  EXPECT_EQ(screeningKind(kGraph), ScreeningKind::Plain);
  EXPECT_EQ(screeningKind(kPackage), ScreeningKind::Plain);  // compiled in the background
  EXPECT_EQ(screeningKind(kCompile), ScreeningKind::JitCompile);
  EXPECT_EQ(screeningKind(kCompileDefault), ScreeningKind::JitCompile);
}

TEST(ScreeningCosts, EachKindIsPricedByItsOwnMeasurements) {
  ScreeningCosts costs;
  EXPECT_EQ(costs.count(), 0);
  EXPECT_FALSE(costs.predictMs(kEager));
  EXPECT_EQ(costs.estimateMs(kEager), 0.0);
  costs.add(kCompile, 24500);
  costs.add(kCompileDefault, 23000);
  // Nothing eager measured yet: unknown, not a compile's price.
  EXPECT_FALSE(costs.predictMs(kEager));
  EXPECT_DOUBLE_EQ(*costs.predictMs(kCompile), 23750);
  costs.add(kEager, 800);
  costs.add(kGraph, 1200);
  EXPECT_DOUBLE_EQ(*costs.predictMs(kPackage), 1000);  // no package measured: the kind's
  EXPECT_DOUBLE_EQ(*costs.predictMs(kCompileDefault), 23750);
  EXPECT_EQ(costs.count(), 4);
  costs.add(kEager, -5);  // a clock that moved less than the session load: free, never negative
  EXPECT_DOUBLE_EQ(*costs.predictMs(kEager), 2000.0 / 3);
}

TEST(ScreeningCosts, AnUnmeasuredKindIsEstimatedFromEverythingMeasured) {
  ScreeningCosts costs;
  costs.add(kEager, 1000);
  costs.add(kGraph, 3000);
  EXPECT_FALSE(costs.predictMs(kCompile));
  EXPECT_DOUBLE_EQ(costs.estimateMs(kCompile), 2000);
}

// A cached package's load (ViT-B/16 on the H200: 0.14 s) and an eager cast of the weights in
// the Python worker (0.5 s) are plain candidates both, priced apart once each was measured; before
// that, one is priced by the other.
TEST(ScreeningCosts, APackagesLoadAndAnEagerCastArePricedApart) {
  ScreeningCosts costs;
  costs.add(kPackage, 220);
  EXPECT_DOUBLE_EQ(*costs.predictMs(kEager), 220);  // the kind's, until an eager one ran
  costs.add(kEager, 700);
  costs.add(kGraph, 660);
  EXPECT_DOUBLE_EQ(*costs.predictMs(kPackage), 220);
  EXPECT_DOUBLE_EQ(*costs.predictMs(kEager), 680);
  EXPECT_FALSE(costs.predictMs(kCompile));
  EXPECT_NEAR(costs.estimateMs(kCompile), 1580.0 / 3, 1e-9);
}

}  // namespace
}  // namespace inferscope::tuner
