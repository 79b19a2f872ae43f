// PELT with minimum segment length. With few changepoints pruning keeps most candidates alive,
// so the inner loop is written to be cheap: prefix sums, one log per candidate.
#include "core/analysis/pelt.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {

double differenceNoiseSigma(const std::vector<double>& y) {
  if (y.size() < 3) return 0.0;
  std::vector<double> diffs(y.size() - 1);
  for (std::size_t i = 1; i < y.size(); ++i) diffs[i - 1] = y[i] - y[i - 1];
  std::sort(diffs.begin(), diffs.end());
  const double med = quantileSorted(diffs, 0.5);
  for (double& d : diffs) d = std::abs(d - med);
  std::sort(diffs.begin(), diffs.end());
  return quantileSorted(diffs, 0.5) / (0.6745 * std::sqrt(2.0));
}

NormalMeanVarCost::NormalMeanVarCost(const std::vector<double>& y)
    : s1_(y.size() + 1, 0.0), s2_(y.size() + 1, 0.0) {
  double mean = 0.0;
  for (double v : y) mean += v;
  if (!y.empty()) mean /= static_cast<double>(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double c = y[i] - mean;
    s1_[i + 1] = s1_[i] + c;
    s2_[i + 1] = s2_[i] + c * c;
  }
  const double sigma = differenceNoiseSigma(y);
  var_floor_ = std::max(1e-2 * sigma * sigma, 1e-18);
}

double NormalMeanVarCost::segment(std::size_t begin, std::size_t end) const {
  if (end <= begin) return 0.0;
  const double m = static_cast<double>(end - begin);
  const double a = s1_[end] - s1_[begin];
  const double var = (s2_[end] - s2_[begin] - a * a / m) / m;  // same formula as pelt()'s loop
  return m * std::log(std::max(var, var_floor_));
}

