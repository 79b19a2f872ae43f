// judgeAccuracy: the one meaning of "safe", fitted to the output.
#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/engine/accuracy_rule.h"

namespace inferscope {
namespace {

AccuracyStats stats(double rel, double cosine, std::optional<double> top1 = std::nullopt) {
  AccuracyStats a;
  a.measured = true;
  a.rel_l2_error = rel;
  a.cosine_similarity = cosine;
  a.top1_agreement = top1;
  return a;
}

const auto kBf16 = OptimizationConfig::parse("bf16+graph");
const auto kFp16 = OptimizationConfig::parse("fp16");

TEST(AccuracyRule, AnEncoderInBf16IsJudgedByCosineAndIsSafe) {
  // The H200 BERT session: bf16+graph at rel. L2 1.2e-2, which rel-l2 at 1e-2 rejected.
  const auto j = judgeAccuracy(stats(1.2e-2, 0.99993), kBf16, AccuracyRule{});
  EXPECT_EQ(j.metric, AccuracyMetric::Cosine);
  EXPECT_TRUE(j.safe) << j.unsafe_reason;
  const auto strict = judgeAccuracy(stats(1.2e-2, 0.99993), kBf16, {AccuracyMetric::RelL2, 1e-2});
  EXPECT_FALSE(strict.safe);
  EXPECT_EQ(strict.unsafe_reason, "error 1.2e-02 > tolerance 1.0e-02");
}

TEST(AccuracyRule, AClassifierNeedsItsTop1AndNoGrossError) {
  EXPECT_TRUE(judgeAccuracy(stats(1.1e-2, 0.9999, 1.0), kBf16, AccuracyRule{}).safe);
  const auto flipped = judgeAccuracy(stats(1.1e-2, 0.9999, 30.0 / 32.0), kBf16, AccuracyRule{});
  EXPECT_EQ(flipped.metric, AccuracyMetric::Top1);
  EXPECT_FALSE(flipped.safe);
  EXPECT_NE(flipped.unsafe_reason.find("6.25 % of top-1 classes changed"), std::string::npos)
      << flipped.unsafe_reason;
  const auto gross = judgeAccuracy(stats(0.2, 0.98, 1.0), kBf16, AccuracyRule{});
  EXPECT_FALSE(gross.safe);
  EXPECT_NE(gross.unsafe_reason.find("rel. L2 error 2.0e-01 > 1.0e-01"), std::string::npos)
      << gross.unsafe_reason;
  // A looser tolerance lets 2 of 32 rows change.
  EXPECT_TRUE(
      judgeAccuracy(stats(1.1e-2, 0.9999, 30.0 / 32.0), kBf16, {AccuracyMetric::Auto, 0.1}).safe);
}

TEST(AccuracyRule, Fp16OverflowIsNamedWithItsCure) {
  auto a = stats(0.0, 1.0);
  a.inf_count = 12;
  const auto j = judgeAccuracy(a, kFp16, AccuracyRule{});
  EXPECT_FALSE(j.safe);
  EXPECT_TRUE(j.fp16_overflow);
  EXPECT_EQ(j.unsafe_reason, "FP16 overflow: 12 NaN/Inf values in the output — use BF16");
  const auto saturated =
      judgeAccuracy(stats(0.97, 0.2), OptimizationConfig::parse("amp-fp16"), AccuracyRule{});
  EXPECT_TRUE(saturated.fp16_overflow);
  EXPECT_NE(saturated.unsafe_reason.find("use BF16"), std::string::npos);
  // The same numbers in BF16 are unsafe, but not an FP16 overflow.
  auto bf = judgeAccuracy(a, kBf16, AccuracyRule{});
  EXPECT_FALSE(bf.safe);
  EXPECT_FALSE(bf.fp16_overflow);
}

TEST(AccuracyRule, OnlyFp32MayGoUnmeasured) {
  AccuracyStats none;
  EXPECT_TRUE(judgeAccuracy(none, OptimizationConfig{}, AccuracyRule{}).safe);
  EXPECT_EQ(judgeAccuracy(none, OptimizationConfig{}, AccuracyRule{}).state, AccuracyState::Safe);
  const auto bf16 = judgeAccuracy(none, kBf16, AccuracyRule{});
  EXPECT_FALSE(bf16.safe);
  EXPECT_FALSE(bf16.eligible());
  // Not measured is its own state: nothing was found wrong, so it is no "unsafe" either.
  EXPECT_EQ(bf16.state, AccuracyState::NotMeasured);
  EXPECT_TRUE(bf16.unsafe_reason.empty()) << bf16.unsafe_reason;
  EXPECT_EQ(bf16.note, "accuracy not measured against the FP32 reference");
  EXPECT_STREQ(toString(bf16.state), "not-measured");
}

// torchvision's ViT-B/16 with fresh weights: a zero head, every output 0, and every config read
// "top-1 agreement 100 %, rel. L2 0". The reference cannot judge: neither safe nor unsafe, and the
// user is told what to do.
TEST(AccuracyRule, AReferenceThatCannotJudgeIsSaidSoNeverCalledSafe) {
  auto zeros = stats(0.0, 1.0, 1.0);
  zeros.unjudgeable = "the FP32 reference output is all zeros";
  const auto j = judgeAccuracy(zeros, kBf16, AccuracyRule{});
  EXPECT_EQ(j.state, AccuracyState::Unjudgeable);
  EXPECT_FALSE(j.safe);
  EXPECT_TRUE(j.eligible());  // nothing shows it wrong: it may race, flagged
  EXPECT_TRUE(j.unsafe_reason.empty());
  EXPECT_EQ(j.note,
            "the FP32 reference output is all zeros: accuracy cannot be judged on this output: "
            "use real weights or another output");
  // NaN in the config's own output is still unsafe, whatever the reference.
  zeros.nan_count = 3;
  const auto nan = judgeAccuracy(zeros, kBf16, AccuracyRule{});
  EXPECT_EQ(nan.state, AccuracyState::Unsafe);
  EXPECT_FALSE(nan.eligible());
}

// A random-weights classifier whose reference picks one class for every row (EfficientNet-B0 with
// fresh weights on the H200: class 674 for all 32 rows). Top-1 agreement cannot judge it; cosine
// and rel. L2 can. Auto says so and judges by cosine; an explicit cosine rule is unaffected; an
// explicit top-1 rule cannot judge.
TEST(AccuracyRule, OneTopClassForEveryRowIsJudgedByCosineNotTop1) {
  auto one_class = stats(1.1e-2, 0.9999, 1.0);
  one_class.top1_unjudgeable =
      "class 674 is the FP32 reference's top-1 for every one of its 32 rows";
  const auto by_auto = judgeAccuracy(one_class, kBf16, AccuracyRule{});
  EXPECT_EQ(by_auto.state, AccuracyState::Safe);
  EXPECT_EQ(by_auto.metric, AccuracyMetric::Cosine);
  EXPECT_EQ(by_auto.summary,
            "cosine 0.9999 (cosine, not top-1: class 674 is the FP32 reference's top-1 for every "
            "one of its 32 rows)");
  auto broken = one_class;
  broken.cosine_similarity = 0.9;  // still class 674 everywhere, but far from the reference
  EXPECT_EQ(judgeAccuracy(broken, kBf16, AccuracyRule{}).state, AccuracyState::Unsafe);
  const auto by_cosine = judgeAccuracy(one_class, kBf16, {AccuracyMetric::Cosine, 1e-2});
  EXPECT_EQ(by_cosine.state, AccuracyState::Safe);
  EXPECT_EQ(by_cosine.summary, "cosine 0.9999");
  const auto by_top1 = judgeAccuracy(one_class, kBf16, {AccuracyMetric::Top1, 1e-2});
  EXPECT_EQ(by_top1.state, AccuracyState::Unjudgeable);
  EXPECT_NE(by_top1.note.find("class 674"), std::string::npos) << by_top1.note;
}

TEST(AccuracyRule, DescribesItselfAndRejectsNonsense) {
  EXPECT_EQ(
      AccuracyRule{}.describe(),
      "auto (t = 1.0e-02): classifiers ≤ 1 % of top-1 classes changed and rel. L2 ≤ 1.0e-01; other "
      "outputs cosine ≥ 0.99");
  EXPECT_EQ(parseAccuracyMetric("cosine"), AccuracyMetric::Cosine);
  EXPECT_THROW(parseAccuracyMetric("l1"), Error);
  EXPECT_THROW((AccuracyRule{AccuracyMetric::Cosine, 1.5}.validate()), Error);
  EXPECT_NO_THROW((AccuracyRule{AccuracyMetric::RelL2, 1.5}.validate()));
  EXPECT_THROW((AccuracyRule{AccuracyMetric::RelL2, -1}.validate()), Error);
}

}  // namespace
}  // namespace inferscope
