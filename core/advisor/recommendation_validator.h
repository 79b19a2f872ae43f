// After a sweep on the device: keep the recommendation, or switch to the fastest measured config
// that is safe by the one accuracy rule (core/engine/accuracy_rule.h). A config with NaN/Inf
// outputs, a failed run or an unmeasured accuracy is never chosen; a speed-up inside the
// measurement noise does not overturn the guide. Pure logic over ConfigResult values — the sweep
// itself runs elsewhere.
#pragma once

#include <string>
#include <vector>

#include "core/advisor/recommendation.h"
#include "core/engine/accuracy_rule.h"
#include "core/engine/config_result.h"

namespace inferscope::advisor {

// Relative speed-up below which two medians count as equal when no confidence intervals say more.
inline constexpr double kDefaultNoiseFraction = 0.03;

enum class ValidationVerdict {
  Confirmed,        // the recommendation was the fastest eligible config
  KeptWithinNoise,  // something was faster, but not beyond the noise
  Switched,         // a faster eligible config, or the recommendation was not eligible
  FellBackToFp32,   // no measured config was eligible: strict FP32, the reference, is the answer
};

const char* toString(ValidationVerdict verdict);

// How one measured result was judged.
struct CandidateCheck {
  OptimizationConfig config;
  bool eligible = false;
  double median_ms = 0;
  std::string note;  // "NaN in output (3 values)", "rel L2 2.1e-02 > tolerance 1.0e-02", "ok"
};

struct ValidationOutcome {
  ValidationVerdict verdict = ValidationVerdict::Confirmed;
  OptimizationConfig chosen;
  std::string explanation;  // one sentence for the user, in English
  // The same verdict as fields for a UI in another language: code "confirmed",
  // "kept-within-noise", "switched-faster", "switched-rejected", "switched-unmeasured" or
  // "fell-back-to-fp32"; values "recommended", "chosen", "faster" (keys), "chosen_ms",
  // "recommended_ms", "faster_ms" (medians, 3 significant digits), "speedup" (×, 2 decimals),
  // "percent" (% less time, 1 decimal) where the verdict has them.
  Note note{};
  std::vector<CandidateCheck> candidates;  // every result, in input order
};

ValidationOutcome validateRecommendation(const OptimizationConfig& recommended,
                                         const std::vector<ConfigResult>& results,
                                         const AccuracyRule& rule,
                                         double noise_fraction = kDefaultNoiseFraction);
// Uses the recommendation's own accuracy rule.
ValidationOutcome validateRecommendation(const Recommendation& recommendation,
                                         const std::vector<ConfigResult>& results,
                                         double noise_fraction = kDefaultNoiseFraction);

}  // namespace inferscope::advisor
