#include "core/tuner/race.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/analysis/confidence_interval.h"
#include "core/analysis/summary_stats.h"
#include "core/common/units.h"
#include "core/engine/tune_answer.h"
#include "core/tuner/race_planner.h"
#include "core/tuner/race_prior.h"

namespace inferscope::tuner {
namespace {

bool isAoti(const OptimizationConfig& c) {
  return runsAotInductorPackage(c.compile);
}

// Fewer moving parts first: what a tie is broken by, so repeated runs settle on the same answer.
int complexity(const OptimizationConfig& c) {
  switch (c.compile) {
    case CompileMode::None:
      return 0;
    case CompileMode::TorchScript:
      return 1;
    case CompileMode::CudaGraph:
      return 2;
    case CompileMode::AotInductor:
      return 3;
    case CompileMode::AotInductorGraph:
      return 4;
    case CompileMode::AotInductorMax:
      return 5;
    case CompileMode::TorchCompile:  // a Python process in the serving path, and a JIT compile
      return 6;
    case CompileMode::TorchCompileReduceOverhead:
      return 7;
    case CompileMode::TorchCompileMax:
      return 8;
  }
  return 9;
}

std::string interval(const Estimate& e) {
  return fmt::format("{:.4g} ms [{:.4g}, {:.4g}]", e.median_ms, e.low_ms, e.high_ms);
}

// The level a finalist reached across its processes (or in this process, when it was not forked).
Estimate finalLevel(const ConfigResult& r, const Estimate& in_process) {
  if (!r.fork_stats || r.fork_stats->forks < 1 || !(r.fork_stats->median_ms > 0)) return in_process;
  Estimate e = in_process;
  e.median_ms = r.fork_stats->median_ms;
  e.low_ms = r.fork_stats->ci_low_ms > 0 ? r.fork_stats->ci_low_ms : e.median_ms;
  e.high_ms = r.fork_stats->ci_high_ms > 0 ? r.fork_stats->ci_high_ms : e.median_ms;
  return e;
}

// The families the budget did not reach, and a budget that would reach them: this run's budget
// plus each one's in-process cost as measured here for its kind, rounded up to 10 s.
Unmeasured unmeasuredSummary(const std::vector<CandidateOutcome>& candidates,
                             const ScreeningCosts& costs, double per_call_ms, double budget_ms) {
  Unmeasured u;
  double unmeasured_cost_ms = 0;
  for (const auto& c : candidates) {
    if (c.state != CandidateState::NotMeasured) continue;
    ++u.count;
    unmeasured_cost_ms += costs.estimateMs(c.config);
    OptimizationConfig precision, compile;
    precision.precision = c.config.precision;
    compile.compile = c.config.compile;
    // The compile mode's own token: the key of an FP32 config with only that mode set, less
    // "fp32+" ("eager" for none).
    const auto compile_key =
        c.config.compile == CompileMode::None ? std::string("eager") : compile.key().substr(5);
    for (auto [list, key] :
         {std::pair{&u.precisions, precision.key()}, std::pair{&u.compiles, compile_key}}) {
      if (std::find(list->begin(), list->end(), key) == list->end()) list->push_back(key);
    }
  }
  if (u.count > 0 && unmeasured_cost_ms > 0) {
    const double need_ms = budget_ms + per_call_ms + unmeasured_cost_ms;
    u.budget_to_reach_ms = 10000.0 * std::ceil(need_ms / 10000.0);
  }
  return u;
}

}  // namespace

const char* toString(VerdictState state) {
  switch (state) {
    case VerdictState::Final:
      return "final";
    case VerdictState::Provisional:
      return "provisional";
    case VerdictState::NoWinner:
      return "no-winner";
    case VerdictState::Cancelled:
      return "cancelled";
  }
  return "no-winner";
}

const char* toString(CandidateState state) {
  switch (state) {
    case CandidateState::NotMeasured:
      return "not-measured";
    case CandidateState::Failed:
      return "failed";
    case CandidateState::Unsafe:
      return "unsafe";
    case CandidateState::AccuracyNotMeasured:
      return "accuracy-not-measured";
    case CandidateState::Eliminated:
      return "eliminated";
    case CandidateState::Finalist:
      return "finalist";
    case CandidateState::Winner:
      return "winner";
    case CandidateState::Tied:
      return "tied";
  }
  return "not-measured";
}

const CandidateOutcome* TuneResult::find(const OptimizationConfig& config) const {
  for (const auto& c : candidates) {
    if (c.config == config) return &c;
  }
  return nullptr;
}

struct Race::Entry {
  CandidateOutcome outcome;
  std::vector<ConfigResult> rounds;  // in-process results that ran cleanly and safely
  bool measured = false;
  double cost_ms = 0;  // wall time of its last in-process measurement (set-up included)
  // The same less its share of the measure() call's session load (the model, the FP32
  // reference), which a fresh process's price counts on its own (Race::forkStartMs).
  double own_cost_ms = 0;
  // Its latest round switched between two levels too rarely to tell their mix (the steady
  // analysis's too_few_switches): its interval says where this run sat, not where the config
  // sits, so it is measured longer before anything is ranked on it.
  bool too_few_switches = false;

  bool alive() const { return measured && outcome.state == CandidateState::Finalist; }
};

namespace {

// What each config of one measure() call cost on its own: the call's time less the session's load
// (the model, the FP32 reference, paid once however many configs the call holds), shared by what
// each config did — its set-up and its iterations at its median — so that a package's load and an
// eager cast in one call are not priced alike. A config the deadline cut has no result and no
// share.
std::vector<double> ownCostsMs(const std::vector<ConfigResult>& measured, std::size_t configs,
                               double call_ms, double session_ms, int iterations) {
  const std::size_t n = std::min(configs, measured.size());
  const double own_total_ms = std::max(0.0, call_ms - session_ms);
  std::vector<double> weights(n, 0.0);
  double weight_sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const auto& m = measured[k];
    const double run_ms = m.stats.median_ms > 0 ? m.stats.median_ms * iterations : 0.0;
    weights[k] = std::max(0.0, m.setup_ms) + run_ms;
    weight_sum += weights[k];
  }
  std::vector<double> own(n, n ? own_total_ms / static_cast<double>(n) : 0.0);
  if (weight_sum > 0) {
    for (std::size_t k = 0; k < n; ++k) own[k] = own_total_ms * weights[k] / weight_sum;
  }
  return own;
}

}  // namespace

// What fresh processes of some candidates cost, estimated: per fork every candidate's process start
// and in-process set-up, and per fork and iteration every candidate's median. The finals size
// themselves with it, and screening keeps the leader's two processes' worth of time by it.
struct Race::ForkPrice {
  double fixed_ms = 0;          // per fork: every candidate's process start and set-up
  double per_iteration_ms = 0;  // per fork and iteration: every candidate's median

  void add(const Entry& e, double process_start_ms) {
    fixed_ms += process_start_ms + e.own_cost_ms;
    per_iteration_ms += e.outcome.estimate.median_ms;
  }
  double costMs(int forks, int warmup, int iterations) const {
    return forks * (fixed_ms + per_iteration_ms * (warmup + iterations));
  }
};

Race::Race(Measurer& measurer, RaceOptions options, TuneObserver* observer)
    : measurer_(measurer), options_(options), observer_(observer ? observer : &null_observer_) {}

double Race::spentMs() const {
  return measurer_.nowMs() - start_ms_;
}

double Race::deadlineMs() const {
  // A measurer reads a deadline of 0 (or less) as "none". Where what came before the race (a slow
  // start, a Python model's preparation) spent the whole budget, the deadline lies before the
  // measurer's clock began: it is then that clock's first instant, already passed, never "none" —
  // a hanging model's worker is stopped at once instead of waited for without end.
  constexpr double kEarliestDeadlineMs = 1e-3;
  return std::max(start_ms_ + usableMs(), kEarliestDeadlineMs);
}

double Race::forkStartMs(const OptimizationConfig& config) const {
  return options_.process_start_ms + measurer_.forkOverheadMs(config);
}

double Race::usableMs() const {
  const double load_ms = options_.exit_reserve_holds_a_load ? measurer_.sessionOverheadMs() : 0;
  return options_.budget_ms - options_.exit_reserve_ms - load_ms;
}

void Race::tick() {
  observer_->onTime(spentMs(), options_.budget_ms);
}

