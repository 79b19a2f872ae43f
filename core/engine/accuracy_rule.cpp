#include "core/engine/accuracy_rule.h"

#include <fmt/format.h>

#include <cmath>

#include "core/common/error.h"

namespace inferscope {
namespace {

constexpr AccuracyMetric kMetrics[] = {AccuracyMetric::Auto, AccuracyMetric::RelL2,
                                       AccuracyMetric::Cosine, AccuracyMetric::Top1};

bool isFp16(const OptimizationConfig& c) {
  return c.precision == Precision::Fp16Cast || c.precision == Precision::AutocastFp16;
}

std::string percent(double share) {
  return fmt::format("{:.3g} %", 100.0 * share);
}

}  // namespace

const char* toString(AccuracyMetric metric) {
  switch (metric) {
    case AccuracyMetric::Auto:
      return "auto";
    case AccuracyMetric::RelL2:
      return "rel-l2";
    case AccuracyMetric::Cosine:
      return "cosine";
    case AccuracyMetric::Top1:
      return "top1";
  }
  return "auto";
}

const char* toString(AccuracyState state) {
  switch (state) {
    case AccuracyState::Safe:
      return "safe";
    case AccuracyState::Unsafe:
      return "unsafe";
    case AccuracyState::NotMeasured:
      return "not-measured";
    case AccuracyState::Unjudgeable:
      return "unjudgeable";
  }
  return "unsafe";
}

AccuracyMetric parseAccuracyMetric(std::string_view text) {
  for (auto m : kMetrics) {
    if (text == toString(m)) return m;
  }
  throw Error(ErrorKind::InvalidInput,
              fmt::format("unknown accuracy metric '{}' (auto, rel-l2, cosine, top1)", text));
}

void AccuracyRule::validate() const {
  const bool bounded = metric != AccuracyMetric::RelL2;
  if (!std::isfinite(tolerance) || tolerance <= 0 || (bounded && tolerance >= 1)) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("tolerance {} for metric {}: use a positive number{} such as 1e-2",
                            tolerance, toString(metric), bounded ? " below 1" : ""));
  }
}

std::string AccuracyRule::describe() const {
  const auto t = tolerance;
  const auto top1 = fmt::format("≤ {} of top-1 classes changed and rel. L2 ≤ {:.1e}", percent(t),
                                kTop1GrossErrorFactor * t);
  const auto cosine = fmt::format("cosine ≥ {:.6g}", 1.0 - t);
  switch (metric) {
    case AccuracyMetric::Auto:
      return fmt::format("auto (t = {:.1e}): classifiers {}; other outputs {}", t, top1, cosine);
    case AccuracyMetric::RelL2:
      return fmt::format("rel. L2 error ≤ {:.1e}", t);
    case AccuracyMetric::Cosine:
      return cosine;
    case AccuracyMetric::Top1:
      return top1;
  }
  return {};
}

AccuracyJudgement judgeAccuracy(const AccuracyStats& a, const OptimizationConfig& config,
                                const AccuracyRule& rule) {
  AccuracyJudgement j;
  j.metric = rule.metric;
  if (j.metric == AccuracyMetric::Auto)
    j.metric = a.top1_agreement ? AccuracyMetric::Top1 : AccuracyMetric::Cosine;
  if (j.metric == AccuracyMetric::Top1 && !a.top1_agreement && a.measured) {
    j.metric = AccuracyMetric::Cosine;  // asked for top-1, but the output is no classifier's
  }
  // A classifier whose reference picks one class for every row (random weights often do): top-1
  // agreement cannot judge it, cosine can. Auto says so and uses cosine; an explicit top-1 rule
  // is unjudgeable below.
  std::string auto_switched;
  if (rule.metric == AccuracyMetric::Auto && j.metric == AccuracyMetric::Top1 &&
      !a.top1_unjudgeable.empty()) {
    j.metric = AccuracyMetric::Cosine;
    auto_switched = a.top1_unjudgeable;
  }
  if (!a.measured) {
    j.safe = config.precision == Precision::Fp32;
    j.state = j.safe ? AccuracyState::Safe : AccuracyState::NotMeasured;
    j.summary = j.safe ? "FP32 reference" : "accuracy not measured";
    if (!j.safe) j.note = "accuracy not measured against the FP32 reference";
    return j;
  }
  const auto bad = a.nan_count + a.inf_count;
  const bool overflowed = bad > 0 || !(a.rel_l2_error < kFp16OverflowRelError);
  if (isFp16(config) && overflowed) {
    j.fp16_overflow = true;
    j.unsafe_reason =
        bad > 0 ? fmt::format("FP16 overflow: {} NaN/Inf values in the output — use BF16", bad)
                : fmt::format("FP16 overflow: rel. L2 error {:.2g} — use BF16", a.rel_l2_error);
    j.summary = j.unsafe_reason;
    return j;
  }
  if (bad > 0) {
    j.unsafe_reason = fmt::format("{} NaN/Inf values in the output", bad);
    j.summary = j.unsafe_reason;
    return j;
  }
  const std::string& unjudgeable = !a.unjudgeable.empty() || j.metric != AccuracyMetric::Top1
                                       ? a.unjudgeable
                                       : a.top1_unjudgeable;
  if (!unjudgeable.empty()) {
    // Agreement with a constant reference says nothing about the config: neither ✓ nor unsafe.
    j.state = AccuracyState::Unjudgeable;
    j.note = fmt::format("{}: {}", unjudgeable, kUnjudgeableAdvice);
    j.summary = j.note;
    return j;
  }
  const double t = rule.tolerance;
  switch (j.metric) {
    case AccuracyMetric::Top1: {
      const double changed = 1.0 - *a.top1_agreement;
      const double gross = kTop1GrossErrorFactor * t;
      j.summary = fmt::format("top-1 agreement {}, rel. L2 {:.1e}", percent(*a.top1_agreement),
                              a.rel_l2_error);
      if (changed > t + 1e-12) {
        j.unsafe_reason =
            fmt::format("{} of top-1 classes changed > {}", percent(changed), percent(t));
      } else if (!(a.rel_l2_error <= gross)) {
        j.unsafe_reason = fmt::format("rel. L2 error {:.1e} > {:.1e}", a.rel_l2_error, gross);
      }
      break;
    }
    case AccuracyMetric::Cosine:
      j.summary = fmt::format("cosine {:.6g}", a.cosine_similarity);
      if (!auto_switched.empty())
        j.summary += fmt::format(" (cosine, not top-1: {})", auto_switched);
      if (!(a.cosine_similarity >= 1.0 - t)) {
        j.unsafe_reason = fmt::format("cosine {:.6g} < {:.6g}", a.cosine_similarity, 1.0 - t);
      }
      break;
    default:
      j.summary = fmt::format("rel. L2 {:.1e}", a.rel_l2_error);
      if (!(a.rel_l2_error <= t)) {
        j.unsafe_reason = fmt::format("error {:.1e} > tolerance {:.1e}", a.rel_l2_error, t);
      }
      break;
  }
  j.safe = j.unsafe_reason.empty();
  j.state = j.safe ? AccuracyState::Safe : AccuracyState::Unsafe;
  return j;
}

}  // namespace inferscope
