#include "core/engine/tune_answer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "core/config/optimization_config.h"
#include "core/engine/session_result.h"
#include "core/roofline/roofline_types.h"

namespace inferscope {
namespace {

bool forkedLevel(const TuneCandidateRecord& c) {
  return c.forks && c.forks->forks >= 2 && c.forks->median_ms > 0;
}

// A candidate's level: across its fresh processes when it had them.
double levelMs(const TuneCandidateRecord& c) {
  return c.forks && c.forks->median_ms > 0 ? c.forks->median_ms : c.median_ms;
}

bool runsTorchCompileKey(const std::string& key) {
  try {
    return runsTorchCompile(OptimizationConfig::parse(key).compile);
  } catch (const std::exception&) {
    return false;  // a key of a newer version: not a torch.compile this reader knows
  }
}

// The ratio to torch.compile, like for like, as core/runner/tuned_session.cpp compares it.
void comparePeer(const TuneRecord& race, const TuneCandidateRecord* winner, TuneAnswer& a) {
  const TuneCandidateRecord* peer = nullptr;
  int failed = 0, unreached = 0, total = 0;
  for (const auto& c : race.candidates) {
    if (!runsTorchCompileKey(c.key)) continue;
    ++total;
    if (c.state == "failed") {
      ++failed;
      continue;
    }
    if (c.state == "not-measured" || !(levelMs(c) > 0)) {
      ++unreached;
      continue;
    }
    if (!peer || levelMs(c) < levelMs(*peer)) peer = &c;
  }
  if (total == 0) {
    a.peer_missing = "no-candidate";
    return;
  }
  if (!peer) {
    a.peer_missing = unreached > 0 ? "unreached" : "failed";
    return;
  }
  if (!winner) return;
  if (winner == peer) {
    a.peer_key = peer->key;
    a.peer_missing = "is-winner";
    return;
  }
  const bool forked =
      winner->forks && winner->forks->median_ms > 0 && peer->forks && peer->forks->median_ms > 0;
  const double w = forked ? winner->forks->median_ms : winner->median_ms;
  const double p = forked ? peer->forks->median_ms : peer->median_ms;
  if (!(w > 0) || !(p > 0)) {
    a.peer_missing = "unreached";
    return;
  }
  a.peer_key = peer->key;
  a.winner_peer_ms = w;
  a.peer_ms = p;
  a.peer_ratio = w / p;
  a.peer_basis = forked ? "across-processes" : "in-process";
  a.peer_unsafe = peer->state == "unsafe";
}

// The reasons a race saved before it recorded its own show in its fields.
std::vector<TuneReason> reasonsFromFields(const TuneRecord& race, const TuneCandidateRecord* w) {
  std::vector<TuneReason> out;
  if (race.verdict_state == "cancelled") out.push_back({"cancelled", {}});
  if (race.verdict_state == "provisional") {
    if (w && !forkedLevel(*w)) out.push_back({"not-confirmed", {{"cause", "unrecorded"}}});
    if (race.not_measured > 0) {
      out.push_back({"unmeasured",
                     {{"count", std::to_string(race.not_measured)},
                      {"total", std::to_string(race.candidates.size())}}});
    }
    if (out.empty()) out.push_back({"unrecorded", {}});
  }
  if (race.verdict_state == "no-winner") out.push_back({"none-clean", {}});
  if (!race.accuracy_note.empty()) out.push_back({"accuracy-unjudgeable", {}});
  if (!race.tied_with.empty()) {
    out.push_back({"tie", {{"keys", fmt::format("{}", fmt::join(race.tied_with, ", "))}}});
  }
  return out;
}

}  // namespace

bool isStateReason(const std::string& code) {
  static const char* const kState[] = {"not-confirmed",      "unmeasured",       "late-rivals",
                                       "cancelled",          "prior-kept",       "interval-wide",
                                       "processes-disagree", "reference-failed", "budget-no-winner",
                                       "none-clean",         "unrecorded"};
  return std::any_of(std::begin(kState), std::end(kState),
                     [&](const char* c) { return code == c; });
}

bool TuneAnswer::operator==(const TuneAnswer& o) const {
  return state == o.state && why == o.why && winner == o.winner && median_ms == o.median_ms &&
         low_ms == o.low_ms && high_ms == o.high_ms && interval_kind == o.interval_kind &&
         processes == o.processes && wide == o.wide && unstable == o.unstable &&
         tied_with == o.tied_with && peer_key == o.peer_key && peer_ratio == o.peer_ratio &&
         winner_peer_ms == o.winner_peer_ms && peer_ms == o.peer_ms && peer_basis == o.peer_basis &&
         peer_unsafe == o.peer_unsafe && peer_missing == o.peer_missing && accuracy == o.accuracy &&
         rule == o.rule && peak_memory_bytes == o.peak_memory_bytes &&
         roofline_pct == o.roofline_pct && roofline_bound == o.roofline_bound &&
         roofline_precision == o.roofline_precision && host_measured == o.host_measured &&
         host_bound == o.host_bound && launch_wait_share == o.launch_wait_share &&
         host_eager_key == o.host_eager_key && host_graph_key == o.host_graph_key &&
         host_eager_ms == o.host_eager_ms && host_graph_ms == o.host_graph_ms &&
         missing == o.missing && candidates == o.candidates &&
         missing_precisions == o.missing_precisions && missing_compiles == o.missing_compiles &&
         budget_to_reach_s == o.budget_to_reach_s && notes == o.notes && log_paths == o.log_paths;
}

TuneAnswer answerOf(const TuneRecord& race, const SessionResult* session) {
  TuneAnswer a;
  a.state = race.verdict_state.empty() ? "no-winner" : race.verdict_state;
  a.winner = race.winner;
  a.tied_with = race.tied_with;
  a.rule = race.rule;
  a.candidates = static_cast<int>(race.candidates.size());
  a.missing = race.not_measured;
  a.missing_precisions = race.unmeasured_precisions;
  a.missing_compiles = race.unmeasured_compiles;
  a.budget_to_reach_s = race.budget_to_reach_ms / 1000.0;
  a.log_paths = race.log_paths;
  const auto& h = race.host;
  a.host_measured = h.measured;
  a.host_bound = h.host_bound;
  a.launch_wait_share = h.launch_wait_share;
  a.host_eager_key = h.eager_key;
  a.host_graph_key = h.graph_key;
  a.host_eager_ms = h.eager_median_ms;
  a.host_graph_ms = h.graph_median_ms;
  const TuneCandidateRecord* w = race.winner.empty() ? nullptr : race.find(race.winner);
  if (w) {
    a.accuracy = w->accuracy;
    if (forkedLevel(*w)) {
      a.interval_kind = "across-processes";
      a.processes = w->forks->forks;
      a.median_ms = w->forks->median_ms;
      a.low_ms = w->forks->ci_low_ms;
      a.high_ms = w->forks->ci_high_ms;
      a.unstable = !w->forks->stable;
    } else if (w->median_ms > 0) {
      a.interval_kind = "in-process";
      a.median_ms = w->median_ms;
      a.low_ms = w->low_ms;
      a.high_ms = w->high_ms;
    }
    if (a.median_ms > 0 && a.high_ms >= a.low_ms && a.high_ms > 0) {
      const double reach = std::max(a.high_ms - a.median_ms, a.median_ms - a.low_ms);
      a.wide = reach > kWideIntervalShare * a.median_ms;
    }
  }
  comparePeer(race, w, a);
  const auto reasons = race.reasons.empty() ? reasonsFromFields(race, w) : race.reasons;
  for (const auto& r : reasons) (isStateReason(r.code) ? a.why : a.notes).push_back(r);
  // Compiles left running or failed: their logs, apart from any text.
  if (race.log_paths.empty()) {
    for (const auto& c : race.compiles) {
      const bool unfinished =
          c.state == CompileStatus::State::Running || c.state == CompileStatus::State::Failed;
      if (unfinished && !c.log_path.empty()) a.log_paths.push_back(c.log_path);
    }
  }
  if (session && w) {
    for (const auto& c : session->configs) {
      if (c.config.key() != race.winner && c.fallback_from != race.winner) continue;
      a.peak_memory_bytes = c.memory.peak_allocated_bytes;
      if (c.roofline && c.roofline->bound != roofline::Bound::Unknown) {
        const auto& r = *c.roofline;
        a.roofline_bound = roofline::toString(r.bound);
        a.roofline_precision = r.precision;
        a.roofline_pct =
            r.bound == roofline::Bound::Memory ? r.pct_of_memory_ceiling : r.pct_of_compute_ceiling;
      }
      break;
    }
  }
  return a;
}

std::string raceAnswerKey(const SessionResult& session) {
  for (const auto& r : session.races) {
    if (!r.winner.empty()) return r.winner;
  }
  return {};
}

}  // namespace inferscope
