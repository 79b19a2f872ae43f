// How far a config's output is from the FP32 reference in the unit of the metric that judges it,
// the unit the tolerance t is read in (accuracy_rule.h): the share of rows whose top-1 class
// changed, 1 − cosine similarity, or the relative L2 error; +inf for NaN/Inf outputs. The Speed ×
// accuracy chart draws it on its x axis and a lesson's "judged_deviation" metric quotes it, so a
// caption's number is the one its chart draws (a relative L2 error quoted on an axis of
// 1 − cosine was a number the chart did not have).
#pragma once

#include <algorithm>
#include <cmath>

#include "core/engine/accuracy_rule.h"

namespace inferscope {

inline double judgedDeviation(const AccuracyStats& a, AccuracyMetric metric) {
  if (a.nan_count > 0 || a.inf_count > 0) return HUGE_VAL;
  switch (metric) {
    case AccuracyMetric::Top1:
      return a.top1_agreement ? std::max(0.0, 1.0 - *a.top1_agreement) : a.rel_l2_error;
    case AccuracyMetric::Cosine:
      return std::max(0.0, 1.0 - a.cosine_similarity);
    default:
      return a.rel_l2_error;
  }
}

}  // namespace inferscope
