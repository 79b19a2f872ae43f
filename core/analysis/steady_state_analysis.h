// Offline steady-state analysis of one latency series: where warm-up ends, what kind of series it
// is, and the steady statistics with their uncertainty. The authoritative pass after a run;
// OnlineAnalyser calls it at checkpoints. Method and validation: docs/MEASUREMENT.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/analysis/confidence_interval.h"
#include "core/analysis/periodic_detection.h"
#include "core/analysis/series_class.h"
#include "core/analysis/steady_stats.h"
#include "core/analysis/summary_stats.h"
#include "core/analysis/switching_detection.h"
#include "core/common/cancel_token.h"

namespace inferscope::analysis {

struct AnalysisOptions {
  double equivalence_delta = 0.02;  // δ: relative differences below this are "the same"
  double ci_level = 0.95;
  std::size_t min_steady = 30;  // n_min: a steady part shorter than max(n_min, n/4) is not one
  std::uint64_t seed = 42;      // resampling seed (block-bootstrap intervals only)
  bool want_p99 = false;        // also build a p99 CI (only possible from 1000 steady samples)
  DependentInterval dependent_interval = DependentInterval::EffectiveSampleSize;
  // Checked between the stages: once cancelled, analyse() throws AnalysisCancelled
  // (core/analysis/analysis_cancelled.h).
  const CancelToken* cancel = nullptr;
};

struct SeriesAnalysis {
  SeriesClass series_class = SeriesClass::NoSteadyState;
  std::size_t steady_start =
      0;  // s: first steady iteration (the final level's start when not steady)
  std::size_t mser_start = 0;         // MSER-5 truncation point, in the same index space
  bool low_confidence = false;        // MSER-5 and the changepoints disagree by > max(10, n/10)
  std::vector<std::size_t> outliers;  // rolling-median outliers (excluded from segmentation only)
  std::size_t leading_outliers = 0;   // outliers from iteration 0 on: counted as warm-up
  std::vector<std::size_t> changepoints;  // starts of segments 2…K, as series indices
  SteadyStats steady;                     // of latencies_ms[steady_start, n), outliers included
  double cold_start_ms = 0;               // x[0]
  double warmup_cost_ms = 0;  // Σ x[0, s) − s·steady median, ≥ 0: time lost to warm-up
  // Class Switching: the two levels and how the series moves between them.
  std::optional<SwitchingLevels> switching;
  // The smallest step between distinct values, when the series spans so few of them that the
  // timer's resolution, not the workload, shapes it (median < 50 steps): such a series is not
  // segmented — it is flat from its leading warm-up on, and `resolution_limited` says why.
  double timer_quantum_ms = 0;
  bool resolution_limited = false;
  // A periodic pattern in the steady part (a rise and fall every `period` iterations): steady in
  // distribution, flat (or warmup), never "switching" (docs/MEASUREMENT.md, "Periodic patterns").
  std::optional<Periodicity> periodic;
  // How much the level still moves across the steady part, relative (exp of the fitted change − 1,
  // signed), when the movement is significant (|z| ≥ 1.645 under AR(1) noise); 0 otherwise. The
  // median and p90 intervals are then widened on each side by half of the movement plus half its
  // standard error: the run does not know its level better than the level moved.
  double level_movement = 0;
  // Class Switching with fewer than kMinSwitchesForMix switches (fewer than three stays at each
  // level): the run cannot estimate how its time divides between the levels, and the long-run
  // median with it. Its interval then spans the medians of the mixes the stays allow, and a
  // consumer (the tuner) should fork the config or run it longer instead of ranking on it.
  bool too_few_switches = false;
};

// Switches a switching run needs before its mix of levels is estimated (three stays each).
inline constexpr std::size_t kMinSwitchesForMix = 6;

// Every latency must be a finite time > 0 ms: a zero, negative, NaN or infinite value is a broken
// timer or a corrupt file, not a fast iteration. Returns the first bad iteration's index, if any.
std::optional<std::size_t> firstInvalidLatency(const std::vector<double>& latencies_ms);

// A latency that is not a finite time > 0 throws std::invalid_argument naming the iteration and
// the value. Any length works: a series shorter than n_min is no-steady-state, with whatever
// statistics its samples allow (intervals need ≥ 6 samples).
SeriesAnalysis analyse(const std::vector<double>& latencies_ms,
                       const AnalysisOptions& options = {});

}  // namespace inferscope::analysis
