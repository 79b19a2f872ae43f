// Live events of a tuning run, for the CLI's NDJSON stream and the GUI's race view. Called on the
// tuner's thread, in order; implementations return quickly.
#pragma once

#include <string>
#include <vector>

#include "core/tuner/tune_result.h"

namespace inferscope::tuner {

class TuneObserver {
 public:
  virtual ~TuneObserver() = default;
  virtual void onPruned(const std::vector<PrunedConfig>& pruned) { (void)pruned; }
  // A round starts: these configs run `iterations` measured iterations each (round 0 screens).
  virtual void onRound(int round, const std::vector<OptimizationConfig>& configs, int iterations) {
    (void)round, (void)configs, (void)iterations;
  }
  // A candidate was measured or changed state (eliminated, failed, finalist, winner).
  virtual void onCandidate(const CandidateOutcome& candidate) { (void)candidate; }
  // The finalists go to fresh processes: `forks` each, `iterations` measured iterations each.
  virtual void onFinals(const std::vector<OptimizationConfig>& finalists, int forks,
                        int iterations) {
    (void)finalists, (void)forks, (void)iterations;
  }
  virtual void onTime(double spent_ms, double budget_ms) { (void)spent_ms, (void)budget_ms; }
  // The budget changed before the race started (a cold compile allowance), and why.
  virtual void onBudget(double budget_ms, const std::string& why) { (void)budget_ms, (void)why; }
  virtual void onDone(const TuneResult& result) { (void)result; }
};

}  // namespace inferscope::tuner
