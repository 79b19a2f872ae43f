#include "cli/tune_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/engine/tune_answer.h"
#include "core/tuner/race_record.h"
#include "text/answer_text.h"

namespace inferscope::cli {
namespace {

int stateOrder(tuner::CandidateState s) {
  switch (s) {
    case tuner::CandidateState::Winner:
      return 0;
    case tuner::CandidateState::Tied:
      return 1;
    case tuner::CandidateState::Finalist:
      return 2;
    case tuner::CandidateState::Eliminated:
      return 3;
    case tuner::CandidateState::AccuracyNotMeasured:
      return 4;
    case tuner::CandidateState::Unsafe:
      return 5;
    case tuner::CandidateState::Failed:
      return 6;
    case tuner::CandidateState::NotMeasured:
      return 7;
  }
  return 8;
}

}  // namespace

void printAnswerBlock(std::FILE* out, const TuneAnswer& a, text::Lang lang) {
  fmt::print(out, "\n");
  for (const auto& line : text::answerBlock(a, lang))
    fmt::print(out, "  {:<17} {}\n", line.label, printableLine(line.text));
  if (!a.log_paths.empty())
    fmt::print(out, "{} {}\n", text::logsLabel(lang),
               printableLine(fmt::format("{}", fmt::join(a.log_paths, " "))));
}

std::string accuracyStateNote(const RankedConfig& r) {
  switch (r.accuracy_state) {
    case AccuracyState::NotMeasured:
      return "accuracy not measured (never the winner) ";
    case AccuracyState::Unjudgeable:
      return "accuracy cannot be judged on this output (see below) ";
    default:
      return {};
  }
}

void printSavedRaces(std::FILE* out, const SessionResult& s, const SessionRanking& ranking,
                     text::Lang lang) {
  // The reference's problem is the same for every config: said once, with the cure.
  for (const auto& r : ranking.configs) {
    if (r.accuracy_state != AccuracyState::Unjudgeable) continue;
    fmt::print(out, "\n{} {}\n", text::message("label.accuracy", lang),
               printable(text::accuracyText(r.accuracy_note, lang)));
    break;
  }
  for (const auto& race : s.races) {
    // All of it read from the file: escaped, each on its line (printable.h). The answer is
    // rendered from the race's fields, never from the prose a run of an older version saved.
    const auto answer = answerOf(race, &s);
    std::string what = printableLine(race.model);
    if (!race.shard.empty()) what = fmt::format("{} [{}]", what, printableLine(race.shard));
    fmt::print(out, "\n{}\n",
               text::message("summary.saved-race", lang,
                             {{"what", what},
                              {"state", printableLine(text::answerStateText(answer.state, lang))},
                              {"elapsed_s", fmt::format("{:.1f}", units::msToS(race.elapsed_ms))},
                              {"budget_s", fmt::format("{:.0f}", units::msToS(race.budget_ms))}}));
    printAnswerBlock(out, answer, lang);
    const auto apart = tuner::compareWithRanking(race, s, ranking);
    if (apart.empty()) {
      fmt::print(out, "{}\n", text::message("summary.rules-agree", lang));
      continue;
    }
    fmt::print(
        out, "{}\n",
        text::message("summary.rules-differ", lang, {{"count", std::to_string(apart.size())}}));
    for (const auto& line : apart) fmt::print(out, "  {}\n", printableLine(line));
  }
}

void printTuneResult(std::FILE* out, const tuner::TuneResult& r, const SessionResult* session,
                     text::Lang lang) {
  std::vector<const tuner::CandidateOutcome*> rows;
  for (const auto& c : r.candidates) rows.push_back(&c);
  std::stable_sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) {
    if (stateOrder(a->state) != stateOrder(b->state))
      return stateOrder(a->state) < stateOrder(b->state);
    return a->estimate.median_ms < b->estimate.median_ms;
  });
  const auto header = [&](const char* id) { return text::message(id, lang); };
  fmt::print(out, "{:<12} {:<22} {:>10} {:>21} {:>9}  {}\n", header("table.state"),
             header("table.config"), header("table.median-ms"), header("table.interval-ms"),
             header("table.compile-s"), header("table.reason"));
  for (const auto* c : rows) {
    const auto& e = c->estimate;
    const bool measured = e.median_ms > 0;
    const auto level = c->forks && c->forks->median_ms > 0 ? c->forks->median_ms : e.median_ms;
    const auto low = c->forks && c->forks->ci_low_ms > 0 ? c->forks->ci_low_ms : e.low_ms;
    const auto high = c->forks && c->forks->ci_high_ms > 0 ? c->forks->ci_high_ms : e.high_ms;
    // The reason in the reader's language; the saved sentence for a race saved before the codes.
    std::string why = text::candidateReasonText(c->reason_code, c->reason, lang);
    const auto accuracy = text::accuracyText(c->accuracy, lang);
    if (!accuracy.empty() && why.find(accuracy) == std::string::npos)
      why.insert(0, " · ").insert(0, accuracy);
    fmt::print(out, "{:<12} {:<22} {:>10} {:>21} {:>9}  {}\n",
               text::candidateStateText(tuner::toString(c->state), lang),
               printableLine(c->config.key()), measured ? fmt::format("{:.4g}", level) : "-",
               measured && e.rounds > 0 ? fmt::format("[{:.4g}, {:.4g}]", low, high) : "-",
               c->compile_ms > 0 ? fmt::format("{:.1f}", units::msToS(c->compile_ms)) : "-",
               printableLine(why));
  }
  // Pruned configs, grouped by reason: never run, never a warning.
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& p : r.pruned)
    by_reason[text::prunedReasonText(p.reason, lang)].push_back(p.config.key());
  if (!by_reason.empty())
    fmt::print(out, "\n{}\n",
               text::message("summary.pruned", lang, {{"count", std::to_string(r.pruned.size())}}));
  for (const auto& [reason, keys] : by_reason) {
    const std::vector<std::string> shown(keys.begin(),
                                         keys.begin() + std::min<std::size_t>(3, keys.size()));
    fmt::print(out, "  {:>3} × {} (e.g. {}{})\n", keys.size(), printableLine(reason),
               printableLine(fmt::format("{}", fmt::join(shown, ", "))),
               keys.size() > shown.size() ? ", …" : "");
  }
  const auto answer = answerOf(tuner::raceRecord(r, "", ""), session);
  fmt::print(out, "\n{}\n",
             text::message("summary.run", lang,
                           {{"state", text::answerStateText(answer.state, lang)},
                            {"elapsed_s", fmt::format("{:.1f}", units::msToS(r.elapsed_ms))},
                            {"budget_s", fmt::format("{:.0f}", units::msToS(r.budget_ms))},
                            {"rounds", std::to_string(r.rounds)}}));
  printAnswerBlock(out, answer, lang);
}

}  // namespace inferscope::cli
