// A tuning run end to end, for `inferscope-cli tune` and `recommend --validate`: the search space
// for this model and device (the guide's recommendation first), the race over the real engine, the
// report, and the session a run leaves (every measured config, the finalists with their forks).
#pragma once

#include <cstdio>
#include <optional>
#include <vector>

#include "cli/cli_common.h"
#include "cli/tune_events.h"
#include "core/engine/session_ranking.h"
#include "core/tuner/race.h"

namespace inferscope::cli {

struct TuningRun {
  tuner::TuneResult result;
  SessionResult session;  // opens in the GUI as any session does
};

// The race's budget from --budget-s (0: not given). Not given, it is 60 s, plus 110 s when a
// candidate's AOTInductor package has to be compiled first (one ResNet-50 b32 package took
// 85–96 s alone on the H200, docs/PERFORMANCE.md, and the race waits for compiles until 65 % of
// its budget); given, it is what the user said.
void setTuneBudget(tuner::RaceOptions& race, double budget_s);

// `request` comes from toRequest(model); `seeds` order the race (the advisor's recommendation and
// its neighbours). With `shard`, only that slice of the space races (SearchSpace::restrictToShard)
// and the session holds the FP32 reference first, as `merge` expects of a shard. Throws Error for
// what fails the whole run (model, inputs, device).
TuningRun runTuning(const ProfileRequest& request, const ModelOptions& model,
                    const std::vector<OptimizationConfig>& seeds, const tuner::RaceOptions& race,
                    TuneReporter& reporter, const std::optional<ShardSpec>& shard = std::nullopt);

// The table of candidates (winner, ties, finalists, then the rest), the pruned configs grouped by
// reason, and the verdict.
void printTuneResult(std::FILE* out, const tuner::TuneResult& result);

// A saved session's races (`sweep --from` of a tuned session): each race's verdict as the run
// gave it, its provisional part, and where today's ranking (`ranking`, today's rules) differs.
void printSavedRaces(std::FILE* out, const SessionResult& session, const SessionRanking& ranking);

// The ranking tables' note for a config whose accuracy was not measured or cannot be judged
// ("" otherwise): neither unsafe nor checked.
std::string accuracyStateNote(const RankedConfig& ranked);

}  // namespace inferscope::cli
