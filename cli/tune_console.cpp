#include "cli/tune_console.h"

#include <fmt/format.h>

#include <cstdio>

#include "core/common/printable.h"
#include "core/common/units.h"

namespace inferscope::cli {

TuneConsole::TuneConsole(runner::CompileJobsSource compile_jobs)
    : compile_jobs_(std::move(compile_jobs)) {}

void TuneConsole::line(const std::string& text) {
  // Reasons and log lines carry the model's own text (a Python exception, a package path): escaped.
  fmt::print(stderr, "[{:6.1f} s] {}\n", units::msToS(spent_ms_), printable(text));
  std::fflush(stderr);
}

void TuneConsole::start(const std::string& model, const std::string& device, double budget_ms,
                        const std::string& rule) {
  fmt::print(stderr, "Tuning {} on {} · budget {:.0f} s · safe: {}\n", printableLine(model),
             printableLine(device), units::msToS(budget_ms), rule);
}

void TuneConsole::onRound(int round, const std::vector<OptimizationConfig>& configs,
                          int iterations) {
  line(round == 0
           ? fmt::format("screening {} candidates × {} iterations", configs.size(), iterations)
           : fmt::format("round {}: {} survivors × {} iterations", round, configs.size(),
                         iterations));
}

void TuneConsole::onCandidate(const tuner::CandidateOutcome& c) {
  compileJobsChanged();
  if (c.state == tuner::CandidateState::Finalist && c.estimate.rounds > 0)
    return;  // measured and alive: no news
  line(fmt::format("{:<10} {:<22} {}", tuner::toString(c.state), c.config.key(), c.reason));
}

void TuneConsole::onFinals(const std::vector<OptimizationConfig>& finalists, int forks, int) {
  std::vector<std::string> keys;
  keys.reserve(finalists.size());
  for (const auto& c : finalists) keys.push_back(c.key());
  line(fmt::format("finals: {} in {} fresh processes each", fmt::join(keys, ", "), forks));
}

void TuneConsole::onTime(double spent_ms, double) {
  spent_ms_ = spent_ms;
  compileJobsChanged();
}

void TuneConsole::onBudget(double, const std::string& why) {
  line(why);
}

void TuneConsole::onLog(LogLevel level, const std::string& message) {
  if (level != LogLevel::Info) line(message);
}

// A compile's end, once per job and state: its package, how long it took, why it failed.
void TuneConsole::compileJobsChanged() {
  if (!compile_jobs_) return;
  for (const auto& j : compile_jobs_()) {
    const bool finished =
        j.state == CompileStatus::State::Done || j.state == CompileStatus::State::Failed;
    const auto seen = printed_.find(j.package_path);
    if (seen != printed_.end() && seen->second == j.state) continue;
    printed_[j.package_path] = j.state;
    if (finished) {
      line(fmt::format("compile {} {}: {} ({:.0f} s){}", j.key, toString(j.state), j.package_path,
                       units::msToS(j.elapsed_ms), j.message.empty() ? "" : " — " + j.message));
    }
  }
}

}  // namespace inferscope::cli
