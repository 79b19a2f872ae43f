#include "cli/tuning.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/engine_measurer.h"
#include "cli/python_model_run.h"
#include "core/common/units.h"
#include "core/engine/compile_queue.h"
#include "core/engine/engine.h"
#include "core/engine/plan_shard.h"
#include "core/model/model_zoo.h"
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

// How long this process has run, from /proc (the kernel's start time, in clock ticks since boot):
// loading LibTorch and CUDA and querying the device come before the race, and count against the
// budget the user gave. 0 where /proc cannot say.
double processAgeMs() {
  std::ifstream stat("/proc/self/stat"), uptime("/proc/uptime");
  std::string text;
  double up_s = 0;
  if (!std::getline(stat, text) || !(uptime >> up_s)) return 0;
  // Field 22, counted after the command name's closing parenthesis (the name may hold spaces).
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string skipped;
  for (int field = 3; field < 22; ++field) fields >> skipped;
  double started_ticks = 0;
  const long ticks_per_s = ::sysconf(_SC_CLK_TCK);
  if (!(fields >> started_ticks) || ticks_per_s <= 0) return 0;
  const double started_s = started_ticks / static_cast<double>(ticks_per_s);
  return up_s > started_s ? units::sToMs(up_s - started_s) : 0;
}

// Packages still compiling when a run ends are left to finish after it (CompileQueue's lock makes
// the next run wait for them instead of starting over): on the H200 a ResNet-50 package takes
// about 100 s, longer than a warm run's 60 s, so stopping them meant compiling them again, and
// never finishing, in every run. A cancelled run stops them.
void leaveCompilesRunning(tuner::TuneResult& result) {
  if (result.cancelled) return;
  const auto left = CompileQueue::instance().detachRunning();
  if (left.empty()) return;
  std::vector<std::string> keys;
  for (const auto& job : left)
    keys.push_back(fmt::format("{} ({:.0f} s in, log {})", job.key, units::msToS(job.elapsed_ms),
                               job.log_path));
  result.verdict += fmt::format(
      ". Still compiling, left to finish in the background at low priority: {}; the next run "
      "uses {} once done",
      fmt::join(keys, ", "), left.size() == 1 ? "its package" : "their packages");
}

// The level a candidate reached: across its fresh processes when it had them.
double candidateLevelMs(const tuner::CandidateOutcome& c) {
  return c.forks && c.forks->median_ms > 0 ? c.forks->median_ms : c.estimate.median_ms;
}

// torch.compile measured beside the answer (models Python rebuilds): the verdict states the
// answer's time as a ratio to the fastest torch.compile mode the race measured, so a user sees
// what the tuner adds over a one-line torch.compile.
void appendPeerComparison(tuner::TuneResult& r) {
  const tuner::CandidateOutcome* peer = nullptr;
  for (const auto& c : r.candidates) {
    if (!runsTorchCompile(c.config.compile) || !(candidateLevelMs(c) > 0)) continue;
    if (c.state == tuner::CandidateState::Failed || c.state == tuner::CandidateState::NotMeasured)
      continue;
    if (!peer || candidateLevelMs(c) < candidateLevelMs(*peer)) peer = &c;
  }
  if (!peer || !r.winner) return;
  const auto* winner = r.find(*r.winner);
  if (!winner || !(candidateLevelMs(*winner) > 0)) return;
  if (winner == peer) {
    r.verdict +=
        fmt::format(". The answer is torch.compile itself ({}): the Python export writes it",
                    peer->config.key());
    return;
  }
  r.verdict += fmt::format(". {:.2f}× torch.compile {} ({:.4g} ms, measured in this run{})",
                           candidateLevelMs(*winner) / candidateLevelMs(*peer), peer->config.key(),
                           candidateLevelMs(*peer),
                           peer->state == tuner::CandidateState::Unsafe ? ", unsafe" : "");
}

}  // namespace

void setTuneBudget(tuner::RaceOptions& race, double budget_s) {
  constexpr double kDefaultBudgetS = 60, kColdCompileAllowanceS = 110;
  race.budget_ms = units::sToMs(budget_s > 0 ? budget_s : kDefaultBudgetS);
  race.cold_compile_allowance_ms = budget_s > 0 ? 0 : units::sToMs(kColdCompileAllowanceS);
  // Writing the session and exiting (CUDA's teardown): a warm ResNet-50 run on the H200 exited
  // 1.0 s after its race, start-up included, and so took 61.0 s of a 60 s budget.
  race.exit_reserve_ms = 1000;
}