void Race::record(Entry& e, const ConfigResult& r, bool contended) {
  tick();  // observers stamp the news with the time it arrived
  auto& o = e.outcome;
  e.measured = true;
  o.setup_ms = r.setup_ms;
  o.compile_ms = std::max(o.compile_ms, r.compile_ms);
  if (r.config != o.config) {
    // The engine ran the guide's fallback (a failed whole-model cast → autocast). That config is a
    // candidate of its own; this one failed, and says where to look.
    o.state = CandidateState::Failed;
    o.fallback = r.message;
    o.reason = fmt::format("{} (the fallback {} is measured as a candidate of its own)", r.message,
                           r.config.key());
    o.reason_code = {"fallback", {{"message", r.message}, {"fallback", r.config.key()}}};
    observer_->onCandidate(o);
    return;
  }
  if (r.status != ConfigStatus::Ok) {
    o.state = CandidateState::Failed;
    o.reason = r.message.empty() ? toString(r.status)
                                 : fmt::format("{}: {}", toString(r.status), r.message);
    o.reason_code = {"failed", {{"status", toString(r.status)}, {"message", r.message}}};
    observer_->onCandidate(o);
    return;
  }
  const auto judgement = judgeAccuracy(r.accuracy, r.config, options_.accuracy);
  if (judgement.state == AccuracyState::NotMeasured) {
    // Not unsafe (nothing was found wrong), but nothing was checked either: its speed is shown,
    // and it never wins.
    o.state = CandidateState::AccuracyNotMeasured;
    o.accuracy = judgement.note;
    o.reason = judgement.note + ": measured for speed only, never the winner";
    o.reason_code = {"accuracy-not-measured", {{"note", judgement.note}}};
    o.estimate.median_ms = r.stats.median_ms;
    observer_->onCandidate(o);
    return;
  }
  if (judgement.state == AccuracyState::Unjudgeable) unjudgeable_note_ = judgement.note;
  o.accuracy = judgement.safe         ? judgement.summary
               : judgement.eligible() ? judgement.note
                                      : judgement.unsafe_reason;
  if (!judgement.eligible()) {
    o.state = CandidateState::Unsafe;
    o.reason = judgement.unsafe_reason;
    o.reason_code = {"unsafe", {{"detail", judgement.unsafe_reason}}};
    o.estimate.median_ms = r.stats.median_ms;
    observer_->onCandidate(o);
    return;
  }
  e.rounds.push_back(r);
  e.too_few_switches = r.steady.too_few_switches;
  // Pooled steady samples; the interval also spans every round's own CI and median, because each
  // round is a separate preparation of the model and its level may differ from the last.
  std::vector<double> pooled;
  auto& est = o.estimate;
  est.contended = contended;  // the latest, longest round dominates the pooled samples
  est.rounds = static_cast<int>(e.rounds.size());
  double low = INFINITY, high = 0;
  for (const auto& round : e.rounds) {
    const auto steady = round.steadyLatencies();
    pooled.insert(pooled.end(), steady.begin(), steady.end());
    low = std::min(low, round.stats.median_ms);
    high = std::max(high, round.stats.median_ms);
    if (round.steady.analysed && round.steady.median_ci_high_ms > round.steady.median_ci_low_ms &&
        round.steady.median_ci_low_ms > 0) {
      low = std::min(low, round.steady.median_ci_low_ms);
      high = std::max(high, round.steady.median_ci_high_ms);
    }
  }
  std::sort(pooled.begin(), pooled.end());
  est.samples = pooled.size();
  est.median_ms = pooled.empty() ? r.stats.median_ms : analysis::quantileSorted(pooled, 0.5);
  if (!pooled.empty()) {
    const auto ci = analysis::medianOrderStatisticInterval(pooled, 0.95);
    // Too few samples for an interval: the sample's range, which any honest interval lies inside.
    low = std::min(low, ci.valid() ? ci.low : pooled.front());
    high = std::max(high, ci.valid() ? ci.high : pooled.back());
  }
  est.low_ms = std::min(low, est.median_ms);
  est.high_ms = std::max(high, est.median_ms);
  o.state = CandidateState::Finalist;  // alive; the final state is decided at the end
  o.reason = o.accuracy;
  o.reason_code = {"accuracy", {{"accuracy", o.accuracy}}};
  observer_->onCandidate(o);
}

const Race::Entry* Race::leaderOf(const std::vector<Entry>& entries) {
  const Entry* leader = nullptr;
  for (const auto& e : entries) {
    if (e.alive() && (!leader || e.outcome.estimate.median_ms < leader->outcome.estimate.median_ms))
      leader = &e;
  }
  return leader;
}

// The answer an earlier run left (RacePrior::answerKey) was decided in fresh processes: this
// process's level alone does not drop it (the Python-built ViT-B/16 ran eager configs 0.85x a
// package here and 1.3x across processes), the finals fork it again.
bool Race::isPriorAnswer(const Entry& e) const {
  return prior_ && !prior_->answerKey().empty() && e.outcome.config.key() == prior_->answerKey();
}

bool Race::needsSecondPreparation(const Entry& e) const {
  // A torch.compile stays compiled in the worker that measured it: measuring it again there is
  // the same preparation, and elsewhere it would pay its compile again.
  return screening_ && e.rounds.size() == 1 &&
         screeningKind(e.outcome.config) == ScreeningKind::Plain;
}

void Race::eliminate(std::vector<Entry>& entries) {
  const Entry* leader = leaderOf(entries);
  if (!leader) return;
  // One preparation's level is not the config's: the Python-built ViT-B/16's eager configs moved
  // 25-40 % between preparations on the H200 (packages 1 %), and the fastest of thirty such
  // draws led by luck and screened out the packages that were faster. Nothing is eliminated
  // against a leader before a second preparation (the next chunk's call) has measured it.
  if (needsSecondPreparation(*leader) && !pending_.empty()) return;
  const auto& lead = leader->outcome.estimate;
  for (auto& e : entries) {
    if (!e.alive() || &e == leader || isPriorAnswer(e)) continue;
    const auto& est = e.outcome.estimate;
    // A round that saw too few switches is extended (the next round's longer run), not ranked
    // on; after the last round the finals' fresh processes decide, as for any survivor.
    if (e.too_few_switches && est.rounds < options_.max_rounds) continue;
    const bool contended = est.contended || lead.contended;
    const double margin = contended ? options_.contended_margin : 0.0;
    if (est.low_ms > lead.high_ms * (1.0 + margin)) {
      e.outcome.state = CandidateState::Eliminated;
      e.outcome.reason =
          fmt::format("slower: {} vs the leader {} {}{}", interval(est),
                      leader->outcome.config.key(), interval(lead),
                      contended ? fmt::format(" (beyond a {:.0f} % margin: a compile shared the "
                                              "machine)",
                                              100 * margin)
                                : std::string());
      e.outcome.reason_code = {contended ? "slower-contended" : "slower",
                               {{"level", interval(est)},
                                {"leader", leader->outcome.config.key()},
                                {"leader_level", interval(lead)},
                                {"margin_pct", fmt::format("{:.0f}", 100 * margin)}}};
      observer_->onCandidate(e.outcome);
    }
  }
}

void Race::prioritiseCompiles(const std::vector<Entry>& entries) {
  const auto order = RacePlanner::compileOrder(planView(entries));
  if (!order.empty()) measurer_.prioritiseBackground(order);
}

std::vector<PlanCandidate> Race::planView(const std::vector<Entry>& entries) const {
  std::vector<PlanCandidate> view(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& o = entries[i].outcome;
    view[i].config = o.config;
    view[i].state = o.state;
    view[i].measured = entries[i].measured;
    view[i].median_ms = o.estimate.median_ms;
    view[i].waited = i < waited_.size() && waited_[i];
    if (o.forks && o.forks->forks > 0 && o.forks->median_ms > 0) {
      view[i].fresh_ms = o.forks->median_ms;
      view[i].processes = o.forks->forks;
    }
  }
  return view;
}

PlanClock Race::planClock(const std::vector<Entry>& entries) const {
  PlanClock clock;
  clock.usable_ms = usableMs();
  clock.spent_ms = spentMs();
  clock.leader_forks_ms = leaderForksMs(entries);
  std::vector<const Entry*> alive;
  for (const auto& e : entries) {
    if (e.alive()) alive.push_back(&e);
  }
  if (alive.size() > 1) {
    std::sort(alive.begin(), alive.end(), [](const Entry* a, const Entry* b) {
      return a->outcome.estimate.median_ms < b->outcome.estimate.median_ms;
    });
    ForkPrice pair;
    pair.add(*alive[0], forkStartMs(alive[0]->outcome.config));
    pair.add(*alive[1], forkStartMs(alive[1]->outcome.config));
    clock.pair_forks_ms = pair.costMs(2, options_.warmup, options_.screen_iterations);
  }
  return clock;
}

double Race::packageForksMs(const std::vector<Entry>& entries,
                            const OptimizationConfig& package) const {
  Entry probe;  // the package as a leader: its class's in-process cost, the leader's median
  probe.outcome.config = package;
  probe.own_cost_ms = costs_.estimateMs(package);
  if (const Entry* leader = leaderOf(entries))
    probe.outcome.estimate.median_ms = leader->outcome.estimate.median_ms;
  ForkPrice price;
  price.add(probe, forkStartMs(package));
  return price.costMs(2, options_.warmup, options_.screen_iterations);
}

double Race::leaderForksMs(const std::vector<Entry>& entries) const {
  const Entry* leader = leaderOf(entries);
  if (!leader) return 0;
  ForkPrice price;
  price.add(*leader, forkStartMs(leader->outcome.config));
  return price.costMs(2, options_.warmup, options_.screen_iterations);
}

