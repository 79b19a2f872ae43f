// PELT changepoint search (Killick, Fearnhead & Eckley 2012) with the normal mean-and-variance
// segment cost: exact optimal segmentation under a linear penalty, with pruning.
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

// Start indices of the segments of `y` (the first is always 0; empty for an empty y) minimising
// Σ cost(segment) + penalty·(segments − 1), every segment at least `min_segment` long.
// cost = m·ln(σ̂²) with σ̂² the segment's maximum-likelihood variance, floored at 1 % of the noise
// variance estimated from first differences, so that a run of identical (quantised) values cannot
// drive the cost to −∞.
//
// Up to kExactPeltMaxSamples points the search is exact. PELT prunes nothing on a series without
// changepoints, so it is O(n²) there: 0.4 s at n = 10 000, hours at 1 000 000. Longer series are
// searched with the changepoints on a grid of kPeltGridCells cells (⌈n/4000⌉ iterations each),
// each found changepoint then placed exactly within ±1 cell: O(n²/cell + K·cell). Same objective
// and penalty; a level shorter than about two cells (500 iterations at n = 10⁶) is not cut on
// its own (docs/MEASUREMENT.md, "Known limits → Cost").
std::vector<std::size_t> pelt(const std::vector<double>& y, double penalty,
                              std::size_t min_segment);

inline constexpr std::size_t kExactPeltMaxSamples = 10'000;
inline constexpr std::size_t kPeltGridCells = 4'000;

// The same cost model, exposed for the analysis's drift check (ramp vs. staircase).
class NormalMeanVarCost {
 public:
  explicit NormalMeanVarCost(const std::vector<double>& y);
  // Cost of y[begin, end); 0 for an empty range.
  double segment(std::size_t begin, std::size_t end) const;
  double varianceFloor() const { return var_floor_; }
  double prefixSum(std::size_t i) const { return s1_[i]; }
  double prefixSquares(std::size_t i) const { return s2_[i]; }

 private:
  std::vector<double> s1_;  // prefix sums of (y − ȳ) (centred to avoid cancellation)
  std::vector<double> s2_;  // prefix sums of (y − ȳ)²
  double var_floor_ = 0;
};

// Robust noise scale of y: MAD of first differences / (0.6745·√2). Insensitive to steps and
// trends, which move only a few differences.
double differenceNoiseSigma(const std::vector<double>& y);

}  // namespace inferscope::analysis
