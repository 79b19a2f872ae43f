// Drift: a level that keeps moving through what would otherwise be the steady part.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/analysis/segmentation.h"

namespace inferscope::analysis {

struct DriftQuery {
  const std::vector<double>* y = nullptr;  // cleaned log-latencies
  const Segmentation* segmentation = nullptr;
  std::size_t first_steady_segment = 0;  // k*
  std::size_t steady_start = 0;          // s in y's index space (after the settling refinement)
  double tolerance = 0;                  // ln(1 + δ)
  std::size_t min_length = 0;            // a drift region must be at least this long (in y)
};

// Start (index into y) of the drifting region, or nullopt. Two ways to qualify:
//  (A) the steady part y[s…] itself trends: Theil–Sen change over 10-iteration batch medians
//      > ln(1+δ) and |Mann–Kendall Z| > 2.58, and its second half still moves the same way;
//  (B) from an earlier segment j < k*, one straight line explains y[j…] better than PELT's
//      staircase (penalised as one parameter against three per changepoint), y[j…] trends as in
//      (A), and the later of y[s…] and the second half of y[j…] keeps ≥ 40 % of its slope (a
//      warm-up curve that levels off keeps none). PELT cuts a ramp into steps and the k* rule
//      keeps only the last ones, so without (B) a drift at low noise looks like a short tail.
std::optional<std::size_t> findDriftStart(const DriftQuery& query);

// A slow warm-up (a decay with a time constant of hundreds of iterations, under autocorrelated
// noise) can leave y[start…] trending significantly while its second half is already flat: the
// warm-up has not ended at `start`. Moves `start` forward (in steps of 5 % of the remaining
// region) until y[start…] no longer trends, or trends persistently (a drift), or fewer than
// `min_length` points remain.
// How far the level moves across y[begin, end) (log latencies): a straight line fitted by least
// squares to the values clipped to their 2nd–98th percentiles (outliers would tilt it), its change
// from the first to the last point, and that change's z under AR(1) residuals (the slope's
// variance inflated by (1 + φ)/(1 − φ), φ the residuals' lag-1 correlation with Marriott–Pope's
// small-sample correction). A level that moves by more than a steady interval's half-width is not
// steady at that precision (steady_state_analysis.cpp widens the interval by the movement).
struct LevelMovement {
  double change_log = 0;  // fitted level at the end − at the start, ln latency
  double z = 0;           // change / its standard error
  double change_se_log = 0;
};
LevelMovement levelMovement(const std::vector<double>& y, std::size_t begin, std::size_t end);

std::size_t skipUnfinishedSettling(const std::vector<double>& y, std::size_t start,
                                   std::size_t min_length, double tolerance);

}  // namespace inferscope::analysis
