#include "cli/tune_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/tuner/race_record.h"

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

void printSavedRaces(std::FILE* out, const SessionResult& s, const SessionRanking& ranking) {
  // The reference's problem is the same for every config: said once, with the cure.
  for (const auto& r : ranking.configs) {
    if (r.accuracy_state != AccuracyState::Unjudgeable) continue;
    fmt::print(out, "\nAccuracy: {}\n", printable(r.accuracy_note));
    break;
  }
  for (const auto& race : s.races) {
    // All of it read from the file: escaped, each on its line (printable.h).
    fmt::print(out, "\nTuned{}{}{} ({}; {:.1f} s of a {:.0f} s budget): {}\n",
               race.shard.empty() ? "" : " shard ", printableLine(race.shard),
               race.model.empty() ? "" : " " + printableLine(race.model),
               race.verdict_state.empty() ? "verdict" : printableLine(race.verdict_state),
               units::msToS(race.elapsed_ms), units::msToS(race.budget_ms),
               printableLine(race.verdict));
    const auto apart = tuner::compareWithRanking(race, s, ranking);
    if (apart.empty()) {
      fmt::print(out, "Today's rules agree with the race.\n");
      continue;
    }
    fmt::print(out, "Today's rules differ from the race ({}):\n", apart.size());
    for (const auto& line : apart) fmt::print(out, "  {}\n", printableLine(line));
  }
}

void printTuneResult(std::FILE* out, const tuner::TuneResult& r) {
  std::vector<const tuner::CandidateOutcome*> rows;
  for (const auto& c : r.candidates) rows.push_back(&c);
  std::stable_sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) {
    if (stateOrder(a->state) != stateOrder(b->state))
      return stateOrder(a->state) < stateOrder(b->state);
    return a->estimate.median_ms < b->estimate.median_ms;
  });
  fmt::print(out, "{:<12} {:<22} {:>10} {:>21} {:>9}  {}\n", "state", "config", "median ms",
             "interval ms", "compile s", "accuracy · reason");
  for (const auto* c : rows) {
    const auto& e = c->estimate;
    const bool measured = e.median_ms > 0;
    const auto level = c->forks && c->forks->median_ms > 0 ? c->forks->median_ms : e.median_ms;
    const auto low = c->forks && c->forks->ci_low_ms > 0 ? c->forks->ci_low_ms : e.low_ms;
    const auto high = c->forks && c->forks->ci_high_ms > 0 ? c->forks->ci_high_ms : e.high_ms;
    std::string why = c->reason;
    if (!c->accuracy.empty() && why.find(c->accuracy) == std::string::npos)
      why.insert(0, " · ").insert(0, c->accuracy);
    fmt::print(out, "{:<12} {:<22} {:>10} {:>21} {:>9}  {}\n", tuner::toString(c->state),
               printableLine(c->config.key()), measured ? fmt::format("{:.4g}", level) : "-",
               measured && e.rounds > 0 ? fmt::format("[{:.4g}, {:.4g}]", low, high) : "-",
               c->compile_ms > 0 ? fmt::format("{:.1f}", units::msToS(c->compile_ms)) : "-",
               printableLine(why));
  }
  // Pruned configs, grouped by reason: never run, never a warning.
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& p : r.pruned) by_reason[p.reason].push_back(p.config.key());
  if (!by_reason.empty())
    fmt::print(out, "\nPruned before anything ran ({} configs):\n", r.pruned.size());
  for (const auto& [reason, keys] : by_reason) {
    const std::vector<std::string> shown(keys.begin(),
                                         keys.begin() + std::min<std::size_t>(3, keys.size()));
    fmt::print(out, "  {:>3} × {} (e.g. {}{})\n", keys.size(), printableLine(reason),
               printableLine(fmt::format("{}", fmt::join(shown, ", "))),
               keys.size() > shown.size() ? ", …" : "");
  }
  fmt::print(out, "\n{} ({:.1f} s of a {:.0f} s budget, {} in-process rounds)\n",
             printableLine(r.verdict), units::msToS(r.elapsed_ms), units::msToS(r.budget_ms),
             r.rounds);
}

}  // namespace inferscope::cli
