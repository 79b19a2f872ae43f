#include "core/runner/tuned_session.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/tuner/race_record.h"

namespace inferscope::runner {
namespace {

// The session a tuning run leaves: every config's last in-process run, the finalists replaced by
// their forked runs, in race order.
SessionResult tuneSession(const SessionResult& header, const tuner::TuneResult& r) {
  SessionResult s = header;
  s.configs.clear();
  s.request.plan.clear();
  for (const auto& c : r.candidates) {
    const auto pick = [&](const std::vector<ConfigResult>& list) -> const ConfigResult* {
      for (const auto& x : list) {
        if (x.config == c.config || x.fallback_from == c.config.key()) return &x;
      }
      return nullptr;
    };
    const ConfigResult* result = pick(r.finals);
    if (!result) result = pick(r.screening);
    if (!result) continue;
    s.configs.push_back(*result);
    s.configs.back().index = static_cast<int>(s.configs.size()) - 1;
    s.request.plan.push_back(result->config);
  }
  s.cancelled = r.cancelled;
  return s;
}

// A shard's session starts with the FP32 reference: merge keeps one reference per split and
// places the other configs by their position in the shard (core/session/session_merge.h).
void referenceFirst(SessionResult& s) {
  std::vector<std::size_t> order(s.configs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t i) { return isReferenceConfig(s.configs[i].config); });
  std::vector<ConfigResult> configs;
  for (std::size_t i : order) {
    configs.push_back(std::move(s.configs[i]));
    configs.back().index = static_cast<int>(configs.size()) - 1;
  }
  s.configs = std::move(configs);
  s.request.plan.clear();
  for (const auto& c : s.configs) s.request.plan.push_back(c.config);
}

// The level a candidate reached: across its fresh processes when it had them.
double candidateLevelMs(const tuner::CandidateOutcome& c) {
  return c.forks && c.forks->median_ms > 0 ? c.forks->median_ms : c.estimate.median_ms;
}

}  // namespace

void appendPeerComparison(tuner::TuneResult& r) {
  const tuner::CandidateOutcome* peer = nullptr;
  for (const auto& c : r.candidates) {
    if (!runsTorchCompile(c.config.compile) || !(candidateLevelMs(c) > 0)) continue;
    if (c.state == tuner::CandidateState::Failed || c.state == tuner::CandidateState::NotMeasured)
      continue;
    if (!peer || candidateLevelMs(c) < candidateLevelMs(*peer)) peer = &c;
  }
  if (!r.winner) return;
  if (!peer) {
    // torch.compile was a candidate (a model Python rebuilds) and has no figure: said, so that a
    // reader never takes the answer as compared with it (MobileNetV3-L's warm 60 s run on the H200
    // reached none, 2026-12-04).
    int failed = 0, unreached = 0;
    const tuner::CandidateOutcome* first_failure = nullptr;
    for (const auto& c : r.candidates) {
      if (!runsTorchCompile(c.config.compile)) continue;
      if (c.state == tuner::CandidateState::Failed) {
        ++failed;
        if (!first_failure) first_failure = &c;
      } else {
        ++unreached;
      }
    }
    if (failed + unreached == 0) return;
    const int total = failed + unreached;
    const std::string its = fmt::format("its {} candidate{}", total, total == 1 ? "" : "s");
    if (unreached > 0) {
      r.verdict += fmt::format(
          ". Not compared with torch.compile: {} {} no figure ({} not reached in this budget{}; "
          "raise --budget-s)",
          its, total == 1 ? "has" : "have", unreached,
          failed > 0 ? fmt::format(", {} failed", failed) : std::string());
    } else {
      r.verdict += fmt::format(". Not compared with torch.compile: {} failed ({}: {})", its,
                               first_failure->config.key(), first_failure->reason);
    }
    return;
  }
  const auto* winner = r.find(*r.winner);
  if (!winner || !(candidateLevelMs(*winner) > 0)) return;
  if (winner == peer) {
    r.verdict +=
        fmt::format(". The answer is torch.compile itself ({}): the Python export writes it",
                    peer->config.key());
    return;
  }
  // Like for like: across fresh processes when both had them, else both as the race measured them
  // in its own process. A winner's fresh processes run alone while a screened torch.compile ran
  // beside the background compiles: set against each other, the H200's DistilBERT read 0.81×
  // where its figures of one kind say 0.85×.
  const bool forked =
      winner->forks && winner->forks->median_ms > 0 && peer->forks && peer->forks->median_ms > 0;
  const double winner_ms = forked ? winner->forks->median_ms : winner->estimate.median_ms;
  const double peer_ms = forked ? peer->forks->median_ms : peer->estimate.median_ms;
  if (!(winner_ms > 0) || !(peer_ms > 0)) return;
  r.verdict += fmt::format(
      ". {:.2f}× torch.compile {} ({:.4g} against {:.4g} ms, both {}; measured in this run{})",
      winner_ms / peer_ms, peer->config.key(), winner_ms, peer_ms,
      forked ? "across fresh processes" : "in the tuner's process",
      peer->state == tuner::CandidateState::Unsafe ? ", unsafe" : "");
}

SessionResult tunedSession(const SessionResult& header, const tuner::TuneResult& result,
                           const std::string& what, const std::string& device_name,
                           const std::optional<ShardSpec>& shard) {
  SessionResult session = tuneSession(header, result);
  // The answer travels with the session: verdict, every candidate's fate, the budget's use.
  session.races = {tuner::raceRecord(result, what, device_name)};
  if (shard) {
    referenceFirst(session);
    session.shard = shard;
    session.races.front().shard = shard->toString();
  }
  return session;
}

}  // namespace inferscope::runner