void Race::screen(std::vector<Entry>& entries, TuneResult& result) {
  screening_ = true;  // until run() ends it
  std::vector<OptimizationConfig> compiled;
  for (const auto& e : entries) {
    if (isAoti(e.outcome.config)) compiled.push_back(e.outcome.config);
  }
  // Compiles run in the background while the eager configs are measured.
  if (!compiled.empty()) measurer_.prepareInBackground(compiled);
  prioritiseCompiles(entries);
  waited_.assign(entries.size(), false);  // was not ready when screening started
  for (std::size_t i = 0; i < entries.size(); ++i)
    waited_[i] = !measurer_.ready(entries[i].outcome.config);
  RacePlanner planner(measurer_, options_, prior_);
  pending_ = RacePlanner::initialOrder(planView(entries));
  std::vector<OptimizationConfig> all;
  for (auto i : pending_) all.push_back(entries[i].outcome.config);
  observer_->onRound(0, all, options_.screen_iterations);
  screen_end_ms_ = planner.screeningEndMs(planClock(entries));
  wait_end_ms_ = planner.waitEndMs(planClock(entries), screen_end_ms_);
  costs_ = ScreeningCosts{};
  // A continued run's kept candidates price the kinds they were measured as.
  for (const auto& e : entries) {
    if (e.measured && e.own_cost_ms > 0) costs_.add(e.outcome.config, e.own_cost_ms);
  }
  bool screening_over = false;  // the eager configs' share is spent
  while (!pending_.empty() && !measurer_.cancelled()) {
    if (!screening_over) screen_end_ms_ = planner.screeningEndMs(planClock(entries));
    const auto clock = planClock(entries);
    wait_end_ms_ = planner.waitEndMs(clock, screen_end_ms_);
    const bool past_screening = screening_over || (costs_.count() && spentMs() >= screen_end_ms_);
    auto view = planView(entries);
    planner.reorder(view, pending_);
    double package_end = wait_end_ms_;
    if (const auto ready_package = planner.firstReadyPackage(view, pending_)) {
      package_end = planner.packageEndMs(
          clock, wait_end_ms_, packageForksMs(entries, entries[*ready_package].outcome.config));
    }
    ScreeningSituation now;
    now.spent_ms = spentMs();
    now.limit_ms = past_screening ? package_end : screen_end_ms_;
    now.wait_end_ms = wait_end_ms_;
    now.per_call_ms = measurer_.sessionOverheadMs();  // the session's load, once a call
    now.past_screening = past_screening;
    const auto action = planner.nextScreening(view, pending_, costs_, now);
    switch (action.kind) {
      case PlanAction::Kind::Screen:
        measureChunk(entries, result, action.chunk, now.limit_ms);
        break;
      case PlanAction::Kind::WaitForCompile:
        measurer_.waitForBackground(action.wait_ms);
        tick();
        break;
      case PlanAction::Kind::EndScreeningShare:
        screening_over = true;
        break;
      case PlanAction::Kind::Stop:
        return;
    }
  }
}

void Race::measureChunk(std::vector<Entry>& entries, TuneResult& result,
                        const std::vector<std::size_t>& chunk, double limit_ms) {
  std::vector<OptimizationConfig> configs;
  double planned_ms = spentMs() + measurer_.sessionOverheadMs();
  for (auto i : chunk) {
    configs.push_back(entries[i].outcome.config);
    planned_ms += costs_.estimateMs(entries[i].outcome.config);
  }
  // A leader seen in one preparation only rides along for its second (see eliminate()), where
  // what it cost the first time still fits before the chunk's limit.
  const Entry* lone = leaderOf(entries);
  std::optional<std::size_t> again;
  if (lone && needsSecondPreparation(*lone) && planned_ms + lone->own_cost_ms <= limit_ms) {
    const auto index = static_cast<std::size_t>(lone - entries.data());
    if (std::find(chunk.begin(), chunk.end(), index) == chunk.end()) {
      again = index;
      configs.push_back(lone->outcome.config);
    }
  }
  const bool busy_before = measurer_.backgroundBusy();
  const double t0 = measurer_.nowMs();
  const auto measured =
      measurer_.measure(configs, options_.warmup, options_.screen_iterations, deadlineMs());
  const double call_ms = measurer_.nowMs() - t0;
  const double cost = call_ms / static_cast<double>(configs.size());
  const auto own = ownCostsMs(measured, configs.size(), call_ms, measurer_.sessionOverheadMs(),
                              options_.warmup + options_.screen_iterations);
  const bool contended = busy_before || measurer_.backgroundBusy();
  if (again && measured.size() > chunk.size() &&
      measured[chunk.size()].config == entries[*again].outcome.config && entries[*again].alive())
    record(entries[*again], measured[chunk.size()], contended);
  for (std::size_t k = 0; k < own.size() && k < chunk.size(); ++k) {
    auto& e = entries[chunk[k]];
    const double own_cost = own[k];
    e.cost_ms = cost;
    e.own_cost_ms = own_cost;
    record(e, measured[k], contended);
    result.screening.push_back(measured[k]);
    if (measured[k].config == e.outcome.config) continue;
    // The engine ran the guide's fallback in its place: that measurement is the fallback's own
    // screening, not something to run again (traced GPT-2's two failed casts and their
    // autocast fallbacks took a 30 s budget's screening on the H200, and the fallbacks' results
    // were then dropped as "not measured").
    const auto fallback = std::find_if(entries.begin(), entries.end(), [&](const Entry& other) {
      return other.outcome.config == measured[k].config;
    });
    const auto index = static_cast<std::size_t>(fallback - entries.begin());
    if (fallback == entries.end() || fallback->measured ||
        std::find(chunk.begin(), chunk.end(), index) != chunk.end())
      continue;  // not a candidate, measured already, or measured in this very call
    fallback->cost_ms = cost;
    fallback->own_cost_ms = own_cost;
    record(*fallback, measured[k], contended);
    if (const auto p = std::find(pending_.begin(), pending_.end(), index); p != pending_.end())
      pending_.erase(p);
  }
  for (std::size_t k = 0; k < own.size() && k < chunk.size(); ++k) costs_.add(configs[k], own[k]);
  for (auto i : chunk) {
    if (const auto p = std::find(pending_.begin(), pending_.end(), i); p != pending_.end())
      pending_.erase(p);
  }
  eliminate(entries);
  prioritiseCompiles(entries);
  tick();
}

void Race::screenPending(std::vector<Entry>& entries, TuneResult& result, double end_ms) {
  RacePlanner planner(measurer_, options_, prior_);
  while (!pending_.empty() && !measurer_.cancelled() && costs_.count() > 0) {
    auto view = planView(entries);
    planner.reorder(view, pending_);
    const auto chunk = planner.lateChunk(view, pending_, costs_,
                                         end_ms - spentMs() - measurer_.sessionOverheadMs());
    if (chunk.empty()) return;
    measureChunk(entries, result, chunk);
  }
}

std::vector<std::string> Race::screenAfterFinals(std::vector<Entry>& entries, TuneResult& result) {
  std::vector<std::size_t> before = pending_;
  screenPending(entries, result, usableMs());
  std::vector<std::string> rivals;
  const Entry* winner = nullptr;
  for (const auto& e : entries) {
    if (e.outcome.state == CandidateState::Winner) winner = &e;
  }
  for (auto i : before) {
    auto& e = entries[i];
    if (!e.alive()) continue;  // not measured after all, failed, unsafe or eliminated
    auto& o = e.outcome;
    if (!winner) {
      o.state = CandidateState::Eliminated;
      o.reason = "measured after the finals, which had no winner to compare it with";
      o.reason_code = {"late-no-winner", {}};
      observer_->onCandidate(o);
      continue;
    }
    // Both levels from this process: the winner's in-process rounds and the late candidate's.
    const auto& w = winner->outcome.estimate;
    if (o.estimate.low_ms > w.high_ms) {
      o.state = CandidateState::Eliminated;
      o.reason = fmt::format(
          "measured after the finals: slower than the winner {} in this process "
          "({} vs {})",
          winner->outcome.config.key(), interval(o.estimate), interval(w));
      o.reason_code = {"late-slower",
                       {{"winner", winner->outcome.config.key()},
                        {"level", interval(o.estimate)},
                        {"winner_level", interval(w)}}};
    } else {
      // As fast as the winner, or faster: the finals never saw it, so the answer is provisional.
      o.reason = fmt::format(
          "measured after the finals, {} in this process against the winner's "
          "{}: not confirmed in fresh processes (raise --budget-s)",
          interval(o.estimate), interval(w));
      o.reason_code = {"late-unconfirmed",
                       {{"level", interval(o.estimate)}, {"winner_level", interval(w)}}};
      rivals.push_back(o.config.key());
    }
    observer_->onCandidate(o);
  }
  return rivals;
}