TuningRun runTuning(const ProfileRequest& given, const ModelOptions& model,
                    const std::vector<OptimizationConfig>& seeds, const tuner::RaceOptions& race,
                    TuneReporter& reporter, const std::optional<ShardSpec>& shard) {
  ProfileRequest request = given;
  // A model only Python can compile is built and run once in the Python worker first: its example
  // inputs and FP32 reference are what every config, in either process, is measured against.
  std::optional<PythonModelRun> python;
  if (builtInPython(request.model.source)) python.emplace(request);
  tuner::SpaceContext ctx;
  ctx.caps = DeviceCaps::from(engine::deviceInfo(request.device, request.device_index));
  ctx.aot_inductor_available = engine::aotInductorAvailable();
  ctx.source = request.model.source;
  ctx.inputs =
      request.inputs.empty() ? defaultInputs(request.model, request.batch) : request.inputs;
  ctx.static_shapes = request.run.input_cycle.empty();
  ctx.max_autotune = model.max_autotune;
  tuner::SearchSpace space(ctx, seeds);
  std::string what = fmt::format("{} ({})", request.model.displayName(), toString(ctx.inputs));
  if (shard) {
    std::size_t others = 0;  // the candidates dealt out: all but the FP32 reference
    for (const auto& c : space.candidates()) others += isReferenceConfig(c) ? 0 : 1;
    checkShardFits(*shard, others, "--shard");
    const auto whole = space.restrictToShard(*shard);
    what += fmt::format(", shard {}: {} of the space's {} candidates", shard->toString(),
                        space.candidates().size(), whole);
  }
  const auto device_name = engine::deviceInfo(request.device, request.device_index).name;
  reporter.start(what, device_name, race.budget_ms, race.accuracy.describe());
  EngineMeasurer engine_measurer(request, model, reporter);
  tuner::Measurer& measurer =
      python ? python->measurer(engine_measurer, request.batch) : engine_measurer;
  tuner::RaceOptions options = race;
  options.spent_before_ms = processAgeMs();
  tuner::Race racer(measurer, options, &reporter);
  TuningRun run;
  run.result = racer.run(space);
  leaveCompilesRunning(run.result);
  appendPeerComparison(run.result);
  if (const auto advice = inductorAdvice(request.model); !advice.empty())
    run.result.verdict += ". " + advice;
  std::optional<SessionResult> header = engine_measurer.firstSession();
  if (python) {
    if (!header) header = python->header(request);
    header->parameter_count = python->prepared().parameter_count;
  }
  if (header) {
    run.session = tuneSession(*header, run.result);
    // The answer travels with the session: verdict, every candidate's fate, the budget's use.
    run.session.races = {tuner::raceRecord(run.result, what, device_name)};
    if (shard) {
      referenceFirst(run.session);
      run.session.shard = shard;
      run.session.races.front().shard = shard->toString();
    }
  }
  return run;
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
    fmt::print(out, "\nAccuracy: {}\n", r.accuracy_note);
    break;
  }
  for (const auto& race : s.races) {
    fmt::print(out, "\nTuned{}{}{} ({}; {:.1f} s of a {:.0f} s budget): {}\n",
               race.shard.empty() ? "" : " shard ", race.shard,
               race.model.empty() ? "" : " " + race.model,
               race.verdict_state.empty() ? "verdict" : race.verdict_state,
               units::msToS(race.elapsed_ms), units::msToS(race.budget_ms), race.verdict);
    const auto apart = tuner::compareWithRanking(race, s, ranking);
    if (apart.empty()) {
      fmt::print(out, "Today's rules agree with the race.\n");
      continue;
    }
    fmt::print(out, "Today's rules differ from the race ({}):\n", apart.size());
    for (const auto& line : apart) fmt::print(out, "  {}\n", line);
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
      why = c->accuracy + " · " + why;
    fmt::print(out, "{:<12} {:<22} {:>10} {:>21} {:>9}  {}\n", tuner::toString(c->state),
               c->config.key(), measured ? fmt::format("{:.4g}", level) : "-",
               measured && e.rounds > 0 ? fmt::format("[{:.4g}, {:.4g}]", low, high) : "-",
               c->compile_ms > 0 ? fmt::format("{:.1f}", units::msToS(c->compile_ms)) : "-", why);
  }
  // Pruned configs, grouped by reason: never run, never a warning.
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& p : r.pruned) by_reason[p.reason].push_back(p.config.key());
  if (!by_reason.empty())
    fmt::print(out, "\nPruned before anything ran ({} configs):\n", r.pruned.size());
  for (const auto& [reason, keys] : by_reason) {
    const std::vector<std::string> shown(keys.begin(),
                                         keys.begin() + std::min<std::size_t>(3, keys.size()));
    fmt::print(out, "  {:>3} × {} (e.g. {}{})\n", keys.size(), reason, fmt::join(shown, ", "),
               keys.size() > shown.size() ? ", …" : "");
  }
  fmt::print(out, "\n{} ({:.1f} s of a {:.0f} s budget, {} in-process rounds)\n", r.verdict,
             units::msToS(r.elapsed_ms), units::msToS(r.budget_ms), r.rounds);
}

}  // namespace inferscope::cli
