#include "core/tuner/screening_cost.h"

#include <algorithm>

namespace inferscope::tuner {
namespace {

std::size_t slot(const OptimizationConfig& config) {
  return screeningKind(config) == ScreeningKind::JitCompile ? 1 : 0;
}

}  // namespace

ScreeningKind screeningKind(const OptimizationConfig& config) {
  return runsTorchCompile(config.compile) ? ScreeningKind::JitCompile : ScreeningKind::Plain;
}

void ScreeningCosts::add(const OptimizationConfig& config, double cost_ms) {
  const auto s = slot(config);
  sums_ms_[s] += std::max(0.0, cost_ms);
  ++counts_[s];
}

std::optional<double> ScreeningCosts::predictMs(const OptimizationConfig& config) const {
  const auto s = slot(config);
  if (counts_[s] == 0) return std::nullopt;
  return sums_ms_[s] / counts_[s];
}

double ScreeningCosts::estimateMs(const OptimizationConfig& config) const {
  if (const auto own = predictMs(config)) return *own;
  const int n = count();
  return n > 0 ? (sums_ms_[0] + sums_ms_[1]) / n : 0.0;
}

}  // namespace inferscope::tuner
