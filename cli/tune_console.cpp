#include "cli/tune_console.h"

#include <fmt/format.h>

#include <cstdio>

#include "core/common/printable.h"
#include "core/common/units.h"
#include "text/answer_text.h"

namespace inferscope::cli {
namespace {

// Spaces that pad `text` to `width` columns: a Japanese character takes two, as terminals draw it.
std::string padding(const std::string& text, std::size_t width) {
  std::size_t columns = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t bytes = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    columns += bytes >= 3 ? 2 : 1;
    i += bytes;
  }
  return std::string(columns < width ? width - columns : 0, ' ');
}

}  // namespace

TuneConsole::TuneConsole(runner::CompileJobsSource compile_jobs, text::Lang lang)
    : compile_jobs_(std::move(compile_jobs)), lang_(lang) {}

void TuneConsole::line(const std::string& text) {
  // Reasons and log lines carry the model's own text (a Python exception, a package path): escaped.
  fmt::print(stderr, "[{:6.1f} s] {}\n", units::msToS(spent_ms_), printable(text));
  std::fflush(stderr);
}

void TuneConsole::start(const std::string& model, const std::string& device, double budget_ms,
                        const std::string& rule) {
  fmt::print(stderr, "{}\n",
             text::message("progress.start", lang_,
                           {{"model", printableLine(model)},
                            {"device", printableLine(device)},
                            {"budget_s", fmt::format("{:.0f}", units::msToS(budget_ms))},
                            {"rule", printableLine(text::ruleText(rule, lang_))}}));
}

void TuneConsole::onRound(int round, const std::vector<OptimizationConfig>& configs,
                          int iterations) {
  line(text::message(round == 0 ? "progress.screening" : "progress.round", lang_,
                     {{"round", std::to_string(round)},
                      {"count", std::to_string(configs.size())},
                      {"iterations", std::to_string(iterations)}}));
}

void TuneConsole::onCandidate(const tuner::CandidateOutcome& c) {
  compileJobsChanged();
  if (c.state == tuner::CandidateState::Finalist && c.estimate.rounds > 0)
    return;  // measured and alive: no news
  // The state and the reason in the reader's language; a race saved before the codes (a prior's
  // candidate) keeps its sentence.
  const auto state = text::candidateStateText(tuner::toString(c.state), lang_);
  line(fmt::format("{}{} {:<22} {}", state, padding(state, 10), c.config.key(),
                   text::candidateReasonText(c.reason_code, c.reason, lang_)));
}

void TuneConsole::onFinals(const std::vector<OptimizationConfig>& finalists, int forks, int) {
  std::vector<std::string> keys;
  keys.reserve(finalists.size());
  for (const auto& c : finalists) keys.push_back(c.key());
  line(text::message(
      "progress.finals", lang_,
      {{"keys", fmt::format("{}", fmt::join(keys, ", "))}, {"forks", std::to_string(forks)}}));
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
      line(text::message("progress.compile", lang_,
                         {{"key", j.key},
                          {"state", text::compileStateText(toString(j.state), lang_)},
                          {"path", j.package_path},
                          {"elapsed_s", fmt::format("{:.0f}", units::msToS(j.elapsed_ms))}}) +
           (j.message.empty() ? "" : " — " + j.message));
    }
  }
}

}  // namespace inferscope::cli