void Race::explainUnmeasured(std::vector<Entry>& entries, TuneResult& result) {
  for (auto i : pending_) {
    auto& o = entries[i].outcome;
    if (o.state != CandidateState::NotMeasured) continue;
    if (prior_ && !measurer_.cancelled()) {
      const auto key = o.config.key();
      const auto last = std::find_if(prior_->last.begin(), prior_->last.end(),
                                     [&](const PriorCandidate& p) { return p.key == key; });
      if (last != prior_->last.end()) {
        o.state = last->state;
        o.reason = last->reason;
        o.reason_code = last->reason_code;
        o.estimate = last->estimate;
        observer_->onCandidate(o);
        continue;
      }
    }
    o.reason =
        measurer_.cancelled() ? "cancelled"
        : !measurer_.ready(o.config)
            // A compile still running is left to finish after the run (core/runner/tuning.cpp), and
            // the next run races its package.
            ? "not measured: its package was still compiling when the budget ran out (the next "
              "run measures it once it is compiled; or raise --budget-s)"
            : waited_[i] && spentMs() < usableMs() - 1000
                  ? fmt::format(
                        "not measured: its package was ready after the wait for compiles "
                        "({:.0f} s) had ended; the next run finds it cached",
                        units::msToS(wait_end_ms_))
                  : fmt::format(
                        "not measured: the budget ran out before it was reached ({:.0f} s of "
                        "{:.0f} s spent)",
                        units::msToS(spentMs()), units::msToS(result.budget_ms));
    o.reason_code =
        measurer_.cancelled()        ? TuneReason{"cancelled", {}}
        : !measurer_.ready(o.config) ? TuneReason{"still-compiling", {}}
        : waited_[i] && spentMs() < usableMs() - 1000
            ? TuneReason{"ready-after-wait",
                         {{"wait_s", fmt::format("{:.0f}", units::msToS(wait_end_ms_))}}}
            : TuneReason{"budget-out",
                         {{"spent_s", fmt::format("{:.0f}", units::msToS(spentMs()))},
                          {"budget_s", fmt::format("{:.0f}", units::msToS(result.budget_ms))}}};
    observer_->onCandidate(o);
  }
}

void Race::refine(std::vector<Entry>& entries, TuneResult& result) {
  // The rounds never eat the leader's two fresh processes (the finals' price holds the model's
  // load, which a large file makes most of it).
  const double refine_end =
      std::min(usableMs() * (1.0 - options_.finals_share), usableMs() - leaderForksMs(entries));
  int iterations = options_.screen_iterations;
  for (int round = 1; round < options_.max_rounds && !measurer_.cancelled(); ++round) {
    std::vector<std::size_t> alive;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].alive()) alive.push_back(i);
    }
    if (static_cast<int>(alive.size()) <= options_.finalists) return;
    iterations *= options_.growth;
    // Fit the round into what is left before the finals: fewer iterations, but never fewer than
    // screening had (then the round is not worth its set-up cost).
    double setup = 0, per_iteration = 0;
    for (auto i : alive) {
      setup += entries[i].cost_ms;
      per_iteration += entries[i].outcome.estimate.median_ms;
    }
    const double left = refine_end - spentMs() - setup;
    if (per_iteration > 0 && left < per_iteration * iterations) {
      iterations = static_cast<int>(left / per_iteration);
      if (iterations < options_.screen_iterations) return;
    }
    std::vector<OptimizationConfig> configs;
    for (auto i : alive) configs.push_back(entries[i].outcome.config);
    observer_->onRound(round, configs, iterations);
    result.rounds = round + 1;
    for (std::size_t begin = 0; begin < alive.size() && !measurer_.cancelled();
         begin += options_.batch) {
      const auto end = std::min(alive.size(), begin + static_cast<std::size_t>(options_.batch));
      std::vector<OptimizationConfig> chunk(configs.begin() + static_cast<std::ptrdiff_t>(begin),
                                            configs.begin() + static_cast<std::ptrdiff_t>(end));
      const bool busy_before = measurer_.backgroundBusy();
      const double t0 = measurer_.nowMs();
      const auto measured = measurer_.measure(chunk, options_.warmup, iterations, deadlineMs());
      const double call_ms = measurer_.nowMs() - t0;
      const double cost = call_ms / static_cast<double>(chunk.size());
      const auto own = ownCostsMs(measured, chunk.size(), call_ms, measurer_.sessionOverheadMs(),
                                  options_.warmup + iterations);
      const bool contended = busy_before || measurer_.backgroundBusy();
      for (std::size_t k = 0; k < own.size() && begin + k < end; ++k) {
        auto& e = entries[alive[begin + k]];
        e.cost_ms = cost;
        e.own_cost_ms = own[k];
        if (!e.alive()) continue;  // eliminated by an earlier chunk of this round
        record(e, measured[k], contended);
        for (auto& s : result.screening) {
          if (s.config == measured[k].config) s = measured[k];  // keep the longest run
        }
      }
      eliminate(entries);
      tick();
    }
  }
}

