// Block bootstrap without sorting each resample: a resample is a multiset of the original values,
// so counting how often each rank is drawn and scanning the counts finds any order statistic in
// O(n). That keeps 2000 resamples of 10,000 samples in tens of milliseconds.
#include "core/analysis/block_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace inferscope::analysis {

BlockBootstrap::BlockBootstrap(const std::vector<double>& values, std::size_t block_length)
    : block_length_(std::clamp<std::size_t>(block_length, 1, std::max<std::size_t>(values.size(), 1))) {
  std::vector<std::uint32_t> order(values.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return values[a] < values[b]; });
  sorted_.resize(values.size());
  rank_of_.resize(values.size());
  for (std::size_t r = 0; r < order.size(); ++r) {
    sorted_[r] = values[order[r]];
    rank_of_[order[r]] = static_cast<std::uint32_t>(r);
  }
}

std::size_t BlockBootstrap::defaultBlockLength(std::size_t n) {
  if (n == 0) return 1;
  const auto b = static_cast<std::size_t>(std::ceil(2.0 * std::cbrt(static_cast<double>(n))));
  return std::clamp<std::size_t>(b, 1, n);
}

std::vector<std::vector<double>> BlockBootstrap::quantileDraws(const std::vector<double>& qs,
                                                               std::size_t resamples,
                                                               std::mt19937_64& rng) const {
  const std::size_t n = sorted_.size();
  std::vector<std::vector<double>> draws(qs.size());
  if (n == 0) return draws;
  for (auto& d : draws) d.reserve(resamples);

  // Each requested quantile needs the order statistics lo and lo + 1 of the resample (type 7).
  struct Need {
    std::size_t lo;
    double frac;
  };
  std::vector<Need> needs;
  for (double q : qs) {
    const double pos = std::clamp(q, 0.0, 1.0) * static_cast<double>(n - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    needs.push_back({lo, pos - static_cast<double>(lo)});
  }

  std::vector<std::uint32_t> counts(n);
  std::vector<double> at_lo(qs.size()), at_hi(qs.size());
  for (std::size_t r = 0; r < resamples; ++r) {
    std::fill(counts.begin(), counts.end(), 0u);
    // Circular blocks: a block may wrap around the end, so every position is drawn with equal
    // probability (the plain moving-block bootstrap under-samples the ends).
    std::size_t filled = 0;
    while (filled < n) {
      std::size_t pos = static_cast<std::size_t>(rng() % n);
      const std::size_t take = std::min(block_length_, n - filled);
      for (std::size_t k = 0; k < take; ++k) {
        ++counts[rank_of_[pos]];
        if (++pos == n) pos = 0;
      }
      filled += take;
    }
    // Scan cumulative counts once for all the order statistics needed.
    for (std::size_t k = 0; k < needs.size(); ++k) {
      std::size_t cum = 0;
      std::size_t rank = 0;
      while (cum + counts[rank] <= needs[k].lo) cum += counts[rank++];
      at_lo[k] = sorted_[rank];
      // Order statistic lo + 1 is the same value unless lo was the last copy of this rank.
      std::size_t next = rank;
      if (cum + counts[rank] == needs[k].lo + 1) {
        do {
          ++next;
        } while (next < n && counts[next] == 0);
        if (next == n) next = rank;
      }
      at_hi[k] = sorted_[next];
      draws[k].push_back(at_lo[k] + (at_hi[k] - at_lo[k]) * needs[k].frac);
    }
  }
  return draws;
}

}  // namespace inferscope::analysis
