#include "core/tuner/race_planner.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/analysis/distributions.h"

namespace inferscope::tuner {
namespace {

bool isAoti(const OptimizationConfig& c) {
  return runsAotInductorPackage(c.compile);
}

bool isJit(const OptimizationConfig& c) {
  return screeningKind(c) == ScreeningKind::JitCompile;
}

// The alive candidate with the lowest median (nullptr: none).
const PlanCandidate* leaderOf(const std::vector<PlanCandidate>& candidates) {
  const PlanCandidate* leader = nullptr;
  for (const auto& c : candidates) {
    if (c.alive() && (!leader || c.median_ms < leader->median_ms)) leader = &c;
  }
  return leader;
}

// How promising a compiled candidate is, from its siblings (same precision and memory format)
// that `is_sibling` accepts: group 0 (one measured and eligible; median_ms its best), 1 (none
// measured yet), 2 (only failed or unsafe ones: it computes the same thing).
struct SiblingRank {
  int group = 1;
  double median_ms = 0;
};

SiblingRank siblingRank(const std::vector<PlanCandidate>& candidates,
                        const OptimizationConfig& config,
                        bool (*is_sibling)(const OptimizationConfig&)) {
  SiblingRank r;
  bool any_bad = false;
  for (const auto& c : candidates) {
    const auto& s = c.config;
    if (!is_sibling(s) || s.precision != config.precision ||
        s.memory_format != config.memory_format || !c.measured)
      continue;
    if (c.state == CandidateState::Failed || c.state == CandidateState::Unsafe) {
      any_bad = true;
    } else if (c.median_ms > 0 && (r.group != 0 || c.median_ms < r.median_ms)) {
      r.group = 0;
      r.median_ms = c.median_ms;
    }
  }
  if (r.group != 0 && any_bad) r.group = 2;
  return r;
}

}  // namespace

RacePlanner::RacePlanner(const Measurer& measurer, const RaceOptions& options,
                         const RacePrior* prior)
    : measurer_(measurer), options_(options), prior_(prior) {}

// Race order, except that packages still to be compiled go last, and cached ones come right
// after the first candidate (the guide's recommendation): a cached package costs a load and is
// the likeliest winner, and a short budget may not reach the end of the list. In the replay of
// the recorded H200 runs (docs/ADVISOR.md, "Replay bench") the warm runs of models rebuilt in
// Python screened 30 eager configs and a torch.compile before their packages: EfficientNet-B0
// warm answered 1.29x the best recorded, 1.00x with its packages first.
// torch.compile candidates come after the other ready ones: each costs a compile of tens of
// seconds where an eager config costs about one, and the eager siblings' speeds say which of
// them to compile first (orderJitCompiles).
std::vector<std::size_t> RacePlanner::initialOrder(const std::vector<PlanCandidate>& candidates) {
  std::vector<std::size_t> order;
  for (int group = 0; group < 5; ++group) {
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      const auto& c = candidates[i];
      const int its_group = c.waited           ? 4
                            : isJit(c.config)  ? 3
                            : i == 0           ? 0
                            : isAoti(c.config) ? 1
                                               : 2;
      // A candidate the prior settled (kept from the run continued, or remembered as failed) is
      // not screened again.
      if (its_group == group && !c.measured) order.push_back(i);
    }
  }
  return order;
}

// The compile order: an AOTInductor package is as promising as the other configs of its precision
// and memory format measured so far (their best median); packages whose siblings all failed or
// were unsafe go last (the package computes the same thing in the same precision), unmeasured
// ones in between, in race order. Asked for as screening results arrive, so the queue starts the
// likeliest winner's package next.
std::vector<OptimizationConfig> RacePlanner::compileOrder(
    const std::vector<PlanCandidate>& candidates) {
  struct Rank {
    SiblingRank rank;
    std::size_t position;
    const OptimizationConfig* config;
  };
  std::vector<Rank> ranks;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const auto& c = candidates[i].config;
    if (!isAoti(c)) continue;
    ranks.push_back(
        {siblingRank(candidates, c, [](const OptimizationConfig& s) { return !isAoti(s); }), i,
         &c});
  }
  std::stable_sort(ranks.begin(), ranks.end(), [](const Rank& a, const Rank& b) {
    if (a.rank.group != b.rank.group) return a.rank.group < b.rank.group;
    if (a.rank.group == 0 && a.rank.median_ms != b.rank.median_ms)
      return a.rank.median_ms < b.rank.median_ms;
    return a.position < b.position;
  });
  std::vector<OptimizationConfig> order;
  order.reserve(ranks.size());
  for (const auto& r : ranks) order.push_back(*r.config);
  return order;
}