void Race::finals(std::vector<Entry>& entries, TuneResult& result) {
  std::vector<Entry*> alive;
  for (auto& e : entries) {
    if (e.alive()) alive.push_back(&e);
  }
  std::stable_sort(alive.begin(), alive.end(), [](const Entry* a, const Entry* b) {
    return a->outcome.estimate.median_ms < b->outcome.estimate.median_ms;
  });
  if (alive.empty()) return;
  const auto& lead = alive.front()->outcome.estimate;
  // A candidate that leaves here: named, with how far behind the leader it was and why.
  // `code` names `why` for text/: "overlap" or "fewer-places".
  const auto notAFinalist = [&](Entry* e, const char* code, const char* why) {
    auto& o = e->outcome;
    o.state = CandidateState::Eliminated;
    const auto slower_pct =
        fmt::format("{:.1f}", 100.0 * (o.estimate.median_ms / lead.median_ms - 1.0));
    o.reason = fmt::format("not a finalist: {} % slower than the leader ({} vs {}); {}", slower_pct,
                           interval(o.estimate), interval(lead), why);
    o.reason_code = {fmt::format("not-finalist.{}", code),
                     {{"slower_pct", slower_pct},
                      {"level", interval(o.estimate)},
                      {"leader_level", interval(lead)}}};
    observer_->onCandidate(o);
  };
  // The earlier run's answer is forked again whatever its rank here (it is alive: eliminate()
  // keeps it): it takes the last finalist's place.
  const auto answer =
      std::find_if(alive.begin(), alive.end(), [&](const Entry* e) { return isPriorAnswer(*e); });
  const auto places = static_cast<std::size_t>(std::max(1, options_.finalists));
  if (answer != alive.end() && static_cast<std::size_t>(answer - alive.begin()) >= places) {
    std::rotate(alive.begin() + static_cast<std::ptrdiff_t>(places) - 1, answer, answer + 1);
  }
  for (std::size_t k = places; k < alive.size(); ++k)
    notAFinalist(alive[k], "overlap",
                 "the intervals overlap, so this process could not tell them apart");
  alive.resize(std::min(alive.size(), places));
  // Forks: as many fresh processes as the budget allows, at least two (one process says nothing
  // about the next), with fewer iterations each if need be (never fewer than screening had); none
  // when even that does not fit, and the verdict says so.
  const auto price = [&](std::size_t finalists) {
    ForkPrice p;
    for (std::size_t k = 0; k < finalists; ++k)
      p.add(*alive[k], forkStartMs(alive[k]->outcome.config));
    return p;
  };
  const auto cost = [&](const ForkPrice& p, int f, int n) {
    return p.costMs(f, options_.warmup, n);
  };
  const double left = usableMs() - spentMs();
  // When two forks of every finalist do not fit but two forks of the leader and its nearest rival
  // do, the slowest finalists go: two configs confirmed in fresh processes answer more than three
  // compared in this one. When not even those fit, every finalist stays (decided in-process).
  const auto fits = [&](std::size_t finalists) {
    return cost(price(finalists), 2, options_.screen_iterations) <= left;
  };
  while (alive.size() > 2 && !fits(alive.size()) && fits(2)) {
    // The slowest goes, but the earlier run's answer stays second where it was among them.
    if (isPriorAnswer(*alive.back()) && !isPriorAnswer(*alive.front()))
      std::swap(alive[alive.size() - 1], alive[alive.size() - 2]);
    notAFinalist(alive.back(), "fewer-places",
                 "the budget left fresh processes for fewer finalists");
    alive.pop_back();
  }
  // When not even two fit, the leader alone goes to fresh processes and its rivals keep their
  // in-process levels: a confirmed winner, or a rival shown to be as fast, is more than nothing
  // (30 s runs of real files ended with 14 s unused and a provisional winner on the H200).
  std::size_t to_fork = alive.size();
  if (!fits(to_fork) && fits(1)) to_fork = 1;
  const ForkPrice forked_price = price(to_fork);
  int forks = options_.forks, iterations = options_.fork_iterations;
  while (forks > 2 && cost(forked_price, forks, iterations) > left) --forks;
  if (cost(forked_price, forks, iterations) > left && forked_price.per_iteration_ms > 0) {
    iterations = std::max(
        options_.screen_iterations,
        static_cast<int>((left / forks - forked_price.fixed_ms) / forked_price.per_iteration_ms) -
            options_.warmup);
  }
  std::vector<OptimizationConfig> configs;
  for (std::size_t k = 0; k < to_fork; ++k) configs.push_back(alive[k]->outcome.config);
  std::vector<ConfigResult> forked;
  // The budget holds for the finals too (the run ended 5 s past a 60 s budget on the H200 when a
  // quarter over was tolerated here); the deadline stops any process the estimate got wrong.
  if (cost(forked_price, forks, iterations) <= left && !measurer_.cancelled()) {
    observer_->onFinals(configs, forks, iterations);
    result.finalists = configs;
    result.forks = forks;
    result.fork_iterations = iterations;
    // The compiles wait while the finalists run in fresh processes (and continue after, however
    // the forks end): the answer is decided on a quiet host.
    struct Quiet {
      Measurer& m;
      explicit Quiet(Measurer& measurer) : m(measurer) { m.pauseBackground(); }
      ~Quiet() { m.resumeBackground(); }
    } quiet(measurer_);
    const double t0 = measurer_.nowMs();
    forked = measurer_.measureForks(configs, options_.warmup, iterations, forks, deadlineMs());
    noteForkCost(forked, measurer_.nowMs() - t0, iterations);
  }
  result.finals = forked;
  struct Level {
    Entry* entry;
    Estimate level;
    int processes = 0;  // fresh processes behind the level (the deadline may have cut them); 0:
                        // this process's rounds
    Estimate compared;  // what the finalists are ranked by (below)

    std::string where() const {
      return processes >= 2 ? fmt::format("across {} fresh processes", processes)
                            : std::string("in this process");
    }
  };
  std::vector<Level> levels;
  for (std::size_t k = 0; k < alive.size(); ++k) {
    auto& o = alive[k]->outcome;
    if (k < forked.size()) {
      const auto& r = forked[k];
      const auto judgement = judgeAccuracy(r.accuracy, r.config, options_.accuracy);
      // A fresh process that did not compare its output keeps the in-process judgement.
      const bool unsafe = !judgement.eligible() && judgement.state != AccuracyState::NotMeasured;
      if (r.status != ConfigStatus::Ok || unsafe) {
        o.state = r.status != ConfigStatus::Ok ? CandidateState::Failed : CandidateState::Unsafe;
        o.reason = fmt::format("in a fresh process: {}",
                               r.status != ConfigStatus::Ok ? r.message : judgement.unsafe_reason);
        o.reason_code = {
            "fresh-process",
            {{"detail", r.status != ConfigStatus::Ok ? r.message : judgement.unsafe_reason}}};
        observer_->onCandidate(o);
        continue;
      }
      o.forks = r.fork_stats;
      // The last confirmed answer's processes of this run join those that confirmed it, where
      // its level has not moved: both are processes of the same model, inputs, device and
      // versions, and together they confirm it where this run's budget held one process.
      if (prior_ && prior_->confirmed_forks && o.config.key() == prior_->confirmed_winner) {
        std::optional<ForkStats> now = r.fork_stats;
        if (!now && r.status == ConfigStatus::Ok && r.stats.median_ms > 0) {
          now = ForkStats{};  // one process: its median is its level
          now->forks = 1;
          now->median_ms = r.stats.median_ms;
          now->outcome = ForkAgreement::OneProcess;
        }
        if (now) {
          if (auto pooled = pooledForks(*now, *prior_->confirmed_forks, options_.equivalence_delta))
            o.forks = pooled;
        }
      }
      const int processes = o.forks ? o.forks->forks : 0;
      ConfigResult level = r;
      level.fork_stats = o.forks;
      levels.push_back(
          {alive[k], processes >= 2 ? finalLevel(level, o.estimate) : o.estimate, processes, {}});
    } else {
      levels.push_back({alive[k], o.estimate, 0, {}});
    }
  }
  if (levels.empty()) return;
  // Finalists are ranked on levels of one kind: when some ran in fresh processes and some did not,
  // on this process's rounds for all. A fresh process runs a host-bound model slower than the warm
  // process that screened it, so a forked finalist's level loses to an unforked rival's in-process
  // one it matched: MobileNetV3-L cold on the H200 (2026-12-04) confirmed fp16+cl+aoti-graph+bench
  // at 0.847 ms across two processes (0.824 ms in this one) and answered with its unforked twin at
  // 0.826 ms "in this process", not confirmed.
  const bool mixed =
      std::any_of(levels.begin(), levels.end(), [](const Level& l) { return l.processes >= 2; }) &&
      std::any_of(levels.begin(), levels.end(), [](const Level& l) { return l.processes < 2; });
  for (auto& l : levels) l.compared = mixed ? l.entry->outcome.estimate : l.level;
  std::stable_sort(levels.begin(), levels.end(), [](const Level& a, const Level& b) {
    return a.compared.median_ms < b.compared.median_ms;
  });
  // Ties: finalists whose interval overlaps the fastest's, or within δ of it.
  const auto& best = levels.front().compared;
  std::vector<Level*> tied{&levels.front()};
  for (std::size_t k = 1; k < levels.size(); ++k) {
    const auto& l = levels[k].compared;
    const bool overlap = l.low_ms <= best.high_ms;
    if (overlap || l.median_ms <= best.median_ms * (1.0 + options_.equivalence_delta))
      tied.push_back(&levels[k]);
  }
  // Among tied configs one confirmed in fresh processes comes first (when only the leader was
  // forked, a rival tied with it in this process is not an answer that survives a re-run), then
  // one whose processes agreed (a level that moved 8 % between two processes is "tied" with
  // everything its wide interval covers: on the H200 a cold encoder run picked such an AOTInductor
  // package at 1.96 ms over its CUDA-graph twin at 1.68 ms [1.66, 1.70], which every warm run
  // chose), then fewer moving parts, then the lower median.
  const auto stable = [](const Level* l) {
    const auto& fork_stats = l->entry->outcome.forks;
    return l->processes >= 2 && fork_stats && fork_stats->stable;
  };
  const auto near = [&](const Level* l) {
    return l->compared.median_ms <= best.median_ms * (1.0 + options_.equivalence_delta);
  };
  auto* winner = *std::min_element(tied.begin(), tied.end(), [&](const Level* a, const Level* b) {
    const bool fa = a->processes >= 2, fb = b->processes >= 2;
    if (fa != fb) return fa;
    const bool sa = stable(a), sb = stable(b);
    if (sa != sb) return sa;
    // Fewer moving parts decide only between levels within δ of the fastest: a config tied by an
    // interval its noise made wide is not the answer over one measured far faster (the replay of
    // ConvNeXt-T warm answered eager FP16 at 3.42 ms [2.07, 4.35] over a package's 2.146 ms).
    const bool na = near(a), nb = near(b);
    if (na != nb) return na;
    // Between levels this run cannot tell apart, the earlier run's answer stays: a warm run
    // that swaps it for a rival within δ answers no faster, and differently each run.
    const bool pa = isPriorAnswer(*a->entry), pb = isPriorAnswer(*b->entry);
    if (pa != pb) return pa;
    const int ca = complexity(a->entry->outcome.config), cb = complexity(b->entry->outcome.config);
    return ca != cb ? ca < cb : a->compared.median_ms < b->compared.median_ms;
  });
  const bool forked_finals = winner->processes >= 2;
  result.winner = winner->entry->outcome.config;
  winner->entry->outcome.state = CandidateState::Winner;
  winner->entry->outcome.reason =
      fmt::format("fastest safe config {}: {}", winner->where(), interval(winner->level));
  winner->entry->outcome.reason_code = {
      "winner",
      {{"processes", std::to_string(winner->processes)}, {"level", interval(winner->level)}}};
  for (auto* t : tied) {
    if (t == winner) continue;
    result.tied_with.push_back(t->entry->outcome.config);
    t->entry->outcome.state = CandidateState::Tied;
    t->entry->outcome.reason =
        fmt::format("tied with the winner {}: {}", t->where(), interval(t->level));
    t->entry->outcome.reason_code = {
        "tied", {{"processes", std::to_string(t->processes)}, {"level", interval(t->level)}}};
  }
  for (auto& l : levels) {
    auto& o = l.entry->outcome;
    if (o.state == CandidateState::Finalist) {
      o.reason = mixed ? fmt::format("finalist, slower in this process: {} vs {}",
                                     interval(l.compared), interval(winner->compared))
                       : fmt::format("finalist, slower {}: {} vs {}", l.where(), interval(l.level),
                                     interval(winner->level));
      // Set against in-process levels, the comparison is one of this process.
      o.reason_code = {"finalist-slower",
                       {{"processes", mixed ? "1" : std::to_string(l.processes)},
                        {"level", interval(mixed ? l.compared : l.level)},
                        {"winner_level", interval(mixed ? winner->compared : winner->level)}}};
    }
    observer_->onCandidate(o);
  }
  winner_confirmed_ = forked_finals;
  if (!tied.empty() && tied.size() > 1) {
    std::vector<std::string> keys;
    for (const auto* t : tied) {
      if (t != winner) keys.push_back(t->entry->outcome.config.key());
    }
    // What picked the winner among them, in the order the comparison above asks: confirmed in
    // fresh processes, stable across them, within δ of the fastest, then fewer moving parts.
    const auto any_tied = [&](auto&& predicate) {
      return std::any_of(tied.begin(), tied.end(),
                         [&](const Level* t) { return t != winner && predicate(t); });
    };
    const char* picked_for =
        forked_finals && any_tied([](const Level* t) { return t->processes < 2; }) ? "confirmed"
        : stable(winner) &&
                any_tied([&](const Level* t) { return t->processes >= 2 && !stable(t); })
            ? "stable"
        : near(winner) && any_tied([&](const Level* t) { return !near(t); }) ? "within-margin"
        : isPriorAnswer(*winner->entry)                                      ? "prior-answer"
                                                                             : "fewer-moving-parts";
    result.reasons.push_back(
        {"tie",
         {{"keys", fmt::format("{}", fmt::join(keys, ", "))},
          {"winner", result.winner->key()},
          {"picked_for", picked_for},
          {"margin_pct", fmt::format("{:.0f}", 100 * options_.equivalence_delta)}}});
  }
  if (!forked_finals) {
    const bool leader_only = !forked.empty() && winner->processes == 0 &&
                             std::none_of(forked.begin(), forked.end(), [&](const ConfigResult& r) {
                               return r.config == winner->entry->outcome.config;
                             });
    result.reasons.push_back({"not-confirmed",
                              {{"cause", forked.empty() ? "no-time-for-forks"
                                         : leader_only  ? "forks-for-leader-only"
                                                        : "second-process-cut"}}});
  }
}

