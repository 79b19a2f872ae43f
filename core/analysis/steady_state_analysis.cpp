// analyse(): log transform → rolling-median outliers → PELT → k* rule → class → steady statistics.
// The one departure from the design note is the drift check, which also looks at regions the
// changepoints chopped into a staircase (see docs/MEASUREMENT.md, "Drift").
#include "core/analysis/steady_state_analysis.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/mser.h"
#include "core/analysis/pelt.h"
#include "core/analysis/rolling_outliers.h"
#include "core/analysis/trend_test.h"

namespace inferscope::analysis {
namespace {

constexpr double kPenaltyPerLogN = 15.0;  // PELT penalty 15·ln n: only changes that matter
constexpr std::size_t kMinSegment = 3;
constexpr double kTrendZ = 2.58;          // Mann–Kendall, two-sided 1 %

double medianOf(const std::vector<double>& y, std::size_t begin, std::size_t end) {
  std::vector<double> part(y.begin() + static_cast<std::ptrdiff_t>(begin),
                           y.begin() + static_cast<std::ptrdiff_t>(end));
  std::sort(part.begin(), part.end());
  return quantileSorted(part, 0.5);
}

// Cost of y[begin, end) as one straight line with normal noise (same model family as PELT's
// segments), so a ramp and a staircase of constant segments can be compared on one scale.
double rampCost(const std::vector<double>& y, std::size_t begin, std::size_t end,
                double var_floor) {
  const double m = static_cast<double>(end - begin);
  const double t_mean = (m - 1.0) / 2.0;
  double y_mean = 0.0;
  for (std::size_t i = begin; i < end; ++i) y_mean += y[i];
  y_mean /= m;
  double sxy = 0.0, sxx = 0.0;
  for (std::size_t i = begin; i < end; ++i) {
    const double t = static_cast<double>(i - begin) - t_mean;
    sxy += t * (y[i] - y_mean);
    sxx += t * t;
  }
  const double slope = sxx > 0.0 ? sxy / sxx : 0.0;
  double rss = 0.0;
  for (std::size_t i = begin; i < end; ++i) {
    const double r = y[i] - y_mean - slope * (static_cast<double>(i - begin) - t_mean);
    rss += r * r;
  }
  return m * std::log(std::max(rss / m, var_floor));
}

struct Segmentation {
  std::vector<std::size_t> starts;  // indices into the cleaned series
  std::vector<double> medians;
  std::vector<double> costs;
};

Segmentation segment(const std::vector<double>& clean, double penalty,
                     const NormalMeanVarCost& cost) {
  Segmentation seg;
  seg.starts = pelt(clean, penalty, kMinSegment);
  for (std::size_t k = 0; k < seg.starts.size(); ++k) {
    const std::size_t end = k + 1 < seg.starts.size() ? seg.starts[k + 1] : clean.size();
    seg.medians.push_back(medianOf(clean, seg.starts[k], end));
    seg.costs.push_back(cost.segment(seg.starts[k], end));
  }
  return seg;
}

// k*: earliest segment from which every segment is within ln(1+δ) of the last one.
std::size_t firstSteadySegment(const Segmentation& seg, double tolerance) {
  const double last = seg.medians.back();
  std::size_t k = seg.medians.size() - 1;
  while (k > 0 && std::abs(seg.medians[k - 1] - last) <= tolerance) --k;
  return k;
}

}  // namespace

SeriesAnalysis analyse(const std::vector<double>& latencies_ms, const AnalysisOptions& options) {
  SeriesAnalysis a;
  const std::size_t n = latencies_ms.size();
  SteadyStatsOptions stats_options;
  stats_options.ci_level = options.ci_level;
  stats_options.want_p99 = options.want_p99;
  stats_options.seed = options.seed;
  if (n == 0) {
    a.steady = computeSteadyStats({}, stats_options);
    return a;
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
  std::vector<std::size_t> kept;  // kept[c]: series index of cleaned point c
  std::vector<double> clean;
  for (std::size_t i = 0, o = 0; i < n; ++i) {
    if (o < outl.indices.size() && outl.indices[o] == i) {
      ++o;
      continue;
    }
    kept.push_back(i);
    clean.push_back(y[i]);
  }
  if (clean.empty()) {  // cannot happen with a median-based rule, but never index an empty list
    a.steady = computeSteadyStats(latencies_ms, stats_options);
    return a;
  }

  const double penalty = kPenaltyPerLogN * std::log(static_cast<double>(std::max<std::size_t>(n, 2)));
  const NormalMeanVarCost cost(clean);
  const Segmentation seg = segment(clean, penalty, cost);
  for (std::size_t k = 1; k < seg.starts.size(); ++k) a.changepoints.push_back(kept[seg.starts[k]]);
  const std::size_t last = seg.starts.size() - 1;
  const std::size_t k_star = firstSteadySegment(seg, tolerance);
  std::size_t s = kept[seg.starts[k_star]];

  const double last_median = seg.medians[last];
  bool faster_before = false;
  for (std::size_t k = 0; k < k_star; ++k) faster_before |= seg.medians[k] < last_median - tolerance;
  if (outl.leading > 0) faster_before |= medianOf(y, 0, outl.leading) < last_median - tolerance;
  SeriesClass cls = SeriesClass::Warmup;
  if (k_star == 0 && outl.leading == 0) cls = SeriesClass::Flat;
  else if (faster_before) cls = SeriesClass::Slowdown;

  // Drift: a monotone trend from some segment start j ≤ k* to the end. PELT cuts a ramp into a
  // staircase, and the k* rule then keeps only its last steps, so a start j < k* counts only when
  // one straight line explains y[j…] better than the staircase does (a real step or a decay
  // that levels off is better explained by the segments).
  const std::size_t min_tail = std::max(options.min_steady, n / 4);
  for (std::size_t j = 0; j <= k_star; ++j) {
    const std::size_t begin = seg.starts[j];
    if (n - kept[begin] < min_tail) break;
    if (j < k_star) {
      double staircase = penalty * static_cast<double>(last - j);
      for (std::size_t k = j; k <= last; ++k) staircase += seg.costs[k];
      if (rampCost(clean, begin, clean.size(), cost.varianceFloor()) + penalty >= staircase) continue;
    }
    const TrendResult trend = batchTrend(clean, begin, clean.size());
    if (std::abs(trend.total_change) <= tolerance || std::abs(trend.mann_kendall_z) <= kTrendZ) {
      continue;
    }
    // A drift keeps moving: the second half of the region must still move the same way at a
    // comparable rate (≥ half the tolerance over half the span). A warm-up curve that has levelled
    // off passes the whole-region test but fails this one.
    const std::size_t mid = begin + (clean.size() - begin) / 2;
    const TrendResult late = batchTrend(clean, mid, clean.size());
    if (late.total_change * trend.total_change > 0 && std::abs(late.total_change) > tolerance / 2) {
      cls = SeriesClass::Drift;
      s = kept[begin];
      break;
    }
  }
  if (cls != SeriesClass::Drift && n - s < min_tail) cls = SeriesClass::NoSteadyState;
  a.series_class = cls;
  a.steady_start = s;

  a.mser_start = kept[std::min(mser5(clean), kept.size() - 1)];
  const std::size_t disagreement = a.mser_start > s ? a.mser_start - s : s - a.mser_start;
  a.low_confidence = disagreement > std::max<std::size_t>(10, n / 10);

  const std::vector<double> steady(latencies_ms.begin() + static_cast<std::ptrdiff_t>(s),
                                   latencies_ms.end());
  a.steady = computeSteadyStats(steady, stats_options);
  double before_ms = 0.0;
  for (std::size_t i = 0; i < s; ++i) before_ms += latencies_ms[i];
  a.warmup_cost_ms = std::max(0.0, before_ms - static_cast<double>(s) * a.steady.summary.median);
  return a;
}

}  // namespace inferscope::analysis
