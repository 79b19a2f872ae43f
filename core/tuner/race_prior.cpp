#include "core/tuner/race_prior.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/analysis/distributions.h"
#include "core/engine/plan_shard.h"

namespace inferscope::tuner {
namespace {

PriorCandidate priorCandidate(const TuneCandidateRecord& c) {
  PriorCandidate p;
  p.key = c.key;
  p.state = candidateStateFrom(c.state);
  p.reason = c.reason;
  p.reason_code = c.reason_code;
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
      p.reason_code.values.emplace("remembered", when);  // kept where settled from memory already
      prior.skip.push_back(p);
    } else if (c.state == "eliminated" && c.median_ms > 0) {
      auto p = priorCandidate(c);
      p.reason = remembered(c.reason, when);
      p.reason_code.values.emplace("remembered", when);
      prior.last.push_back(p);
    }
  }
  prior.remembered_winner = memory.race.winner;
  for (const auto& c : memory.race.candidates) {
    if (c.setup_ms > 0 && daysOld(c.key) <= kMemoryFreshDays)
      prior.remembered_setup_ms[c.key] = c.setup_ms;
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
      // Its processes' spread is kept with the candidate of the run that confirmed it; a later
      // run that did not fork it leaves the confirmed level without one (pooled at no spread).
      if (r.forks && r.forks->forks == c.processes &&
          std::abs(r.forks->median_ms - c.median_ms) <= 1e-9 * c.median_ms) {
        prior.confirmed_forks = *r.forks;
      }
    }
    if (!prior.confirmed_forks && c.processes >= 2 && c.median_ms > 0) {
      ForkStats f;
      f.forks = c.processes;
      f.median_ms = c.median_ms;
      f.ci_low_ms = c.low_ms;
      f.ci_high_ms = c.high_ms;
      prior.confirmed_forks = f;
    }
    prior.confirmed_level =
        fmt::format("{:.4g} ms [{:.4g}, {:.4g}] across {} fresh processes, {}", c.median_ms,
                    c.low_ms, c.high_ms, c.processes, age((now_unix_s - c.at_unix_s) / 86400.0));
  }
  return prior;
}

std::optional<ForkStats> pooledForks(const ForkStats& now, const ForkStats& remembered,
                                     double equivalence_delta) {
  if (now.forks < 1 || remembered.forks < 1 || !(now.median_ms > 0) || !(remembered.median_ms > 0))
    return std::nullopt;
  const auto reaches = [](const ForkStats& f, double level_ms) {
    return f.ci_low_ms > 0 && f.ci_high_ms > 0 && f.ci_low_ms <= level_ms &&
           level_ms <= f.ci_high_ms;
  };
  const double gap = std::abs(std::log(now.median_ms / remembered.median_ms));
  if (gap > std::log1p(equivalence_delta) && !reaches(now, remembered.median_ms) &&
      !reaches(remembered, now.median_ms))
    return std::nullopt;  // moved
  const double na = now.forks, nb = remembered.forks, n = na + nb;
  const double la = std::log(now.median_ms), lb = std::log(remembered.median_ms);
  const double mean = (na * la + nb * lb) / n;
  const double ss = (na - 1) * now.log_sd * now.log_sd +
                    (nb - 1) * remembered.log_sd * remembered.log_sd +
                    na * (la - mean) * (la - mean) + nb * (lb - mean) * (lb - mean);
  const double log_sd = n > 1 ? std::sqrt(ss / (n - 1)) : 0.0;
  ForkStats f;
  f.forks = static_cast<int>(n);
  f.median_ms = std::exp(mean);
  const double t = analysis::studentQuantile(0.975, n - 1);
  const double half = t * log_sd / std::sqrt(n);
  f.ci_low_ms = std::exp(mean - half);
  f.ci_high_ms = std::exp(mean + half);
  const double next = t * log_sd * std::sqrt(1 + 1 / n);
  f.next_low_ms = std::exp(mean - next);
  f.next_high_ms = std::exp(mean + next);
  f.log_sd = log_sd;
  // The range of the process medians is known per group only: each group's range about its own
  // level, the two put together.
  const double low = std::min(now.median_ms * (1 - now.spread / 2),
                              remembered.median_ms * (1 - remembered.spread / 2));
  const double high = std::max(now.median_ms * (1 + now.spread / 2),
                               remembered.median_ms * (1 + remembered.spread / 2));
  f.spread = (high - low) / f.median_ms;
  f.stable = now.stable && remembered.stable && f.spread <= equivalence_delta;
  // Noisy only where both groups were: the pooled spread says no more than that.
  f.outcome = f.stable ? ForkAgreement::Stable
              : now.outcome == ForkAgreement::Noisy && remembered.outcome == ForkAgreement::Noisy
                  ? ForkAgreement::Noisy
                  : ForkAgreement::Unstable;
  f.remembered_forks = remembered.forks;
  return f;
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
  prior.remembered_winner = race.winner;
  const auto* winner = race.winner.empty() ? nullptr : race.find(race.winner);
  if (winner && winner->forks && winner->forks->forks >= 2 && winner->forks->median_ms > 0) {
    const auto& f = *winner->forks;
    prior.confirmed_winner = winner->key;
    prior.confirmed_forks = f;
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
