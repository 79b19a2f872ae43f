// The validation grid of docs/MEASUREMENT.md: synthetic cells with known truth, run through
// analyse() over seeded repetitions. Shared by the ctest subset and the full bench so both measure
// exactly the same thing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/analysis/steady_state_analysis.h"
#include "core/analysis/synthetic_series.h"

namespace inferscope::analysis {

struct GridSpec {
  std::vector<std::size_t> lengths{100, 300, 1000, 3000};
  std::vector<double> phis{0.0, 0.5, 0.8};
  std::vector<double> sigmas{0.01, 0.03, 0.08};
  std::vector<std::size_t> step_positions{1, 5, 20, 50, 200};
  std::vector<double> step_sizes{1.1, 1.3, 2.0};
  std::vector<double> spike_step_sizes{1.3, 2.0};
  std::vector<double> decay_taus{5, 10, 20, 100};
  double decay_start_ratio = 2.0;
  std::vector<double> drift_totals{0.05, 0.10};
  std::vector<double> step_up_sizes{1.1, 1.3};
  double step_up_fraction = 0.8;
  double slowdown_fraction = 0.5;  // an extra step-up cell whose truth is "slowdown"
  // Short warm-ups in short runs (the default 10 + 100 iterations and its neighbours): steps of
  // 1–4 iterations, every φ and σ.
  std::vector<std::size_t> short_warmup_lengths{60, 80, 100, 120, 150};
  std::vector<std::size_t> short_warmup_positions{1, 2, 3, 4};
  std::vector<double> short_warmup_sizes{1.3, 2.0, 6.0};
  // Regime switching (a host's level that switches and persists), at these lengths.
  std::vector<std::size_t> switching_lengths{100, 300, 1000};
  std::vector<double> switching_dwells{3, 8, 20};
  std::vector<double> switching_ratios{1.1, 1.3, 1.6};
  std::vector<double> switching_shares{0.1, 0.3, 0.6};
  // Periodic patterns (added 2026-12-03): sawtooth teeth of these amplitudes and periods.
  std::vector<std::size_t> sawtooth_lengths{100, 300, 1000};
  std::vector<double> sawtooth_amplitudes{0.03, 0.08, 0.20};
  std::vector<std::size_t> sawtooth_periods{10, 25};
  // A coarse timer at latencies of a few ticks (added 2026-12-03): a 1 µs clock at 10 µs, the
  // first iterations one tick faster or slower than the rest (truth: flat).
  std::vector<std::size_t> timer_lengths{60, 100, 300};
  double timer_quantum_ms = 0.001;
  double timer_base_ms = 0.010;
  std::vector<std::size_t> timer_offset_positions{1, 2};
  // A first sample faster than the rest at an unquantised clock (truth: flat); the first one or
  // the first two (two fast first samples added 2026-12-07).
  std::vector<double> fast_start_ratios{0.5, 0.8};
  std::vector<std::size_t> fast_start_positions{1, 2};
  // Added 2026-12-07. Rare switching: stays of tens of iterations at the slow level, so a run sees
  // only a handful of switches and its slow share is itself uncertain. σ and φ as the grid's.
  std::vector<std::size_t> rare_switching_lengths{300, 1000, 3000};
  std::vector<double> rare_switching_dwells{30, 100};
  std::vector<double> rare_switching_shares{0.3, 0.5};
  double rare_switching_ratio = 1.3;
  // A warm-up before a level that is constant on a coarse clock: (tick, level, warm-up ratio) —
  // 3 × 30 ms before 10 ms on a 10 ms clock; 7 or 10 ms before 5 ms on a 1 ms clock. Noise 0.3 %
  // (below half a tick), φ = 0, the grid's outliers.
  std::vector<std::size_t> coarse_clock_lengths{30, 100, 1000};
  std::vector<std::size_t> coarse_clock_positions{1, 3, 5};
  // Three ticks slower first iterations on a 1 µs clock at 8, 10 and 12 µs (truth: warm-up).
  std::vector<std::size_t> three_tick_lengths{60, 300};
  std::vector<double> three_tick_bases_ms{0.008, 0.010, 0.012};
  std::vector<std::size_t> three_tick_positions{1, 2};
  // Small, slow settling: g = 1 + A·e^(−i/τ), A of 5–30 %, τ of 10–30, at CV ≤ 3 %.
  std::vector<std::size_t> small_settling_lengths{100, 300, 1000};
  std::vector<double> small_settling_amplitudes{0.05, 0.10, 0.20, 0.30};
  std::vector<double> small_settling_taus{10, 20, 30};
  std::vector<double> small_settling_sigmas{0.01, 0.03};
  // A sawtooth whose run ends mid-cycle (n not a multiple of the period), teeth of 10–20 %.
  std::vector<std::size_t> partial_cycle_lengths{105, 312, 1013};
  std::vector<double> partial_cycle_amplitudes{0.10, 0.20};
};

// Every cell of the grid. Step positions that leave no room in a series are skipped.
std::vector<SyntheticSpec> buildGrid(const GridSpec& grid);

// Tallies of one cell over its repetitions.
struct CellResult {
  SyntheticSpec spec;  // the cell (seed field unused)
  SeriesClass true_class = SeriesClass::Flat;
  std::size_t true_steady_start = 0;
  std::size_t runs = 0;
  std::size_t class_correct = 0;
  std::size_t end_within_5 = 0;     // |ŝ − s_true| ≤ 5
  std::size_t median_ci_valid = 0;  // runs where the data supported a median CI at all
  std::size_t median_covered = 0;   // true steady median inside a valid median CI
  std::size_t called_warmup = 0;    // warmup or slowdown
  std::size_t called_drift = 0;
  std::size_t called_switching = 0;
  // Runs called switching: intervals given, and covering the truth (the class's own coverage).
  std::size_t switching_ci_valid = 0;
  std::size_t switching_covered = 0;
  // Runs whose analysis said its switches were too few to estimate the levels' mix.
  std::size_t too_few_switches = 0;
  // Runs reported steady (flat, warmup, slowdown, switching) with a median interval whose
  // half-width is below half of what the true level still moves over [ŝ, n): a tight interval
  // around a moving level.
  std::size_t tight_on_moving_level = 0;
  // Per run: median(x[ŝ:]) / median(x'[ŝ:]) − 1 with x' the same series without its warm-up
  // shape (SyntheticSeries::steady_only_ms): the bias the cut leaves, free of sampling noise.
  std::vector<double> median_bias;
};

// Runs `reps` seeded repetitions of every cell with `threads` worker threads (results do not
// depend on the thread count: every repetition's seed derives from the cell and the rep index).
// `progress`, when set, is called (from a worker thread, serialised) after each finished cell with
// the number of cells done.
std::vector<CellResult> runGrid(const std::vector<SyntheticSpec>& cells, std::size_t reps,
                                std::uint64_t seed, unsigned threads,
                                const AnalysisOptions& options = {},
                                const std::function<void(std::size_t done)>& progress = {});

// The repetition seed of a cell: a hash of its parameters, so a cell gets the same series
// whichever grid it is part of.
std::uint64_t cellSeed(const SyntheticSpec& spec, std::size_t rep, std::uint64_t seed);

}  // namespace inferscope::analysis
