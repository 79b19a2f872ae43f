// Order-statistic (binomial rank) and bootstrap-percentile confidence intervals.
#include "core/analysis/confidence_interval.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/analysis/distributions.h"
#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {

bool ConfidenceInterval::valid() const {
  return method != "none" && !method.empty() && std::isfinite(low) && std::isfinite(high) &&
         low <= high;
}

double ConfidenceInterval::relativeHalfWidth(double centre) const {
  if (!valid() || centre == 0.0) return std::numeric_limits<double>::infinity();
  return (high - low) / 2.0 / std::abs(centre);
}

ConfidenceInterval noInterval(double level) {
  ConfidenceInterval ci;
  ci.level = level;
  ci.method = "none";
  return ci;
}

namespace {

// 1-based ranks (l, u) of the conservative interval; 0 means "no such rank".
struct Ranks {
  std::size_t lower = 0;
  std::size_t upper = 0;
};

Ranks binomialRanks(const std::vector<double>& cdf, std::size_t n, double alpha) {
  Ranks r;
  // Lower: largest l with P(B ≤ l − 1) ≤ α/2. x_(l) ≤ ξ_q exactly when B ≥ l.
  for (std::size_t l = 1; l <= n; ++l) {
    if (cdf[l - 1] <= alpha / 2.0)
      r.lower = l;
    else
      break;
  }
  // Upper: smallest u with P(B ≤ u − 1) ≥ 1 − α/2. x_(u) ≥ ξ_q exactly when B ≤ u − 1.
  for (std::size_t u = 1; u <= n; ++u) {
    if (cdf[u - 1] >= 1.0 - alpha / 2.0) {
      r.upper = u;
      break;
    }
  }
  return r;
}

}  // namespace

ConfidenceInterval orderStatisticInterval(const std::vector<double>& sorted, double q,
                                          double level) {
  const std::size_t n = sorted.size();
  if (n == 0) return noInterval(level);
  const auto cdf = binomialCdfTable(n, q);
  const Ranks r = binomialRanks(cdf, n, 1.0 - level);
  if (r.lower == 0 || r.upper == 0) return noInterval(level);
  ConfidenceInterval ci;
  ci.low = sorted[r.lower - 1];
  ci.high = sorted[r.upper - 1];
  ci.level = level;
  ci.method = "order-statistic";
  return ci;
}

ConfidenceInterval medianOrderStatisticInterval(const std::vector<double>& sorted, double level) {
  const std::size_t n = sorted.size();
  if (n == 0) return noInterval(level);
  const auto cdf = binomialCdfTable(n, 0.5);
  const double alpha = 1.0 - level;
  const Ranks r = binomialRanks(cdf, n, alpha);
  if (r.lower == 0 || r.upper == 0) return noInterval(level);
  const std::size_t d = r.lower;  // symmetric: r.upper == n − d + 1
  ConfidenceInterval ci;
  ci.level = level;
  ci.method = "order-statistic";
  ci.low = sorted[d - 1];
  ci.high = sorted[n - d];
  if (2 * d + 1 > n) return ci;  // no inner pair to interpolate towards
  // γ_d = P(d ≤ B ≤ n − d) is the exact coverage of [x_(d), x_(n−d+1)]; γ_{d+1} < level.
  const double gamma_d = 1.0 - 2.0 * cdf[d - 1];
  const double gamma_next = 1.0 - 2.0 * cdf[d];
  if (gamma_d <= gamma_next) return ci;
  const double interp = (gamma_d - level) / (gamma_d - gamma_next);
  const double nd = static_cast<double>(n);
  const double dd = static_cast<double>(d);
  const double lambda = (nd - dd) * interp / (dd + (nd - 2.0 * dd) * interp);
  ci.low = (1.0 - lambda) * sorted[d - 1] + lambda * sorted[d];
  ci.high = (1.0 - lambda) * sorted[n - d] + lambda * sorted[n - d - 1];
  return ci;
}

ConfidenceInterval dependentOrderStatisticInterval(const std::vector<double>& sorted, double q,
                                                   double level, double tau) {
  const std::size_t n = sorted.size();
  if (n < 2) return noInterval(level);
  const double nd = static_cast<double>(n);
  // Student t on n_eff − 1 degrees of freedom: τ is itself estimated, and with n_eff in the tens
  // (n = 100 at lag-1 correlation 0.8) the normal quantile under-covers by a few points.
  // τ < 1 is a sample more even than independent draws (a periodic series whose every phase is
  // sampled equally often); floored so that no estimate collapses the interval to a point.
  tau = std::max(tau, kMinVarianceRatio);
  const double n_eff = nd / tau;
  const double t = studentQuantile(1.0 - (1.0 - level) / 2.0, n_eff - 1.0);
  const double half_ranks = t * std::sqrt(nd * q * (1.0 - q) * tau);
  // 1-based fractional ranks, centred like the binomial interval with continuity correction.
  const double lower_rank = nd * q + 0.5 - half_ranks;
  const double upper_rank = nd * q + 0.5 + half_ranks;
  if (lower_rank < 1.0 || upper_rank > nd) return noInterval(level);
  const auto at = [&](double rank) {
    const auto lo = static_cast<std::size_t>(std::floor(rank));  // 1-based
    const double frac = rank - static_cast<double>(lo);
    const std::size_t hi = std::min(lo + 1, n);
    return sorted[lo - 1] + (sorted[hi - 1] - sorted[lo - 1]) * frac;
  };
  ConfidenceInterval ci;
  ci.low = at(lower_rank);
  ci.high = at(upper_rank);
  ci.level = level;
  ci.method = "order-statistic";
  return ci;
}

ConfidenceInterval percentileInterval(std::vector<double> draws, double level,
                                      const std::string& method) {
  if (draws.empty()) return noInterval(level);
  std::sort(draws.begin(), draws.end());
  const double alpha = 1.0 - level;
  ConfidenceInterval ci;
  ci.low = quantileSorted(draws, alpha / 2.0);
  ci.high = quantileSorted(draws, 1.0 - alpha / 2.0);
  ci.level = level;
  ci.method = method;
  return ci;
}

}  // namespace inferscope::analysis
