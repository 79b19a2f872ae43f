// analyse(): log transform → rolling-median outliers → PELT → k* rule (+ settling refinement) →
// class (+ drift) → steady statistics. Departures from the design note are explained in
// docs/MEASUREMENT.md ("What changed from the design note").
#include "core/analysis/steady_state_analysis.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/analysis/drift_detection.h"
#include "core/analysis/mser.h"
#include "core/analysis/rolling_outliers.h"
#include "core/analysis/segmentation.h"

namespace inferscope::analysis {
namespace {

constexpr double kPenaltyPerLogN = 15.0;  // PELT penalty 15·ln n: only changes that matter

// The series without its outliers, and where each kept point came from.
struct CleanSeries {
  std::vector<double> y;
  std::vector<std::size_t> index;  // index[c]: series index of cleaned point c
};

CleanSeries withoutOutliers(const std::vector<double>& y, const std::vector<std::size_t>& outliers) {
  CleanSeries c;
  for (std::size_t i = 0, o = 0; i < y.size(); ++i) {
    if (o < outliers.size() && outliers[o] == i) {
      ++o;
      continue;
    }
    c.index.push_back(i);
    c.y.push_back(y[i]);
  }
  return c;
}

SeriesClass baseClass(const Segmentation& seg, std::size_t k_star, const std::vector<double>& y,
                      std::size_t leading, double tolerance) {
  if (k_star == 0 && leading == 0) return SeriesClass::Flat;
  const double last = seg.medians.back();
  bool faster_before = false;
  for (std::size_t k = 0; k < k_star; ++k) faster_before |= seg.medians[k] < last - tolerance;
  if (leading > 0) faster_before |= medianOfRange(y, 0, leading) < last - tolerance;
  return faster_before ? SeriesClass::Slowdown : SeriesClass::Warmup;
}

void fillSteadyPart(SeriesAnalysis& a, const std::vector<double>& latencies_ms,
                    const SteadyStatsOptions& options) {
  const std::size_t s = a.steady_start;
  const std::vector<double> steady(latencies_ms.begin() + static_cast<std::ptrdiff_t>(s),
                                   latencies_ms.end());
  a.steady = computeSteadyStats(steady, options);
  double before_ms = 0.0;
  for (std::size_t i = 0; i < s; ++i) before_ms += latencies_ms[i];
  a.warmup_cost_ms = std::max(0.0, before_ms - static_cast<double>(s) * a.steady.summary.median);
}

}  // namespace

SeriesAnalysis analyse(const std::vector<double>& latencies_ms, const AnalysisOptions& options) {
  SeriesAnalysis a;
  SteadyStatsOptions stats_options;
  stats_options.ci_level = options.ci_level;
  stats_options.want_p99 = options.want_p99;
  stats_options.seed = options.seed;
  stats_options.dependent_interval = options.dependent_interval;
  const std::size_t n = latencies_ms.size();
  if (n == 0) {
    a.steady = computeSteadyStats({}, stats_options);
    return a;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(latencies_ms[i])) {
      throw std::invalid_argument("analyse: the latency of iteration " + std::to_string(i) + " is " +
                                  std::to_string(latencies_ms[i]) +
                                  "; every iteration needs a finite time in milliseconds");
    }
  }
  a.cold_start_ms = latencies_ms.front();

  // Log scale: warm-up effects and noise are multiplicative, and δ becomes a fixed distance.
  std::vector<double> y(n);
  for (std::size_t i = 0; i < n; ++i) y[i] = std::log(std::max(latencies_ms[i], 1e-12));
  const double tolerance = std::log1p(options.equivalence_delta);

  // Deviations within practical equivalence are never outliers (quantised timers).
  const RollingOutliers outl = findRollingOutliers(y, tolerance / 3.0);
  a.outliers = outl.indices;
  a.leading_outliers = outl.leading;
  const CleanSeries clean = withoutOutliers(y, outl.indices);
  if (clean.y.empty()) {  // impossible with a median-based rule; never index an empty list
    fillSteadyPart(a, latencies_ms, stats_options);
    return a;
  }
  const std::size_t m = clean.y.size();

  const double penalty = kPenaltyPerLogN * std::log(static_cast<double>(std::max<std::size_t>(n, 2)));
  const Segmentation seg = segmentSeries(clean.y, penalty);
  for (std::size_t k = 1; k < seg.starts.size(); ++k) a.changepoints.push_back(clean.index[seg.starts[k]]);
  const std::size_t k_star = firstSteadySegment(seg, tolerance);
  std::size_t start = seg.starts[k_star];  // in the cleaned index space
  // Whatever came before the steady part (earlier segments, or leading outliers when the warm-up
  // was short and steep) may have left a settling tail in it.
  const bool cut = k_star > 0 || outl.leading > 0;
  if (cut) {
    const double before = k_star > 0 ? seg.medians[k_star - 1] : medianOfRange(y, 0, outl.leading);
    start += settlingHead(clean.y, start, before > seg.medians.back() ? 1.0 : -1.0);
  }
  SeriesClass cls = baseClass(seg, k_star, y, outl.leading, tolerance);

  // A steady part shorter than max(n_min, n/4) is not one (Barrett et al.: the final level may
  // still be moving). The trend tests below work on cleaned points and use the same length.
  const std::size_t min_tail = std::max(options.min_steady, n / 4);
  if (cut) start = skipUnfinishedSettling(clean.y, start, std::min(min_tail, m), tolerance);
  DriftQuery drift;
  drift.y = &clean.y;
  drift.segmentation = &seg;
  drift.first_steady_segment = k_star;
  drift.steady_start = start;
  drift.tolerance = tolerance;
  drift.min_length = std::min(min_tail, m);
  if (const auto drift_start = findDriftStart(drift)) {
    cls = SeriesClass::Drift;
    start = *drift_start;
  }
  a.steady_start = clean.index[std::min(start, m - 1)];
  if (cls != SeriesClass::Drift && n - a.steady_start < min_tail) cls = SeriesClass::NoSteadyState;
  a.series_class = cls;

  a.mser_start = clean.index[std::min(mser5(clean.y), m - 1)];
  const std::size_t gap =
      a.mser_start > a.steady_start ? a.mser_start - a.steady_start : a.steady_start - a.mser_start;
  a.low_confidence = gap > std::max<std::size_t>(10, n / 10);

  fillSteadyPart(a, latencies_ms, stats_options);
  return a;
}

}  // namespace inferscope::analysis