void Race::refutedLeaderFinals(std::vector<Entry>& entries, TuneResult& result) {
  if (!result.winner || measurer_.cancelled()) return;
  const auto w = std::find_if(entries.begin(), entries.end(), [](const Entry& e) {
    return e.outcome.state == CandidateState::Winner;
  });
  if (w == entries.end()) return;
  auto& wo = w->outcome;
  if (!wo.forks || wo.forks->forks < 2 || !(wo.forks->median_ms > 0)) return;
  const auto winner = static_cast<std::size_t>(w - entries.begin());
  auto rivals = RacePlanner::rivalsOfARefutedLeader(
      planView(entries), winner, wo.estimate.high_ms, wo.forks->median_ms,
      static_cast<std::size_t>(std::max(1, options_.finalists - 1)));
  // Only where two fresh processes of every one of them still fit: ranked on this process's
  // levels (finals() does when some finalists could not be forked), the second finals would set
  // the refuted figure's kind of evidence against fresh processes again.
  const auto fits = [&] {
    ForkPrice price;
    price.add(*w, forkStartMs(wo.config));
    for (auto i : rivals) price.add(entries[i], forkStartMs(entries[i].outcome.config));
    return price.costMs(2, options_.warmup, options_.screen_iterations) <= usableMs() - spentMs();
  };
  while (!rivals.empty() && !fits()) rivals.pop_back();
  if (rivals.empty()) return;
  // The winner is ranked by its level across processes from now on: the figure that put it ahead
  // was refuted.
  Estimate fresh = wo.estimate;
  fresh.median_ms = wo.forks->median_ms;
  fresh.low_ms = wo.forks->ci_low_ms > 0 ? wo.forks->ci_low_ms : fresh.median_ms;
  fresh.high_ms = wo.forks->ci_high_ms > 0 ? wo.forks->ci_high_ms : fresh.median_ms;
  const auto process_level = interval(wo.estimate);
  wo.estimate = fresh;
  // Every candidate the first finals settled goes back to the race (the refuted winner, its ties,
  // the slower finalists), with the rivals the refuted figure had screened out.
  for (auto& e : entries) {
    auto& o = e.outcome;
    if (o.state == CandidateState::Winner || o.state == CandidateState::Tied)
      o.state = CandidateState::Finalist;
  }
  for (auto i : rivals) {
    auto& o = entries[i].outcome;
    o.state = CandidateState::Finalist;
    o.reason = fmt::format(
        "in the second finals: it ran faster in this process than the winner "
        "of the first ran across fresh processes ({} in this process, {} across {} fresh "
        "processes)",
        process_level, interval(fresh), wo.forks->forks);
    o.reason_code = {"second-finals",
                     {{"level", process_level},
                      {"fresh_level", interval(fresh)},
                      {"processes", std::to_string(wo.forks->forks)}}};
    observer_->onCandidate(o);
  }
  result.winner.reset();
  result.tied_with.clear();
  // The first finals' tie and confirmation were of an answer the second finals settle again.
  result.reasons.erase(std::remove_if(result.reasons.begin(), result.reasons.end(),
                                      [](const TuneReason& r) {
                                        return r.code == "tie" || r.code == "not-confirmed";
                                      }),
                       result.reasons.end());
  finals(entries, result);
  result.reasons.push_back({"second-finals",
                            {{"key", wo.config.key()},
                             {"level", process_level},
                             {"fresh_level", interval(fresh)},
                             {"processes", std::to_string(wo.forks->forks)}}});
}

void Race::noteForkCost(const std::vector<ConfigResult>& forked, double call_ms, int iterations) {
  int processes = 0;
  double iterations_ms = 0;
  for (const auto& r : forked) {
    const int n = r.fork_stats ? r.fork_stats->forks : (r.status == ConfigStatus::Ok ? 1 : 0);
    const double level = r.fork_stats ? r.fork_stats->median_ms : r.stats.median_ms;
    processes += n;
    if (level > 0) iterations_ms += n * level * (options_.warmup + iterations);
  }
  if (processes > 0)
    fork_fixed_ms_ = std::max(fork_fixed_ms_, (call_ms - iterations_ms) / processes);
}

void Race::forkRivals(std::vector<Entry>& entries, TuneResult& result,
                      std::vector<std::string>& late_rivals) {
  std::set<std::size_t> tried;  // forked here already, or no process of it could run
  while (!measurer_.cancelled()) {
    const auto w = std::find_if(entries.begin(), entries.end(), [](const Entry& e) {
      return e.outcome.state == CandidateState::Winner;
    });
    if (w == entries.end() || !w->outcome.forks || w->outcome.forks->forks < 2) return;
    auto view = planView(entries);
    for (auto i : tried) view[i].measured = false;
    std::vector<double> costs(entries.size(), 0.0);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (!entries[i].measured) continue;
      ForkPrice price;
      price.add(entries[i], forkStartMs(entries[i].outcome.config));
      // What a process cost in the finals, where that was more than estimated.
      price.fixed_ms = std::max(price.fixed_ms, fork_fixed_ms_);
      costs[i] = price.costMs(2, options_.warmup, options_.screen_iterations);
    }
    const double left = usableMs() - spentMs();
    const auto next =
        RacePlanner::nextRivalFork(view, static_cast<std::size_t>(w - entries.begin()), costs, left,
                                   options_.equivalence_delta);
    if (!next) return;
    tried.insert(*next);
    auto& rival = entries[*next];
    auto& ro = rival.outcome;
    // As many processes and iterations as fit, as in the finals; never fewer than two processes
    // of screening's iterations (the planner priced those).
    ForkPrice price;
    price.add(rival, forkStartMs(ro.config));
    price.fixed_ms = std::max(price.fixed_ms, fork_fixed_ms_);
    int forks = options_.forks, iterations = options_.fork_iterations;
    while (forks > 2 && price.costMs(forks, options_.warmup, iterations) > left) --forks;
    if (price.costMs(forks, options_.warmup, iterations) > left && price.per_iteration_ms > 0) {
      iterations =
          std::max(options_.screen_iterations,
                   static_cast<int>((left / forks - price.fixed_ms) / price.per_iteration_ms) -
                       options_.warmup);
    }
    std::vector<ConfigResult> forked;
    {
      measurer_.pauseBackground();
      const double t0 = measurer_.nowMs();
      forked =
          measurer_.measureForks({ro.config}, options_.warmup, iterations, forks, deadlineMs());
      noteForkCost(forked, measurer_.nowMs() - t0, iterations);
      measurer_.resumeBackground();
    }
    tick();
    if (forked.empty()) continue;
    const auto& r = forked.front();
    result.finals.push_back(r);
    late_rivals.erase(std::remove(late_rivals.begin(), late_rivals.end(), ro.config.key()),
                      late_rivals.end());
    const auto judgement = judgeAccuracy(r.accuracy, r.config, options_.accuracy);
    if (r.status != ConfigStatus::Ok ||
        (!judgement.eligible() && judgement.state != AccuracyState::NotMeasured)) {
      ro.state = r.status != ConfigStatus::Ok ? CandidateState::Failed : CandidateState::Unsafe;
      ro.reason = fmt::format("in a fresh process: {}",
                              r.status != ConfigStatus::Ok ? r.message : judgement.unsafe_reason);
      ro.reason_code = {
          "fresh-process",
          {{"detail", r.status != ConfigStatus::Ok ? r.message : judgement.unsafe_reason}}};
      observer_->onCandidate(ro);
      continue;
    }
    ro.forks = r.fork_stats;
    auto& wo = w->outcome;
    ConfigResult winner_forks;
    winner_forks.fork_stats = wo.forks;
    const Estimate won = finalLevel(winner_forks, wo.estimate);
    if (!ro.forks || ro.forks->forks < 2) {
      ro.state = CandidateState::Eliminated;
      ro.reason = fmt::format(
          "forked after the finals: the budget ended before its second fresh process ({} in "
          "this process)",
          interval(ro.estimate));
      ro.reason_code = {"late-fork-cut", {{"level", interval(ro.estimate)}}};
      observer_->onCandidate(ro);
      continue;
    }
    const Estimate level = finalLevel(r, ro.estimate);
    if (level.median_ms * (1.0 + options_.equivalence_delta) >= won.median_ms) {
      ro.state = CandidateState::Eliminated;
      ro.reason = fmt::format(
          "forked after the finals: {} across {} fresh processes, not faster than the winner {} "
          "({}) beyond {:.0f} %",
          interval(level), ro.forks->forks, wo.config.key(), interval(won),
          100 * options_.equivalence_delta);
      ro.reason_code = {"late-fork-not-faster",
                        {{"level", interval(level)},
                         {"processes", std::to_string(ro.forks->forks)},
                         {"winner", wo.config.key()},
                         {"winner_level", interval(won)},
                         {"delta_pct", fmt::format("{:.0f}", 100 * options_.equivalence_delta)}}};
      observer_->onCandidate(ro);
      continue;
    }
    // Faster across fresh processes, beyond the margin: it answers.
    wo.state = CandidateState::Finalist;
    // The winner's level is across its processes where it has them (finalLevel).
    const int won_processes = wo.forks && wo.forks->forks >= 1 ? wo.forks->forks : 1;
    wo.reason = won_processes >= 2
                    ? fmt::format("finalist, slower across {} fresh processes: {} vs {}",
                                  won_processes, interval(won), interval(level))
                    : fmt::format("finalist, slower in this process: {} vs {}", interval(won),
                                  interval(level));
    wo.reason_code = {"finalist-slower",
                      {{"processes", std::to_string(won_processes)},
                       {"level", interval(won)},
                       {"winner_level", interval(level)}}};
    ro.state = CandidateState::Winner;
    ro.reason = fmt::format(
        "fastest safe config across {} fresh processes: {} (forked after the "
        "finals)",
        ro.forks->forks, interval(level));
    ro.reason_code = {"winner-late",
                      {{"processes", std::to_string(ro.forks->forks)}, {"level", interval(level)}}};
    for (auto& e : entries) {
      if (e.outcome.state == CandidateState::Tied) {
        e.outcome.state = CandidateState::Finalist;
        observer_->onCandidate(e.outcome);
      }
    }
    result.tied_with.clear();
    result.reasons.erase(std::remove_if(result.reasons.begin(), result.reasons.end(),
                                        [](const TuneReason& t) { return t.code == "tie"; }),
                         result.reasons.end());
    result.reasons.push_back(
        {"rival-forked", {{"key", ro.config.key()}, {"over", wo.config.key()}}});
    result.winner = ro.config;
    winner_confirmed_ = true;
    observer_->onCandidate(wo);
    observer_->onCandidate(ro);
  }
}

