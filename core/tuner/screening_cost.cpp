#include "core/tuner/screening_cost.h"

#include <algorithm>

namespace inferscope::tuner {
namespace {

enum CostClass : std::size_t { kPlain = 0, kPackage = 1, kCompile = 2 };

std::size_t costClass(const OptimizationConfig& config) {
  if (screeningKind(config) == ScreeningKind::JitCompile) return kCompile;
  return runsAotInductorPackage(config.compile) ? kPackage : kPlain;
}

}  // namespace

ScreeningKind screeningKind(const OptimizationConfig& config) {
  return runsTorchCompile(config.compile) ? ScreeningKind::JitCompile : ScreeningKind::Plain;
}

void ScreeningCosts::add(const OptimizationConfig& config, double cost_ms) {
  const auto c = costClass(config);
  sums_ms_[c] += std::max(0.0, cost_ms);
  ++counts_[c];
}

std::optional<double> ScreeningCosts::predictMs(const OptimizationConfig& config) const {
  const auto c = costClass(config);
  if (counts_[c] > 0) return sums_ms_[c] / counts_[c];
  if (c == kCompile) return std::nullopt;
  // The other plain class: the same kind, measured without a compile.
  const auto other = c == kPlain ? kPackage : kPlain;
  if (counts_[other] > 0) return sums_ms_[other] / counts_[other];
  return std::nullopt;
}

double ScreeningCosts::estimateMs(const OptimizationConfig& config) const {
  if (const auto own = predictMs(config)) return *own;
  const int n = count();
  return n > 0 ? (sums_ms_[0] + sums_ms_[1] + sums_ms_[2]) / n : 0.0;
}

}  // namespace inferscope::tuner
