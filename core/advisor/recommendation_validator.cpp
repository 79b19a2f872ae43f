// Judging a device sweep against the recommendation (see recommendation_validator.h).
#include "core/advisor/recommendation_validator.h"

#include <fmt/format.h>

#include <cmath>

namespace inferscope::advisor {
namespace {

std::string ms(double v) {
  return fmt::format("{:.3g} ms", v);
}
std::string num(double v) {
  return fmt::format("{:.3g}", v);
}

CandidateCheck judge(const ConfigResult& r, const AccuracyRule& rule) {
  CandidateCheck c{r.config, false, r.stats.median_ms, {}};
  if (r.status != ConfigStatus::Ok) {
    c.note = r.message.empty() ? fmt::format("did not run ({})", toString(r.status))
                               : fmt::format("did not run ({}: {})", toString(r.status), r.message);
    return c;
  }
  if (!(r.stats.median_ms > 0) || !std::isfinite(r.stats.median_ms)) {
    c.note = "no latency measured";
    return c;
  }
  // The sweep's rule, word for word: what validation accepts, the sweep never marks unsafe.
  const auto judgement = judgeAccuracy(r.accuracy, r.config, rule);
  c.eligible = judgement.safe;
  c.note = judgement.safe                    ? judgement.summary
           : judgement.unsafe_reason.empty() ? judgement.note  // not measured, or unjudgeable
                                             : judgement.unsafe_reason;
  return c;
}

// True when `fast` is not convincingly faster than `base`: below the noise fraction, or
// overlapping confidence intervals of the median. When the steady-state analysis ran but could not
// build an interval for either (too few steady iterations, no steady state), nothing shows the
// difference is real, so it counts as noise too; only results without any analysis (older
// sessions) are judged by the noise fraction alone.
bool withinNoise(const ConfigResult& fast, const ConfigResult& base, double noise_fraction) {
  const double speedup = 1.0 - fast.stats.median_ms / base.stats.median_ms;
  if (speedup < noise_fraction) return true;
  if (!fast.steady.analysed || !base.steady.analysed) return false;
  const bool have_ci = fast.steady.median_ci_high_ms > 0 && base.steady.median_ci_high_ms > 0;
  return !have_ci || fast.steady.median_ci_high_ms >= base.steady.median_ci_low_ms;
}

}  // namespace

const char* toString(ValidationVerdict verdict) {
  switch (verdict) {
    case ValidationVerdict::Confirmed:
      return "confirmed";
    case ValidationVerdict::KeptWithinNoise:
      return "kept-within-noise";
    case ValidationVerdict::Switched:
      return "switched";
    case ValidationVerdict::FellBackToFp32:
      return "fell-back-to-fp32";
  }
  return "confirmed";
}

ValidationOutcome validateRecommendation(const OptimizationConfig& recommended,
                                         const std::vector<ConfigResult>& results,
                                         const AccuracyRule& rule, double noise_fraction) {
  ValidationOutcome out;
  const ConfigResult* rec = nullptr;
  const CandidateCheck* rec_check = nullptr;
  const ConfigResult* fastest = nullptr;
  const CandidateCheck* fastest_check = nullptr;
  out.candidates.reserve(results.size());  // keeps the pointers below valid
  for (const auto& r : results) {
    out.candidates.push_back(judge(r, rule));
    const auto& check = out.candidates.back();
    if (!rec && r.config == recommended) {
      rec = &r;
      rec_check = &check;
    }
    if (check.eligible && (!fastest || r.stats.median_ms < fastest->stats.median_ms)) {
      fastest = &r;
      fastest_check = &check;
    }
  }
  const std::string rec_key = recommended.key();
  if (!fastest) {
    out.verdict = ValidationVerdict::FellBackToFp32;
    // Strict FP32 keeps the user's cuDNN determinism choice but drops what may have broken the run.
    out.chosen = recommended;
    out.chosen.precision = Precision::Fp32;
    out.chosen.compile = CompileMode::None;
    out.chosen.cudnn.benchmark = false;
    out.explanation = fmt::format(
        "no measured config ran cleanly and safely ({}) ({}: {}); falling back to {}, the "
        "strict-IEEE "
        "reference",
        rule.describe(), rec_key, rec_check ? rec_check->note : "not measured", out.chosen.key());
    out.note = {"fell-back-to-fp32", {{"recommended", rec_key}, {"chosen", out.chosen.key()}}};
    return out;
  }
  if (!rec_check || !rec_check->eligible) {
    out.verdict = ValidationVerdict::Switched;
    out.chosen = fastest->config;
    out.explanation = fmt::format(
        "switched to {}, the fastest safe config ({} median, {}): the recommended {} {}",
        fastest->config.key(), ms(fastest->stats.median_ms), fastest_check->note, rec_key,
        rec_check ? fmt::format("was rejected ({})", rec_check->note)
                  : std::string("was not measured"));
    out.note = {rec_check ? "switched-rejected" : "switched-unmeasured",
                {{"recommended", rec_key},
                 {"chosen", out.chosen.key()},
                 {"chosen_ms", num(fastest->stats.median_ms)}}};
    return out;
  }
  if (fastest == rec) {
    out.verdict = ValidationVerdict::Confirmed;
    out.chosen = recommended;
    out.explanation = fmt::format("{} confirmed: the fastest safe config ({} median, {})", rec_key,
                                  ms(rec->stats.median_ms), rec_check->note);
    out.note = {"confirmed",
                {{"recommended", rec_key},
                 {"chosen", rec_key},
                 {"recommended_ms", num(rec->stats.median_ms)}}};
    return out;
  }
  // One speed convention, the results table's: a speed-up × (the recommended median over the
  // faster one), with the time saved as "% less time" beside it — "65 % faster" read as both 1.65×
  // and 2.9×.
  const double percent =
      100.0 * (rec->stats.median_ms - fastest->stats.median_ms) / rec->stats.median_ms;
  const double speedup = rec->stats.median_ms / fastest->stats.median_ms;
  if (withinNoise(*fastest, *rec, noise_fraction)) {
    out.verdict = ValidationVerdict::KeptWithinNoise;
    out.chosen = recommended;
    out.explanation = fmt::format(
        "{} kept: {} was only {:.2f}× its speed ({:.1f} % less time, {} vs {} median), "
        "within the measurement noise",
        rec_key, fastest->config.key(), speedup, percent, ms(fastest->stats.median_ms),
        ms(rec->stats.median_ms));
    out.note = {"kept-within-noise",
                {{"recommended", rec_key},
                 {"chosen", rec_key},
                 {"faster", fastest->config.key()},
                 {"speedup", fmt::format("{:.2f}", speedup)},
                 {"percent", fmt::format("{:.1f}", percent)},
                 {"faster_ms", num(fastest->stats.median_ms)},
                 {"recommended_ms", num(rec->stats.median_ms)}}};
    return out;
  }
  out.verdict = ValidationVerdict::Switched;
  out.chosen = fastest->config;
  out.explanation = fmt::format(
      "switched to {}: {:.2f}× the speed of {} ({:.1f} % less time, {} vs {} median) with {}",
      fastest->config.key(), speedup, rec_key, percent, ms(fastest->stats.median_ms),
      ms(rec->stats.median_ms), fastest_check->note);
  out.note = {"switched-faster",
              {{"recommended", rec_key},
               {"chosen", out.chosen.key()},
               {"speedup", fmt::format("{:.2f}", speedup)},
               {"percent", fmt::format("{:.1f}", percent)},
               {"chosen_ms", num(fastest->stats.median_ms)},
               {"recommended_ms", num(rec->stats.median_ms)}}};
  return out;
}

ValidationOutcome validateRecommendation(const Recommendation& recommendation,
                                         const std::vector<ConfigResult>& results,
                                         double noise_fraction) {
  return validateRecommendation(recommendation.config, results,
                                recommendation.request.accuracyRule(), noise_fraction);
}

}  // namespace inferscope::advisor
