// The one meaning of "safe": whether a config's outputs stay close enough to the FP32
// reference. Sweep ranking, the advisor's validation, the tuner, the GUI and the exports all call
// judgeAccuracy, so no two parts of the product can disagree about a config.
//
// One number, the tolerance t (default 1e-2), read in the unit of the metric that fits the output:
//   top1    classifiers ([batch, classes] logits): at most a share t of the rows change their
//           top-1 class, and the relative L2 error stays ≤ 10·t (a gross-error guard: logits 10 %
//           off mean broken numerics even where the argmax survives);
//   cosine  embeddings, encoders, anything else: cosine similarity to the reference ≥ 1 − t;
//   rel-l2  relative L2 error ≤ t (the strictest: BF16's 8-bit mantissa alone gives ~1e-2 through
//           a deep network).
// "auto" (the default) picks top1 where the output is a classifier's, cosine otherwise.
// NaN or Inf in the output is never safe; in FP16 it is named an overflow, with BF16 as the cure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/engine/config_result.h"

namespace inferscope {

enum class AccuracyMetric { Auto, RelL2, Cosine, Top1 };

const char* toString(AccuracyMetric metric);
// "auto", "rel-l2", "cosine", "top1"; throws Error(InvalidInput) listing them.
AccuracyMetric parseAccuracyMetric(std::string_view text);

inline constexpr double kDefaultTolerance = 1e-2;
// top1: the relative L2 error above which logits count as broken, as a multiple of t.
inline constexpr double kTop1GrossErrorFactor = 10.0;
// A relative L2 error this large in FP16 is an overflow (saturated activations), not rounding.
inline constexpr double kFp16OverflowRelError = 0.5;

struct AccuracyRule {
  AccuracyMetric metric = AccuracyMetric::Auto;
  double tolerance = kDefaultTolerance;

  // One line for the user: what safe means under this rule, e.g. "auto (t = 1.0e-02): classifiers
  // ≤ 1 % of top-1 classes changed and rel. L2 ≤ 1.0e-01; other outputs cosine ≥ 0.99".
  std::string describe() const;
  // Throws Error(InvalidInput) for a tolerance that is not a positive finite number (top1 and
  // cosine also need t < 1).
  void validate() const;
};

// What a judgement found. NotMeasured is its own state, never "unsafe" (nothing was found wrong)
// and never "safe" (nothing was checked): such a config is shown with its speed but never wins.
// Unjudgeable: the FP32 reference itself cannot tell a good output from a broken one (constant,
// all zeros, one top-1 class for every row); the config is not unsafe, but its accuracy is not
// shown as checked either, and the user is told to use real weights or another output.
enum class AccuracyState { Safe, Unsafe, NotMeasured, Unjudgeable };

const char* toString(AccuracyState state);  // "safe", "unsafe", "not-measured", "unjudgeable"

// The advice that goes with AccuracyState::Unjudgeable, after its reason.
inline constexpr const char* kUnjudgeableAdvice =
    "accuracy cannot be judged on this output: use real weights or another output";

struct AccuracyJudgement {
  AccuracyState state = AccuracyState::Unsafe;
  bool safe = false;                              // state == Safe
  AccuracyMetric metric = AccuracyMetric::RelL2;  // the metric applied (auto resolved)
  std::string summary;  // "cosine 0.99993 ≥ 0.99", "top-1 32/32 rows, rel. L2 1.1e-02 ≤ 1.0e-01"
  std::string unsafe_reason;  // "" unless Unsafe: "FP16 overflow: 12 Inf values — use BF16"
  // NotMeasured / Unjudgeable: why, for the user ("accuracy not measured against the FP32
  // reference", "the FP32 reference output is all zeros: accuracy cannot be judged …").
  std::string note;
  bool fp16_overflow = false;

  // May this config be chosen? Safe, or Unjudgeable (nothing shows it wrong, and the verdict says
  // accuracy was not judged); never NotMeasured or Unsafe.
  bool eligible() const {
    return state == AccuracyState::Safe || state == AccuracyState::Unjudgeable;
  }
};

// Unmeasured accuracy counts as safe only for strict FP32, the reference itself; for any other
// config it is NotMeasured. NaN/Inf in a config's output is Unsafe even against an unjudgeable
// reference.
AccuracyJudgement judgeAccuracy(const AccuracyStats& accuracy, const OptimizationConfig& config,
                                const AccuracyRule& rule);

}  // namespace inferscope
