// What a tuning run found, as plain values: every candidate's fate (pruned, failed, unsafe,
// eliminated with the reason, finalist, winner, tied), the winner chosen on the across-process
// interval, and why the model is or is not stable. The CLI prints it, the GUI draws it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/tuner/host_bound.h"
#include "core/tuner/search_space.h"

namespace inferscope::tuner {

enum class CandidateState { NotMeasured, Failed, Unsafe, Eliminated, Finalist, Winner, Tied };

const char* toString(CandidateState state);

// A candidate's level from all its rounds in this process: the median of the pooled steady
// samples, with an interval that covers both that median's CI and every round's own median (rounds
// are separate model preparations, whose level can differ).
struct Estimate {
  double median_ms = 0;
  double low_ms = 0, high_ms = 0;
  std::size_t samples = 0;
  int rounds = 0;
  bool contended = false;  // a background compile ran while its latest round was measured
};

struct CandidateOutcome {
  OptimizationConfig config;
  CandidateState state = CandidateState::NotMeasured;
  std::string
      reason;  // why eliminated / failed / unsafe / not measured; the accuracy summary otherwise
  Estimate estimate;
  std::string accuracy;  // judgeAccuracy's summary
  double setup_ms = 0, compile_ms = 0;
  std::optional<ForkStats> forks;  // finalists
  std::string fallback;  // "bf16 cast failed: …; autocast BF16 (amp-bf16) is measured instead"
};

struct TuneResult {
  std::vector<CandidateOutcome> candidates;  // in race order
  std::vector<PrunedConfig> pruned;
  std::optional<OptimizationConfig> winner;
  std::vector<OptimizationConfig> tied_with;  // finalists the winner cannot be told apart from
  std::string verdict;                        // one paragraph for the user
  HostBoundDiagnosis host;
  std::vector<ConfigResult> finals;     // the finalists' forked results (session material)
  std::vector<ConfigResult> screening;  // every in-process result, last round of each config
  double elapsed_ms = 0, budget_ms = 0;
  std::string budget_note;  // why the budget is what it is, when the race changed it
  int rounds = 0;
  bool cancelled = false;

  const CandidateOutcome* find(const OptimizationConfig& config) const;
};

}  // namespace inferscope::tuner
