// Rolling-median outlier detection. Each window is a sorted vector updated by one erase and one
// insert per step (O(n·W) with memmove-sized constants) instead of re-sorting every window.
#include "core/analysis/rolling_outliers.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {
namespace {

// The values y[begin, end) of a window that only moves forward, kept sorted.
class SlidingWindow {
 public:
  explicit SlidingWindow(const std::vector<double>& y) : y_(y) {}

  void moveTo(std::size_t begin, std::size_t end) {
    if (begin >= end_ || end <= begin_) {  // disjoint (or first use): rebuild
      sorted_.assign(y_.begin() + static_cast<std::ptrdiff_t>(begin),
                     y_.begin() + static_cast<std::ptrdiff_t>(end));
      std::sort(sorted_.begin(), sorted_.end());
    } else {
      for (; end_ < end; ++end_) {
        sorted_.insert(std::upper_bound(sorted_.begin(), sorted_.end(), y_[end_]), y_[end_]);
      }
      for (; begin_ < begin; ++begin_) {
        sorted_.erase(std::lower_bound(sorted_.begin(), sorted_.end(), y_[begin_]));
      }
    }
    begin_ = begin;
    end_ = end;
  }
  std::size_t size() const { return sorted_.size(); }
  double quantile(double q) const { return quantileSorted(sorted_, q); }
  double spread() const { return quantile(0.9) - quantile(0.1); }

 private:
  const std::vector<double>& y_;
  std::vector<double> sorted_;
  std::size_t begin_ = 0, end_ = 0;
};

}  // namespace

RollingOutliers findRollingOutliers(const std::vector<double>& y, double min_spread) {
  RollingOutliers out;
  const std::size_t n = y.size();
  const std::size_t w = std::min<std::size_t>(200, n / 4);
  // Below 5 points p10 and p90 are the extremes themselves: no meaningful spread.
  if (w < 5) return out;
  out.window = w;
  const std::size_t half = w / 2;
  // A one-sided window near the ends of the series shrinks; below W/4 points its p90 − p10 is too
  // noisy to call it calm (15 points of a 30 %/70 % bimodal mix hold no upper-mode point in 0.5 %
  // of cases and would flag the next upper-mode point).
  const std::size_t min_side = std::max<std::size_t>(5, w / 4);

  SlidingWindow centred(y), before(y), after(y);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t start = std::min(i > half ? i - half : 0, n - w);
    centred.moveTo(start, start + w);
    before.moveTo(i > half ? i - half : 0, i);
    after.moveTo(std::min(i + 1, n), std::min(i + 1 + half, n));
    // y_i is an outlier only if it is far from every calm neighbourhood (spread within 2× the
    // calmest): next to a level change one side holds a single level, so a point of either level
    // is at home on its own side, while a slow iteration is far from both.
    double calmest = centred.spread();
    for (const SlidingWindow* side : {&before, &after}) {
      if (side->size() >= min_side) calmest = std::min(calmest, side->spread());
    }
    bool far_from_all = true;
    for (const SlidingWindow* window : {&centred, &before, &after}) {
      if (window->size() < min_side || window->spread() > 2.0 * calmest) continue;
      const double spread = std::max(window->spread(), min_spread);
      far_from_all &= std::abs(y[i] - window->quantile(0.5)) > 3.0 * spread;
    }
    if (far_from_all) out.indices.push_back(i);
  }
  while (out.leading < out.indices.size() && out.indices[out.leading] == out.leading) {
    ++out.leading;
  }
  return out;
}

}  // namespace inferscope::analysis
