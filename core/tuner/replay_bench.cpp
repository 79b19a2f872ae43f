#include "core/tuner/replay_bench.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "core/common/units.h"
#include "core/tuner/race_prior.h"
#include "core/tuner/race_record.h"
#include "core/tuner/replay_measurer.h"
#include "core/tuner/run_memory.h"

namespace inferscope::tuner {
namespace {

// core/runner/tuning.cpp's numbers (setTuneBudget, kRooflineReserveMs), repeated: the runner
// library links LibTorch, the tuner's does not.
constexpr double kDefaultBudgetS = 60, kColdCompileAllowanceS = 110, kPythonExtraColdS = 40;
constexpr double kExitReserveMs = 1000, kRooflineReserveMs = 2000;
constexpr double kSpentBeforeMs = 3000, kPythonPreparationMs = 15000;
constexpr double kOverBudgetToleranceS = 0.5;

// The replayed clock of the cold run and of the warm one after it: a fixed date, so that a seed
// replays the same run, and the memory a few minutes old when the warm run reads it.
constexpr double kColdRunUnixS = 1.8e9, kWarmRunUnixS = kColdRunUnixS + 180;

std::string budgetLabel(double budget_s) {
  return budget_s > 0 ? fmt::format("{:.0f} s", budget_s) : std::string("default");
}

struct Replayed {
  ReplayRun run;
  TuneResult result;
};

Replayed replayRace(const ReplayGpu& gpu, bool cold, double budget_s, std::uint64_t seed,
                    const RacePrior* prior, const std::string& start);

// The run memory the cold replay leaves, as `tune` writes it, and the prior the next run reads.
RacePrior memoryPrior(const ReplayGpu& gpu, const TuneResult& cold) {
  MemoryKey key;
  key.model = gpu.model;
  key.device = gpu.device;
  key.versions = "replay";
  const auto memory =
      mergeRun(std::nullopt, key, raceRecord(cold, gpu.model, gpu.device), kColdRunUnixS);
  return priorFromMemory(memory, kWarmRunUnixS, "the cold replay's run memory");
}

// The prior `tune --resume` builds from the cold replay's session: its race and its configs as the
// session holds them (a finalist's forked run over its screening one).
RacePrior sessionPrior(const ReplayGpu& gpu, const TuneResult& cold) {
  std::vector<ConfigResult> configs = cold.screening;
  for (const auto& f : cold.finals) {
    const auto same = std::find_if(configs.begin(), configs.end(),
                                   [&](const ConfigResult& c) { return c.config == f.config; });
    if (same != configs.end()) {
      *same = f;
    } else {
      configs.push_back(f);
    }
  }
  return priorFromSession(raceRecord(cold, gpu.model, gpu.device), configs,
                          "the cold replay's session");
}

}  // namespace

RaceOptions replayRaceOptions(const ReplayGpu& gpu, double budget_s) {
  RaceOptions o;
  o.budget_ms = units::sToMs(budget_s > 0 ? budget_s : kDefaultBudgetS);
  o.cold_compile_allowance_ms =
      budget_s > 0
          ? 0
          : units::sToMs(kColdCompileAllowanceS + (gpu.python_built ? kPythonExtraColdS : 0));
  o.exit_reserve_ms = kExitReserveMs;
  o.spent_before_ms = gpu.python_built ? kPythonPreparationMs : kSpentBeforeMs;
  o.exit_reserve_ms += kRooflineReserveMs;
  if (!gpu.python_built) o.exit_reserve_holds_a_load = true;
  return o;
}

ReplayRun replayOnce(const ReplayGpu& gpu, bool cold, double budget_s, std::uint64_t seed) {
  return replayRace(gpu, cold, budget_s, seed, nullptr, "").run;
}

ReplayRun replayWarmFromMemory(const ReplayGpu& gpu, double budget_s, std::uint64_t seed) {
  const auto cold = replayRace(gpu, true, budget_s, seed, nullptr, "");
  const auto prior = memoryPrior(gpu, cold.result);
  return replayRace(gpu, false, budget_s, seed, &prior, "memory").run;
}

ReplayRun replayResumed(const ReplayGpu& gpu, double budget_s, std::uint64_t seed) {
  const auto cold = replayRace(gpu, true, 0, seed, nullptr, "");
  const auto prior = sessionPrior(gpu, cold.result);
  return replayRace(gpu, false, budget_s, seed, &prior, "resume").run;
}

namespace {

Replayed replayRace(const ReplayGpu& gpu, bool cold, double budget_s, std::uint64_t seed,
                    const RacePrior* prior, const std::string& start) {
  ReplaySettings settings;
  settings.cold = cold;
  // One stream of draws per (seed, cold): a warm replay is not the cold one's noise again.
  settings.seed = seed * 2 + (cold ? 1 : 0);
  ReplayMeasurer measurer(gpu, settings);
  Race race(measurer, replayRaceOptions(gpu, budget_s));
  Replayed replayed;
  const auto& result = replayed.result = race.run(SearchSpace::ofCandidates(gpu.candidates), prior);
  ReplayRun& run = replayed.run;
  run.start = start;
  run.reasons = result.reasons;
  if (const auto* w = result.winner ? result.find(*result.winner) : nullptr; w && w->forks) {
    run.processes = w->forks->forks;
    run.remembered_processes = w->forks->remembered_forks;
  }
  for (const auto& c : result.candidates) {
    run.outcomes.push_back(fmt::format("{} {} (set-up {:.1f} s): {}", c.config.key(),
                                       toString(c.state), units::msToS(c.setup_ms), c.reason));
  }
  run.model = gpu.model;
  run.cold = cold;
  run.budget_s = budget_s;
  run.seed = seed;
  run.state = toString(result.verdict_state);
  run.elapsed_s = units::msToS(result.elapsed_ms);  // spentMs(): what came before included
  run.race_budget_s = units::msToS(result.budget_ms);
  const double best = gpu.bestSafeMs();
  OptimizationConfig answer = OptimizationConfig::parse("fp32");
  if (result.winner) {
    answer = *result.winner;
    run.winner = answer.key();
    const auto* outcome = result.find(answer);
    run.confirmed = outcome && outcome->forks && outcome->forks->forks >= 2;
  }
  // Without a winner the answer is strict FP32 eager; where the corpus has no figure of it (a
  // model given as a package), the slowest safe config stands in.
  const auto* figure = gpu.find(answer);
  double answer_ms = figure && figure->level_ms > 0 ? gpu.trueLevelMs(*figure) : 0;
  if (!(answer_ms > 0)) {
    for (const auto& [key, c] : gpu.configs) {
      if (c.state == ReplayState::Ok && c.level_ms > 0)
        answer_ms = std::max(answer_ms, gpu.trueLevelMs(c));
    }
  }
  run.regret = best > 0 ? answer_ms / best : NAN;
  return replayed;
}

}  // namespace

std::vector<ReplayRun> runReplayBench(const std::vector<ReplayGpu>& corpus,
                                      const ReplayBenchOptions& options) {
  std::vector<ReplayRun> runs;
  for (const auto& gpu : corpus) {
    if (gpu.candidates.empty() || !(gpu.bestSafeMs() > 0)) continue;
    for (const bool cold : {true, false}) {
      for (const double budget : options.budgets_s) {
        for (int s = 0; s < options.seeds; ++s) {
          const auto seed = options.first_seed + static_cast<std::uint64_t>(s);
          const auto replayed = replayRace(gpu, cold, budget, seed, nullptr, "");
          runs.push_back(replayed.run);
          if (!cold || !options.memory) continue;
          const auto memory = memoryPrior(gpu, replayed.result);
          runs.push_back(replayRace(gpu, false, budget, seed, &memory, "memory").run);
          if (budget > 0) continue;
          const auto session = sessionPrior(gpu, replayed.result);
          runs.push_back(
              replayRace(gpu, false, options.resume_budget_s, seed, &session, "resume").run);
        }
      }
    }
  }
  return runs;
}

double replayQuantile(std::vector<double> values, double p) {
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); }),
               values.end());
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double pos = p * static_cast<double>(values.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(values.size() - 1, lo + 1);
  return values[lo] + (pos - static_cast<double>(lo)) * (values[hi] - values[lo]);
}