void RacePlanner::reorder(const std::vector<PlanCandidate>& candidates,
                          std::vector<std::size_t>& pending) const {
  orderJitCompiles(candidates, pending);
  readyPackagesFirst(candidates, pending);
  priorOrder(candidates, pending);
}

// Pending torch.compile candidates, in the order of their eager siblings' speed (same precision
// and memory format) measured so far: each costs a compile, so the likeliest winners go first,
// one per family before a second of any. The first of them goes ahead of the pending eager
// candidates once every family has a measured sibling (below says why).
void RacePlanner::orderJitCompiles(const std::vector<PlanCandidate>& candidates,
                                   std::vector<std::size_t>& pending) const {
  std::vector<std::size_t> slots;  // positions in pending that hold torch.compile candidates
  for (std::size_t k = 0; k < pending.size(); ++k) {
    if (isJit(candidates[pending[k]].config)) slots.push_back(k);
  }
  if (slots.empty()) return;
  struct Rank {
    SiblingRank rank;
    std::size_t entry;
    int family_compiled = 0;  // its family's torch.compile candidates measured so far
  };
  std::vector<Rank> ranks;
  for (auto k : slots) {
    const auto i = pending[k];
    const auto& c = candidates[i].config;
    // Siblings: what is measured without torch.compile (eager, CUDA graphs, packages).
    Rank r{siblingRank(candidates, c,
                       [](const OptimizationConfig& s) {
                         return screeningKind(s) == ScreeningKind::Plain;
                       }),
           i};
    // A family (precision, memory format) whose torch.compile was measured waits until every
    // other family had one: MobileNetV3-L cold on the H200 (2026-12-04) compiled both modes of
    // its fastest eager family (BF16 NCHW) and then of the next, and reached FP16 NCHW, the
    // fastest torch.compile (0.856 ms against 1.07–1.51 ms), last, after its finals. The space
    // puts reduce-overhead first in a family, so each family's first is that mode.
    for (const auto& other : candidates) {
      const auto& s = other.config;
      if (other.measured && isJit(s) && s.precision == c.precision &&
          s.memory_format == c.memory_format)
        ++r.family_compiled;
    }
    ranks.push_back(r);
  }
  std::stable_sort(ranks.begin(), ranks.end(), [](const Rank& a, const Rank& b) {
    if (a.rank.group != b.rank.group) return a.rank.group < b.rank.group;
    if (a.family_compiled != b.family_compiled) return a.family_compiled < b.family_compiled;
    return a.rank.group == 0 && a.rank.median_ms < b.rank.median_ms;
  });
  for (std::size_t n = 0; n < slots.size(); ++n) pending[slots[n]] = ranks[n].entry;
  // The first torch.compile goes ahead of the eager candidates still pending once every
  // candidate's family has a measured sibling (the order above is then informed): the answer is
  // compared with torch.compile, and what a compile costs here is learnt while there is time for
  // it. Behind every eager candidate, ViT-B/16's and ConvNeXt-T's warm 60 s runs on the H200
  // started it at 37–47 s, its compile (5–15 s from a warm cache) ran into the leader's fresh
  // processes and none ran; MobileNetV3-L's reached no torch.compile (2026-12-04).
  const bool compiled_one =
      std::any_of(candidates.begin(), candidates.end(),
                  [](const PlanCandidate& c) { return c.measured && isJit(c.config); });
  const bool informed =
      std::none_of(ranks.begin(), ranks.end(), [](const Rank& r) { return r.rank.group == 1; });
  if (compiled_one || !informed || ranks.front().rank.group != 0 || slots.front() == 0) return;
  pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(slots.front()));
  pending.insert(pending.begin(), ranks.front().entry);
}

