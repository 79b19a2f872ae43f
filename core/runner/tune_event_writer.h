// A tuning run's events as NDJSON, for programs (`inferscope-cli tune --events ndjson`; a reader
// takes these lines through core/session/event_stream_reader.h and core/tuner/tune_event.h decodes
// them). The GUI's in-process tune (gui/lib/tune_job.h) hands each line to parseTuneEvent instead
// of a file: one encoding for both, so its race view sees exactly what a script reads. One event
// per line, flushed, each with the envelope's "protocol":1 besides the fields below:
//   {"event":"tune_start","model":…,"device":…,"budget_ms":…,"rule":…}
//   {"event":"tune_pruned","configs":[{"key":…,"reason":…},…]}
//   {"event":"tune_round","round":0,"iterations":20,"keys":[…]}
//   {"event":"tune_config_start","key":…}                       a candidate starts running
//   {"event":"tune_candidate","key":…,"state":…,"reason":…,"median_ms":…,"low_ms":…,"high_ms":…,
//    "compile_ms":…,"accuracy":…}                                measured or changed state
//   {"event":"tune_compile","jobs":[{"key":…,"state":…,"elapsed_ms":…,"message":…},…]}
//   {"event":"tune_finals","keys":[…],"forks":3,"iterations":100}
//   {"event":"tune_time","spent_ms":…,"budget_ms":…}
//   {"event":"tune_done","winner":…,"tied_with":[…],"verdict_state":…,"keys":[…],
//    "race":{…},"session":…}     keys: every candidate in race order; race: the saved race's
//                                 accounting (core/session/tune_json.h), less its candidates,
//                                 pruned configs and finalists, which the events above carried;
//                                 its "reasons" say why the answer is in its state (codes with
//                                 values: no sentence; versions before them sent a "verdict")
// tune_candidate also carries samples, contended, setup_ms, fallback and the forks' full
// statistics.
#pragma once

#include <cstdio>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/engine/package_compiler.h"
#include "core/runner/tune_reporter.h"

namespace inferscope::runner {

// The background compiles' states now (the run's CompileQueue::jobs(), or a test's list): the
// writer reports them when one changes.
using CompileJobsSource = std::function<std::vector<CompileStatus>()>;
// Where each event goes: one line of JSON, without its newline.
using TuneEventLineSink = std::function<void(const std::string& line)>;

class TuneEventWriter final : public TuneReporter {
 public:
  // Events on `out`, one a line, flushed; `compile_jobs` may be empty (no compile events).
  TuneEventWriter(std::FILE* out, CompileJobsSource compile_jobs);
  // Events handed to `sink`, on the thread that reports them.
  TuneEventWriter(TuneEventLineSink sink, CompileJobsSource compile_jobs);

  void start(const std::string& model, const std::string& device, double budget_ms,
             const std::string& rule) override;
  void finish(const tuner::TuneResult& result, const std::string& session_path) override;

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
  void compileJobsChanged();

  TuneEventLineSink sink_;
  CompileJobsSource compile_jobs_;
  std::string model_, device_;  // as start() named them, for the race in tune_done
  std::string last_jobs_;       // the compile jobs last reported, to report only changes
};

}  // namespace inferscope::runner