namespace {

// Every start t ≥ m is a candidate: exact, O(n²) when nothing is pruned.
std::vector<std::size_t> exactPelt(const std::vector<double>& y, const NormalMeanVarCost& cost,
                                   double penalty, std::size_t m) {
  const std::size_t n = y.size();
  constexpr double kInf = std::numeric_limits<double>::infinity();
  // best[t]: optimal cost of y[0, t) including penalties; last[t]: start of its final segment.
  std::vector<double> best(n + 1, kInf);
  std::vector<std::size_t> last(n + 1, 0);
  best[0] = -penalty;
  // Candidates as a structure of arrays (start, best[start], prefix sums at start) so the hot loop
  // streams through contiguous memory: with few changepoints almost nothing is pruned and the
  // loop runs O(n²) times.
  std::vector<std::size_t> cand_t{0};
  std::vector<double> cand_best{best[0]};
  std::vector<double> cand_s1{cost.prefixSum(0)};
  std::vector<double> cand_s2{cost.prefixSquares(0)};
  std::vector<double> partial;  // best[t] + cost(t, e) per candidate, reused for pruning
  const double floor = cost.varianceFloor();

  for (std::size_t e = m; e <= n; ++e) {
    // t = e − m becomes a legal start of the last segment now (and only if y[0, t) can itself
    // be split into segments of at least m, i.e. t ≥ m).
    if (e >= 2 * m) {
      const std::size_t t = e - m;
      cand_t.push_back(t);
      cand_best.push_back(best[t]);
      cand_s1.push_back(cost.prefixSum(t));
      cand_s2.push_back(cost.prefixSquares(t));
    }
    const std::size_t count = cand_t.size();
    partial.resize(count);
    const double e_s1 = cost.prefixSum(e);
    const double e_s2 = cost.prefixSquares(e);
    const double ed = static_cast<double>(e);
    for (std::size_t k = 0; k < count; ++k) {
      const double len = ed - static_cast<double>(cand_t[k]);
      const double a = e_s1 - cand_s1[k];
      const double var = (e_s2 - cand_s2[k] - a * a / len) / len;
      partial[k] = cand_best[k] + len * std::log(std::max(var, floor));
    }
    double min_total = kInf;
    std::size_t arg = 0;
    for (std::size_t k = 0; k < count; ++k) {
      if (partial[k] < min_total) {
        min_total = partial[k];
        arg = cand_t[k];
      }
    }
    best[e] = min_total + penalty;
    last[e] = arg;
    // Pruning (K = 0 holds for a maximum-likelihood cost): a start that is already worse than the
    // optimum without paying for its changepoint can never become optimal later.
    std::size_t keep = 0;
    for (std::size_t k = 0; k < count; ++k) {
      if (partial[k] <= best[e]) {
        cand_t[keep] = cand_t[k];
        cand_best[keep] = cand_best[k];
        cand_s1[keep] = cand_s1[k];
        cand_s2[keep] = cand_s2[k];
        ++keep;
      }
    }
    cand_t.resize(keep);
    cand_best.resize(keep);
    cand_s1.resize(keep);
    cand_s2.resize(keep);
  }

  std::vector<std::size_t> starts;
  for (std::size_t e = n; e > 0; e = last[e]) starts.push_back(last[e]);
  std::reverse(starts.begin(), starts.end());
  return starts;
}

// The same objective with the changepoints first restricted to the boundaries of cells of
// `cell` iterations (the last cell takes the remainder), so the search is O((n/cell)²), then each
// changepoint moved to the iteration within ±cell that minimises the cost of its two segments
// (two sweeps; each move only lowers the objective). What this cannot find that the exact search
// would: a level that lasts less than about two cells.
std::vector<std::size_t> gridPelt(const NormalMeanVarCost& cost, std::size_t n, double penalty,
                                  std::size_t m, std::size_t cell) {
  const std::size_t cells = n / cell;
  const auto at = [&](std::size_t i) { return i < cells ? i * cell : n; };
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const double floor = cost.varianceFloor();
  std::vector<double> best(cells + 1, kInf);
  std::vector<std::size_t> last(cells + 1, 0);
  best[0] = -penalty;
  std::vector<std::size_t> cand{0};
  std::vector<double> partial;
  for (std::size_t j = 1; j <= cells; ++j) {
    if (j >= 2) cand.push_back(j - 1);  // every cell is ≥ m long, so any boundary is a start
    partial.resize(cand.size());
    const double e_s1 = cost.prefixSum(at(j)), e_s2 = cost.prefixSquares(at(j));
    double min_total = kInf;
    std::size_t arg = 0;
    for (std::size_t k = 0; k < cand.size(); ++k) {
      const std::size_t t = at(cand[k]);
      const double len = static_cast<double>(at(j) - t);
      const double a = e_s1 - cost.prefixSum(t);
      const double var = (e_s2 - cost.prefixSquares(t) - a * a / len) / len;
      partial[k] = best[cand[k]] + len * std::log(std::max(var, floor));
      if (partial[k] < min_total) min_total = partial[k], arg = cand[k];
    }
    best[j] = min_total + penalty;
    last[j] = arg;
    std::size_t keep = 0;
    for (std::size_t k = 0; k < cand.size(); ++k) {
      if (partial[k] <= best[j]) cand[keep++] = cand[k];
    }
    cand.resize(keep);
  }
  std::vector<std::size_t> starts;
  for (std::size_t j = cells; j > 0; j = last[j]) starts.push_back(at(last[j]));
  std::reverse(starts.begin(), starts.end());

  for (int sweep = 0; sweep < 2; ++sweep) {
    for (std::size_t k = 1; k < starts.size(); ++k) {
      const std::size_t before = starts[k - 1];
      const std::size_t after = k + 1 < starts.size() ? starts[k + 1] : n;
      const std::size_t lo = std::max(before + m, starts[k] > cell ? starts[k] - cell : 0);
      const std::size_t hi = std::min(after - m, starts[k] + cell);
      double best_cost = cost.segment(before, starts[k]) + cost.segment(starts[k], after);
      for (std::size_t t = lo; t <= hi; ++t) {
        const double c = cost.segment(before, t) + cost.segment(t, after);
        if (c < best_cost) best_cost = c, starts[k] = t;
      }
    }
  }
  return starts;
}

}  // namespace

std::vector<std::size_t> pelt(const std::vector<double>& y, double penalty,
                              std::size_t min_segment) {
  const std::size_t n = y.size();
  if (n == 0) return {};
  const std::size_t m = std::max<std::size_t>(min_segment, 1);
  if (n < 2 * m) return {0};
  const NormalMeanVarCost cost(y);
  if (n <= kExactPeltMaxSamples) return exactPelt(y, cost, penalty, m);
  const std::size_t cell = std::max(m, (n + kPeltGridCells - 1) / kPeltGridCells);
  return gridPelt(cost, n, penalty, m, cell);
}

}  // namespace inferscope::analysis
