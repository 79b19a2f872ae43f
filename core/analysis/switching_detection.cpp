// Two persistent levels: a two-component Gaussian mixture (EM from an Otsu split) finds the
// levels, a runs test on the level sequence tells persistence from independent bimodal noise, and
// the structure of the stays tells alternation from a single change or a trend.
#include "core/analysis/switching_detection.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/analysis/summary_stats.h"
#include "core/analysis/trend_test.h"

namespace inferscope::analysis {
namespace {

constexpr std::size_t kMinRegion = 100;
constexpr double kMinLevelShare = 0.05;
constexpr double kMinSeparation = 2.5;        // level gap in within-level standard deviations
constexpr double kPersistenceZ = -3.0;        // runs test
constexpr double kTrendZ = 2.58;              // Mann–Kendall, as the drift rule
constexpr double kPenaltyPerParameter = 0.7;  // × ln m: above BIC's ½, for dependent noise

struct Mixture {
  double weight[2] = {0.5, 0.5};
  double mean[2] = {0, 0};
  double var[2] = {1, 1};
  double log_likelihood = 0;
};

// Otsu's split of the sorted values (largest between-class variance), then EM. The variance floor
// keeps a quantised level (one repeated value) from collapsing to a zero-width component.
// Above this many values the mixture is fitted to this many evenly spaced order statistics of them
// (the fit only sees the values' distribution, not their order): EM's 200 iterations over 10⁶
// points took ~40 s, and the summary moves the fitted levels by far less than their sampling error.
constexpr std::size_t kMaxMixturePoints = 16'384;

Mixture fitTwoLevels(const std::vector<double>& v, double var_floor) {
  const std::size_t m = v.size();
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  if (m > kMaxMixturePoints) {
    std::vector<double> summary(kMaxMixturePoints);
    for (std::size_t i = 0; i < kMaxMixturePoints; ++i)
      summary[i] = sorted[(2 * i + 1) * m / (2 * kMaxMixturePoints)];
    return fitTwoLevels(summary, var_floor);
  }
  std::vector<double> prefix(m + 1, 0.0);
  for (std::size_t i = 0; i < m; ++i) prefix[i + 1] = prefix[i] + sorted[i];
  const std::size_t lo = std::max<std::size_t>(1, static_cast<std::size_t>(kMinLevelShare * m));
  std::size_t best_k = m / 2;
  double best = -1.0;
  for (std::size_t k = lo; k + lo <= m; ++k) {
    const double w0 = static_cast<double>(k), w1 = static_cast<double>(m - k);
    const double d = prefix[k] / w0 - (prefix[m] - prefix[k]) / w1;
    if (w0 * w1 * d * d > best) best = w0 * w1 * d * d, best_k = k;
  }
  Mixture mix;
  const double threshold = sorted[best_k];
  for (int c = 0; c < 2; ++c) {
    double sum = 0, sum2 = 0, count = 0;
    for (double x : v) {
      if ((x >= threshold) != (c == 1)) continue;
      sum += x, sum2 += x * x, count += 1;
    }
    count = std::max(count, 1.0);
    mix.weight[c] = count / static_cast<double>(m);
    mix.mean[c] = sum / count;
    mix.var[c] = std::max(sum2 / count - mix.mean[c] * mix.mean[c], var_floor);
  }
  std::vector<double> resp(m);
  double previous = -INFINITY;
  for (int iteration = 0; iteration < 200; ++iteration) {
    double ll = 0;
    // log(w·N(x; mean, var)) of each level and their log-sum-exp, with the logs of the weights
    // and variances taken once per iteration and exp(0) = 1 not computed: the operations and their
    // order of the former normalLogPdf/logSumExp helpers, so the same bits, with 3 instead of 8
    // calls of exp/log per point.
    constexpr double kLog2Pi = 1.8378770664093453;
    const double log_w0 = std::log(mix.weight[0]), log_w1 = std::log(mix.weight[1]);
    const double log_v0 = std::log(mix.var[0]), log_v1 = std::log(mix.var[1]);
    for (std::size_t i = 0; i < m; ++i) {
      const double d0 = v[i] - mix.mean[0], d1 = v[i] - mix.mean[1];
      const double a = log_w0 + -0.5 * (kLog2Pi + log_v0 + d0 * d0 / mix.var[0]);
      const double b = log_w1 + -0.5 * (kLog2Pi + log_v1 + d1 * d1 / mix.var[1]);
      const double top = std::max(a, b);
      const double total = top + std::log(a >= b ? 1.0 + std::exp(b - top)
                                                 : std::exp(a - top) + 1.0);
      resp[i] = std::exp(b - total);
      ll += total;
    }
    mix.log_likelihood = ll;
    if (ll - previous < 1e-9 * static_cast<double>(m)) break;
    previous = ll;
    for (int c = 0; c < 2; ++c) {
      double r_sum = 0, x_sum = 0;
      for (std::size_t i = 0; i < m; ++i) {
        const double r = c == 1 ? resp[i] : 1.0 - resp[i];
        r_sum += r, x_sum += r * v[i];
      }
      r_sum = std::max(r_sum, 1e-12);
      mix.mean[c] = x_sum / r_sum;
      double ss = 0;
      for (std::size_t i = 0; i < m; ++i) {
        const double r = c == 1 ? resp[i] : 1.0 - resp[i];
        ss += r * (v[i] - mix.mean[c]) * (v[i] - mix.mean[c]);
      }
      mix.var[c] = std::max(ss / r_sum, var_floor);
      mix.weight[c] = std::clamp(r_sum / static_cast<double>(m), 1e-9, 1.0 - 1e-9);
    }
  }
  if (mix.mean[0] > mix.mean[1]) {  // component 1 is the slow level
    std::swap(mix.weight[0], mix.weight[1]);
    std::swap(mix.mean[0], mix.mean[1]);
    std::swap(mix.var[0], mix.var[1]);
  }
  return mix;
}

// Wald–Wolfowitz runs test: Z of the number of runs against its expectation for independent
// draws with the same counts. Strongly negative: the levels come in stays.
double runsZ(const std::vector<char>& slow) {
  const double m = static_cast<double>(slow.size());
  double n1 = 0, runs = 1;
  for (std::size_t i = 0; i < slow.size(); ++i) {
    n1 += slow[i];
    if (i > 0 && slow[i] != slow[i - 1]) runs += 1;
  }
  const double n2 = m - n1;
  if (n1 < 1 || n2 < 1 || m < 3) return 0.0;
  const double expected = 1.0 + 2.0 * n1 * n2 / m;
  const double var = 2.0 * n1 * n2 * (2.0 * n1 * n2 - m) / (m * m * (m - 1.0));
  return var > 0 ? (runs - expected) / std::sqrt(var) : 0.0;
}

// A lone point whose neighbours agree with each other takes their level: with levels 2.5
// standard deviations apart, a few percent of points land on the wrong side of the threshold, and
// each would otherwise count as two switches.
std::vector<char> withoutLoneFlips(std::vector<char> slow) {
  for (std::size_t i = 1; i + 1 < slow.size(); ++i) {
    if (slow[i - 1] == slow[i + 1] && slow[i] != slow[i - 1]) slow[i] = slow[i - 1];
  }
  return slow;
}

// Log-likelihood of z as a Gaussian AR(1) process about its mean (conditional on z[0]; φ and
// the innovation variance by least squares).
double ar1LogLikelihood(const std::vector<double>& z) {
  const std::size_t m = z.size();
  const double mean = std::accumulate(z.begin(), z.end(), 0.0) / static_cast<double>(m);
  double sxy = 0, sxx = 0;
  for (std::size_t t = 1; t < m; ++t) {
    sxy += (z[t] - mean) * (z[t - 1] - mean);
    sxx += (z[t - 1] - mean) * (z[t - 1] - mean);
  }
  const double phi = sxx > 0 ? std::clamp(sxy / sxx, -0.999, 0.999) : 0.0;
  double ss = 0;
  for (std::size_t t = 1; t < m; ++t) {
    const double e = (z[t] - mean) - phi * (z[t - 1] - mean);
    ss += e * e;
  }
  const double var = std::max(ss / static_cast<double>(m - 1), 1e-300);
  constexpr double kLog2Pi = 1.8378770664093453;
  return -0.5 * static_cast<double>(m - 1) * (kLog2Pi + std::log(var) + 1.0);
}

// Jumps or wandering? Two levels with AR(1) noise about them against one AR(1) process: when the
// level really switches, y jumps where the level does and the residual about the levels stays
// smooth; when autocorrelated noise merely wanders across the threshold, y moves smoothly and it
// is the residual that jumps at each crossing. The gain must pay for the second level and for
// where each switch lies (BIC: ½·ln m per parameter).
bool levelsExplainTheJumps(const std::vector<double>& v, const std::vector<char>& stays,
                           std::size_t switches) {
  double sum[2] = {0, 0}, count[2] = {0, 0};
  for (std::size_t i = 0; i < v.size(); ++i) sum[stays[i]] += v[i], count[stays[i]] += 1;
  std::vector<double> residual(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) residual[i] = v[i] - sum[stays[i]] / count[stays[i]];
  const double gain = ar1LogLikelihood(residual) - ar1LogLikelihood(v);
  const double penalty = kPenaltyPerParameter * static_cast<double>(1 + switches) *
                         std::log(static_cast<double>(v.size()));
  return gain > penalty;
}

// Does one level's own sequence of values trend (a drift the mixture cut in two)?
bool levelTrends(const std::vector<double>& values, double tolerance) {
  if (values.size() < 12) return false;
  const TrendResult t = batchTrend(values, 0, values.size());
  return std::abs(t.total_change) > tolerance && std::abs(t.mann_kendall_z) > kTrendZ;
}

}  // namespace

SwitchingLevels describeLevels(const std::vector<double>& y, std::size_t begin, std::size_t end,
                               double threshold_log) {
  SwitchingLevels out;
  out.threshold_log = threshold_log;
  end = std::min(end, y.size());
  if (begin >= end) return out;
  std::vector<char> slow(end - begin);
  for (std::size_t i = begin; i < end; ++i) slow[i - begin] = y[i] > threshold_log;
  const std::vector<char> stays = withoutLoneFlips(slow);
  std::vector<double> levels[2];
  std::size_t stays_at[2] = {0, 0};
  for (std::size_t i = 0; i < stays.size(); ++i) {
    levels[stays[i]].push_back(y[begin + i]);
    if (i == 0 || stays[i] != stays[i - 1]) {
      stays_at[stays[i]] += 1;
      out.switches += i > 0;
    }
  }
  // Medians: a level's slow outliers do not move it.
  for (auto& level : levels) std::sort(level.begin(), level.end());
  out.fast_log = levels[0].empty() ? threshold_log : quantileSorted(levels[0], 0.5);
  out.slow_log = levels[1].empty() ? threshold_log : quantileSorted(levels[1], 0.5);
  const double m = static_cast<double>(stays.size());
  out.slow_share = static_cast<double>(levels[1].size()) / m;
  out.mean_fast_dwell = stays_at[0] ? static_cast<double>(levels[0].size()) / stays_at[0] : 0.0;
  out.mean_slow_dwell = stays_at[1] ? static_cast<double>(levels[1].size()) / stays_at[1] : 0.0;
  // Two-state chain that leaves each level once per stay: λ = 1 − p − q.
  const double leave_fast = out.mean_fast_dwell > 0 ? 1.0 / out.mean_fast_dwell : 1.0;
  const double leave_slow = out.mean_slow_dwell > 0 ? 1.0 / out.mean_slow_dwell : 1.0;
  const double lambda = std::clamp(1.0 - leave_slow - leave_fast, 0.0, 0.999);
  out.level_tau = (1.0 + lambda) / (1.0 - lambda);
  out.runs_z = runsZ(slow);
  return out;
}

std::optional<SwitchingLevels> detectSwitching(const std::vector<double>& y, std::size_t begin,
                                               std::size_t end, double tolerance) {
  end = std::min(end, y.size());
  if (begin >= end || end - begin < kMinRegion) return std::nullopt;
  const std::vector<double> v(y.begin() + static_cast<std::ptrdiff_t>(begin),
                              y.begin() + static_cast<std::ptrdiff_t>(end));
  const std::size_t m = v.size();
  // Slow outliers (1 % of iterations at 1.2–2× in a typical run) would become the slow level's
  // tail and inflate its variance: the mixture is fitted to the values clipped to their 2nd–98th
  // percentiles, and each level's spread is judged robustly (1.4826·MAD of its points).
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const double clip_lo = quantileSorted(sorted, 0.02), clip_hi = quantileSorted(sorted, 0.98);
  std::vector<double> clipped = v;
  for (double& x : clipped) x = std::clamp(x, clip_lo, clip_hi);
  const Mixture mix = fitTwoLevels(clipped, std::pow(tolerance / 20.0, 2));
  const double gap = mix.mean[1] - mix.mean[0];
  const double threshold = (mix.mean[0] + mix.mean[1]) / 2.0;
  double spread = 0;
  for (int level = 0; level < 2; ++level) {
    std::vector<double> dev;
    for (double x : v) {
      if ((x > threshold) == (level == 1)) dev.push_back(x);
    }
    if (dev.size() < 3) return std::nullopt;
    std::sort(dev.begin(), dev.end());
    const double centre = quantileSorted(dev, 0.5);
    for (double& x : dev) x = std::abs(x - centre);
    std::sort(dev.begin(), dev.end());
    spread = std::max(spread, 1.4826 * quantileSorted(dev, 0.5));
  }
  if (std::min(mix.weight[0], mix.weight[1]) < kMinLevelShare || gap < tolerance ||
      gap < kMinSeparation * spread) {
    return std::nullopt;
  }

  std::vector<char> slow(m);
  for (std::size_t i = 0; i < m; ++i) slow[i] = v[i] > threshold;
  SwitchingLevels out;
  out.runs_z = runsZ(slow);
  if (out.runs_z > kPersistenceZ) return std::nullopt;

  const std::vector<char> stays = withoutLoneFlips(slow);
  for (std::size_t i = 1; i < m; ++i) out.switches += stays[i] != stays[i - 1];
  if (out.switches < 2 || !levelsExplainTheJumps(clipped, stays, out.switches)) return std::nullopt;

  std::vector<double> fast_values, slow_values;
  for (std::size_t i = 0; i < m; ++i) (stays[i] ? slow_values : fast_values).push_back(v[i]);
  if (levelTrends(fast_values, tolerance) || levelTrends(slow_values, tolerance))
    return std::nullopt;

  return describeLevels(y, begin, end, threshold);
}

std::optional<SwitchingLevels> switchingSegments(const std::vector<double>& medians,
                                                 double tolerance) {
  if (medians.size() < 3) return std::nullopt;
  std::vector<double> sorted = medians;
  std::sort(sorted.begin(), sorted.end());
  std::size_t split = 0;
  double widest = 0;
  for (std::size_t i = 1; i < sorted.size(); ++i) {
    if (sorted[i] - sorted[i - 1] > widest) widest = sorted[i] - sorted[i - 1], split = i;
  }
  if (widest <= tolerance) return std::nullopt;
  const double threshold = (sorted[split - 1] + sorted[split]) / 2.0;
  // Each group must be tight compared with the gap between them: a staircase of a drift is not
  // two levels.
  if (sorted[split - 1] - sorted.front() > widest || sorted.back() - sorted[split] > widest)
    return std::nullopt;
  std::size_t switches = 0;
  for (std::size_t k = 1; k < medians.size(); ++k) {
    switches += (medians[k - 1] > threshold) != (medians[k] > threshold);
  }
  if (switches < 2) return std::nullopt;
  SwitchingLevels out;
  out.threshold_log = threshold;
  out.switches = switches;
  return out;
}

}  // namespace inferscope::analysis
