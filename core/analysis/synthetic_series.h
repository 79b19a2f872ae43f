// Seeded synthetic latency series with known ground truth, for validating the analysis
// (docs/MEASUREMENT.md, "Validation"): t_i = μ·g(i)·exp(ε_i), ε an AR(1) process, plus outliers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/series_class.h"

namespace inferscope::analysis {

enum class SeriesShape {
  Flat,           // g = 1
  Step,           // g = step_size before step_at, 1 after (warm-up plateau)
  SpikeThenStep,  // g(0) = spike_size, then step_size until step_at, then 1
  Decay,          // g = 1 + (step_size − 1)·exp(−i/τ)
  LinearDrift,    // g = 1 + drift_total·i/(n − 1)
  StepUp,         // g = 1 before ⌈step_up_fraction·n⌉, step_size after (throttling)
  Bimodal,        // g = bimodal_ratio with probability bimodal_weight, else 1, independently
  // A host whose level switches and stays: a two-state Markov chain, slow level switch_ratio,
  // mean dwell at the slow level switch_dwell iterations, stationary slow share switch_share.
  Switching,
  // A periodic pattern (a cache or allocator rhythm, a batch of work every P iterations):
  // g = 1 + periodic_amplitude·((i + phase) mod period)/period, a random phase per series. Steady
  // in distribution: the truth is flat from iteration 0, its median the pattern's mixture median.
  Sawtooth,
  // The first step_at iterations faster by step_size (< 1), then the steady level: a first sample
  // that skipped work (a cached input, a timer tick short). Not a warm-up: the truth is flat.
  FastStart,
};

const char* toString(SeriesShape shape);

struct SyntheticSpec {
  SeriesShape shape = SeriesShape::Flat;
  std::size_t n = 1000;
  double base_ms = 10.0;       // μ
  double phi = 0.0;            // AR(1) coefficient of ε
  double sigma = 0.03;         // marginal standard deviation of ε (≈ CV)
  double outlier_rate = 0.01;  // probability per iteration of a slow outlier
  double outlier_min = 1.2;    // outlier factor ~ U(outlier_min, outlier_max)
  double outlier_max = 2.0;
  std::size_t step_at = 20;  // k0 (Step, SpikeThenStep)
  double step_size = 1.5;    // warm-up/steady ratio (Step, Spike, Decay); late/early (StepUp)
  double spike_size = 100.0;
  double tau = 20.0;          // Decay time constant in iterations
  double drift_total = 0.10;  // relative change over the whole run (LinearDrift)
  double step_up_fraction = 0.8;
  double bimodal_weight = 0.3;
  double bimodal_ratio = 1.3;
  double switch_ratio = 1.3;
  double switch_dwell = 10.0;
  double switch_share = 0.3;
  double periodic_amplitude = 0.08;  // Sawtooth: rise over one period, relative to μ
  std::size_t period = 10;           // Sawtooth: iterations per tooth
  // A timer's resolution: every latency rounded to a multiple of it (at least one), as a clock
  // with this tick reports them. 0: not quantised. A step of at most one tick is no warm-up (the
  // truth of such a Step is flat).
  double timer_quantum_ms = 0;
  std::uint64_t seed = 1;
};

// A decay counts as steady once its excess over the asymptote is below this fraction.
inline constexpr double kDecaySettledExcess = 0.01;

struct SyntheticSeries {
  std::vector<double> latencies_ms;
  // The same series (same noise, same outliers) with the shape replaced by its steady level: what
  // the run would have measured without warm-up. median(latencies[s:]) / median(this[s:]) − 1 is
  // the bias a cut at s leaves in the steady median, free of sampling noise.
  std::vector<double> steady_only_ms;
  std::size_t true_steady_start = 0;
  SeriesClass true_class = SeriesClass::Flat;
  // Another class that is also right for this series: a switching series that spent almost no
  // time at its slow level may be called flat.
  std::optional<SeriesClass> also_correct;
  double realised_slow_share = 0;  // Switching: share of iterations at the slow level
  // Median of the steady distribution (noise, outliers and bimodality included): what a perfect
  // estimator converges to. For LinearDrift, the median level at mid-run.
  double true_steady_median_ms = 0;
  // The deterministic level μ·g(i) of each iteration, without noise or outliers; for shapes whose
  // levels are the steady behaviour itself (bimodal, switching, sawtooth) the steady median. How
  // far the level still moves over [s, n) is max − min of level_ms[s:].
  std::vector<double> level_ms;
};

// Deterministic for a given spec (own normal/uniform draws from std::mt19937_64, so the series do
// not depend on the standard library's distribution implementations). `min_steady` is the
// analysis's n_min: the truth is no-steady-state when the steady part is shorter than
// max(min_steady, n/4), exactly the rule the analysis applies.
SyntheticSeries generateSeries(const SyntheticSpec& spec, std::size_t min_steady = 30);

}  // namespace inferscope::analysis
