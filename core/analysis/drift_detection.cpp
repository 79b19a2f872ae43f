// Drift detection over the segmentation; see drift_detection.h for the two rules.
#include "core/analysis/drift_detection.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/monotone_trend.h"

namespace inferscope::analysis {
namespace {

constexpr double kTrendZ = 2.58;  // Mann–Kendall, two-sided 1 %
// A drift keeps its pace: the later part of the region must keep at least this fraction of the
// region's slope. A warm-up curve that levels off keeps ~0 of it; a linear drift ~1.
constexpr double kPersistence = 0.4;

// Cost of y[begin, end) as one straight line with normal noise (same model family as PELT's
// segments), so a ramp and a staircase of constant segments are compared on one scale.
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

bool significant(const TrendResult& t, double min_change, double min_z) {
  return std::abs(t.total_change) > min_change && std::abs(t.mann_kendall_z) > min_z;
}

// `late` (a later part of `whole`) still moves the same way at a comparable pace.
bool persists(const TrendResult& whole, const TrendResult& late) {
  if (whole.slope_per_iteration == 0.0) return false;
  return late.mann_kendall_z * whole.mann_kendall_z > 0 &&
         late.slope_per_iteration / whole.slope_per_iteration >= kPersistence;
}

// The trend of y[begin…] and of its second half.
struct RegionTrend {
  TrendResult whole;
  TrendResult late;  // second half
};

RegionTrend regionTrend(const std::vector<double>& y, std::size_t begin) {
  const std::size_t n = y.size();
  return {batchTrend(y, begin, n), batchTrend(y, begin + (n - begin) / 2, n)};
}

// One straight line explains y[start_j…] better than PELT's staircase of segments j…K. The line
// pays a third of a changepoint's penalty: one parameter (the slope) against three (position,
// mean, variance).
bool rampBeatsStaircase(const std::vector<double>& y, const Segmentation& seg, std::size_t j) {
  const std::size_t last = seg.starts.size() - 1;
  double staircase = seg.penalty * static_cast<double>(last - j);
  for (std::size_t k = j; k <= last; ++k) staircase += seg.costs[k];
  return rampCost(y, seg.starts[j], y.size(), seg.variance_floor) + seg.penalty / 3.0 < staircase;
}

}  // namespace

LevelMovement levelMovement(const std::vector<double>& y, std::size_t begin, std::size_t end) {
  LevelMovement out;
  end = std::min(end, y.size());
  if (begin >= end || end - begin < 10) return out;
  std::vector<double> v(y.begin() + static_cast<std::ptrdiff_t>(begin),
                        y.begin() + static_cast<std::ptrdiff_t>(end));
  const std::size_t m = v.size();
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const auto at = [&](double q) { return sorted[static_cast<std::size_t>(q * (m - 1))]; };
  const double lo = at(0.02), hi = at(0.98);
  const double md = static_cast<double>(m);
  const double t_mean = (md - 1.0) / 2.0;
  double y_mean = 0.0;
  for (double& x : v) y_mean += (x = std::clamp(x, lo, hi));
  y_mean /= md;
  double sxy = 0.0, sxx = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    const double t = static_cast<double>(i) - t_mean;
    sxy += t * (v[i] - y_mean);
    sxx += t * t;
  }
  const double slope = sxy / sxx;
  double rss = 0.0, lag1 = 0.0, previous = 0.0;
  for (std::size_t i = 0; i < m; ++i) {
    const double r = v[i] - y_mean - slope * (static_cast<double>(i) - t_mean);
    rss += r * r;
    if (i > 0) lag1 += r * previous;
    previous = r;
  }
  if (rss <= 0.0) return out;
  // Marriott–Pope: the lag-1 estimate is biased low by about (1 + 3φ)/m in short series.
  double phi = lag1 / rss;
  phi = std::clamp(phi + (1.0 + 3.0 * phi) / md, 0.0, 0.98);
  const double slope_var = rss / (md - 2.0) / sxx * (1.0 + phi) / (1.0 - phi);
  out.change_log = slope * (md - 1.0);
  out.z = slope / std::sqrt(slope_var);
  out.change_se_log = std::sqrt(slope_var) * (md - 1.0);
  return out;
}

std::size_t skipUnfinishedSettling(const std::vector<double>& y, std::size_t start,
                                   std::size_t min_length, double tolerance) {
  const std::size_t n = y.size();
  while (n - start >= min_length) {
    const RegionTrend t = regionTrend(y, start);
    if (!significant(t.whole, tolerance, kTrendZ) || persists(t.whole, t.late)) break;
    start += std::max<std::size_t>((n - start) / 20, 1);
  }
  return start;
}

std::optional<std::size_t> findDriftStart(const DriftQuery& q) {
  const auto& y = *q.y;
  const auto& seg = *q.segmentation;
  const std::size_t n = y.size();

  // (A) the steady part itself trends, and keeps trending in its second half.
  if (n - q.steady_start >= q.min_length) {
    const RegionTrend steady = regionTrend(y, q.steady_start);
    if (significant(steady.whole, q.tolerance, kTrendZ) && persists(steady.whole, steady.late)) {
      // The ramp may have started earlier than PELT's last steps.
      for (std::size_t j = 0; j < q.first_steady_segment; ++j) {
        if (rampBeatsStaircase(y, seg, j)) return seg.starts[j];
      }
      return q.steady_start;
    }
  }

  // (B) a ramp from an earlier segment start, confirmed at the end of the run.
  for (std::size_t j = 0; j < q.first_steady_segment; ++j) {
    const std::size_t begin = seg.starts[j];
    if (n - begin < q.min_length) break;
    if (!rampBeatsStaircase(y, seg, j)) continue;
    const TrendResult region = batchTrend(y, begin, n);
    if (!significant(region, q.tolerance, kTrendZ)) continue;
    const std::size_t confirm_from = std::min(q.steady_start, begin + (n - begin) / 2);
    if (persists(region, batchTrend(y, confirm_from, n))) return begin;
  }
  return std::nullopt;
}

}  // namespace inferscope::analysis
