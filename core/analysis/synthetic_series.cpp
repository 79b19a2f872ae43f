// Synthetic series and their ground truth. The true steady median is computed from the mixture
// distribution (lognormal noise × outliers × modes), not from the generated sample, so CI coverage
// is measured against the quantity the CI claims to cover.
#include "core/analysis/synthetic_series.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/analysis/distributions.h"

namespace inferscope::analysis {
namespace {

double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0);  // 53 random bits
}

double standardNormal(std::mt19937_64& rng) {
  // Box–Muller; 1 − u keeps the log argument in (0, 1].
  const double u1 = 1.0 - uniform01(rng);
  const double u2 = uniform01(rng);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

// P(ln t ≤ v) for ln t = level + mode + ε (+ ln U(outlier) with probability outlier_rate),
// mode = ln(bimodal_ratio) with probability bimodal_weight.
double steadyLogCdf(double v, double level, const SyntheticSpec& spec, bool bimodal) {
  const double sigma = std::max(spec.sigma, 1e-9);
  const auto noiseCdf = [&](double centre) {
    double p = (1.0 - spec.outlier_rate) * normalCdf((v - centre) / sigma);
    if (spec.outlier_rate > 0.0) {
      constexpr int kNodes = 64;  // midpoint rule over the outlier factor
      double acc = 0.0;
      for (int k = 0; k < kNodes; ++k) {
        const double u =
            spec.outlier_min + (spec.outlier_max - spec.outlier_min) * (k + 0.5) / kNodes;
        acc += normalCdf((v - centre - std::log(u)) / sigma);
      }
      p += spec.outlier_rate * acc / kNodes;
    }
    return p;
  };
  if (!bimodal) return noiseCdf(level);
  if (spec.shape == SeriesShape::Sawtooth) {  // every phase of the tooth equally often
    const std::size_t period = std::max<std::size_t>(spec.period, 1);
    double p = 0.0;
    for (std::size_t j = 0; j < period; ++j) {
      p += noiseCdf(level + std::log1p(spec.periodic_amplitude * static_cast<double>(j) /
                                       static_cast<double>(period)));
    }
    return p / static_cast<double>(period);
  }
  const bool switching = spec.shape == SeriesShape::Switching;
  const double weight = switching ? spec.switch_share : spec.bimodal_weight;
  const double ratio = switching ? spec.switch_ratio : spec.bimodal_ratio;
  return (1.0 - weight) * noiseCdf(level) + weight * noiseCdf(level + std::log(ratio));
}

double trueMedian(double level_ms, const SyntheticSpec& spec, bool bimodal) {
  const double level = std::log(level_ms);
  double lo = level - 1.0, hi = level + 2.0;
  for (int it = 0; it < 60; ++it) {  // 3·2⁻⁶⁰: far below double resolution of a log-latency
    const double mid = (lo + hi) / 2.0;
    (steadyLogCdf(mid, level, spec, bimodal) < 0.5 ? lo : hi) = mid;
  }
  return std::exp((lo + hi) / 2.0);
}

// Shapes whose steady distribution is a mixture of levels (two, or a periodic pattern's).
bool mixtureOf(const SyntheticSpec& spec) {
  return spec.shape == SeriesShape::Bimodal || spec.shape == SeriesShape::Switching ||
         spec.shape == SeriesShape::Sawtooth;
}

// A timer of resolution `quantum` reports a multiple of it, never 0.
double quantised(double ms, double quantum) {
  if (quantum <= 0) return ms;
  return std::max(1.0, std::round(ms / quantum)) * quantum;
}

// The truth of a switching series is what its realised path shows: levels that alternate (two
// or more switches) are "switching"; one switch is a warm-up (slow first) or a slowdown (fast
// first) like any other step; no switch is flat. A path that spent under 5 % of its iterations at
// one level may also be called flat: a few slow iterations are indistinguishable from outliers.
void setSwitchingTruth(SyntheticSeries& out, const std::vector<bool>& slow_at,
                       const SyntheticSpec& spec, std::size_t min_steady) {
  const std::size_t n = slow_at.size();
  std::vector<std::size_t> switches;
  std::size_t slow_count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    slow_count += slow_at[i];
    if (i > 0 && slow_at[i] != slow_at[i - 1]) switches.push_back(i);
  }
  out.realised_slow_share = n ? static_cast<double>(slow_count) / static_cast<double>(n) : 0.0;
  const double minority = std::min(out.realised_slow_share, 1.0 - out.realised_slow_share);
  const std::size_t min_tail = std::max(min_steady, n / 4);
  out.true_steady_start = 0;
  if (switches.size() <= 1) {
    // One level throughout, or one change: the steady level is the one the path ended at.
    const double level = !slow_at.empty() && slow_at.back() ? spec.switch_ratio : 1.0;
    out.true_steady_median_ms = trueMedian(spec.base_ms * level, spec, false);
  }
  if (switches.empty()) {
    out.true_class = SeriesClass::Flat;
  } else if (switches.size() == 1) {
    out.true_steady_start = switches.front();
    out.true_class = n - switches.front() < min_tail ? SeriesClass::NoSteadyState
                     : slow_at.front()               ? SeriesClass::Warmup
                                                     : SeriesClass::Slowdown;
  } else {
    out.true_class = SeriesClass::Switching;
  }
  if (n < std::max<std::size_t>(min_steady, 1)) out.true_class = SeriesClass::NoSteadyState;
  if (minority < 0.05 && out.true_class != SeriesClass::Flat) out.also_correct = SeriesClass::Flat;
}

}  // namespace

