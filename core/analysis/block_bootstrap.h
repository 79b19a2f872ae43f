// Circular block bootstrap of sample quantiles (Politis & Romano 1992) for autocorrelated series.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "core/common/cancel_token.h"

namespace inferscope::analysis {

// From this many values on quantileDraws() takes the windowed path (below, the full path's cost
// is tens of milliseconds and its results stay bit-identical to earlier releases).
inline constexpr std::size_t kWindowedFromSamples = 10'000;

class BlockBootstrap {
 public:
  // `values` in any order; block_length 1 gives the ordinary (iid) bootstrap.
  BlockBootstrap(const std::vector<double>& values, std::size_t block_length);

  // ⌈2·n^(1/3)⌉ (MEASUREMENT.md), at least 1 and at most n.
  static std::size_t defaultBlockLength(std::size_t n);

  // Bootstrap distributions of the type-7 quantiles `qs`: result[k][r] is quantile qs[k] of
  // resample r. All quantiles come from the same resamples, so a median and a p90 interval cost
  // one pass. Deterministic for a given rng state. From kWindowedFromSamples values on, each
  // resample is drawn only where its order statistics can fall (see quantileDrawsWindowed);
  // below, every resample is drawn in full.
  std::vector<std::vector<double>> quantileDraws(const std::vector<double>& qs,
                                                 std::size_t resamples, std::mt19937_64& rng) const;

  // Every resample drawn in full and its order statistics read from rank counts: O(n) per
  // resample. The reference the windowed path is tested against.
  std::vector<std::vector<double>> quantileDrawsFull(const std::vector<double>& qs,
                                                     std::size_t resamples,
                                                     std::mt19937_64& rng) const;

  // The same distribution of resample quantiles, drawn in O(window) per resample instead of O(n):
  // only the draws whose rank lies in a window around each requested order statistic are made
  // one by one; how many draws fall between the windows is all the rest contributes, and that
  // is a binomial count (independent draws) or a prefix-count lookup per block (blocks). The
  // windows are ±5 standard deviations of the resample rank count, with the bound
  // Var ≤ n·b·q(1−q) that holds for any dependence within blocks of b. A resample whose order
  // statistic falls outside its window anyway (a probability below 10⁻⁶) is completed in full
  // from the same draws, so the distribution is exactly the full resample's; the random stream
  // differs, so the draws equal quantileDrawsFull's in distribution, not value by value.
  std::vector<std::vector<double>> quantileDrawsWindowed(const std::vector<double>& qs,
                                                         std::size_t resamples,
                                                         std::mt19937_64& rng) const;

  // Checked every 64 resamples: once it is cancelled, quantileDraws* throw AnalysisCancelled.
  void setCancelToken(const CancelToken* cancel) { cancel_ = cancel; }

  std::size_t blockLength() const { return block_length_; }

 private:
  std::vector<double> sorted_;          // the values, ascending
  std::vector<std::uint32_t> rank_of_;  // rank_of_[i]: position of values[i] in sorted_
  std::size_t block_length_;
  const CancelToken* cancel_ = nullptr;
};

}  // namespace inferscope::analysis
