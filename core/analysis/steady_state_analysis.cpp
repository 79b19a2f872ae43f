// analyse(): log transform → rolling-median outliers → PELT → k* rule (+ settling refinement) →
// class (+ drift) → steady statistics. Departures from the design note are explained in
// docs/MEASUREMENT.md ("What changed from the design note").
#include "core/analysis/steady_state_analysis.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/analysis/analysis_cancelled.h"
#include "core/analysis/autocorrelation.h"
#include "core/analysis/distributions.h"
#include "core/analysis/drift_detection.h"
#include "core/analysis/mser.h"
#include "core/analysis/periodic_detection.h"
#include "core/analysis/rolling_outliers.h"
#include "core/analysis/segmentation.h"

namespace inferscope::analysis {
namespace {

constexpr double kPenaltyPerLogN = 15.0;     // PELT penalty 15·ln n: only changes that matter
constexpr double kMinStepsPerMedian = 50.0;  // fewer timer steps than this: resolution-limited
// A level movement this significant (two-sided 10 %) widens the steady interval.
constexpr double kMovementZ = 1.645;
// A level that falls across the steady part this significantly (one-sided 16 %) may still be
// settling: the median interval's low end reaches below it by the fall (fillSteadyPart).
constexpr double kSettlingZ = 1.0;
// From this many switches (seven or eight stays at each level) a switching run's median interval
// is the rank interval with the fitted τ alone. Below it the interval is the union of that and the
// interval of the levels' mix (addShareInterval). Measured on the quick grid (seed 20240601): the
// union up to 30 switches over-covered the runs called switching (97.4 %), the mix's interval
// alone below 30 under-covered them (91.7 %); at 15 both the stays of 3–20 (96.2 % of the runs
// called switching) and the stays of 30–100 (93.3 %) are inside 93–97 %.
constexpr std::size_t kManySwitches = 15;

// The series without its outliers, and where each kept point came from.
struct CleanSeries {
  std::vector<double> y;
  std::vector<std::size_t> index;  // index[c]: series index of cleaned point c
};

CleanSeries withoutOutliers(const std::vector<double>& y,
                            const std::vector<std::size_t>& outliers) {
  CleanSeries c;
  for (std::size_t i = 0, o = 0; i < y.size(); ++i) {
    if (o < outliers.size() && outliers[o] == i) {
      ++o;
      continue;
    }
    c.index.push_back(i);
    c.y.push_back(y[i]);
  }
  return c;
}

SeriesClass baseClass(const Segmentation& seg, std::size_t k_star, const std::vector<double>& y,
                      std::size_t leading, double tolerance) {
  if (k_star == 0 && leading == 0) return SeriesClass::Flat;
  const double last = seg.medians.back();
  bool faster_before = false;
  for (std::size_t k = 0; k < k_star; ++k) faster_before |= seg.medians[k] < last - tolerance;
  if (leading > 0) faster_before |= medianOfRange(y, 0, leading) < last - tolerance;
  return faster_before ? SeriesClass::Slowdown : SeriesClass::Warmup;
}

// The smallest step between distinct values (steps below a billionth of the largest value are
// rounding, not the timer). 0 when all values are equal.
double timerQuantum(const std::vector<double>& x) {
  std::vector<double> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  const double noise = sorted.back() * 1e-9;
  double quantum = 0;
  for (std::size_t i = 1; i < sorted.size(); ++i) {
    const double step = sorted[i] - sorted[i - 1];
    if (step > noise && (quantum == 0 || step < quantum)) quantum = step;
  }
  return quantum;
}

// Leading slow iterations: from iteration 0, every point far above the second half of the run
// (more than 3·(p90 − p10) of y[n/2, n) from its median, the rolling rule's threshold). The
// rolling windows miss a warm-up of two to four iterations in a short run: each window then holds
// several slow points and its spread grows with them, and iteration 0 in particular is judged by
// one window only. The run is not capped below n/2: a cap would leave the warm-up's remainder to
// PELT as a stub segment whose points the rolling rule has partly removed.
std::size_t leadingSlowRun(const std::vector<double>& y, double min_spread) {
  const std::size_t n = y.size();
  if (n < 12) return 0;
  std::vector<double> second_half(y.begin() + static_cast<std::ptrdiff_t>(n / 2), y.end());
  std::sort(second_half.begin(), second_half.end());
  const double median = quantileSorted(second_half, 0.5);
  const double spread =
      std::max(quantileSorted(second_half, 0.9) - quantileSorted(second_half, 0.1), min_spread);
  std::size_t run = 0;
  while (run < n / 2 && y[run] - median > 3.0 * spread) ++run;
  return run;
}

// Leading fast iterations: from iteration 0, every point below the second half's median by more
// than 2·(p90 − p10) of it. They skipped work (a cached input, a short first tick) and are
// outliers, never a warm-up: left in the segmentation, two of them are enough for PELT's
// three-point minimum segment to start with a fast "level", and the run was called a slowdown
// (about half of the runs of 60 iterations at 3 % noise with two first samples at 0.5×). The
// threshold is lower than the slow side's 3·(p90 − p10): a false flag here only leaves a point out
// of the segmentation.
std::size_t leadingFastRun(const std::vector<double>& y, double min_spread) {
  const std::size_t n = y.size();
  if (n < 12) return 0;
  std::vector<double> second_half(y.begin() + static_cast<std::ptrdiff_t>(n / 2), y.end());
  std::sort(second_half.begin(), second_half.end());
  const double median = quantileSorted(second_half, 0.5);
  const double spread =
      std::max(quantileSorted(second_half, 0.9) - quantileSorted(second_half, 0.1), min_spread);
  std::size_t run = 0;
  while (run < n / 2 && median - y[run] > 2.0 * spread) ++run;
  return run;
}

// The largest step that every value is a multiple of (Euclid's algorithm with a tolerance of a
// billionth of the largest value): a clock's tick divides every latency it reports, outliers and
// warm-up included, so the tick is at most this.
double commonStep(const std::vector<double>& x) {
  if (x.empty()) return 0.0;
  const double tolerance = *std::max_element(x.begin(), x.end()) * 1e-9;
  double step = 0.0;
  for (double value : x) {
    double a = value, b = step;
    for (int it = 0; it < 200 && b > tolerance; ++it) {
      double r = std::fmod(a, b);
      if (r > b - tolerance) r = 0.0;
      a = b, b = r;
    }
    step = a;
  }
  return step;
}

// The warm-up of a resolution-limited series (a few timer ticks per iteration): the leading run of
// iterations slower than both the second half's median plus 1.5 ticks (one tick is rounding) and
// its 95th percentile plus one tick (what the noise reaches). The smallest step between distinct
// values is no measure of the tick here: before a level that is exactly constant (3 × 30 ms, then
// 10 ms every time on a 10 ms clock) the only step is the warm-up's own gap, which that rule took
// for one tick ("flat from iteration 0"), and one slow outlier in the second half is a step of many
// ticks. The tick is taken as the largest step that divides every value, but at most a tenth of
// the level: before a constant level two values alone cannot tell one tick of 3 µs from three of
// 1 µs (15 against 12 µs), so a first iteration 15 % or more above a constant level is a warm-up
// whatever the clock. 11 against 10 µs stays rounding (1 µs, a tenth of 10); 13 against 10 µs, 7
// against 5 ms, 10 against 5 ms and 30 against 10 ms are warm-ups. The rolling-outlier rule misses
// three ticks at 8–12 µs on a 1 µs clock: 3·(p90 − p10) is 40 % there once the noise reaches the
// next tick.
std::size_t quantisedLead(const std::vector<double>& x) {
  const std::size_t n = x.size();
  if (n < 4) return 0;
  std::vector<double> second_half(x.begin() + static_cast<std::ptrdiff_t>(n / 2), x.end());
  std::sort(second_half.begin(), second_half.end());
  const double median = quantileSorted(second_half, 0.5);
  const double tick = std::min(commonStep(x), median / 10.0);
  const double threshold =
      std::max(median + 1.5 * tick, quantileSorted(second_half, 0.95) + tick) * (1.0 + 1e-9);
  std::size_t lead = 0;
  while (lead < n / 2 && x[lead] > threshold) ++lead;
  return lead;
}

// The part of the leading outliers that is a warm-up: those from iteration 0 on that are slower
// than the second half's median by more than one timer tick. A first iteration that is faster
// than the rest skipped work rather than paid for it, and on a 1 µs clock at 10 µs a value one
// tick above the rest is rounding (10 µs is 9.5–10.5, 11 µs is 10.5–11.5): both used to be called
// a warm-up (or, faster, a slowdown). They stay outliers; only the warm-up is not claimed.
std::size_t slowLead(const std::vector<double>& y, std::size_t leading, double quantum_ms) {
  const std::size_t n = y.size();
  if (leading == 0 || n < 2) return 0;
  std::vector<double> second_half(y.begin() + static_cast<std::ptrdiff_t>(n / 2), y.end());
  std::sort(second_half.begin(), second_half.end());
  const double median_ms = std::exp(quantileSorted(second_half, 0.5));
  const double threshold = std::log(median_ms + 1.5 * quantum_ms);
  std::size_t lead = 0;
  while (lead < leading && y[lead] > threshold) ++lead;
  return lead;
}

// Leading PELT segments that are slower than everything after them are warm-up, whatever the
// rest does; the search for switching levels starts after them.
std::size_t warmupSegmentsEnd(const Segmentation& seg, double tolerance) {
  std::size_t j = 0;
  while (j + 1 < seg.medians.size()) {
    const double later = *std::max_element(seg.medians.begin() + static_cast<std::ptrdiff_t>(j + 1),
                                           seg.medians.end());
    if (seg.medians[j] <= later + tolerance) break;
    ++j;
  }
  return j;
}

// The floor a switching series' level sequence puts under the median's autocorrelation time. The
// indicator I(x ≤ median) is persistent only through the level: with a and b the shares of the
// fast and the slow level's values below the median and p the slow share, the level explains
// c = p(1 − p)(a − b)² / (q(1 − q)) of the indicator's variance (q its mean), and only that part
// has the chain's correlations λ^k. τ = 1 + c·2λ/(1 − λ) = 1 + c·(level_tau − 1). The whole
// level_tau as the floor (c = 1) holds only when the median lies between the levels; with a 10 or
// 30 % slow share it lies inside the fast level, and the floor over-covered (98 %).
double medianTauFloor(const std::vector<double>& steady_ms, const SwitchingLevels& levels) {
  if (steady_ms.empty()) return 1.0;
  std::vector<double> sorted = steady_ms;
  std::sort(sorted.begin(), sorted.end());
  const double median = quantileSorted(sorted, 0.5);
  double count[2] = {0, 0}, below[2] = {0, 0};
  for (double x : steady_ms) {
    const int slow = std::log(x) > levels.threshold_log;
    count[slow] += 1;
    below[slow] += x <= median;
  }
  if (count[0] == 0 || count[1] == 0) return 1.0;
  const double total = count[0] + count[1];
  const double p = count[1] / total, q = (below[0] + below[1]) / total;
  const double a = below[0] / count[0], b = below[1] / count[1];
  if (q <= 0 || q >= 1) return levels.level_tau;
  const double c = std::clamp(p * (1 - p) * (a - b) * (a - b) / (q * (1 - q)), 0.0, 1.0);
  // λ is estimated from a handful of stays when they are long; one standard error of it,
  // √((1 − λ²)/m), is added so that a run of few stays does not claim the chain forgets faster than
  // it may.
  const double lambda = (levels.level_tau - 1.0) / (levels.level_tau + 1.0);
  const double upper = std::min(
      0.999, lambda + std::sqrt((1.0 - lambda * lambda) / static_cast<double>(steady_ms.size())));
  return 1.0 + c * ((1.0 + upper) / (1.0 - upper) - 1.0);
}

// The median interval of a periodic series. Every phase of the cycle is sampled about equally
// often, so the indicator I(x ≤ median) varies only about its phase's share F_j: its variance is
// the mean of F_j(1 − F_j), not q(1 − q) — much less when the cycle's amplitude dwarfs the noise
// (the ordinary interval covered the sawtooth grid's 20 % teeth in 100 % of runs). The residual
// indicator keeps the noise's own serial correlation, measured by Geyer's τ on it. Returns the
// variance ratio τ_eff = mean F_j(1 − F_j)·τ_residual / (q(1 − q)), or 0 when it cannot be
// estimated (fewer than two values in a phase).
double periodicVarianceRatio(const std::vector<double>& steady_ms, std::size_t period) {
  const std::size_t n = steady_ms.size();
  if (period < 2 || n < 2 * period) return 0.0;
  std::vector<double> sorted = steady_ms;
  std::sort(sorted.begin(), sorted.end());
  const double median = quantileSorted(sorted, 0.5);
  std::vector<double> count(period, 0.0), below(period, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    count[i % period] += 1;
    below[i % period] += steady_ms[i] <= median;
  }
  double within = 0.0, total_below = 0.0;  // Σ over phases of the unbiased F_j(1 − F_j)·count_j
  for (std::size_t j = 0; j < period; ++j) {
    const double f = below[j] / count[j];
    within += f * (1.0 - f) * count[j] * count[j] / (count[j] - 1.0);
    total_below += below[j];
  }
  const double q = total_below / static_cast<double>(n);
  if (q <= 0.0 || q >= 1.0) return 0.0;
  std::vector<double> residual(n);
  for (std::size_t i = 0; i < n; ++i) {
    residual[i] = (steady_ms[i] <= median ? 1.0 : 0.0) - below[i % period] / count[i % period];
  }
  const double v = within / static_cast<double>(n);
  return v * integratedAutocorrelationTime(std::move(residual)) / (q * (1.0 - q));
}

// The median of the steady values had the run divided its time p : 1 − p between the levels: the
// median of the mixture (1 − p)·F_fast + p·F_slow of each level's own values (split at the
// threshold). Bisection on the value, to a relative 10⁻¹²: the result is a sample value.
double mixtureMedian(const std::vector<double>& fast_sorted, const std::vector<double>& slow_sorted,
                     double p) {
  const auto cdf = [](const std::vector<double>& sorted, double v) {
    return sorted.empty() ? 0.0
                          : static_cast<double>(std::upper_bound(sorted.begin(), sorted.end(), v) -
                                                sorted.begin()) /
                                static_cast<double>(sorted.size());
  };
  double lo = std::min(fast_sorted.empty() ? INFINITY : fast_sorted.front(),
                       slow_sorted.empty() ? INFINITY : slow_sorted.front());
  double hi = std::max(fast_sorted.empty() ? -INFINITY : fast_sorted.back(),
                       slow_sorted.empty() ? -INFINITY : slow_sorted.back());
  if (!(lo <= hi)) return 0.0;
  lo = std::nextafter(lo, -INFINITY);
  for (int it = 0; it < 100 && hi - lo > 1e-12 * hi; ++it) {
    const double mid = (lo + hi) / 2.0;
    ((1.0 - p) * cdf(fast_sorted, mid) + p * cdf(slow_sorted, mid) < 0.5 ? lo : hi) = mid;
  }
  return hi;
}

// A switching run's median is a mix of its two levels, and the mix is known only as well as the
// stays show it. Each level's mean stay is estimated from about switches/2 stays, to a factor
// e^(±z/√k) (exponential stays: the log of a mean of k has variance 1/k), so the long-run slow
// share p = stay_slow/(stay_slow + stay_fast) has logit(p̂) ± z·√(1/k_slow + 1/k_fast) = ±
// z·2/√switches. The median interval then reaches the mixture medians at both ends of the share's
// interval. The rank interval with the level sequence's τ as its floor holds when the stays are
// many; with stays of 30–100 iterations and a dozen switches it covered the long-run median in 86 %
// of runs (54 % at stays of 100, a 50 % share and n = 300), since the τ it is built on is itself
// fitted from those few stays. The union of the two is reported below kManySwitches switches.
void addShareInterval(SeriesAnalysis& a, const std::vector<double>& steady, double level) {
  SwitchingLevels& levels = *a.switching;
  std::vector<double> fast, slow;
  for (double x : steady) (std::log(x) > levels.threshold_log ? slow : fast).push_back(x);
  a.too_few_switches = levels.switches < kMinSwitchesForMix;
  if (fast.empty() || slow.empty()) return;
  std::sort(fast.begin(), fast.end());
  std::sort(slow.begin(), slow.end());
  const double m = static_cast<double>(steady.size());
  const double share = std::clamp(static_cast<double>(slow.size()) / m, 0.5 / m, 1.0 - 0.5 / m);
  // Student's t on switches − 2 degrees of freedom rather than the normal: both mean stays are
  // estimated from the same switches + 1 stays, and with a dozen of them the spread of the logit is
  // itself a guess (the normal's 1.96 covered stays of 100 at a 50 % share in 89–90 % of runs).
  const double switches = static_cast<double>(std::max<std::size_t>(levels.switches, 3));
  const double z = studentQuantile(0.5 + level / 2.0, switches - 2.0);
  const double se = 2.0 / std::sqrt(switches);
  const double logit = std::log(share / (1.0 - share));
  const auto inverse = [](double v) { return 1.0 / (1.0 + std::exp(-v)); };
  levels.slow_share_low = inverse(logit - z * se);
  levels.slow_share_high = inverse(logit + z * se);
  const double low = mixtureMedian(fast, slow, levels.slow_share_low);
  const double high = mixtureMedian(fast, slow, levels.slow_share_high);
  ConfidenceInterval& ci = a.steady.median_ci;
  if (levels.switches >= kManySwitches && ci.valid()) return;
  if (ci.valid()) {
    ci.low = std::min(ci.low, low);
    ci.high = std::max(ci.high, high);
    ci.method += "+level-share";
  } else {
    ci.low = low;
    ci.high = high;
    ci.level = level;
    ci.method = "level-share";
  }
}

// Widens an interval by `movement_log` (a level change, ln latency) about its ends: half of it on
// each side.
void widen(ConfidenceInterval& ci, double movement_log) {
  if (!ci.valid()) return;
  ci.low *= std::exp(-std::abs(movement_log) / 2.0);
  ci.high *= std::exp(std::abs(movement_log) / 2.0);
  ci.method += "+level-movement";
}

void fillSteadyPart(SeriesAnalysis& a, const std::vector<double>& latencies_ms,
                    SteadyStatsOptions options) {
  const std::size_t s = a.steady_start;
  const std::vector<double> steady(latencies_ms.begin() + static_cast<std::ptrdiff_t>(s),
                                   latencies_ms.end());
  // A switching series is worth as many independent samples as it has stays at each level, not
  // iterations: the median's interval takes the level sequence's persistence as its floor.
  if (a.switching) options.min_tau = medianTauFloor(steady, *a.switching);
  a.steady = computeSteadyStats(steady, options);
  if (a.switching) addShareInterval(a, steady, options.ci_level);
  if (a.periodic) {
    // On whole cycles only: a run that ends mid-cycle over-samples the phases of its last part
    // cycle, which moves the median by up to a share of the tooth that the stratified variance
    // does not hold (10–20 % teeth cut mid-cycle were covered in 85–92 % of runs). The last whole
    // cycles are kept; the interval is then stretched to the reported median if that lies outside.
    const std::size_t period = a.periodic->period;
    const std::size_t whole = period > 0 ? steady.size() / period * period : 0;
    const std::vector<double> cycles(steady.end() - static_cast<std::ptrdiff_t>(whole),
                                     steady.end());
    const double ratio = periodicVarianceRatio(cycles, period);
    if (ratio > 0.0) {
      std::vector<double> sorted = cycles;
      std::sort(sorted.begin(), sorted.end());
      a.steady.median_ci = dependentOrderStatisticInterval(sorted, 0.5, options.ci_level, ratio);
      ConfidenceInterval& ci = a.steady.median_ci;
      if (ci.valid() && whole < steady.size()) {
        ci.low = std::min(ci.low, a.steady.summary.median);
        ci.high = std::max(ci.high, a.steady.summary.median);
      }
      a.steady.effective_samples =
          static_cast<double>(cycles.size()) / std::max(ratio, kMinVarianceRatio);
    }
  }
  // A level that still moves across the steady part by more than the interval says is not known
  // that well: a 5 % drift in 100 iterations at 3 % noise was "flat ± 0.7 %". Switching and
  // periodic series move by their own model, whose interval already holds it.
  if (!a.switching && !a.periodic && steady.size() >= 10) {
    std::vector<double> y(steady.size());
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = std::log(steady[i]);
    const LevelMovement movement = levelMovement(y, 0, y.size());
    if (std::abs(movement.z) >= kMovementZ) {
      a.level_movement = std::expm1(movement.change_log);
      const double bound = std::abs(movement.change_log) + movement.change_se_log;
      widen(a.steady.median_ci, bound);
      widen(a.steady.p90_ci, bound);
    }
    // A level that still falls is what is left of a settling, and the median sits above where it
    // settles by up to what the level falls across the steady part (the excess at the steady
    // part's middle: 0.96 of the fall when the part is one time constant long, less when longer).
    // The interval's low end then reaches the median less the whole fall plus its standard error,
    // from a one-sided 16 % test: small, slow decays (5–30 %, τ 10–30) left 1.7 % of bias at P95
    // that PELT's cut and the settling walk do not see at 1–3 % noise, and an interval a tenth as
    // wide around it.
    if (movement.z <= -kSettlingZ) {
      const double low =
          a.steady.summary.median * std::exp(movement.change_log - movement.change_se_log);
      ConfidenceInterval& ci = a.steady.median_ci;
      if (ci.valid() && low < ci.low) ci.low = low;
    }
  }
  double before_ms = 0.0;
  for (std::size_t i = 0; i < s; ++i) before_ms += latencies_ms[i];
  a.warmup_cost_ms = std::max(0.0, before_ms - static_cast<double>(s) * a.steady.summary.median);
}

}  // namespace

std::optional<std::size_t> firstInvalidLatency(const std::vector<double>& latencies_ms) {
  for (std::size_t i = 0; i < latencies_ms.size(); ++i) {
    if (!std::isfinite(latencies_ms[i]) || latencies_ms[i] <= 0.0) return i;
  }
  return std::nullopt;
}

SeriesAnalysis analyse(const std::vector<double>& latencies_ms, const AnalysisOptions& options) {
  SeriesAnalysis a;
  SteadyStatsOptions stats_options;
  stats_options.ci_level = options.ci_level;
  stats_options.want_p99 = options.want_p99;
  stats_options.seed = options.seed;
  stats_options.dependent_interval = options.dependent_interval;
  stats_options.cancel = options.cancel;
  const std::size_t n = latencies_ms.size();
  if (n == 0) {
    a.steady = computeSteadyStats({}, stats_options);
    return a;
  }
  if (const auto bad = firstInvalidLatency(latencies_ms)) {
    std::ostringstream message;
    message << "iteration " << *bad << " took " << latencies_ms[*bad]
            << " ms: every iteration needs a finite time above 0 ms (a broken timer or a "
               "corrupt file)";
    throw std::invalid_argument(message.str());
  }
  a.cold_start_ms = latencies_ms.front();

  // Log scale: warm-up effects and noise are multiplicative, and δ becomes a fixed distance.
  std::vector<double> y(n);
  for (std::size_t i = 0; i < n; ++i) y[i] = std::log(latencies_ms[i]);
  const double tolerance = std::log1p(options.equivalence_delta);

  // Deviations within practical equivalence are never outliers (quantised timers).
  RollingOutliers outl = findRollingOutliers(y, tolerance / 3.0);
  const std::size_t lead = leadingSlowRun(y, tolerance / 3.0);
  if (lead > outl.leading) {
    for (std::size_t i = 0; i < lead; ++i) outl.indices.push_back(i);
    std::sort(outl.indices.begin(), outl.indices.end());
    outl.indices.erase(std::unique(outl.indices.begin(), outl.indices.end()), outl.indices.end());
    outl.leading = 0;
    while (outl.leading < outl.indices.size() && outl.indices[outl.leading] == outl.leading)
      ++outl.leading;
  }
  if (const std::size_t fast = leadingFastRun(y, tolerance / 3.0); fast > 0) {
    for (std::size_t i = 0; i < fast; ++i) outl.indices.push_back(i);
    std::sort(outl.indices.begin(), outl.indices.end());
    outl.indices.erase(std::unique(outl.indices.begin(), outl.indices.end()), outl.indices.end());
    outl.leading = 0;
    while (outl.leading < outl.indices.size() && outl.indices[outl.leading] == outl.leading)
      ++outl.leading;
  }
  // A series of a few timer steps (1–3 µs on a 1 µs clock) has no shape to segment: PELT would
  // cut the noise of the quantisation into "changes".
  a.timer_quantum_ms = timerQuantum(latencies_ms);
  outl.leading = slowLead(y, outl.leading, a.timer_quantum_ms);
  a.outliers = outl.indices;
  a.leading_outliers = outl.leading;
  throwIfCancelled(options.cancel, "outliers");

  if (a.timer_quantum_ms > 0 && n > 1) {
    std::vector<double> sorted = latencies_ms;
    std::sort(sorted.begin(), sorted.end());
    a.resolution_limited = quantileSorted(sorted, 0.5) < kMinStepsPerMedian * a.timer_quantum_ms;
  }
  if (a.resolution_limited) {
    outl.leading = std::max(outl.leading, quantisedLead(latencies_ms));
    a.leading_outliers = outl.leading;
    for (std::size_t i = 0; i < outl.leading; ++i) a.outliers.push_back(i);
    std::sort(a.outliers.begin(), a.outliers.end());
    a.outliers.erase(std::unique(a.outliers.begin(), a.outliers.end()), a.outliers.end());
    a.steady_start = std::min(outl.leading, n - 1);
    a.series_class = outl.leading > 0 ? SeriesClass::Warmup : SeriesClass::Flat;
    if (n - a.steady_start < std::max(options.min_steady, n / 4))
      a.series_class = SeriesClass::NoSteadyState;
    a.mser_start = a.steady_start;
    fillSteadyPart(a, latencies_ms, stats_options);
    return a;
  }
  const CleanSeries clean = withoutOutliers(y, outl.indices);
  if (clean.y.empty()) {  // impossible with a median-based rule; never index an empty list
    fillSteadyPart(a, latencies_ms, stats_options);
    return a;
  }
  const std::size_t m = clean.y.size();

  const double penalty =
      kPenaltyPerLogN * std::log(static_cast<double>(std::max<std::size_t>(n, 2)));
  const Segmentation seg = segmentSeries(clean.y, penalty);
  throwIfCancelled(options.cancel, "segmentation");
  for (std::size_t k = 1; k < seg.starts.size(); ++k)
    a.changepoints.push_back(clean.index[seg.starts[k]]);
  const std::size_t k_star = firstSteadySegment(seg, tolerance);
  std::size_t start = seg.starts[k_star];  // in the cleaned index space
  // Whatever came before the steady part (earlier segments, or leading outliers when the warm-up
  // was short and steep) may have left a settling tail in it.
  const bool cut = k_star > 0 || outl.leading > 0;
  if (cut) {
    const double before = k_star > 0 ? seg.medians[k_star - 1] : medianOfRange(y, 0, outl.leading);
    start += settlingHead(clean.y, start, before > seg.medians.back() ? 1.0 : -1.0);
  }
  SeriesClass cls = baseClass(seg, k_star, y, outl.leading, tolerance);

  // A steady part shorter than max(n_min, n/4) is not one (Barrett et al.: the final level may
  // still be moving). The trend tests below work on cleaned points and use the same length.
  const std::size_t min_tail = std::max(options.min_steady, n / 4);
  if (cut) start = skipUnfinishedSettling(clean.y, start, std::min(min_tail, m), tolerance);
  DriftQuery drift;
  drift.y = &clean.y;
  drift.segmentation = &seg;
  drift.first_steady_segment = k_star;
  drift.steady_start = start;
  drift.tolerance = tolerance;
  drift.min_length = std::min(min_tail, m);
  if (const auto drift_start = findDriftStart(drift)) {
    cls = SeriesClass::Drift;
    start = *drift_start;
  }
  a.steady_start = clean.index[std::min(start, m - 1)];
  if (cls != SeriesClass::Drift && n - a.steady_start < min_tail) cls = SeriesClass::NoSteadyState;

  // Two levels that alternate and persist are one steady behaviour, not a warm-up, a slowdown or
  // a drift: the k* rule would keep only the last stay, and its median is one level's.
  const std::size_t first_level = warmupSegmentsEnd(seg, tolerance);
  std::size_t after_warmup =
      std::max<std::size_t>(outl.leading, clean.index[std::min(seg.starts[first_level], m - 1)]);
  const std::vector<double> level_medians(
      seg.medians.begin() + static_cast<std::ptrdiff_t>(first_level), seg.medians.end());
  auto levels = switchingSegments(level_medians, tolerance);
  if (levels) {
    levels = describeLevels(y, after_warmup, n, levels->threshold_log);
  } else {
    levels = detectSwitching(y, after_warmup, n, tolerance);
  }
  // A run that starts in its slow level has that first stay cut off as "warm-up" (slower than
  // what follows it in PELT's segments, or a leading run far above the second half), and the
  // region left can be too short for the stays that remain. When the whole run switches, its
  // first part is no slower than the slow level (within δ) and the slow level recurs in at least
  // two stays after it (a warm-up followed by one slow excursion is still a warm-up), that part
  // was a stay.
  if (!levels && after_warmup > 0) {
    auto whole = detectSwitching(y, 0, n, tolerance);
    if (whole && medianOfRange(y, 0, after_warmup) <= whole->slow_log + tolerance) {
      const SwitchingLevels rest = describeLevels(y, after_warmup, n, whole->threshold_log);
      const double slow_stays =
          rest.mean_slow_dwell > 0
              ? rest.slow_share * static_cast<double>(n - after_warmup) / rest.mean_slow_dwell
              : 0.0;
      if (slow_stays >= 1.5) {
        levels = whole;
        after_warmup = 0;
      }
    }
  }
  throwIfCancelled(options.cancel, "switching");
  // A periodic pattern is steady in distribution: its teeth are not two persistent levels, and
  // PELT's cuts through them are not a warm-up or a slowdown. Tested on the whole run first when
  // nothing slow leads it (a cut through the first tooth is not a warm-up either).
  std::optional<Periodicity> periodic;
  if (outl.leading == 0) periodic = detectPeriodic(y, 0, n);
  if (periodic) {
    after_warmup = 0;
  } else {
    periodic = detectPeriodic(y, after_warmup, n);
  }
  if (periodic && n - after_warmup >= min_tail) {
    levels.reset();
    cls = after_warmup > 0 ? SeriesClass::Warmup : SeriesClass::Flat;
    a.steady_start = after_warmup;
    a.periodic = periodic;
  }
  if (levels) {
    cls = SeriesClass::Switching;
    a.steady_start = after_warmup;
    a.switching = levels;
  }
  a.series_class = cls;

  a.mser_start = clean.index[std::min(mser5(clean.y), m - 1)];
  const std::size_t gap =
      a.mser_start > a.steady_start ? a.mser_start - a.steady_start : a.steady_start - a.mser_start;
  a.low_confidence = gap > std::max<std::size_t>(10, n / 10);

  fillSteadyPart(a, latencies_ms, stats_options);
  return a;
}

}  // namespace inferscope::analysis
