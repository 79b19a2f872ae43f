// Checkpointed online analysis and the stopping rule.
#include "core/analysis/online_analyser.h"

#include <algorithm>
#include <cmath>

namespace inferscope::analysis {
namespace {

constexpr double kFirstCheckpoint = 50;
constexpr double kCheckpointGrowth = 1.25;
constexpr double kInterimLevel = 0.99;
constexpr std::size_t kMaxStartMove = 2;      // s "stable" between consecutive checkpoints
constexpr std::size_t kMinSteadyToStop = 50;  // n_steady ≥ max(50, n/4)

bool steadyClass(SeriesClass c) {
  return c == SeriesClass::Flat || c == SeriesClass::Warmup;
}

}  // namespace

const char* toString(StopReason reason) {
  switch (reason) {
    case StopReason::None:
      return "running";
    case StopReason::Converged:
      return "converged";
    case StopReason::IterationBudget:
      return "iteration-budget";
    case StopReason::TimeBudget:
      return "time-budget";
  }
  return "unknown";
}

OnlineAnalyser::OnlineAnalyser(StopRule rule, AnalysisOptions options)
    : rule_(rule), options_(options) {
  options_.ci_level = kInterimLevel;
  options_.want_p99 = options_.want_p99 || rule_.need_p99;
  samples_.reserve(std::min<std::size_t>(rule_.max_iterations, 1u << 16));
}

void OnlineAnalyser::add(double latency_ms) {
  if (reason_ != StopReason::None) {
    // Already stopped: keep the sample (the caller decides), but the verdict stands.
    samples_.push_back(latency_ms);
    elapsed_ms_ += latency_ms;
    return;
  }
  samples_.push_back(latency_ms);
  elapsed_ms_ += latency_ms;
  if (static_cast<double>(samples_.size()) >= std::floor(next_checkpoint_)) {
    checkpoint();
    while (std::floor(next_checkpoint_) <= static_cast<double>(samples_.size())) {
      next_checkpoint_ *= kCheckpointGrowth;
    }
  }
  if (reason_ != StopReason::None) return;
  if (samples_.size() >= rule_.max_iterations) {
    reason_ = StopReason::IterationBudget;
  } else if (rule_.time_budget_ms > 0 && elapsed_ms_ >= rule_.time_budget_ms) {
    reason_ = StopReason::TimeBudget;
  }
}

void OnlineAnalyser::checkpoint() {
  SeriesAnalysis a = analyse(samples_, options_);
  const std::size_t n = samples_.size();
  bool stable = false;
  if (last_) {
    const std::size_t prev = last_->steady_start;
    const std::size_t move = a.steady_start > prev ? a.steady_start - prev : prev - a.steady_start;
    stable = move <= kMaxStartMove;
  }
  const bool accepted =
      steadyClass(a.series_class) && stable && n - a.steady_start >= options_.min_steady;
  provisional_start_ = accepted ? std::optional<std::size_t>(a.steady_start) : std::nullopt;
  if (converged(a, stable)) reason_ = StopReason::Converged;
  last_ = std::move(a);
}

bool OnlineAnalyser::converged(const SeriesAnalysis& a, bool start_stable) const {
  const std::size_t n = samples_.size();
  if (n < rule_.min_iterations || !steadyClass(a.series_class) || !start_stable) return false;
  const std::size_t n_steady = n - a.steady_start;
  if (n_steady < std::max(kMinSteadyToStop, n / 4)) return false;
  const auto& st = a.steady;
  if (st.median_ci.relativeHalfWidth(st.summary.median) > rule_.target_rel_half_width) return false;
  if (rule_.need_p99) {
    if (n_steady < kMinSamplesForP99 || !st.p99_ci) return false;
    if (st.p99_ci->relativeHalfWidth(st.summary.p99) > rule_.p99_target_rel_half_width)
      return false;
  }
  return true;
}

}  // namespace inferscope::analysis
