#include "core/tuner/race_record.h"

#include <fmt/format.h>

#include <map>

namespace inferscope::tuner {

TuneCandidateRecord candidateRecord(const CandidateOutcome& c) {
  TuneCandidateRecord r;
  r.key = c.config.key();
  r.state = toString(c.state);
  r.reason = c.reason;
  r.reason_code = c.reason_code;
  r.accuracy = c.accuracy;
  r.fallback = c.fallback;
  r.median_ms = c.estimate.median_ms;
  r.low_ms = c.estimate.low_ms;
  r.high_ms = c.estimate.high_ms;
  r.samples = c.estimate.samples;
  r.rounds = c.estimate.rounds;
  r.contended = c.estimate.contended;
  r.setup_ms = c.setup_ms;
  r.compile_ms = c.compile_ms;
  r.forks = c.forks;
  return r;
}

TuneRecord raceRecord(const TuneResult& result, const std::string& model,
                      const std::string& device) {
  TuneRecord r;
  r.model = model;
  r.device = device;
  r.rule = result.rule;
  r.verdict_state = toString(result.verdict_state);
  if (result.winner) r.winner = result.winner->key();
  for (const auto& t : result.tied_with) r.tied_with.push_back(t.key());
  r.accuracy_note = result.accuracy_note;
  r.roofline = result.roofline;
  for (const auto& c : result.candidates) r.candidates.push_back(candidateRecord(c));
  for (const auto& p : result.pruned) r.pruned.push_back({p.config.key(), p.reason});
  r.compiles = result.compiles;
  for (const auto& f : result.finalists) r.finalists.push_back(f.key());
  r.forks = result.forks;
  r.fork_iterations = result.fork_iterations;
  r.budget_ms = result.budget_ms;
  r.elapsed_ms = result.elapsed_ms;
  r.spent_before_ms = result.spent_before_ms;
  r.exit_reserve_ms = result.exit_reserve_ms;
  r.budget_note = result.budget_note;
  r.rounds = result.rounds;
  r.cancelled = result.cancelled;
  r.not_measured = result.unmeasured.count;
  r.unmeasured_precisions = result.unmeasured.precisions;
  r.unmeasured_compiles = result.unmeasured.compiles;
  r.budget_to_reach_ms = result.unmeasured.budget_to_reach_ms;
  const auto& h = result.host;
  r.host = {h.measured,        h.launch_wait_share, h.eager_key, h.graph_key, h.eager_median_ms,
            h.graph_median_ms, h.host_bound,        h.contended, h.sentence};
  r.reasons = result.reasons;
  r.log_paths = result.log_paths;
  return r;
}

TuneRecord foldTuneEvents(const std::vector<TuneEvent>& events) {
  TuneRecord r;
  std::map<std::string, TuneCandidateRecord> latest;
  std::vector<std::string> seen;  // first-event order, until tune_done gives the race order
  std::vector<std::string> order;
  std::vector<CompileStatus> compiles;
  for (const auto& e : events) {
    if (e.type == "tune_start") {
      r.model = e.model;
      r.device = e.device;
      r.rule = e.rule;
      r.budget_ms = e.budget_ms;
    } else if (e.type == "tune_budget") {
      r.budget_ms = e.budget_ms;
      r.budget_note = e.reason;
    } else if (e.type == "tune_pruned") {
      for (const auto& [key, reason] : e.pruned) r.pruned.push_back({key, reason});
    } else if (e.type == "tune_candidate" && e.candidate) {
      if (!latest.count(e.key)) seen.push_back(e.key);
      latest[e.key] = *e.candidate;
    } else if (e.type == "tune_finals") {
      r.finalists = e.keys;
      r.forks = e.forks;
      r.fork_iterations = e.iterations;
    } else if (e.type == "tune_compile") {
      compiles = e.jobs;
    } else if (e.type == "tune_done") {
      order = e.keys;
      if (e.race) {
        // The answer and its accounting come with the end; what the events before it said of
        // the candidates, the pruned configs and the finals stays theirs.
        auto candidates = std::move(r.candidates);
        auto pruned = std::move(r.pruned);
        auto finalists = std::move(r.finalists);
        const int forks = r.forks, iterations = r.fork_iterations;
        const auto model = r.model, device = r.device, rule = r.rule, note = r.budget_note;
        r = *e.race;
        r.candidates = std::move(candidates);
        r.pruned = std::move(pruned);
        r.finalists = std::move(finalists);
        r.forks = forks;
        r.fork_iterations = iterations;
        if (r.model.empty()) r.model = model;
        if (r.device.empty()) r.device = device;
        if (r.rule.empty()) r.rule = rule;
        if (r.budget_note.empty()) r.budget_note = note;
        compiles = r.compiles;
      }
      r.winner = e.winner;
      r.tied_with = e.tied_with;
      r.elapsed_ms = e.elapsed_ms;
    }
  }
  r.compiles = compiles;
  for (const auto& key : order.empty() ? seen : order) {
    if (const auto c = latest.find(key); c != latest.end()) r.candidates.push_back(c->second);
  }
  return r;
}

std::vector<TuneEvent> raceEvents(const TuneRecord& record) {
  std::vector<TuneEvent> events;
  TuneEvent start;
  start.type = "tune_start";
  start.model = record.model;
  start.device = record.device;
  start.rule = record.rule;
  start.budget_ms = record.budget_ms;
  events.push_back(start);
  if (!record.budget_note.empty()) {
    TuneEvent budget;
    budget.type = "tune_budget";
    budget.budget_ms = record.budget_ms;
    budget.reason = record.budget_note;
    events.push_back(budget);
  }
  TuneEvent pruned;
  pruned.type = "tune_pruned";
  for (const auto& p : record.pruned) pruned.pruned.emplace_back(p.key, p.reason);
  events.push_back(pruned);
  TuneEvent round;
  round.type = "tune_round";
  for (const auto& c : record.candidates) round.keys.push_back(c.key);
  events.push_back(round);
  if (!record.finalists.empty()) {
    TuneEvent finals;
    finals.type = "tune_finals";
    finals.keys = record.finalists;
    finals.forks = record.forks;
    finals.iterations = record.fork_iterations;
    events.push_back(finals);
  }
  for (const auto& c : record.candidates) {
    TuneEvent e;
    e.type = "tune_candidate";
    e.key = c.key;
    e.state = c.state;
    e.reason = c.reason;
    e.accuracy = c.accuracy;
    e.median_ms = c.median_ms;
    e.low_ms = c.low_ms;
    e.high_ms = c.high_ms;
    e.compile_ms = c.compile_ms;
    e.rounds = c.rounds;
    if (c.forks) {
      e.forked = true;
      e.forks = c.forks->forks;
      e.fork_median_ms = c.forks->median_ms;
      e.fork_low_ms = c.forks->ci_low_ms;
      e.fork_high_ms = c.forks->ci_high_ms;
    }
    e.candidate = c;
    events.push_back(e);
  }
  if (!record.compiles.empty()) {
    TuneEvent compile;
    compile.type = "tune_compile";
    compile.jobs = record.compiles;
    events.push_back(compile);
  }
  TuneEvent time;
  time.type = "tune_time";
  time.spent_ms = record.elapsed_ms;
  time.budget_ms = record.budget_ms;
  events.push_back(time);
  TuneEvent done;
  done.type = "tune_done";
  done.winner = record.winner;
  done.tied_with = record.tied_with;
  done.host = record.host.sentence;
  done.elapsed_ms = record.elapsed_ms;
  done.keys = round.keys;
  done.race = record;
  events.push_back(done);
  return events;
}

std::vector<std::string> compareWithRanking(const TuneRecord& race, const SessionResult& session,
                                            const SessionRanking& ranking) {
  std::vector<std::string> out;
  const auto keyOf = [&](const RankedConfig& r) {
    return session.configs[static_cast<std::size_t>(r.index)].config.key();
  };
  const RankedConfig* first = nullptr;  // ranked by median; the one today's rules would pick
  for (const auto& r : ranking.configs) {
    if (r.rank > 0 && (r.accuracy_state == AccuracyState::Safe ||
                       r.accuracy_state == AccuracyState::Unjudgeable)) {
      first = &r;
      break;
    }
  }
  if (first && keyOf(*first) != race.winner) {
    const auto& c = session.configs[static_cast<std::size_t>(first->index)];
    out.push_back(fmt::format(
        "today's rules rank {} first among the configs that may win ({:.4g} ms median in the "
        "file); the race chose {} (it decides on the levels across fresh processes, and on "
        "ties)",
        keyOf(*first), c.stats.median_ms, race.winner.empty() ? "none" : race.winner));
  } else if (!first && !race.winner.empty()) {
    out.push_back(
        fmt::format("today's rules leave no config that may win; the race chose {}", race.winner));
  }
  for (const auto& r : ranking.configs) {
    if (r.rank == 0) continue;
    const auto* c = race.find(keyOf(r));
    if (!c) continue;
    const bool race_unsafe = c->state == "unsafe";
    const bool race_unmeasured = c->state == "accuracy-not-measured";
    const bool race_ok =
        !race_unsafe && !race_unmeasured && c->state != "failed" && c->state != "not-measured";
    if (race_unsafe && r.accuracy_state == AccuracyState::Safe) {
      out.push_back(fmt::format("{}: the race called it unsafe ({}); today's rule finds it safe",
                                c->key, c->reason));
    } else if (race_ok && r.accuracy_state == AccuracyState::Unsafe) {
      out.push_back(fmt::format("{}: {} in the race; today's rule finds it unsafe ({})", c->key,
                                c->state, r.unsafe_reason));
    } else if (race_ok && r.accuracy_state == AccuracyState::NotMeasured) {
      out.push_back(
          fmt::format("{}: {} in the race; its accuracy was not measured", c->key, c->state));
    }
  }
  return out;
}

}  // namespace inferscope::tuner
