// Two persistent levels: a two-component Gaussian mixture (EM from an Otsu split) starts a
// two-state Markov-switching AR(1) fit; its likelihood against independent modes tells persistence
// from independent bimodal noise, against one AR(1) level or one step tells jumps from wandering
// and alternation from a single change, and the decoded stays must not trend.
#include "core/analysis/switching_detection.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/analysis/markov_switching_ar.h"
#include "core/analysis/monotone_trend.h"
#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {
namespace {

constexpr std::size_t kMinRegion = 60;
// switchingEvidence's runs pre-test: regions this long, and the runs z above which a region shows
// no persistence worth fitting.
constexpr std::size_t kPreTestRegion = 2000;
constexpr double kPreTestRunsZ = -2.0;
constexpr double kMinLevelShare = 0.05;
constexpr double kTrendZ = 2.58;        // Mann–Kendall, as the drift rule
constexpr double kMinSeparation = 2.0;  // level gap in noise standard deviations (two modes)
constexpr double kMinJump = 2.5;        // level gap in innovation standard deviations
// Likelihood-ratio thresholds, × ln m (docs/MEASUREMENT.md, "Regime switching"): persistence at
// BIC's price of one parameter (½·ln m); levels against one level or one step at 1.5·ln m.
constexpr double kPersistencePerLnM = 0.5;
constexpr double kLevelsPerLnM = 1.5;

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
constexpr std::size_t kMaxEvidencePoints = 4'096;  // detectSwitching's window on long series

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
      const double total =
          top + std::log(a >= b ? 1.0 + std::exp(b - top) : std::exp(a - top) + 1.0);
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
double runsZ(const std::vector<std::uint8_t>& slow) {
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
std::vector<std::uint8_t> withoutLoneFlips(std::vector<std::uint8_t> slow) {
  for (std::size_t i = 1; i + 1 < slow.size(); ++i) {
    if (slow[i - 1] == slow[i + 1] && slow[i] != slow[i - 1]) slow[i] = slow[i - 1];
  }
  return slow;
}

// Does one level's own sequence of values trend (a drift the mixture cut in two)?
bool levelTrends(const std::vector<double>& values, double tolerance) {
  if (values.size() < 12) return false;
  const TrendResult t = batchTrend(values, 0, values.size());
  return std::abs(t.total_change) > tolerance && std::abs(t.mann_kendall_z) > kTrendZ;
}

// The best single step with AR(1) noise about it, as a conditional log-likelihood comparable with
// the two-level fit's: a warm-up or a slowdown whose noise flickers across the midpoint decodes
// into several "switches", and only a model with one change tells it from alternation. With φ
// given, y_t − φ·y_{t−1} has one mean before the step and one after (the point at the step is
// fitted exactly), so every step position costs O(1) from prefix sums; the best position is then
// refitted with its own φ (least squares on the residual about the two sides' means).
double oneStepLogLikelihood(const std::vector<double>& v, double phi) {
  const std::size_t m = v.size();
  if (m < 6) return -INFINITY;
  std::vector<double> sum(m, 0.0), sum2(m, 0.0);  // prefix sums of z over t = 1 .. i
  for (std::size_t t = 1; t < m; ++t) {
    const double z = v[t] - phi * v[t - 1];
    sum[t] = sum[t - 1] + z, sum2[t] = sum2[t - 1] + z * z;
  }
  const auto sse = [&](std::size_t a, std::size_t b) {  // z over t = a .. b
    if (b < a) return 0.0;
    const double n = static_cast<double>(b - a + 1);
    const double s = sum[b] - sum[a - 1], s2 = sum2[b] - sum2[a - 1];
    return std::max(s2 - s * s / n, 0.0);
  };
  std::size_t best_at = 2;
  double best = INFINITY;
  for (std::size_t at = 2; at + 2 < m; ++at) {
    const double e = sse(1, at - 1) + sse(at + 1, m - 1);
    if (e < best) best = e, best_at = at;
  }
  constexpr double kLog2Pi = 1.8378770664093453;
  const double var = std::max(best / static_cast<double>(m - 1), 1e-300);
  const double given_phi = -0.5 * static_cast<double>(m - 1) * (kLog2Pi + std::log(var) + 1.0);
  double side[2] = {0, 0};
  for (std::size_t i = 0; i < m; ++i) side[i >= best_at] += v[i];
  side[0] /= static_cast<double>(best_at), side[1] /= static_cast<double>(m - best_at);
  std::vector<double> residual(m);
  for (std::size_t i = 0; i < m; ++i) residual[i] = v[i] - side[i >= best_at];
  return std::max(given_phi, ar1LogLikelihood(residual));
}

// Levels, shares and stays of y[begin, begin + stays.size()) for a given level sequence.
SwitchingLevels describeStays(const std::vector<double>& y, std::size_t begin,
                              const std::vector<std::uint8_t>& stays) {
  SwitchingLevels out;
  if (stays.empty()) return out;
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
  out.fast_log = levels[0].empty() ? 0.0 : quantileSorted(levels[0], 0.5);
  out.slow_log = levels[1].empty() ? out.fast_log : quantileSorted(levels[1], 0.5);
  if (levels[0].empty()) out.fast_log = out.slow_log;
  const double m = static_cast<double>(stays.size());
  out.slow_share = static_cast<double>(levels[1].size()) / m;
  out.mean_fast_dwell = stays_at[0] ? static_cast<double>(levels[0].size()) / stays_at[0] : 0.0;
  out.mean_slow_dwell = stays_at[1] ? static_cast<double>(levels[1].size()) / stays_at[1] : 0.0;
  // Two-state chain that leaves each level once per stay: λ = 1 − p − q.
  const double leave_fast = out.mean_fast_dwell > 0 ? 1.0 / out.mean_fast_dwell : 1.0;
  const double leave_slow = out.mean_slow_dwell > 0 ? 1.0 / out.mean_slow_dwell : 1.0;
  out.persistence = std::clamp(1.0 - leave_slow - leave_fast, 0.0, 0.999);
  out.level_tau = (1.0 + out.persistence) / (1.0 - out.persistence);
  out.runs_z = runsZ(stays);
  return out;
}

}  // namespace

SwitchingLevels describeLevels(const std::vector<double>& y, std::size_t begin, std::size_t end,
                               double threshold_log) {
  end = std::min(end, y.size());
  if (begin >= end) {
    SwitchingLevels out;
    out.fast_log = out.slow_log = out.threshold_log = threshold_log;
    return out;
  }
  std::vector<std::uint8_t> slow(end - begin);
  for (std::size_t i = begin; i < end; ++i) slow[i - begin] = y[i] > threshold_log;
  SwitchingLevels out = describeStays(y, begin, withoutLoneFlips(slow));
  out.threshold_log = threshold_log;
  out.runs_z = runsZ(slow);
  return out;
}

std::optional<SwitchingEvidence> switchingEvidence(const std::vector<double>& y, std::size_t begin,
                                                   std::size_t end, double tolerance) {
  end = std::min(end, y.size());
  if (begin >= end || end - begin < kMinRegion) return std::nullopt;
  const std::vector<double> v(y.begin() + static_cast<std::ptrdiff_t>(begin),
                              y.begin() + static_cast<std::ptrdiff_t>(end));
  const std::size_t m = v.size();
  // Slow outliers (1 % of iterations at 1.2–2× in a typical run) would become a level of their
  // own: everything is fitted to the values clipped to their 2nd–98th percentiles.
  std::vector<double> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const double clip_lo = quantileSorted(sorted, 0.02), clip_hi = quantileSorted(sorted, 0.98);
  std::vector<double> clipped = v;
  for (double& x : clipped) x = std::clamp(x, clip_lo, clip_hi);
  // The mixture is only the starting point (and a cheap exit: one Gaussian split in two has its
  // halves closer than δ at CV ≤ 1.5 %).
  const double var_floor = std::pow(tolerance / 20.0, 2);
  const Mixture mix = fitTwoLevels(clipped, var_floor);
  if (std::min(mix.weight[0], mix.weight[1]) < kMinLevelShare ||
      mix.mean[1] - mix.mean[0] < tolerance) {
    return std::nullopt;
  }

  // Start of both fits: the mixture's levels, the AR(1) coefficient of the residual about them and
  // the transitions of the hard split at their midpoint.
  const double threshold = (mix.mean[0] + mix.mean[1]) / 2.0;
  std::vector<std::uint8_t> split(m);
  for (std::size_t i = 0; i < m; ++i) split[i] = clipped[i] > threshold;
  double sxy = 0, sxx = 0, count[2][2] = {{1, 1}, {1, 1}};  // +1: never a 0 or 1 transition
  for (std::size_t t = 1; t < m; ++t) {
    const double a = clipped[t] - mix.mean[split[t]], b = clipped[t - 1] - mix.mean[split[t - 1]];
    sxy += a * b, sxx += b * b;
    count[split[t - 1]][split[t]] += 1;
  }
  // A cheap exit before the three EM fits on long regions, where they cost hundreds of ms:
  // persistent levels at least two noise widths apart leave a hard split at the midpoint with
  // clearly fewer runs than independent draws would. No such sign (runs z > −2) means no
  // persistence to find. Below kPreTestRegion the fits are cheap and the weakest switching (stays
  // of ~3 iterations at n ≤ 300, docs/MEASUREMENT.md) needs them, so every short region is fitted.
  if (m >= kPreTestRegion && runsZ(split) > kPreTestRunsZ) return std::nullopt;
  MarkovSwitchingAr start;
  start.mean[0] = mix.mean[0], start.mean[1] = mix.mean[1];
  start.phi = sxx > 0 ? sxy / sxx : 0.0;
  const double within_var = mix.weight[0] * mix.var[0] + mix.weight[1] * mix.var[1];
  start.innovation_var = within_var * (1.0 - start.phi * start.phi);
  start.leave_fast = count[0][1] / (count[0][0] + count[0][1]);
  start.leave_slow = count[1][0] / (count[1][0] + count[1][1]);
  MarkovSwitchingAr independent_start = start;
  independent_start.leave_fast = mix.weight[1], independent_start.leave_slow = mix.weight[0];

  SwitchingEvidence out;
  out.fit = fitMarkovSwitchingAr(clipped, start, false, var_floor);
  const MarkovSwitchingAr independent =
      fitMarkovSwitchingAr(clipped, independent_start, true, var_floor);
  out.persistence_gain = out.fit.log_likelihood - independent.log_likelihood;
  std::vector<std::uint8_t> slow(m);
  for (std::size_t i = 0; i < m; ++i) slow[i] = out.fit.slow_probability[i] > 0.5;
  out.stays = withoutLoneFlips(slow);
  // Levels against one level or one step, on the series without its excursions of one or two
  // points. A slow outlier (clipped to the 98th percentile, which in a run with a slow stretch is
  // the slow level) is a one-iteration stay to the two-level model, cheap to explain, and a
  // residual of many noise widths to the one-step model: a slowdown with a few outliers would
  // "beat" one step by hundreds of nats, and two adjacent outliers (1 in 10 runs of 1000 at a
  // 1 % outlier rate) survive the lone-point rule. Such an excursion is interpolated between its
  // neighbours for this comparison (both models alike), so the evidence against one step comes
  // from stays of three or more; the persistence test above keeps every point, so independent
  // modes still read as independent.
  std::vector<double> despiked = clipped;
  bool any_lone = false;
  for (std::size_t i = 1; i + 1 < m; ++i) {
    if (slow[i] == out.stays[i]) continue;
    despiked[i] = (clipped[i - 1] + clipped[i + 1]) / 2.0;
    any_lone = true;
  }
  for (std::size_t i = 1; i + 2 < m; ++i) {
    const bool pair = out.stays[i] == out.stays[i + 1] && out.stays[i - 1] != out.stays[i] &&
                      out.stays[i + 2] == out.stays[i - 1];
    if (!pair) continue;
    despiked[i] = (2.0 * despiked[i - 1] + despiked[i + 2]) / 3.0;
    despiked[i + 1] = (despiked[i - 1] + 2.0 * despiked[i + 2]) / 3.0;
    any_lone = true;
  }
  const MarkovSwitchingAr levels =
      any_lone ? fitMarkovSwitchingAr(despiked, out.fit, false, var_floor) : out.fit;
  out.level_gain = levels.log_likelihood -
                   std::max(ar1LogLikelihood(despiked), oneStepLogLikelihood(despiked, levels.phi));
  double slow_count = 0;
  for (std::size_t i = 0; i < m; ++i) {
    slow_count += out.stays[i];
    out.switches += i > 0 && out.stays[i] != out.stays[i - 1];
  }
  out.slow_share = slow_count / static_cast<double>(m);
  std::vector<double> fast_values, slow_values;
  for (std::size_t i = 0; i < m; ++i) (out.stays[i] ? slow_values : fast_values).push_back(v[i]);
  out.level_trends = levelTrends(fast_values, tolerance) || levelTrends(slow_values, tolerance);
  return out;
}

std::optional<SwitchingLevels> detectSwitching(const std::vector<double>& y, std::size_t begin,
                                               std::size_t end, double tolerance) {
  // The Markov-switching fits cost O(n) per EM iteration, three fits of up to 200 iterations:
  // seconds per series at 10⁵ values, a minute at 10⁶. Above kMaxEvidencePoints the evidence comes
  // from a contiguous window in the middle of the region (contiguous, because a thinned series
  // would lose the persistence the test is about), and the levels are then described over the
  // whole region at the window's threshold.
  end = std::min(end, y.size());
  const std::size_t length = end > begin ? end - begin : 0;
  const bool windowed = length > kMaxEvidencePoints;
  const std::size_t window_begin = windowed ? begin + (length - kMaxEvidencePoints) / 2 : begin;
  const std::size_t window_end = windowed ? window_begin + kMaxEvidencePoints : end;
  const auto evidence = switchingEvidence(y, window_begin, window_end, tolerance);
  if (!evidence) return std::nullopt;
  const SwitchingEvidence& e = *evidence;
  const std::size_t m = e.stays.size();
  const double ln_m = std::log(static_cast<double>(m));
  // Two modes, not one Gaussian cut in two: an equal mixture of two normals of standard deviation
  // s is bimodal only when its means are more than 2·s apart, and a split of AR(1) noise, whose
  // halves sit ~1.6·s apart, can still beat one level by a few ln m when n is large. And each
  // switch a jump: under AR(1) noise the two-level fit can trade φ for persistence (levels that
  // follow the wandering, with a smaller marginal s), but then its levels are within ~2 one-step
  // prediction errors (innovation standard deviations) of each other.
  const double noise_sd = std::sqrt(e.fit.innovation_var / (1.0 - e.fit.phi * e.fit.phi));
  const double gap = e.fit.mean[1] - e.fit.mean[0];
  if (gap < tolerance || gap < kMinSeparation * noise_sd ||
      gap < kMinJump * std::sqrt(e.fit.innovation_var) || e.fit.persistence() <= 0 ||
      std::min(e.slow_share, 1.0 - e.slow_share) < kMinLevelShare ||
      e.persistence_gain < kPersistencePerLnM * ln_m || e.level_gain < kLevelsPerLnM * ln_m ||
      e.switches < 2 || e.level_trends) {
    return std::nullopt;
  }
  const double threshold_log = (e.fit.mean[0] + e.fit.mean[1]) / 2.0;
  SwitchingLevels out =
      windowed ? describeLevels(y, begin, end, threshold_log) : describeStays(y, begin, e.stays);
  out.threshold_log = threshold_log;
  // The fitted chain's persistence, not the decoded stays': merging a lone point into its
  // neighbours lengthens the stays, and at 3 noise widths between the levels the decoding itself
  // merges short stays.
  const double lambda = std::clamp(e.fit.persistence(), 0.0, 0.999);
  out.level_tau = (1.0 + lambda) / (1.0 - lambda);
  out.persistence = lambda;
  out.persistence_gain = e.persistence_gain;
  out.level_gain = e.level_gain;
  return out;
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