const char* toString(SeriesShape shape) {
  switch (shape) {
    case SeriesShape::Flat:
      return "flat";
    case SeriesShape::Step:
      return "step";
    case SeriesShape::SpikeThenStep:
      return "spike-then-step";
    case SeriesShape::Decay:
      return "decay";
    case SeriesShape::LinearDrift:
      return "linear-drift";
    case SeriesShape::StepUp:
      return "step-up";
    case SeriesShape::Bimodal:
      return "bimodal";
    case SeriesShape::Switching:
      return "switching";
    case SeriesShape::Sawtooth:
      return "sawtooth";
    case SeriesShape::FastStart:
      return "fast-start";
  }
  return "unknown";
}

SyntheticSeries generateSeries(const SyntheticSpec& spec, std::size_t min_steady) {
  SyntheticSeries out;
  const std::size_t n = spec.n;
  std::mt19937_64 rng(spec.seed);
  const double phi = std::clamp(spec.phi, -0.999, 0.999);
  const double innovation = spec.sigma * std::sqrt(1.0 - phi * phi);
  double eps = spec.sigma * standardNormal(rng);  // stationary start
  double steady_level = 1.0;

  std::size_t start = 0;
  SeriesClass cls = SeriesClass::Flat;
  switch (spec.shape) {
    case SeriesShape::Flat:
    case SeriesShape::Bimodal:
    case SeriesShape::Switching:
    case SeriesShape::Sawtooth:
    case SeriesShape::FastStart:  // a faster start is not a warm-up
      break;
    case SeriesShape::Step:
      start = spec.step_at;
      // A step no larger than one timer tick is the clock's rounding, not a warm-up.
      if (spec.timer_quantum_ms > 0 &&
          spec.base_ms * std::abs(spec.step_size - 1.0) <= spec.timer_quantum_ms * (1 + 1e-9)) {
        start = 0;
      }
      cls = start > 0 ? SeriesClass::Warmup : SeriesClass::Flat;
      break;
    case SeriesShape::SpikeThenStep:
      start = std::max<std::size_t>(spec.step_at, 1);
      cls = SeriesClass::Warmup;
      break;
    case SeriesShape::Decay: {
      const double excess = spec.step_size - 1.0;
      start = excess > kDecaySettledExcess ? static_cast<std::size_t>(std::ceil(
                                                 spec.tau * std::log(excess / kDecaySettledExcess)))
                                           : 0;
      cls = start > 0 ? SeriesClass::Warmup : SeriesClass::Flat;
      break;
    }
    case SeriesShape::LinearDrift:
      cls = SeriesClass::Drift;
      steady_level = 1.0 + spec.drift_total / 2.0;
      break;
    case SeriesShape::StepUp:
      start = static_cast<std::size_t>(std::ceil(spec.step_up_fraction * static_cast<double>(n)));
      cls = SeriesClass::Slowdown;
      steady_level = spec.step_size;
      break;
  }
  if (cls != SeriesClass::Drift && cls != SeriesClass::Flat &&
      (start >= n || n - start < std::max(min_steady, n / 4))) {
    cls = SeriesClass::NoSteadyState;
  }
  if (n < std::max<std::size_t>(min_steady, 1)) cls = SeriesClass::NoSteadyState;
  out.true_steady_start = std::min(start, n);
  out.true_class = cls;
  out.true_steady_median_ms = trueMedian(spec.base_ms * steady_level, spec, mixtureOf(spec));
  // Rounding is monotone: the median of the rounded values is the rounded median.
  out.true_steady_median_ms = quantised(out.true_steady_median_ms, spec.timer_quantum_ms);
  const std::size_t period = std::max<std::size_t>(spec.period, 1);
  const std::size_t phase =
      spec.shape == SeriesShape::Sawtooth ? static_cast<std::size_t>(rng() % period) : 0;

  // Switching: the chain starts in its stationary distribution and leaves the slow level with
  // probability 1/dwell, the fast one so that the slow share is switch_share in the long run.
  const double leave_slow = 1.0 / std::max(spec.switch_dwell, 1.0);
  const double share = std::clamp(spec.switch_share, 0.0, 0.99);
  const double leave_fast = std::min(1.0, share / (1.0 - share) * leave_slow);
  bool slow = spec.shape == SeriesShape::Switching && uniform01(rng) < share;
  std::vector<bool> slow_at;

  out.latencies_ms.reserve(n);
  out.steady_only_ms.reserve(n);
  out.level_ms.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) eps = phi * eps + innovation * standardNormal(rng);
    const double id = static_cast<double>(i);
    double g = 1.0;
    switch (spec.shape) {
      case SeriesShape::Flat:
        break;
      case SeriesShape::Step:
        g = i < spec.step_at ? spec.step_size : 1.0;
        break;
      case SeriesShape::SpikeThenStep:
        g = i == 0 ? spec.spike_size : (i < spec.step_at ? spec.step_size : 1.0);
        break;
      case SeriesShape::Decay:
        g = 1.0 + (spec.step_size - 1.0) * std::exp(-id / spec.tau);
        break;
      case SeriesShape::LinearDrift:
        g = 1.0 + spec.drift_total * id / static_cast<double>(std::max<std::size_t>(n - 1, 1));
        break;
      case SeriesShape::StepUp:
        g = i < start ? 1.0 : spec.step_size;
        break;
      case SeriesShape::Bimodal:
        g = uniform01(rng) < spec.bimodal_weight ? spec.bimodal_ratio : 1.0;
        break;
      case SeriesShape::Switching:
        if (i > 0 && uniform01(rng) < (slow ? leave_slow : leave_fast)) slow = !slow;
        slow_at.push_back(slow);
        g = slow ? spec.switch_ratio : 1.0;
        break;
      case SeriesShape::Sawtooth:
        g = 1.0 + spec.periodic_amplitude * static_cast<double>((i + phase) % period) /
                      static_cast<double>(period);
        break;
      case SeriesShape::FastStart:
        g = i < spec.step_at ? spec.step_size : 1.0;
        break;
    }
    double noise = std::exp(eps);
    if (uniform01(rng) < spec.outlier_rate) {
      noise *= spec.outlier_min + (spec.outlier_max - spec.outlier_min) * uniform01(rng);
    }
    // Modes that are noise (bimodal) or the steady behaviour itself (switching), not a shape.
    const bool random_mode = mixtureOf(spec);
    const double q = spec.timer_quantum_ms;
    out.latencies_ms.push_back(quantised(spec.base_ms * g * noise, q));
    out.steady_only_ms.push_back(
        quantised(spec.base_ms * (random_mode ? g : steady_level) * noise, q));
    out.level_ms.push_back(random_mode ? out.true_steady_median_ms : spec.base_ms * g);
  }
  if (spec.shape == SeriesShape::Switching) setSwitchingTruth(out, slow_at, spec, min_steady);
  return out;
}

}  // namespace inferscope::analysis