// Packages that finished compiling during the run go ahead of the pending torch.compile
// candidates: a package's load costs about a second where a compile costs tens, and its
// CUDA-graph twin is the likeliest winner. MobileNetV3-L cold on the H200 (2026-12-04) measured
// three torch.compile candidates after its finals before the two packages ready since 133 s,
// whose twin then ran 1.5x faster than the winner with no time left to confirm it.
void RacePlanner::readyPackagesFirst(const std::vector<PlanCandidate>& candidates,
                                     std::vector<std::size_t>& pending) const {
  const auto first_jit = std::find_if(pending.begin(), pending.end(),
                                      [&](std::size_t i) { return isJit(candidates[i].config); });
  std::stable_partition(first_jit, pending.end(),
                        [&](std::size_t i) { return compiledDuringRun(candidates[i]); });
}

// The prior's known leader and closest rivals first, in its order; what nothing is known of
// before what was remembered as slower.
void RacePlanner::priorOrder(const std::vector<PlanCandidate>& candidates,
                             std::vector<std::size_t>& pending) const {
  if (!prior_) return;
  const auto rank = [&](std::size_t i) {
    const auto key = candidates[i].config.key();
    const auto first = std::find(prior_->first.begin(), prior_->first.end(), key);
    if (first != prior_->first.end()) return static_cast<int>(first - prior_->first.begin());
    const bool remembered_slower =
        std::any_of(prior_->last.begin(), prior_->last.end(),
                    [&](const PriorCandidate& p) { return p.key == key; });
    return remembered_slower ? std::numeric_limits<int>::max()
                             : std::numeric_limits<int>::max() - 1;
  };
  std::stable_sort(pending.begin(), pending.end(),
                   [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
}

bool RacePlanner::compiledDuringRun(const PlanCandidate& candidate) const {
  return candidate.waited && isAoti(candidate.config) && measurer_.ready(candidate.config);
}

// Screening goes on while candidates wait, up to what the finals need, priced from what was
// measured: two fresh processes of the leader always (the model's load included: a 346 MB ViT
// file reached no fresh process in a 60 s run on the H200 when the finals were planned after
// screening's share), and of the leader and its nearest rival where that fits, with screening's
// share as a floor then (two configs confirmed in fresh processes answer more than one). When
// not even the leader's two processes fit, there are no finals to keep time for and screening
// takes the budget. (GPT-2 at 60 s stopped screening at 27 s with 12 of 18 candidates
// unmeasured and ended at 40.5 s; 30 s runs of real files screened 2–4 of 72 candidates.)
double RacePlanner::screeningEndMs(const PlanClock& clock) {
  const double left = clock.usable_ms - clock.spent_ms;
  const double leader_ms = clock.leader_forks_ms;
  // Once reserved, the leader's processes stay reserved: a chunk that cost more than estimated
  // must not turn "the finals do not fit" into "screen to the end".
  if (leader_ms > 0 && leader_ms <= left) reserved_ = true;
  if (leader_ms <= 0 || (leader_ms > left && !reserved_)) return clock.usable_ms;
  double end = clock.usable_ms - leader_ms;
  if (clock.pair_forks_ms > 0 && clock.pair_forks_ms <= left)
    end = std::min(end, std::max(clock.usable_ms * options_.screening_share,
                                 clock.usable_ms - clock.pair_forks_ms));
  return end;
}

// Packages that were still compiling may run until the wait for compiles ends, and so may the
// eager candidates: the time the finals do not need is screening's.
double RacePlanner::waitEndMs(const PlanClock& clock, double screen_end_ms) const {
  const double end = std::max(clock.usable_ms * (1.0 - options_.finals_share), screen_end_ms);
  // Never into the leader's two fresh processes, when they fit.
  const double leader_ms = clock.leader_forks_ms;
  return reserved_ && leader_ms > 0 ? std::min(end, clock.usable_ms - leader_ms) : end;
}

std::optional<std::size_t> RacePlanner::firstReadyPackage(
    const std::vector<PlanCandidate>& candidates, const std::vector<std::size_t>& pending) const {
  for (auto i : pending) {
    if (compiledDuringRun(candidates[i])) return i;
  }
  return std::nullopt;
}

// A package that finished compiling is measured past the wait for compiles (which still ends the
// waiting), up to the two fresh processes the finals need — its own, should it lead, when they
// cost less than the leader's: its load costs about a second and it is the likeliest winner.
// MobileNetV3-L cold on the H200 (2026-12-04) had its first two packages ready 2 s before the
// wait ended with 74 s left: one was measured, the finals confirmed it (1.22 ms), and its
// CUDA-graph twin (0.82 ms) ran after them, unconfirmed.
double RacePlanner::packageEndMs(const PlanClock& clock, double wait_end_ms,
                                 double package_forks_ms) const {
  const double leader_ms = clock.leader_forks_ms;
  return std::max(
      wait_end_ms,
      clock.usable_ms - (leader_ms > 0 ? std::min(leader_ms, package_forks_ms) : package_forks_ms));
}

PlanAction RacePlanner::nextScreening(const std::vector<PlanCandidate>& candidates,
                                      const std::vector<std::size_t>& pending,
                                      const ScreeningCosts& costs,
                                      const ScreeningSituation& now) const {
  PlanAction action;
  // The next chunk: ready candidates of one kind (what a chunk cost is learnt per kind).
  std::vector<std::size_t> chunk;
  bool compiling = false;  // a pending config still waits for its package
  for (auto i : pending) {
    const auto& c = candidates[i].config;
    if (!measurer_.ready(c)) {
      compiling = true;
      continue;
    }
    if (now.past_screening && !candidates[i].waited) continue;
    if (chunk.empty() || screeningKind(c) == screeningKind(candidates[chunk.front()].config))
      chunk.push_back(i);
  }
  if (chunk.empty()) {
    // Only compiles are left: wait for the next one while the budget allows and one can end in
    // it (a wait of < 1 ms need not move a clock at all). MobileNetV3-L cold on the H200
    // (2026-12-04) waited 55 s for two compiles 14 s into their 115 s, and its finals had 13 s.
    const double left = now.wait_end_ms - now.spent_ms - costs.estimateMs(OptimizationConfig{});
    if (!compiling || left < 1.0 || !compileCanFinishWithin(left)) return action;  // stop
    action.kind = PlanAction::Kind::WaitForCompile;
    action.wait_ms = std::min(left, 1000.0);
    return action;
  }
  const auto& first = candidates[chunk.front()].config;
  std::size_t fits = 0;
  if (costs.predictMs(first)) {
    // Each candidate at its class's price (a package's load, an eager cast's copy of the
    // weights), in race order, while the chunk fits.
    double room = now.limit_ms - now.spent_ms - now.per_call_ms;
    for (auto i : chunk) {
      room -= std::max(costs.estimateMs(candidates[i].config), 1e-9);
      if (room < 0 || fits == static_cast<std::size_t>(options_.batch)) break;
      ++fits;
    }
  } else if (!costs.count() || now.spent_ms + now.per_call_ms +
                                       rememberedOr(unpricedCompileMs(candidates, first), first) <
                                   now.limit_ms) {
    // The first of its kind: what one costs is unknown until it ran (the budget is checked
    // between calls), so two configs (one torch.compile: below).
    fits = static_cast<std::size_t>(std::min(options_.batch, 2));
  }
  // torch.compile candidates one at a time: their compiles differ by tens of seconds (a mode's,
  // a cache's hit or miss), so a chunk priced by the first one's can overrun the share by the
  // rest's (eight priced at a cached compile's 0.3 s would take 40 s), and the budget is
  // checked between calls.
  if (isJit(first)) fits = std::min<std::size_t>(fits, 1);
  if (fits == 0) {
    // This share is spent.
    if (now.past_screening) return action;  // stop
    // Screening's share is spent; packages that were compiling may still have their turn.
    if (std::none_of(pending.begin(), pending.end(),
                     [&](std::size_t i) { return candidates[i].waited; }))
      return action;  // stop
    action.kind = PlanAction::Kind::EndScreeningShare;
    return action;
  }
  chunk.resize(std::min(chunk.size(), fits));
  action.kind = PlanAction::Kind::Screen;
  action.chunk = std::move(chunk);
  return action;
}

// Each measure() call loads the session again (the model, the FP32 reference): a chunk of one
// pays all of it, where screening's chunks shared it. A chunk holds one kind; a candidate whose
// kind costs more than the time left is passed over for cheaper ones.
std::vector<std::size_t> RacePlanner::lateChunk(const std::vector<PlanCandidate>& candidates,
                                                const std::vector<std::size_t>& pending,
                                                const ScreeningCosts& costs, double room_ms) const {
  std::vector<std::size_t> chunk;
  for (auto i : pending) {
    if (chunk.size() >= static_cast<std::size_t>(options_.batch)) break;
    const auto& c = candidates[i].config;
    if (!measurer_.ready(c)) continue;
    if (!chunk.empty() && screeningKind(c) != screeningKind(candidates[chunk.front()].config))
      continue;
    // A torch.compile with none measured yet is not priced at the eager configs' mean.
    const double price_ms =
        costs.predictMs(c) || !isJit(c) ? costs.estimateMs(c) : rememberedOr(kUnpricedCompileMs, c);
    if (price_ms > room_ms) continue;
    room_ms -= price_ms;
    chunk.push_back(i);
  }
  return chunk;
}

// The replay of the recorded H200 runs on held-out seeds (docs/ADVISOR.md, "Replay bench") drew
// DistilBERT's fp16+tc at 0.56 ms in the tuner's process against its recorded 2.8–4.0 ms: every
// package (0.79 ms) was screened out against it, its three fresh processes ran it at 2.76 ms, and
// the race answered it at 3.6x the best recorded config with 100 s of its budget left.
std::vector<std::size_t> RacePlanner::rivalsOfARefutedLeader(
    const std::vector<PlanCandidate>& candidates, std::size_t winner, double winner_process_high_ms,
    double winner_fresh_ms, std::size_t max_rivals) {
  std::vector<std::size_t> rivals;
  if (!(winner_process_high_ms > 0) || winner_fresh_ms <= winner_process_high_ms * kRefutedRatio)
    return rivals;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const auto& c = candidates[i];
    const bool ranked_out = c.state == CandidateState::Eliminated ||
                            c.state == CandidateState::Finalist || c.state == CandidateState::Tied;
    if (i == winner || !c.measured || !ranked_out || !(c.median_ms > 0)) continue;
    if (c.median_ms * kRefutedRatio < winner_fresh_ms) rivals.push_back(i);
  }
  std::stable_sort(rivals.begin(), rivals.end(), [&](std::size_t a, std::size_t b) {
    return candidates[a].median_ms < candidates[b].median_ms;
  });
  if (rivals.size() > max_rivals) rivals.resize(max_rivals);
  return rivals;
}

double RacePlanner::expectedGain(double winner_fresh_ms, double predicted_ms, double log_sd,
                                 double equivalence_delta) {
  if (!(winner_fresh_ms > 0) || !(predicted_ms > 0) || !(log_sd > 0)) return 0;
  const double d = std::log(winner_fresh_ms / (1.0 + equivalence_delta)) - std::log(predicted_ms);
  const double z = d / log_sd;
  constexpr double kInvSqrt2Pi = 0.3989422804014327;
  return log_sd * kInvSqrt2Pi * std::exp(-0.5 * z * z) + d * analysis::normalCdf(z);
}

std::optional<std::size_t> RacePlanner::nextRivalFork(const std::vector<PlanCandidate>& candidates,
                                                      std::size_t winner,
                                                      const std::vector<double>& fork_cost_ms,
                                                      double room_ms, double equivalence_delta) {
  if (winner >= candidates.size()) return std::nullopt;
  const auto& w = candidates[winner];
  if (w.processes < 2 || !(w.fresh_ms > 0)) return std::nullopt;
  // This run's ratio of fresh to in-process, over the configs forked in it.
  std::vector<double> ratios;
  for (const auto& c : candidates) {
    if (c.measured && c.processes >= 2 && c.fresh_ms > 0 && c.median_ms > 0)
      ratios.push_back(std::log(c.fresh_ms / c.median_ms));
  }
  if (ratios.empty()) return std::nullopt;
  double mean = 0;
  for (double r : ratios) mean += r;
  mean /= static_cast<double>(ratios.size());
  double ss = 0;
  for (double r : ratios) ss += (r - mean) * (r - mean);
  const double spread =
      ratios.size() > 1 ? std::sqrt(ss / static_cast<double>(ratios.size() - 1)) : 0.0;
  // A config not forked yet is a new draw from that spread, around a mean that n forked configs
  // only estimate: its prediction's spread is the spread times sqrt(1 + 1/n).
  const double log_sd = std::max(kRatioLogSdFloor, spread) *
                        std::sqrt(1.0 + 1.0 / static_cast<double>(ratios.size()));
  std::optional<std::size_t> best;
  double best_rate = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const auto& c = candidates[i];
    const bool ranked = c.state == CandidateState::Eliminated ||
                        c.state == CandidateState::Finalist || c.state == CandidateState::Tied;
    if (i == winner || !c.measured || !ranked || c.processes > 0 || !(c.median_ms > 0)) continue;
    const double cost = i < fork_cost_ms.size() ? fork_cost_ms[i] : 0;
    if (!(cost > 0) || cost > room_ms) continue;
    const double gain =
        expectedGain(w.fresh_ms, c.median_ms * std::exp(mean), log_sd, equivalence_delta);
    if (gain < kMinExpectedGain) continue;
    if (!best || gain / cost > best_rate) {
      best = i;
      best_rate = gain / cost;
    }
  }
  return best;
}

