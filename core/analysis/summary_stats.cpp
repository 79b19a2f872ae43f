#include "core/analysis/summary_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace inferscope::analysis {

double quantileSorted(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  const double pos = std::clamp(q, 0.0, 1.0) * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double frac = pos - static_cast<double>(lo);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * frac;
}

SummaryStats summarize(std::vector<double> values) {
  SummaryStats s;
  s.count = values.size();
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  s.min = values.front();
  s.max = values.back();
  s.median = quantileSorted(values, 0.5);
  s.p90 = quantileSorted(values, 0.9);
  s.p99 = quantileSorted(values, 0.99);
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(s.count);
  if (s.count > 1) {
    double ss = 0.0;
    for (double v : values) ss += (v - s.mean) * (v - s.mean);
    s.stdev = std::sqrt(ss / static_cast<double>(s.count - 1));
  }
  return s;
}

}  // namespace inferscope::analysis
