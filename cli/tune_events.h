// How a tuning run reports itself while it runs: progress lines on stderr for people, or NDJSON on
// stdout for programs (the GUI's race view starts `inferscope-cli tune --events ndjson` and reads
// these lines). One event per line, flushed:
//   {"event":"tune_start","model":…,"device":…,"budget_ms":…,"rule":…}
//   {"event":"tune_pruned","configs":[{"key":…,"reason":…},…]}
//   {"event":"tune_round","round":0,"iterations":20,"keys":[…]}
//   {"event":"tune_config_start","key":…}                       a candidate starts running
//   {"event":"tune_candidate","key":…,"state":…,"reason":…,"median_ms":…,"low_ms":…,"high_ms":…,
//    "compile_ms":…,"accuracy":…}                                measured or changed state
//   {"event":"tune_compile","jobs":[{"key":…,"state":…,"elapsed_ms":…,"message":…},…]}
//   {"event":"tune_finals","keys":[…],"forks":3,"iterations":100}
//   {"event":"tune_time","spent_ms":…,"budget_ms":…}
//   {"event":"tune_done","winner":…,"tied_with":[…],"verdict":…,"verdict_state":…,"keys":[…],
//    "race":{…},"session":…}     keys: every candidate in race order; race: the saved race's
//                                 accounting (core/session/tune_json.h), less its candidates,
//                                 pruned configs and finalists, which the events above carried
// tune_candidate also carries samples, contended, setup_ms, fallback and the forks' full
// statistics.
#pragma once

#include <cstdio>
#include <map>
#include <string>

#include "core/engine/compile_queue.h"
#include "core/engine/event_sink.h"
#include "core/tuner/tune_observer.h"

namespace inferscope::cli {

class TuneReporter : public tuner::TuneObserver, public EventSink {
 public:
  // ndjson: events on `out`; otherwise one line per decision on stderr.
  TuneReporter(bool ndjson, std::FILE* out);

  void start(const std::string& model, const std::string& device, double budget_ms,
             const std::string& rule);
  void finish(const tuner::TuneResult& result, const std::string& session_path);

  // tuner::TuneObserver
  void onPruned(const std::vector<tuner::PrunedConfig>& pruned) override;
  void onRound(int round, const std::vector<OptimizationConfig>& configs, int iterations) override;
  void onCandidate(const tuner::CandidateOutcome& candidate) override;
  void onFinals(const std::vector<OptimizationConfig>& finalists, int forks,
                int iterations) override;
  void onTime(double spent_ms, double budget_ms) override;
  void onBudget(double budget_ms, const std::string& why) override;

  // EventSink (the engine's own events while a round runs)
  void onConfigStart(int config_index, int config_count, const OptimizationConfig& config) override;
  void onLog(LogLevel level, const std::string& message) override;

 private:
  void line(const std::string& text);
  void compileJobsChanged();

  bool ndjson_;
  std::FILE* out_;
  double spent_ms_ = 0;
  std::string model_, device_;  // as start() named them, for the race in tune_done
  std::string last_jobs_;       // the compile jobs last reported, to report only changes
  std::map<std::string, CompileStatus::State> printed_;  // console: each job's state once
};

}  // namespace inferscope::cli