bool RacePlanner::compileCanFinishWithin(double wait_ms) const {
  const auto jobs = measurer_.compileJobs();
  double done_ms = 0;
  int done = 0;
  for (const auto& j : jobs) {
    if (j.state == CompileStatus::State::Done && j.elapsed_ms > 0) {
      done_ms += j.elapsed_ms;
      ++done;
    }
  }
  if (done == 0) return true;  // nothing to go by yet
  const double typical_ms = done_ms / done;
  return std::any_of(jobs.begin(), jobs.end(), [&](const CompileStatus& j) {
    return j.state == CompileStatus::State::Running &&
           j.elapsed_ms + wait_ms >= kCompileTimeShare * typical_ms;
  });
}

double RacePlanner::rememberedOr(double price_ms, const OptimizationConfig& config) const {
  if (!(price_ms > 0) || !prior_) return price_ms;
  const auto it = prior_->remembered_setup_ms.find(config.key());
  if (it != prior_->remembered_setup_ms.end() && it->second > 0) return it->second;
  // Not measured then: what the earlier run's candidates of its kind cost, on average.
  double sum_ms = 0;
  int n = 0;
  for (const auto& [key, setup_ms] : prior_->remembered_setup_ms) {
    try {
      if (screeningKind(OptimizationConfig::parse(key)) != screeningKind(config)) continue;
    } catch (const std::exception&) {
      continue;  // a key of the file that names no config
    }
    sum_ms += setup_ms;
    ++n;
  }
  return n > 0 ? sum_ms / n : price_ms;
}

double RacePlanner::unpricedCompileMs(const std::vector<PlanCandidate>& candidates,
                                      const OptimizationConfig& config) {
  if (!isJit(config)) return 0;
  const PlanCandidate* leader = leaderOf(candidates);
  return leader && leader->config.compile != CompileMode::None ? kUnpricedCompileMs : 0;
}

}  // namespace inferscope::tuner
