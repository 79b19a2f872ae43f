// Circular block bootstrap of sample quantiles (Politis & Romano 1992) for autocorrelated series.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace inferscope::analysis {

class BlockBootstrap {
 public:
  // `values` in any order; block_length 1 gives the ordinary (iid) bootstrap.
  BlockBootstrap(const std::vector<double>& values, std::size_t block_length);

  // ⌈2·n^(1/3)⌉ (MEASUREMENT.md), at least 1 and at most n.
  static std::size_t defaultBlockLength(std::size_t n);

  // Bootstrap distributions of the type-7 quantiles `qs`: result[k][r] is quantile qs[k] of
  // resample r. All quantiles come from the same resamples, so a median and a p90 interval cost
  // one pass. Deterministic for a given rng state.
  std::vector<std::vector<double>> quantileDraws(const std::vector<double>& qs,
                                                 std::size_t resamples,
                                                 std::mt19937_64& rng) const;

  std::size_t blockLength() const { return block_length_; }

 private:
  std::vector<double> sorted_;           // the values, ascending
  std::vector<std::uint32_t> rank_of_;   // rank_of_[i]: position of values[i] in sorted_
  std::size_t block_length_;
};

}  // namespace inferscope::analysis
