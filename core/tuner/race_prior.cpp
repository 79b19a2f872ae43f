#include "core/tuner/race_prior.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/engine/plan_shard.h"

namespace inferscope::tuner {
namespace {

PriorCandidate priorCandidate(const TuneCandidateRecord& c) {
  PriorCandidate p;
  p.key = c.key;
  p.state = candidateStateFrom(c.state);
  p.reason = c.reason;
  p.accuracy = c.accuracy;
  p.estimate.median_ms = c.median_ms;
  p.estimate.low_ms = c.low_ms;
  p.estimate.high_ms = c.high_ms;
  p.estimate.samples = c.samples;
  p.estimate.rounds = c.rounds;
  p.estimate.contended = c.contended;
  p.setup_ms = c.setup_ms;
  p.compile_ms = c.compile_ms;
  return p;
}

// A candidate's best-known level: across fresh processes where it had two or more.
double levelMs(const TuneCandidateRecord& c) {
  if (c.forks && c.forks->forks >= 2 && c.forks->median_ms > 0) return c.forks->median_ms;
  return c.median_ms;
}

bool hasLevel(const TuneCandidateRecord& c) {
  return (c.state == "winner" || c.state == "tied" || c.state == "finalist" ||
          c.state == "eliminated") &&
         levelMs(c) > 0;
}

// A memory is data from a file: a key that does not parse is no candidate, and not the reference.
bool isReference(const std::string& key) {
  try {
    return isReferenceConfig(OptimizationConfig::parse(key));
  } catch (const std::exception&) {
    return false;
  }
}

std::string remembered(const std::string& reason, const std::string& when) {
  if (reason.rfind("remembered:", 0) == 0) return reason;  // settled from memory already
  return fmt::format("remembered: {} ({})", reason, when);
}

std::string age(double days) {
  return days < 1 ? fmt::format("{:.0f} h ago", std::max(0.0, days * 24))
                  : fmt::format("{:.0f} day{} ago", days, std::round(days) == 1 ? "" : "s");
}

}  // namespace

CandidateState candidateStateFrom(const std::string& text) {
  for (auto s : {CandidateState::NotMeasured, CandidateState::Failed, CandidateState::Unsafe,
                 CandidateState::AccuracyNotMeasured, CandidateState::Eliminated,
                 CandidateState::Finalist, CandidateState::Winner, CandidateState::Tied}) {
    if (text == toString(s)) return s;
  }
  return CandidateState::NotMeasured;
}

RacePrior priorFromMemory(const RunMemory& memory, double now_unix_s, const std::string& source) {
  RacePrior prior;
  prior.source = source;
  const auto daysOld = [&](const std::string& key) {
    const auto at = memory.measured_at_unix_s.find(key);
    const double when = at != memory.measured_at_unix_s.end() ? at->second : memory.written_unix_s;
    return (now_unix_s - when) / 86400.0;
  };
  // First: the confirmed answer, then the others by level.
  std::vector<const TuneCandidateRecord*> ranked;
  for (const auto& c : memory.race.candidates) {
    if (hasLevel(c)) ranked.push_back(&c);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto* a, const auto* b) { return levelMs(*a) < levelMs(*b); });
  if (memory.confirmed) prior.first.push_back(memory.confirmed->key);
  for (const auto* c : ranked) {
    if (prior.first.size() >= kRememberedFirst) break;
    if (std::find(prior.first.begin(), prior.first.end(), c->key) == prior.first.end())
      prior.first.push_back(c->key);
  }
  for (const auto& c : memory.race.candidates) {
    const double days = daysOld(c.key);
    if (days > kMemoryFreshDays) continue;  // ordering only
    if (std::find(prior.first.begin(), prior.first.end(), c.key) != prior.first.end()) continue;
    const auto when = fmt::format("measured {}, {}", age(days), source);
    // The FP32 reference is screened whatever it did: nothing is judged without it. A failure the
    // machine's state may have caused (out of memory, a cancel) is tried again.
    if (isReference(c.key)) continue;
    const bool transient = c.reason.rfind("oom", 0) == 0 || c.reason.rfind("cancelled", 0) == 0;
    if ((c.state == "failed" && !transient) || c.state == "unsafe") {
      auto p = priorCandidate(c);
      p.reason = remembered(c.reason, when);
      prior.skip.push_back(p);
    } else if (c.state == "eliminated" && c.median_ms > 0) {
      auto p = priorCandidate(c);
      p.reason = remembered(c.reason, when);
      prior.last.push_back(p);
    }
  }
  if (memory.confirmed) {
    const auto& c = *memory.confirmed;
    prior.confirmed_winner = c.key;
    prior.confirmed_median_ms = c.median_ms;
    prior.confirmed_high_ms = c.high_ms;
    for (const auto& r : memory.race.candidates) {
      if (r.key != c.key) continue;
      prior.confirmed_process_ms = r.median_ms;
      prior.confirmed_process_high_ms = r.high_ms;
    }
    prior.confirmed_level =
        fmt::format("{:.4g} ms [{:.4g}, {:.4g}] across {} fresh processes, {}", c.median_ms,
                    c.low_ms, c.high_ms, c.processes, age((now_unix_s - c.at_unix_s) / 86400.0));
  }
  return prior;
}

RacePrior priorFromSession(const TuneRecord& race, const std::vector<ConfigResult>& configs,
                           const std::string& source) {
  RacePrior prior;
  prior.source = source;
  for (const auto& c : race.candidates) {
    const auto state = candidateStateFrom(c.state);
    if (state == CandidateState::NotMeasured) continue;
    auto p = priorCandidate(c);
    // The earlier answer and its rivals race in this run's finals again.
    if (state == CandidateState::Winner || state == CandidateState::Tied)
      p.state = CandidateState::Finalist;
    if (p.state == CandidateState::Finalist && !(p.estimate.median_ms > 0)) continue;
    prior.kept.push_back(p);
    const auto it = std::find_if(configs.begin(), configs.end(),
                                 [&](const ConfigResult& r) { return r.config.key() == c.key; });
    if (it != configs.end()) prior.results.push_back(*it);
  }
  const auto* winner = race.winner.empty() ? nullptr : race.find(race.winner);
  if (winner && winner->forks && winner->forks->forks >= 2 && winner->forks->median_ms > 0) {
    const auto& f = *winner->forks;
    prior.confirmed_winner = winner->key;
    prior.confirmed_median_ms = f.median_ms;
    prior.confirmed_high_ms = f.ci_high_ms;
    prior.confirmed_process_ms = winner->median_ms;
    prior.confirmed_process_high_ms = winner->high_ms;
    prior.confirmed_level = fmt::format("{:.4g} ms [{:.4g}, {:.4g}] across {} fresh processes",
                                        f.median_ms, f.ci_low_ms, f.ci_high_ms, f.forks);
  }
  return prior;
}

}  // namespace inferscope::tuner
