#include "cli/tune_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/engine/tune_answer.h"
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

// Below 1 % in tenths: "±0 %" would read as no interval at all.
std::string pct(double share) {
  return share < 0.01 ? fmt::format("{:.1f} %", 100 * share) : fmt::format("{:.0f} %", 100 * share);
}

// One reason in English, from its code and values (the GUI renders the same codes in the user's
// language: gui/lib/answer_text.cpp).
std::string reasonText(const TuneReason& r) {
  const auto v = [&](const char* name) { return r.value(name); };
  const auto& c = r.code;
  if (c == "not-confirmed") {
    const auto cause = v("cause");
    if (cause == "no-time-for-forks")
      return "not confirmed in fresh processes: the budget left no time for them (raise "
             "--budget-s)";
    if (cause == "forks-for-leader-only")
      return "not confirmed in fresh processes: the budget left them for the leader only, and "
             "this config matched it in this process (raise --budget-s)";
    if (cause == "second-process-cut")
      return "not confirmed in fresh processes: the budget ended before its second process "
             "(raise --budget-s)";
    return "not confirmed in fresh processes";
  }
  if (c == "unmeasured") {
    return fmt::format("{} of {} candidates not measured", v("count"), v("total"));
  }
  if (c == "late-rivals")
    return fmt::format("{} ran as fast after the finals, not confirmed (raise --budget-s)",
                       v("keys"));
  if (c == "cancelled") return "cancelled";
  if (c == "prior-kept")
    return fmt::format("the last confirmed answer {} stands over {}{}", v("key"), v("leader"),
                       v("leader_confirmed") == "yes" ? ", which ran slower across processes"
                                                      : ", which was not confirmed in fresh "
                                                        "processes");
  if (c == "interval-wide")
    return fmt::format("the interval reaches ±{} % of the median (a final answer needs ±{} %)",
                       v("half_width_pct"), v("limit_pct"));
  if (c == "processes-disagree")
    return fmt::format("its fresh processes disagree ({} % apart)", v("spread_pct"));
  if (c == "reference-failed") return fmt::format("the FP32 reference {} failed", v("key"));
  if (c == "budget-no-winner")
    return fmt::format(
        "{} candidates ran and none was clean and safe; {} not measured (raise "
        "--budget-s)",
        v("ran"), v("not_measured"));
  if (c == "none-clean") return "no candidate ran cleanly and safely: strict FP32 eager stands";
  if (c == "unrecorded") return "see the verdict above (saved before reasons were recorded)";
  if (c == "tie") return fmt::format("tied with {}", v("keys"));
  if (c == "accuracy-unjudgeable") return "the FP32 reference cannot judge accuracy";
  if (c == "prior-not-kept")
    return fmt::format("not the last confirmed answer {} ({})", v("key"), v("source"));
  if (c == "still-compiling") return fmt::format("{} still compiling", v("keys"));
  return c;  // a code of a newer version: its name
}

std::string intervalKindText(const TuneAnswer& a) {
  if (a.interval_kind == "across-processes")
    return fmt::format("across {} fresh processes", a.processes);
  if (a.interval_kind == "in-process") return "in the tuner's process";
  return {};
}

}  // namespace

void printAnswerBlock(std::FILE* out, const TuneAnswer& a) {
  const auto line = [&](const char* label, const std::string& text) {
    fmt::print(out, "  {:<17} {}\n", label, printableLine(text));
  };
  fmt::print(out, "\n");
  if (a.winner.empty()) {
    line("Answer:", "none: strict FP32 eager stands");
  } else if (a.median_ms > 0) {
    line("Answer:", fmt::format("{}  {:.4g} ms [{:.4g}, {:.4g}] {}", a.winner, a.median_ms,
                                a.low_ms, a.high_ms, intervalKindText(a)));
  } else {
    line("Answer:", a.winner);
  }
  std::string confidence = a.state;
  if (a.median_ms > 0) {
    const double reach = std::max(a.high_ms - a.median_ms, a.median_ms - a.low_ms) / a.median_ms;
    confidence += fmt::format(" (±{}{}{})", pct(reach), a.wide ? ", wide" : "",
                              a.unstable ? ", processes disagree" : "");
  }
  std::vector<std::string> why;
  for (const auto& r : a.why) why.push_back(reasonText(r));
  if (!why.empty()) confidence += fmt::format(": {}", fmt::join(why, "; "));
  line("Confidence:", confidence);
  if (!a.winner.empty()) {
    std::string peer;
    if (a.peer_ratio > 0) {
      peer = fmt::format(
          "{:.2f}× {} ({:.4g} against {:.4g} ms, both {}{})", a.peer_ratio, a.peer_key,
          a.winner_peer_ms, a.peer_ms,
          a.peer_basis == "across-processes" ? "across fresh processes" : "in the tuner's process",
          a.peer_unsafe ? "; torch.compile was unsafe" : "");
    } else if (a.peer_missing == "is-winner") {
      peer = "the answer is torch.compile itself";
    } else if (a.peer_missing == "no-candidate") {
      peer = "not compared: no torch.compile candidate in this run";
    } else if (a.peer_missing == "failed") {
      peer = "not compared: its candidates failed";
    } else {
      peer = "not compared: no torch.compile candidate was reached (raise --budget-s)";
    }
    line("vs torch.compile:", peer);
  }
  if (a.missing > 0) {
    std::vector<std::string> families = a.missing_precisions;
    families.insert(families.end(), a.missing_compiles.begin(), a.missing_compiles.end());
    line("Missing:",
         fmt::format("{} of {} candidates ({}){}", a.missing, a.candidates,
                     fmt::join(families, ", "),
                     a.budget_to_reach_s > 0
                         ? fmt::format(": --budget-s {:.0f} would reach them", a.budget_to_reach_s)
                         : std::string()));
  } else {
    line("Missing:", "nothing: every candidate was measured, pruned or failed");
  }
  std::vector<std::string> notes;
  for (const auto& r : a.notes) notes.push_back(reasonText(r));
  if (a.host_measured && a.host_bound)
    notes.push_back(fmt::format("host-bound: the GPU waits for launches {} of the time",
                                pct(a.launch_wait_share)));
  if (!notes.empty()) line("Notes:", fmt::format("{}", fmt::join(notes, "; ")));
  if (!a.log_paths.empty())
    fmt::print(out, "logs: {}\n", printableLine(fmt::format("{}", fmt::join(a.log_paths, " "))));
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
    printAnswerBlock(out, answerOf(race, &s));
    const auto apart = tuner::compareWithRanking(race, s, ranking);
    if (apart.empty()) {
      fmt::print(out, "Today's rules agree with the race.\n");
      continue;
    }
    fmt::print(out, "Today's rules differ from the race ({}):\n", apart.size());
    for (const auto& line : apart) fmt::print(out, "  {}\n", printableLine(line));
  }
}

void printTuneResult(std::FILE* out, const tuner::TuneResult& r, const SessionResult* session) {
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
  printAnswerBlock(out, answerOf(tuner::raceRecord(r, "", ""), session));
}

}  // namespace inferscope::cli