namespace {

const PriorCandidate* findPrior(const std::vector<PriorCandidate>& list, const std::string& key) {
  const auto it =
      std::find_if(list.begin(), list.end(), [&](const PriorCandidate& p) { return p.key == key; });
  return it == list.end() ? nullptr : &*it;
}

}  // namespace

void Race::applyPrior(std::vector<Entry>& entries, TuneResult& result) {
  for (auto& e : entries) {
    auto& o = e.outcome;
    const auto key = o.config.key();
    if (const auto* kept = findPrior(prior_->kept, key)) {
      e.measured = true;
      o.state = kept->state;
      o.reason = kept->reason;
      o.reason_code = kept->reason_code;
      o.accuracy = kept->accuracy;
      o.estimate = kept->estimate;
      o.setup_ms = kept->setup_ms;
      o.compile_ms = kept->compile_ms;
      // Its in-process runs, so that a further round pools with them as with this run's own.
      for (const auto& r : prior_->results) {
        if (r.config != o.config) continue;
        result.screening.push_back(r);
        // A run in fresh processes is no round of this process.
        if (e.alive() && r.status == ConfigStatus::Ok && !r.fork_stats) e.rounds.push_back(r);
      }
      // Its cost as a fresh process would pay it: the set-up and one screening's iterations.
      e.own_cost_ms =
          o.setup_ms + o.estimate.median_ms * (options_.warmup + options_.screen_iterations);
      e.cost_ms = e.own_cost_ms;
      observer_->onCandidate(o);
    } else if (const auto* skip = findPrior(prior_->skip, key)) {
      e.measured = true;
      o.state = skip->state;
      o.reason = skip->reason;
      o.reason_code = skip->reason_code;
      o.accuracy = skip->accuracy;
      observer_->onCandidate(o);
    }
  }
}

void Race::compareWithPrior(const std::vector<Entry>& entries, TuneResult& result) const {
  const auto& key = prior_->confirmed_winner;
  if (key.empty() || (result.winner && result.winner->key() == key)) return;
  const auto it = std::find_if(entries.begin(), entries.end(),
                               [&](const Entry& e) { return e.outcome.config.key() == key; });
  // Why this run answers otherwise, as a cause with its figures (text/ renders it).
  std::map<std::string, std::string> values{
      {"key", key}, {"source", prior_->source}, {"prior_level", prior_->confirmed_level}};
  const auto add = [&](const char* cause) {
    values["cause"] = cause;
    result.reasons.push_back({"prior-not-kept", values});
  };
  if (it == entries.end()) return add("not-a-candidate");
  const auto& o = it->outcome;
  // A kept candidate (a run continued) is measured again only by its fresh processes.
  const bool measured_now = !findPrior(prior_->skip, key) &&
                            (findPrior(prior_->kept, key) ? o.forks.has_value() : it->measured);
  if (!measured_now || o.state == CandidateState::NotMeasured) return add("not-measured-again");
  if (o.state == CandidateState::Failed) return add("failed");
  if (o.state == CandidateState::Unsafe) return add("unsafe");
  // Its level now, across fresh processes where it had them.
  const auto level = [](const CandidateOutcome& c) {
    const bool forked = c.forks && c.forks->forks >= 2 && c.forks->median_ms > 0;
    return std::tuple{forked ? c.forks->median_ms : c.estimate.median_ms,
                      forked ? fmt::format("{:.4g} ms", c.forks->median_ms) : interval(c.estimate),
                      forked ? c.forks->forks : 1};
  };
  const auto [now_ms, now, now_processes] = level(o);
  values["level"] = now;
  values["processes"] = std::to_string(now_processes);
  if (result.winner) {
    const auto w = std::find_if(entries.begin(), entries.end(),
                                [&](const Entry& e) { return e.outcome.config == *result.winner; });
    if (w != entries.end()) {
      const auto answer = level(w->outcome);
      values["answer"] = w->outcome.config.key();
      values["answer_level"] = std::get<1>(answer);
      values["answer_processes"] = std::to_string(std::get<2>(answer));
    }
  }
  // Moved: slower now beyond the equivalence margin and beyond the interval it was confirmed with.
  if (prior_->confirmed_median_ms > 0 &&
      now_ms > prior_->confirmed_median_ms * (1.0 + options_.equivalence_delta) &&
      now_ms > prior_->confirmed_high_ms) {
    values["prior_median_ms"] = fmt::format("{:.4g}", prior_->confirmed_median_ms);
    return add("moved");
  }
  add("measured");
}

void Race::keepConfirmedAnswer(std::vector<Entry>& entries, TuneResult& result) {
  const auto& key = prior_->confirmed_winner;
  if (key.empty() || !result.winner || result.winner->key() == key) return;
  const auto find = [&](const std::string& k) {
    return std::find_if(entries.begin(), entries.end(),
                        [&](const Entry& e) { return e.outcome.config.key() == k; });
  };
  const auto leader = find(result.winner->key());
  const auto kept = find(key);
  if (leader == entries.end() || kept == entries.end()) return;
  const auto& l = leader->outcome;
  // Confirmed now, it stands unless its processes ran slower than the confirmed answer's did,
  // beyond the margin and beyond that answer's interval: GPT-2 replayed warm from memory forked
  // only bf16+aoti (ahead in this process by a drawn 4 %) and answered 1.405 ms across 3
  // processes against the 1.091 ms the confirmed bf16+aoti-graph had shown across 3.
  // The confirmed answer's processes speak for it only while it has not moved: in this process
  // it runs as it did in the process of the run that confirmed it.
  const bool confirmed_now = l.forks && l.forks->forks >= 2 && l.forks->median_ms > 0;
  const auto& c = kept->outcome;
  const double moved_above_ms =
      std::max(prior_->confirmed_process_ms * (1.0 + options_.equivalence_delta),
               prior_->confirmed_process_high_ms);
  // A move seen in this process is evidence only where this process's levels held up: when the
  // leader's own fresh processes ran it far slower than its level here (refuted), this process
  // misjudged levels (the Python-built ViT-B/16's eager and torch.compile configs move 12-40 %
  // between preparations), and a confirmed answer measured slower here has not moved by that.
  const bool process_refuted =
      confirmed_now && l.forks->median_ms > l.estimate.high_ms * RacePlanner::kRefutedRatio;
  if (confirmed_now &&
      !(prior_->confirmed_median_ms > 0 && prior_->confirmed_process_ms > 0 &&
        (c.estimate.median_ms <= moved_above_ms || process_refuted) &&
        l.forks->median_ms > prior_->confirmed_median_ms * (1.0 + options_.equivalence_delta) &&
        l.forks->median_ms > prior_->confirmed_high_ms))
    return;
  // The confirmed answer must have run again in this process, cleanly and safely: a level from
  // the memory alone is no answer of this run.
  const bool measured_now = !findPrior(prior_->skip, key) && !findPrior(prior_->kept, key) &&
                            kept->measured && c.estimate.median_ms > 0;
  if (!measured_now || (c.state != CandidateState::Eliminated &&
                        c.state != CandidateState::Finalist && c.state != CandidateState::Tied))
    return;
  // In-process levels alone moved the answer of a model whose levels across processes differ
  // from them (the Python-built ViT-B/16 replayed: an eager config 0.85x the package in process,
  // 1.3x across processes); the evidence of fresh processes outranks one process's.
  const std::string why =
      confirmed_now ? fmt::format(
                          "ran at {:.4g} ms across {} fresh processes ({} in this process), slower "
                          "than the last confirmed answer {} across its processes",
                          l.forks->median_ms, l.forks->forks, interval(l.estimate), key)
                    : fmt::format(
                          "ran faster in this process ({}) but could not be confirmed in fresh "
                          "processes within the budget: the next run measures it first (or raise "
                          "--budget-s)",
                          interval(l.estimate));
  leader->outcome.state = CandidateState::Finalist;
  leader->outcome.reason = fmt::format("{}; the last confirmed answer {} stands", why, key);
  leader->outcome.reason_code =
      confirmed_now ? TuneReason{"prior-stands.slower",
                                 {{"fresh_median_ms", fmt::format("{:.4g}", l.forks->median_ms)},
                                  {"processes", std::to_string(l.forks->forks)},
                                  {"level", interval(l.estimate)},
                                  {"prior", key}}}
                    : TuneReason{"prior-stands.unconfirmed",
                                 {{"level", interval(l.estimate)}, {"prior", key}}};
  kept->outcome.state = CandidateState::Winner;
  kept->outcome.reason = fmt::format("the last confirmed answer ({}), measured again: {}",
                                     prior_->confirmed_level, interval(c.estimate));
  kept->outcome.reason_code = {
      "prior-answer", {{"prior_level", prior_->confirmed_level}, {"level", interval(c.estimate)}}};
  result.winner = kept->outcome.config;
  // The tie (if any) was the leader's: the kept answer stands on its own.
  result.reasons.erase(std::remove_if(result.reasons.begin(), result.reasons.end(),
                                      [](const TuneReason& r) {
                                        return r.code == "tie" || r.code == "not-confirmed";
                                      }),
                       result.reasons.end());
  result.reasons.push_back({"prior-kept",
                            {{"key", key},
                             {"leader", l.config.key()},
                             {"leader_confirmed", confirmed_now ? "yes" : "no"},
                             {"source", prior_->source}}});
  winner_confirmed_ = false;  // the confirmed answer stands on this process's level
  observer_->onCandidate(leader->outcome);
  observer_->onCandidate(kept->outcome);
}

