// Statistics of the steady part of a latency series: the numbers a result table reports, each
// with the uncertainty the data supports (docs/MEASUREMENT.md, "Statistics on the steady part").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/analysis/confidence_interval.h"
#include "core/analysis/summary_stats.h"
#include "core/common/cancel_token.h"

namespace inferscope::analysis {

struct SteadyStats {
  SummaryStats summary;
  double cv = 0;                    // stdev / mean
  double mad = 0;                   // median absolute deviation from the median, unscaled (ms)
  double lag1_autocorrelation = 0;  // of the ranks: robust to the outliers that dominate variance
  double effective_samples = 0;     // n/τ at the median (n when independent)
  ConfidenceInterval median_ci;
  ConfidenceInterval p90_ci;
  std::optional<ConfidenceInterval> p99_ci;  // only when requested and n ≥ 1000
  std::size_t tukey_low_outliers = 0;        // below Q1 − 1.5·IQR (flagged, never dropped)
  std::size_t tukey_high_outliers = 0;       // above Q3 + 1.5·IQR
};

// How quantile CIs are built when the steady samples are autocorrelated (|r1| ≥ 0.1).
enum class DependentInterval {
  // Order statistics at the effective sample size n/τ (τ from the indicator series, Geyer's
  // initial monotone sequence): 93–97 % coverage on the validation grid. The default.
  EffectiveSampleSize,
  // The design note's circular block bootstrap (block ⌈2·n^(1/3)⌉, percentile interval): kept to
  // reproduce the comparison in docs/MEASUREMENT.md; it under-covers at lag-1 correlation 0.8.
  BlockBootstrap,
};

struct SteadyStatsOptions {
  double ci_level = 0.95;
  bool want_p99 = false;
  DependentInterval dependent_interval = DependentInterval::EffectiveSampleSize;
  std::uint64_t seed = 42;       // block bootstrap only
  std::size_t resamples = 2000;  // block bootstrap only
  // A floor for the integrated autocorrelation time of the quantile intervals: a persistence the
  // caller knows from elsewhere (a switching series' level sequence). > 1 also treats the samples
  // as dependent whatever their lag-1 correlation says.
  double min_tau = 1.0;
  // Checked between the steps and inside the bootstrap: once cancelled, computeSteadyStats throws
  // AnalysisCancelled (core/analysis/analysis_cancelled.h).
  const CancelToken* cancel = nullptr;
};

// |r1| below this: samples treated as independent (order-statistic CIs); else block bootstrap.
inline constexpr double kIndependenceThreshold = 0.1;
// p99 CIs are reported only from this many steady samples (MEASUREMENT.md).
inline constexpr std::size_t kMinSamplesForP99 = 1000;

SteadyStats computeSteadyStats(const std::vector<double>& steady_ms,
                               const SteadyStatsOptions& options);

}  // namespace inferscope::analysis
