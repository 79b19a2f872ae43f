// Judging a sweep: confirm, keep within noise, switch to a faster config within tolerance, never
// keep NaN/Inf or failed configs, fall back to FP32 when nothing qualifies.
#include <gtest/gtest.h>

#include <cmath>

#include "core/advisor/recommendation_validator.h"

namespace inferscope::advisor {
namespace {

ConfigResult result(const char* key, double median_ms, double rel_l2, std::int64_t nans = 0) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.stats.median_ms = median_ms;
  r.accuracy.measured = true;
  r.accuracy.rel_l2_error = rel_l2;
  r.accuracy.nan_count = nans;
  return r;
}

const OptimizationConfig kRec = OptimizationConfig::parse("bf16+graph+bench");
// Relative L2 at 1e-2: the metric these judgements are written in (auto is tested at the end).
const AccuracyRule kTol{AccuracyMetric::RelL2, 1e-2};

TEST(RecommendationValidator, ConfirmsWhenTheRecommendationIsFastest) {
  const auto out = validateRecommendation(
      kRec, {result("fp32+graph+bench", 3.0, 0), result("bf16+graph+bench", 1.0, 4e-3)}, kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::Confirmed);
  EXPECT_EQ(out.chosen, kRec);
  EXPECT_EQ(out.explanation,
            "bf16+graph+bench confirmed: the fastest safe config (1 ms median, rel. L2 4.0e-03)");
}

TEST(RecommendationValidator, SwitchesToAFasterConfigWithinTolerance) {
  const auto out = validateRecommendation(
      kRec, {result("bf16+graph+bench", 2.0, 4e-3), result("bf16+cl+graph+bench", 1.5, 4e-3)},
      kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::Switched);
  EXPECT_EQ(out.chosen.key(), "bf16+cl+graph+bench");
  EXPECT_EQ(out.explanation,
            "switched to bf16+cl+graph+bench: 1.33× the speed of bf16+graph+bench (25.0 % less "
            "time, 1.5 ms vs 2 ms median) with rel. L2 4.0e-03");
}

TEST(RecommendationValidator, KeepsTheRecommendationWhenTheGainIsNoise) {
  const auto out = validateRecommendation(
      kRec, {result("bf16+graph+bench", 2.0, 4e-3), result("amp-bf16+graph+bench", 1.96, 1e-3)},
      kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::KeptWithinNoise);
  EXPECT_EQ(out.chosen, kRec);
  EXPECT_NE(out.explanation.find("only 1.02× its speed (2.0 % less time"), std::string::npos)
      << out.explanation;
}

// The verdict as fields (ValidationOutcome::note), the numbers the English sentence quotes.
TEST(RecommendationValidator, TheVerdictComesAsFields) {
  auto out = validateRecommendation(
      kRec, {result("bf16+graph+bench", 2.0, 4e-3), result("bf16+cl+graph+bench", 1.5, 4e-3)},
      kTol);
  EXPECT_EQ(out.note.code, "switched-faster");
  EXPECT_EQ(out.note.value("chosen"), "bf16+cl+graph+bench");
  EXPECT_EQ(out.note.value("recommended"), "bf16+graph+bench");
  EXPECT_EQ(out.note.value("speedup"), "1.33");
  EXPECT_EQ(out.note.value("percent"), "25.0");
  EXPECT_EQ(out.note.value("chosen_ms"), "1.5");
  EXPECT_EQ(out.note.value("recommended_ms"), "2");
  out = validateRecommendation(
      kRec, {result("bf16+graph+bench", 2.0, 4e-3), result("amp-bf16+graph+bench", 1.96, 1e-3)},
      kTol);
  EXPECT_EQ(out.note.code, "kept-within-noise");
  EXPECT_EQ(out.note.value("faster"), "amp-bf16+graph+bench");
  EXPECT_EQ(out.note.value("speedup"), "1.02");
  out = validateRecommendation(kRec, {result("fp32+graph+bench", 3.0, 0)}, kTol);
  EXPECT_EQ(out.note.code, "switched-unmeasured");
  out = validateRecommendation(kRec, {result("bf16+graph+bench", 1.0, 0.5)}, kTol);
  EXPECT_EQ(out.note.code, "fell-back-to-fp32");
  EXPECT_EQ(out.note.value("chosen"), out.chosen.key());
}

TEST(RecommendationValidator, OverlappingConfidenceIntervalsCountAsNoise) {
  auto rec = result("bf16+graph+bench", 2.0, 4e-3);
  auto other = result("bf16+cl+graph+bench", 1.8, 4e-3);  // 10 % faster by the medians alone
  for (auto* r : {&rec, &other}) r->steady.analysed = true;
  rec.steady.median_ci_low_ms = 1.7;
  rec.steady.median_ci_high_ms = 2.3;
  other.steady.median_ci_low_ms = 1.6;
  other.steady.median_ci_high_ms = 1.9;
  EXPECT_EQ(validateRecommendation(kRec, {rec, other}, kTol).verdict,
            ValidationVerdict::KeptWithinNoise);
  other.steady.median_ci_high_ms = 1.65;  // now clearly apart
  EXPECT_EQ(validateRecommendation(kRec, {rec, other}, kTol).verdict, ValidationVerdict::Switched);
}

TEST(RecommendationValidator, NeverKeepsAConfigWithNanOrInf) {
  // The fastest result has NaNs, the recommendation has an Inf: both are out.
  auto inf = result("bf16+graph+bench", 1.0, 4e-3);
  inf.accuracy.inf_count = 2;
  const auto out = validateRecommendation(
      kRec,
      {result("fp16+graph+bench", 0.5, 1e-3, 7), inf, result("amp-bf16+graph+bench", 1.4, 2e-3)},
      kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::Switched);
  EXPECT_EQ(out.chosen.key(), "amp-bf16+graph+bench");
  EXPECT_NE(out.explanation.find("was rejected (2 NaN/Inf values in the output)"),
            std::string::npos)
      << out.explanation;
  EXPECT_FALSE(out.candidates[0].eligible);
  EXPECT_EQ(out.candidates[0].note, "FP16 overflow: 7 NaN/Inf values in the output — use BF16");
}

TEST(RecommendationValidator, RejectsErrorsAboveToleranceFailuresAndUnmeasuredAccuracy) {
  auto oom = result("bf16+cl+graph+bench", 0.4, 1e-3);
  oom.status = ConfigStatus::OutOfMemory;
  oom.message = "CUDA out of memory";
  auto unmeasured = result("amp-bf16+graph+bench", 0.6, 0);
  unmeasured.accuracy.measured = false;
  auto nan_error = result("fp16+graph+bench", 0.7, std::nan(""));
  const auto out = validateRecommendation(
      kRec,
      {result("bf16+graph+bench", 1.0, 4e-3), result("tf32-medium+graph+bench", 0.5, 3e-2), oom,
       unmeasured, nan_error},
      kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::Confirmed);
  EXPECT_EQ(out.candidates[1].note, "error 3.0e-02 > tolerance 1.0e-02");
  EXPECT_EQ(out.candidates[2].note, "did not run (oom: CUDA out of memory)");
  EXPECT_EQ(out.candidates[3].note, "accuracy not measured against the FP32 reference");
  EXPECT_FALSE(out.candidates[4].eligible);
}

TEST(RecommendationValidator, Fp32IsTheReferenceEvenWithoutAnAccuracyMeasurement) {
  auto fp32 = result("fp32+graph+bench", 1.2, 0);
  fp32.accuracy.measured = false;
  const auto out =
      validateRecommendation(kRec, {result("bf16+graph+bench", 1.0, 5e-2), fp32}, kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::Switched);
  EXPECT_EQ(out.chosen.key(), "fp32+graph+bench");
  EXPECT_NE(out.explanation.find("error 5.0e-02 > tolerance 1.0e-02"), std::string::npos)
      << out.explanation;
}

TEST(RecommendationValidator, SwitchesWhenTheRecommendationWasNotMeasured) {
  const auto out = validateRecommendation(kRec, {result("bf16+graph", 1.1, 4e-3)}, kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::Switched);
  EXPECT_NE(out.explanation.find("the recommended bf16+graph+bench was not measured"),
            std::string::npos);
}

TEST(RecommendationValidator, FallsBackToStrictFp32KeepingDeterminism) {
  const auto rec = OptimizationConfig::parse("fp16+graph+det");
  const auto out = validateRecommendation(
      rec, {result("fp16+graph+det", 1.0, 0, 3), result("amp-fp16+graph+det", 1.1, 0.2)}, kTol);
  EXPECT_EQ(out.verdict, ValidationVerdict::FellBackToFp32);
  EXPECT_EQ(out.chosen.key(), "fp32+det");
  EXPECT_NE(out.explanation.find("fp16+graph+det: FP16 overflow: 3 NaN/Inf values"),
            std::string::npos)
      << out.explanation;
}

TEST(RecommendationValidator, UsesTheRecommendationsTolerance) {
  Recommendation rec;
  rec.config = kRec;
  rec.request.tolerance = 1e-3;  // BF16's 4e-3 is now too much
  rec.request.metric = AccuracyMetric::RelL2;
  const auto out = validateRecommendation(
      rec, {result("bf16+graph+bench", 1.0, 4e-3), result("tf32+graph+bench", 1.5, 5e-4)});
  EXPECT_EQ(out.verdict, ValidationVerdict::Switched);
  EXPECT_EQ(out.chosen.key(), "tf32+graph+bench");
}

TEST(RecommendationValidator, JudgesByTheSweepsRuleSoWhatItKeepsIsNeverUnsafeThere) {
  // The H200 BERT case: bf16+graph at rel. L2 1.2e-2, cosine 0.99993. By default (auto: cosine
  // for an encoder's hidden states) validation keeps it, and sweep's ranking agrees.
  Recommendation rec;
  rec.config = OptimizationConfig::parse("bf16+graph");
  auto bf16 = result("bf16+graph", 2.75, 1.2e-2);
  bf16.accuracy.cosine_similarity = 0.99993;
  auto slower = result("fp32+graph", 6.0, 0);
  const auto out = validateRecommendation(rec, {bf16, slower});
  EXPECT_EQ(out.verdict, ValidationVerdict::Confirmed) << out.explanation;
  const auto judgement = judgeAccuracy(bf16.accuracy, bf16.config, rec.request.accuracyRule());
  EXPECT_EQ(out.candidates[0].eligible, judgement.safe);
  EXPECT_EQ(out.candidates[0].note, judgement.summary);
}

}  // namespace
}  // namespace inferscope::advisor
