// How `inferscope-cli tune` and `recommend --validate` report a tuning run to people: one line per
// decision on stderr, with the time spent ("[  12.3 s] round 1: 4 survivors × 40 iterations"), in
// the reader's language (--lang: states, reasons and the lines' words through text/; keys, numbers,
// paths and a log's own message as given); programs get the NDJSON stream instead
// (core/runner/tune_event_writer.h).
#pragma once

#include <map>
#include <string>

#include "core/runner/tune_event_writer.h"
#include "text/lang.h"

namespace inferscope::cli {

class TuneConsole final : public runner::TuneReporter {
 public:
  TuneConsole(runner::CompileJobsSource compile_jobs, text::Lang lang);

  void start(const std::string& model, const std::string& device, double budget_ms,
             const std::string& rule) override;
  void finish(const tuner::TuneResult&, const std::string&) override {}  // the table says it

  void onRound(int round, const std::vector<OptimizationConfig>& configs, int iterations) override;
  void onCandidate(const tuner::CandidateOutcome& candidate) override;
  void onFinals(const std::vector<OptimizationConfig>& finalists, int forks,
                int iterations) override;
  void onTime(double spent_ms, double budget_ms) override;
  void onBudget(double budget_ms, const std::string& why) override;
  void onLog(LogLevel level, const std::string& message) override;

 private:
  void line(const std::string& text);
  void compileJobsChanged();

  runner::CompileJobsSource compile_jobs_;
  text::Lang lang_;
  double spent_ms_ = 0;
  std::map<std::string, CompileStatus::State> printed_;  // each job's state, printed once
};

}  // namespace inferscope::cli