namespace {

// The cold replay of the same model, budget (the default for a resumed run) and seed.
const ReplayRun* coldOf(const std::vector<ReplayRun>& runs, const ReplayRun& r) {
  const double budget = r.start == "resume" ? 0 : r.budget_s;
  for (const auto& c : runs) {
    if (c.start.empty() && c.cold && c.model == r.model && c.budget_s == budget && c.seed == r.seed)
      return &c;
  }
  return nullptr;
}

bool noWorseThanItsColdRun(const std::vector<ReplayRun>& runs, const ReplayRun& r) {
  const auto* c = coldOf(runs, r);
  return c && r.regret <= c->regret + 1e-9;
}

// The warm runs from the run memory and the resumed ones, each against its own cold replay.
std::string memoryTable(const std::vector<ReplayRun>& runs, const std::vector<double>& budgets,
                        double per_model_budget) {
  std::string out;
  if (std::none_of(runs.begin(), runs.end(), [](const auto& r) { return !r.start.empty(); }))
    return out;
  out +=
      "\nWarm from the cold run's memory (`memory`) and the default-budget cold run resumed "
      "(`resume`), each against the cold replay of the same model, budget and seed:\n\n";
  out +=
      "| budget | start | runs | median regret | P95 regret | worst | confirmed | final | "
      "≤ its cold run |\n";
  out += "|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
  std::vector<std::pair<std::string, double>> rows;
  rows.reserve(budgets.size() + 1);
  for (const double b : budgets) rows.emplace_back("memory", b);
  for (const auto& r : runs) {
    const auto row = std::make_pair(std::string("resume"), r.budget_s);
    if (r.start == "resume" && std::find(rows.begin(), rows.end(), row) == rows.end())
      rows.push_back(row);
  }
  for (const auto& [start, b] : rows) {
    std::vector<double> regrets;
    int confirmed = 0, finals = 0, n = 0, not_worse = 0;
    for (const auto& r : runs) {
      if (r.start != start || r.budget_s != b) continue;
      ++n;
      regrets.push_back(r.regret);
      confirmed += r.confirmed ? 1 : 0;
      finals += r.state == "final" ? 1 : 0;
      not_worse += noWorseThanItsColdRun(runs, r) ? 1 : 0;
    }
    if (n == 0) continue;
    out += fmt::format(
        "| {} | {} | {} | {:.3f} | {:.3f} | {:.3f} | {:.0f} % | {:.0f} % | {} of {} |\n",
        start == "resume" ? "default → " + budgetLabel(b) : budgetLabel(b), start, n,
        replayQuantile(regrets, 0.5), replayQuantile(regrets, 0.95), replayQuantile(regrets, 1.0),
        100.0 * confirmed / n, 100.0 * finals / n, not_worse, n);
  }
  out += fmt::format(
      "\nPer model at the {} budget, warm from memory and resumed against cold (median regret "
      "over seeds; replays no worse than their own cold one; confirmed share):\n\n",
      budgetLabel(per_model_budget));
  out +=
      "| model | cold regret | memory regret | memory ≤ cold | memory confirmed | "
      "resume regret | resume ≤ cold | resume confirmed |\n";
  out += "|---|---:|---:|---:|---:|---:|---:|---:|\n";
  std::map<std::string, std::array<std::vector<const ReplayRun*>, 3>> by_model;
  for (const auto& r : runs) {
    if (r.start.empty() && r.cold && r.budget_s == per_model_budget)
      by_model[r.model][0].push_back(&r);
    if (r.start == "memory" && r.budget_s == per_model_budget) by_model[r.model][1].push_back(&r);
    if (r.start == "resume" && per_model_budget == 0) by_model[r.model][2].push_back(&r);
  }
  std::size_t every = 0, total = 0, not_worse_all = 0;
  for (const auto& [model, kinds] : by_model) {
    std::array<double, 3> regret{};
    std::array<std::string, 3> share, not_worse;
    for (std::size_t k = 0; k < 3; ++k) {
      std::vector<double> v;
      std::size_t c = 0, ok = 0;
      for (const auto* r : kinds[k]) {
        v.push_back(r->regret);
        c += r->confirmed ? 1 : 0;
        ok += noWorseThanItsColdRun(runs, *r) ? 1 : 0;
      }
      regret[k] = replayQuantile(v, 0.5);
      share[k] = v.empty() ? std::string("–")
                           : fmt::format("{:.0f} %", 100.0 * static_cast<double>(c) /
                                                         static_cast<double>(v.size()));
      not_worse[k] = fmt::format("{} of {}", ok, v.size());
      if (k == 1) {
        total += v.size();
        not_worse_all += ok;
        every += ok == v.size() ? 1 : 0;
      }
    }
    out += fmt::format("| {} | {:.3f} | {:.3f} | {} | {} | {:.3f} | {} | {} |\n", model, regret[0],
                       regret[1], not_worse[1], share[1], regret[2], not_worse[2], share[2]);
  }
  out += fmt::format(
      "\nWarm from memory ≤ cold in {} of {} replays at the {} budget; in every replay of {} of {} "
      "models.\n",
      not_worse_all, total, budgetLabel(per_model_budget), every, by_model.size());
  return out;
}

}  // namespace

