// Serial dependence of a latency series: how much a run of n iterations is really worth.
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

// Lag-1 autocorrelation of the ranks of `values` (0 for fewer than 3 values). Ranks, because the
// 1 % of slow outliers in a typical series dominate the variance and would hide the dependence of
// the other 99 % from the ordinary (Pearson) estimate.
double lag1RankAutocorrelation(const std::vector<double>& values);

// Integrated autocorrelation time τ = 1 + 2·Σ_k ρ_k of the indicator series I(x_i ≤ threshold):
// the variance inflation of the sample quantile at `threshold` relative to independent samples
// (n_eff = n/τ). Geyer's (1992) initial monotone sequence estimator truncates the sum adaptively,
// so it follows long correlations without a fixed lag window. Clamped to ≥ 1.
double indicatorAutocorrelationTime(const std::vector<double>& values, double threshold);

// Integrated autocorrelation time of an arbitrary series (centred here), by the same Geyer
// estimator and small-sample correction; clamped to ≥ 1. indicatorAutocorrelationTime is this of
// I(x_i ≤ threshold).
double integratedAutocorrelationTime(std::vector<double> series);

// Σ_i x_i·x_{i+k} for every lag k < n, through one zero-padded FFT (O(n log n)); the long series'
// path of indicatorAutocorrelationTime, equal to the direct sums up to rounding.
std::vector<double> autocovarianceSums(const std::vector<double>& x);

}  // namespace inferscope::analysis
