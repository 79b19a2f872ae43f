// Statistics of the steady part of a latency series: the numbers a result table reports, each
// with the uncertainty the data supports (docs/MEASUREMENT.md, "Statistics on the steady part").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/analysis/confidence_interval.h"
#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {

struct SteadyStats {
  SummaryStats summary;
  double cv = 0;                    // stdev / mean
  double mad = 0;                   // median absolute deviation from the median, unscaled (ms)
  double lag1_autocorrelation = 0;  // of the ranks: robust to the outliers that dominate variance
  ConfidenceInterval median_ci;
  ConfidenceInterval p90_ci;
  std::optional<ConfidenceInterval> p99_ci;  // only when requested and n ≥ 1000
  std::size_t tukey_low_outliers = 0;        // below Q1 − 1.5·IQR (flagged, never dropped)
  std::size_t tukey_high_outliers = 0;       // above Q3 + 1.5·IQR
};

struct SteadyStatsOptions {
  double ci_level = 0.95;
  bool want_p99 = false;
  std::uint64_t seed = 42;
  std::size_t resamples = 2000;
};

// |r1| below this: samples treated as independent (order-statistic CIs); else block bootstrap.
inline constexpr double kIndependenceThreshold = 0.1;
// p99 CIs are reported only from this many steady samples (MEASUREMENT.md).
inline constexpr std::size_t kMinSamplesForP99 = 1000;

// Block length of the circular block bootstrap for n samples with lag-1 rank autocorrelation r1.
std::size_t bootstrapBlockLength(std::size_t n, double r1);

SteadyStats computeSteadyStats(const std::vector<double>& steady_ms,
                               const SteadyStatsOptions& options);

}  // namespace inferscope::analysis