std::string replayTable(const std::vector<ReplayRun>& runs) {
  std::string out;
  std::vector<double> budgets;
  for (const auto& r : runs) {
    if (r.start.empty() && std::find(budgets.begin(), budgets.end(), r.budget_s) == budgets.end())
      budgets.push_back(r.budget_s);
  }
  out += "| budget | cold/warm | runs | median regret | P95 regret | worst | confirmed | final |\n";
  out += "|---|---|---:|---:|---:|---:|---:|---:|\n";
  for (const double b : budgets) {
    for (const int kind : {0, 1, 2}) {  // cold, warm, both
      const bool cold = kind == 0;
      std::vector<double> regrets;
      int confirmed = 0, finals = 0, n = 0;
      for (const auto& r : runs) {
        if (!r.start.empty() || r.budget_s != b || (kind != 2 && r.cold != cold)) continue;
        ++n;
        regrets.push_back(r.regret);
        confirmed += r.confirmed ? 1 : 0;
        finals += r.state == "final" ? 1 : 0;
      }
      if (n == 0) continue;
      out += fmt::format("| {} | {} | {} | {:.3f} | {:.3f} | {:.3f} | {:.0f} % | {:.0f} % |\n",
                         budgetLabel(b),
                         kind == 0   ? "cold"
                         : kind == 1 ? "warm"
                                     : "both",
                         n, replayQuantile(regrets, 0.5), replayQuantile(regrets, 0.95),
                         replayQuantile(regrets, 1.0), 100.0 * confirmed / n, 100.0 * finals / n);
    }
  }
  // The budget is the user's wall time: a run past it is a failure of its own, whatever its regret.
  int over = 0;
  double worst_over_s = 0;
  for (const auto& r : runs) {
    const double past_s = r.elapsed_s - r.race_budget_s;
    if (past_s > kOverBudgetToleranceS) ++over;
    worst_over_s = std::max(worst_over_s, past_s);
  }
  out += fmt::format("\nRuns past their budget (by more than {:.1f} s): {} of {}{}.\n",
                     kOverBudgetToleranceS, over, runs.size(),
                     over ? fmt::format(", the worst by {:.1f} s", worst_over_s) : std::string());
  // Per model at the default budget (or the last budget when the default was not run).
  const double per_model_budget =
      std::find(budgets.begin(), budgets.end(), 0.0) != budgets.end() ? 0.0 : budgets.back();
  out +=
      fmt::format("\nPer model at the {} budget (median regret over seeds; confirmed share):\n\n",
                  budgetLabel(per_model_budget));
  out += "| model | cold regret | warm regret | warm ≤ cold | cold confirmed | warm confirmed |\n";
  out += "|---|---:|---:|---|---:|---:|\n";
  std::map<std::string, std::array<std::vector<const ReplayRun*>, 2>> by_model;
  for (const auto& r : runs) {
    if (r.start.empty() && r.budget_s == per_model_budget)
      by_model[r.model][r.cold ? 0 : 1].push_back(&r);
  }
  int warm_not_worse = 0;
  for (const auto& [model, both] : by_model) {
    std::array<double, 2> regret{};
    std::array<double, 2> confirmed{};
    for (int k = 0; k < 2; ++k) {
      std::vector<double> v;
      int c = 0;
      for (const auto* r : both[static_cast<std::size_t>(k)]) {
        v.push_back(r->regret);
        c += r->confirmed ? 1 : 0;
      }
      regret[static_cast<std::size_t>(k)] = replayQuantile(v, 0.5);
      confirmed[static_cast<std::size_t>(k)] =
          v.empty() ? 0 : 100.0 * c / static_cast<double>(v.size());
    }
    warm_not_worse += regret[1] <= regret[0] + 1e-9 ? 1 : 0;
    out += fmt::format("| {} | {:.3f} | {:.3f} | {} | {:.0f} % | {:.0f} % |\n", model, regret[0],
                       regret[1], regret[1] <= regret[0] + 1e-9 ? "yes" : "**no**", confirmed[0],
                       confirmed[1]);
  }
  out += fmt::format("\nWarm ≤ cold in {} of {} models.\n", warm_not_worse, by_model.size());
  out += memoryTable(runs, budgets, per_model_budget);
  return out;
}

std::string replayJson(const std::vector<ReplayRun>& runs) {
  nlohmann::json doc = nlohmann::json::array();
  for (const auto& r : runs) {
    doc.push_back({{"model", r.model},
                   {"cold", r.cold},
                   {"start", r.start},
                   {"budget_s", r.budget_s},
                   {"seed", r.seed},
                   {"winner", r.winner},
                   {"regret", std::isnan(r.regret) ? nlohmann::json() : nlohmann::json(r.regret)},
                   {"state", r.state},
                   {"confirmed", r.confirmed},
                   {"elapsed_s", r.elapsed_s},
                   {"race_budget_s", r.race_budget_s}});
  }
  return doc.dump(1) + "\n";
}

}  // namespace inferscope::tuner
