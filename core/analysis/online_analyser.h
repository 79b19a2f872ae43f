// Streaming view of a run: cheap per-iteration bookkeeping, the full analysis at geometric
// checkpoints, and the adaptive stopping rule of docs/MEASUREMENT.md. Provisional by nature: a
// plateau that has not ended yet cannot be seen online, and the final cut always comes from
// analyse() on samples() after the run.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/analysis/steady_state_analysis.h"

namespace inferscope::analysis {

struct StopRule {
  double target_rel_half_width = 0.01;  // stop once half-width(median CI)/median ≤ this
  std::size_t min_iterations = 100;     // never stop (converged) before this many
  std::size_t max_iterations = 10000;   // iteration budget
  double time_budget_ms = 0;            // budget on Σ latency_ms; 0 = none
  bool need_p99 = false;                // also require a p99 CI (n_steady ≥ 1000)
  double p99_target_rel_half_width = 0.05;
};

enum class StopReason { None, Converged, IterationBudget, TimeBudget };

// "running", "converged", "iteration-budget", "time-budget".
const char* toString(StopReason reason);

class OnlineAnalyser {
 public:
  explicit OnlineAnalyser(StopRule rule = {}, AnalysisOptions options = {});

  // O(1) except at checkpoints n = ⌊50·1.25^k⌋ (50, 62, 78, 97, …), where analyse() runs on
  // everything so far (99 % intervals: interim looks must be stricter than the final 95 %).
  void add(double latency_ms);

  std::size_t count() const { return samples_.size(); }
  // Accepted when the last checkpoint's class was flat or warmup, its steady tail had at least
  // min_steady iterations, and s moved by ≤ 2 since the checkpoint before.
  std::optional<std::size_t> provisionalSteadyStart() const { return provisional_start_; }
  StopReason stopReason() const { return reason_; }
  bool shouldStop() const { return reason_ != StopReason::None; }
  const std::vector<double>& samples() const { return samples_; }

  // The analysis of the latest checkpoint (nullopt before the first one).
  const std::optional<SeriesAnalysis>& lastCheckpoint() const { return last_; }
  // Total of the added latencies, what the time budget is measured against.
  double elapsedMs() const { return elapsed_ms_; }

 private:
  void checkpoint();
  bool converged(const SeriesAnalysis& a, bool start_stable) const;

  StopRule rule_;
  AnalysisOptions options_;
  std::vector<double> samples_;
  double elapsed_ms_ = 0;
  double next_checkpoint_ = 50;  // real-valued so that ⌊50·1.25^k⌋ does not accumulate rounding
  std::optional<SeriesAnalysis> last_;
  std::optional<std::size_t> provisional_start_;
  StopReason reason_ = StopReason::None;
};

}  // namespace inferscope::analysis