TuneResult Race::run(const SearchSpace& space, const RacePrior* prior) {
  prior_ = prior;
  start_ms_ = measurer_.nowMs() - options_.spent_before_ms;
  TuneResult result;
  if (options_.cold_compile_allowance_ms > 0) {
    // Only a model none of whose packages is cached gets it: once one is, the packages compiled
    // first (the likeliest winners) are there, and the warm run keeps the plain budget while the
    // rest compile in its background.
    const auto& candidates = space.candidates();
    const auto aoti = std::count_if(candidates.begin(), candidates.end(),
                                    [&](const auto& c) { return isAoti(c); });
    const auto uncached = std::count_if(candidates.begin(), candidates.end(), [&](const auto& c) {
      return isAoti(c) && measurer_.needsPreparation(c);
    });
    if (aoti > 0 && uncached == aoti) {
      options_.budget_ms += options_.cold_compile_allowance_ms;
      result.budget_note = fmt::format(
          "budget {:.0f} s: no AOTInductor package of this model is cached yet ({} candidate{}), "
          "and compiling the first takes minutes, so {:.0f} s are added (--budget-s sets the "
          "budget itself; the next run finds the packages this one finishes)",
          units::msToS(options_.budget_ms), aoti, aoti == 1 ? "" : "s",
          units::msToS(options_.cold_compile_allowance_ms));
      observer_->onBudget(options_.budget_ms, result.budget_note);
    }
  }
  result.budget_ms = options_.budget_ms;
  result.pruned = space.pruned();
  result.rounds = 1;
  observer_->onPruned(result.pruned);
  std::vector<Entry> entries;
  for (const auto& c : space.candidates()) {
    Entry e;
    e.outcome.config = c;
    entries.push_back(e);
  }
  result.spent_before_ms = options_.spent_before_ms;
  result.exit_reserve_ms = options_.exit_reserve_ms;
  result.rule = options_.accuracy.describe();
  if (prior_) applyPrior(entries, result);
  screen(entries, result);
  screening_ = false;
  eliminate(entries);  // what screening held back for a leader's second preparation
  refine(entries, result);
  finals(entries, result);
  refutedLeaderFinals(entries, result);
  auto late_rivals = screenAfterFinals(entries, result);
  forkRivals(entries, result, late_rivals);
  if (prior_) keepConfirmedAnswer(entries, result);
  explainUnmeasured(entries, result);
  result.cancelled = measurer_.cancelled();
  for (const auto& e : entries) result.candidates.push_back(e.outcome);
  result.unmeasured =
      unmeasuredSummary(result.candidates, costs_, measurer_.sessionOverheadMs(), result.budget_ms);
  result.accuracy_note = unjudgeable_note_;
  if (result.winner) {
    const bool confirmed = winner_confirmed_;
    // Final needs the fresh processes to support the confirmation: their medians agree, and the
    // interval they give is narrow. A CPU under load confirmed a winner at ±70 %, and the next
    // run's confirmed winner was another config.
    bool supported = true;
    if (confirmed) {
      const auto* w = result.find(*result.winner);
      const auto& f = w ? w->forks : std::nullopt;
      if (f && f->forks >= 2 && f->median_ms > 0) {
        const double reach =
            std::max(f->ci_high_ms - f->median_ms, f->median_ms - f->ci_low_ms) / f->median_ms;
        if (!f->stable) {
          supported = false;
          result.reasons.push_back(
              {"processes-disagree", {{"spread_pct", fmt::format("{:.0f}", 100 * f->spread)}}});
        }
        if (reach > kWideIntervalShare) {
          supported = false;
          result.reasons.push_back(
              {"interval-wide",
               {{"half_width_pct", fmt::format("{:.0f}", 100 * reach)},
                {"limit_pct", fmt::format("{:.0f}", 100 * kWideIntervalShare)}}});
        }
      }
    }
    result.verdict_state = confirmed && supported && result.unmeasured.count == 0 &&
                                   late_rivals.empty() && !measurer_.cancelled()
                               ? VerdictState::Final
                               : VerdictState::Provisional;
    if (measurer_.cancelled()) result.reasons.push_back({"cancelled", {}});
    if (!late_rivals.empty()) {
      result.reasons.push_back(
          {"late-rivals", {{"keys", fmt::format("{}", fmt::join(late_rivals, ", "))}}});
    }
    if (result.unmeasured.count > 0) {
      const auto& u = result.unmeasured;
      result.reasons.push_back(
          {"unmeasured",
           {{"count", std::to_string(u.count)},
            {"total", std::to_string(result.candidates.size())},
            {"precisions", fmt::format("{}", fmt::join(u.precisions, ", "))},
            {"compiles", fmt::format("{}", fmt::join(u.compiles, ", "))},
            {"budget_s", u.budget_to_reach_ms > 0
                             ? fmt::format("{:.0f}", units::msToS(u.budget_to_reach_ms))
                             : std::string()}}});
    }
  } else {
    result.verdict_state = measurer_.cancelled() ? VerdictState::Cancelled : VerdictState::NoWinner;
  }
  if (!result.winner) {
    const auto not_measured = std::count_if(
        result.candidates.begin(), result.candidates.end(),
        [](const CandidateOutcome& c) { return c.state == CandidateState::NotMeasured; });
    const auto ran = static_cast<std::ptrdiff_t>(result.candidates.size()) - not_measured;
    const auto reference =
        std::find_if(result.candidates.begin(), result.candidates.end(),
                     [](const CandidateOutcome& c) { return isReferenceConfig(c.config); });
    if (result.cancelled) {
      result.reasons.push_back({"cancelled", {}});
    } else if (reference != result.candidates.end() && reference->state == CandidateState::Failed) {
      // Speed-ups and accuracy are measured against the reference: without it nothing is judged,
      // and strict FP32 eager, which just failed, is no answer either.
      result.reasons.push_back({"reference-failed", {{"key", reference->config.key()}}});
    } else if (not_measured > 0) {
      // The budget, not the model, ended the search: say so, and what to do.
      result.reasons.push_back(
          {"budget-no-winner",
           {{"ran", std::to_string(ran)}, {"not_measured", std::to_string(not_measured)}}});
    } else {
      result.reasons.push_back({"none-clean", {}});
    }
  }
  if (prior_) compareWithPrior(entries, result);
  if (!result.accuracy_note.empty()) {
    result.reasons.push_back({"accuracy-unjudgeable", {}});
  }
  std::set<std::string> contended;  // measured beside a compile: launches were slower then
  for (const auto& e : entries) {
    if (e.outcome.estimate.contended) contended.insert(e.outcome.config.key());
  }
  result.host =
      diagnoseHostBound(result.screening, result.winner.value_or(OptimizationConfig{}), contended);
  result.elapsed_ms = spentMs();
  result.compiles = measurer_.compileJobs();
  tick();
  observer_->onDone(result);
  return result;
}

}  // namespace inferscope::tuner
