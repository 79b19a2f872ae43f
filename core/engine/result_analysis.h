// The one place where a config's raw series become its statistics: the steady-state analysis of
// docs/MEASUREMENT.md over latency_ms (and over every fork's series), turned into the result's
// plain values. The engine calls it after each config, the isolation parent on each worker's
// result, and a saved session is analysed again with it when it is opened (sweep --from, the GUI),
// so that re-ranking "with today's rules" applies today's rules to the raw series.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/session_result.h"

namespace inferscope {

// Fills stats and steady from latency_ms (stop_reason and everything else are kept). A latency
// that is not a finite time above 0 ms throws Error(InvalidInput) naming the config and the
// iteration. Nothing to do for an empty series. `cancel` is checked between the analysis's stages
// (and inside its long loops): once it is cancelled this throws Error(Cancelled) naming the
// config, and the result keeps what it had.
void analyseLatencies(ConfigResult& result, std::int64_t batch,
                      const CancelToken* cancel = nullptr);

// The same for one fork's series.
void analyseLatencies(ForkRun& fork, const std::string& config_key, int fork_number,
                      std::int64_t batch, const CancelToken* cancel = nullptr);

// The steady series of every process that ran the config successfully: the result's own first,
// then its forks'.
std::vector<std::vector<double>> forkSteadySeries(const ConfigResult& result);

// One more process's run of a config, as ConfigResult::forks holds it: what a fork keeps of the
// result its process produced (the fork runner's and the Python worker's forks alike).
ForkRun asForkRun(const ConfigResult& result);

// fork_stats over forkSteadySeries (unset without forks).
void summariseForks(ConfigResult& result, const CancelToken* cancel = nullptr);

// One difference between a saved analysis and today's.
struct AnalysisChange {
  int config_index = 0;
  std::string config_key;
  std::string what;  // "class warmup → switching", "median 4.920 → 4.201 ms", "steady start 3 → 10"
};

// Like SessionReadOptions: a session of a million samples or of 200 000 configs takes seconds.
struct ReanalysisOptions {
  // Checked between configs, forks and analysis stages and inside the long loops: a cancelled
  // re-analysis throws Error(Cancelled) within one stage (well under a second at 10⁶ samples).
  // The session is then partly analysed again; callers drop it, as they drop a cancelled read.
  const CancelToken* cancel = nullptr;
  // Called on the calling thread with the fraction of samples analysed so far (0…1), a few
  // hundred times at most.
  std::function<void(double)> progress;
};

// Analyses every config (and fork) of a loaded session again from its raw series, keeps what the
// file said in ConfigResult::stored_analysis, and lists where the two disagree: a class, a steady
// start more than 5 iterations away, or a median more than 1 % apart. Throws Error(InvalidInput)
// naming the config and iteration of a latency that is not a time, Error(Cancelled) when
// options.cancel is set.
std::vector<AnalysisChange> reanalyseSession(SessionResult& session,
                                             const ReanalysisOptions& options = {});

}  // namespace inferscope
