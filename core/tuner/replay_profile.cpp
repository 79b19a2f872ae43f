#include "core/tuner/replay_profile.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/json_reader.h"

namespace inferscope::tuner {
namespace {

double medianOf(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double logSd(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  double mean = 0;
  for (double x : v) mean += std::log(x);
  mean /= static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (std::log(x) - mean) * (std::log(x) - mean);
  return std::sqrt(ss / static_cast<double>(v.size() - 1));
}

double geoMean(const std::vector<double>& v) {
  if (v.empty()) return 0;
  double s = 0;
  for (double x : v) s += std::log(x);
  return std::exp(s / static_cast<double>(v.size()));
}

// One run's figures of one config, as the converter wrote them.
struct Observation {
  bool cold = false;
  std::string state;  // "", "failed", "unsafe", "accuracy-not-measured"
  std::string message;
  double median_ms = 0, low_ms = 0, high_ms = 0;
  int samples = 0;
  bool contended = false;
  double setup_ms = 0;
  double fork_median_ms = 0, fork_log_sd = 0;
};

// A recorded interval of a median of n samples spans about ±1.96 × 1.25 σ / √n: σ back out of it,
// relative to the level.
double noiseFrom(const Observation& o) {
  if (!(o.median_ms > 0) || o.samples < 2 || !(o.high_ms > o.low_ms)) return 0;
  const double half = 0.5 * (o.high_ms - o.low_ms);
  return half * std::sqrt(static_cast<double>(o.samples)) / (1.96 * 1.2533) / o.median_ms;
}

ReplayGpu reduce(const JsonReader& m) {
  ReplayGpu gpu;
  gpu.model = m.at("model").string();
  gpu.device = m.at("device").string();
  // A Python entry ("file:entry", before the inputs in parentheses) is rebuilt in Python; so is a
  // model whose cold run got the Python allowance (210 s).
  gpu.python_built = gpu.model.substr(0, gpu.model.find(" (")).find(':') != std::string::npos;
  std::map<std::string, std::vector<Observation>> obs;
  std::map<std::string, std::vector<double>> compiles, unfinished;
  std::vector<double> overheads;
  std::vector<std::string> order;  // the race order of the run that raced the most candidates
  std::vector<std::string> raced;  // every key any run raced
  for (const auto& run : m.elementsOr("runs")) {
    ++gpu.runs;
    const bool cold = run.booleanOr("cold", false);
    if (run.numberOr("cold_budget_ms", 0) >= 200000) gpu.python_built = true;
    if (run.has("session_overhead_ms")) overheads.push_back(run.at("session_overhead_ms").number());
    std::vector<std::string> candidates;
    for (const auto& k : run.elementsOr("candidates")) candidates.push_back(k.string());
    if (candidates.size() > order.size()) order = candidates;
    for (const auto& k : candidates) {
      if (std::find(raced.begin(), raced.end(), k) == raced.end()) raced.push_back(k);
    }
    if (run.has("configs")) {
      for (const auto& [key, c] : run.at("configs").members()) {
        Observation o;
        o.cold = cold;
        o.state = c.stringOr("state", "");
        o.message = c.stringOr("message", "");
        o.median_ms = c.numberOr("median_ms", 0);
        o.low_ms = c.numberOr("low_ms", o.median_ms);
        o.high_ms = c.numberOr("high_ms", o.median_ms);
        o.samples = c.integerOr("samples", 0);
        o.contended = c.booleanOr("contended", false);
        // A package's recorded set-up holds its wait for the compile, which the replay's own
        // compile queue pays: its load alone is the set-up.
        const bool package = runsAotInductorPackage(OptimizationConfig::parse(key).compile);
        o.setup_ms = c.numberOr("setup_ms", 0) - (package ? c.numberOr("compile_ms", 0) : 0.0);
        o.fork_median_ms = c.numberOr("fork_median_ms", 0);
        o.fork_log_sd = c.numberOr("fork_log_sd", 0);
        obs[key].push_back(o);
        if (std::find(raced.begin(), raced.end(), key) == raced.end()) raced.push_back(key);
      }
    }
    if (run.has("packages")) {
      for (const auto& [key, p] : run.at("packages").members()) {
        if (p.has("compile_ms")) compiles[key].push_back(p.at("compile_ms").number());
        if (p.has("unfinished_ms")) unfinished[key].push_back(p.at("unfinished_ms").number());
      }
    }
  }
  gpu.session_overhead_ms = overheads.empty() ? 2000.0 : medianOf(overheads);
  // Contention and the fresh factor: medians over the configs that have both figures.
  std::vector<double> contention_ratios, fresh_ratios;
  for (const auto& [key, list] : obs) {
    std::vector<double> quiet, busy;
    for (const auto& o : list) {
      if (o.median_ms > 0 && o.state.empty()) (o.contended ? busy : quiet).push_back(o.median_ms);
    }
    if (!quiet.empty() && !busy.empty())
      contention_ratios.push_back(medianOf(busy) / medianOf(quiet));
  }
  gpu.contention = contention_ratios.empty() ? 1.0 : std::max(1.0, medianOf(contention_ratios));
  for (const auto& [key, list] : obs) {
    ReplayConfig c;
    c.config = OptimizationConfig::parse(key);
    std::vector<double> levels, noises, forks, fork_sds, cold_setups, warm_setups;
    int failed = 0, unsafe = 0, no_accuracy = 0, ok = 0;
    for (const auto& o : list) {
      if (o.state == "failed") {
        ++failed;
        c.message = o.message;
        continue;
      }
      if (o.state == "unsafe") {
        ++unsafe;
        c.message = o.message;
      } else if (o.state == "accuracy-not-measured") {
        ++no_accuracy;
      } else if (o.median_ms > 0) {
        ++ok;
      }
      if (o.median_ms > 0) {
        levels.push_back(o.contended ? o.median_ms / gpu.contention : o.median_ms);
        if (const double n = noiseFrom(o); n > 0) noises.push_back(n);
      }
      if (o.fork_median_ms > 0) {
        forks.push_back(o.fork_median_ms);
        fork_sds.push_back(o.fork_log_sd);
      }
      if (o.setup_ms > 0) (o.cold ? cold_setups : warm_setups).push_back(o.setup_ms);
    }
    // A failure some run saw and another did not (a time limit, a worker lost) is not the config's
    // nature: a config fails only where no run measured it.
    if (levels.empty()) {
      if (failed > 0) {
        c.state = ReplayState::Failed;
        c.runs = failed;
        gpu.configs.emplace(key, c);
      }
      continue;
    }
    // Unsafe where most runs found it so: a model's random weights can put one run's output on
    // the rule's edge.
    c.state = unsafe > ok                  ? ReplayState::Unsafe
              : no_accuracy > 0 && ok == 0 ? ReplayState::AccuracyNotMeasured
                                           : ReplayState::Ok;
    c.runs = static_cast<int>(levels.size());
    c.level_ms = medianOf(levels);
    // A floor of 0.5 % for a config one run measured: a re-preparation never lands on the level.
    c.round_log_sd = std::max(0.005, logSd(levels));
    c.noise_rel = noises.empty() ? 0.01 : std::clamp(medianOf(noises), 0.001, 0.5);
    c.fork_level_ms = geoMean(forks);
    c.fork_log_sd = fork_sds.empty() ? 0 : medianOf(fork_sds);
    if (c.fork_level_ms > 0) fresh_ratios.push_back(c.fork_level_ms / c.level_ms);
    c.setup_cold_ms = cold_setups.empty() ? medianOf(warm_setups) : medianOf(cold_setups);
    c.setup_warm_ms = warm_setups.empty() ? c.setup_cold_ms : medianOf(warm_setups);
    gpu.configs.emplace(key, c);
  }
  gpu.fresh_factor = fresh_ratios.empty() ? 1.0 : medianOf(fresh_ratios);
  std::vector<double> all_done;
  all_done.reserve(compiles.size());
  for (const auto& [key, list] : compiles) all_done.push_back(medianOf(list));
  const double typical_ms = all_done.empty() ? 120000.0 : medianOf(all_done);
  for (const auto& [key, list] : compiles) gpu.package_compile_ms[key] = medianOf(list);
  for (const auto& [key, list] : unfinished) {
    if (gpu.package_compile_ms.count(key)) continue;
    // Never seen to end: at least a quarter longer than the longest time it was seen running,
    // and no shorter than this model's typical package.
    gpu.package_compile_ms[key] =
        std::max(1.25 * *std::max_element(list.begin(), list.end()), typical_ms);
  }
  // Any package of a model whose runs compiled others, but not this one (compiled before the
  // recorded runs): typical. A model that never compiled one loads packages it was given (a .pt2
  // file): they are there from the start.
  for (const auto& [key, c] : gpu.configs) {
    if (compiles.empty() && unfinished.empty()) break;
    if (!runsAotInductorPackage(c.config.compile)) continue;
    const auto package = packageConfig(c.config).key();
    if (!gpu.package_compile_ms.count(package)) gpu.package_compile_ms[package] = typical_ms;
  }
  // The race order: the widest run's, then keys only other runs raced, in their first order.
  for (const auto& k : raced) {
    if (std::find(order.begin(), order.end(), k) == order.end()) order.push_back(k);
  }
  for (const auto& k : order) {
    if (gpu.configs.count(k)) {
      gpu.candidates.push_back(OptimizationConfig::parse(k));
    } else {
      gpu.unavailable.push_back(k);
    }
  }
  return gpu;
}

}  // namespace

double ReplayGpu::trueLevelMs(const ReplayConfig& c) const {
  return c.fork_level_ms > 0 ? c.fork_level_ms : c.level_ms * fresh_factor;
}

double ReplayGpu::bestSafeMs() const {
  double best = 0;
  for (const auto& [key, c] : configs) {
    if (c.state != ReplayState::Ok || !(c.level_ms > 0)) continue;
    const double level = trueLevelMs(c);
    if (best == 0 || level < best) best = level;
  }
  return best;
}

const ReplayConfig* ReplayGpu::find(const OptimizationConfig& config) const {
  const auto it = configs.find(config.key());
  return it == configs.end() ? nullptr : &it->second;
}

std::vector<ReplayGpu> parseReplayCorpus(const std::string& text, const std::string& origin) {
  const auto doc = JsonReader::parseText(text, origin);
  const JsonReader root(doc, origin);
  if (root.stringOr("format", "") != "inferscope-replay-corpus")
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: not a replay corpus (its 'format' is not "
                                                     "\"inferscope-replay-corpus\"; write one with "
                                                     "bench/tuner/make_replay_corpus.py)",
                                                     origin));
  std::vector<ReplayGpu> out;
  for (const auto& m : root.elementsOr("models")) out.push_back(reduce(m));
  return out;
}

std::vector<ReplayGpu> loadReplayCorpus(const std::string& path) {
  return parseReplayCorpus(readFile(path, 256ull << 20), path);
}

}  // namespace inferscope::tuner
