// The replay bench (docs/ADVISOR.md, "Replay bench"): the race against every recorded GPU of a
// corpus, cold and warm, at 60, 120, 240 s and the default budget, judged by regret and by how
// many runs end confirmed. Runs in seconds; the table goes into docs/ADVISOR.md.
//
//   replay_bench --corpus bench/tuner/corpus/h200.json [--seeds 5] [--json runs.json]
#include "core/tuner/replay_bench.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "text/answer_text.h"

namespace {

// One replayed GPU as the race meets it: per config its true level (what regret judges), its
// level in this process and across processes with their spreads, and its set-up.
void printProfile(const inferscope::tuner::ReplayGpu& gpu) {
  using inferscope::tuner::ReplayState;
  fmt::print(
      "{} on {}: {} runs, best safe {:.3f} ms, contention {:.3f}, fresh factor {:.3f}, load "
      "{:.1f} s\n",
      gpu.model, gpu.device, gpu.runs, gpu.bestSafeMs(), gpu.contention, gpu.fresh_factor,
      gpu.session_overhead_ms / 1000.0);
  fmt::print("  {:<28} {:>8} {:>8} {:>7} {:>8} {:>7} {:>7} {:>8} {:>8} {:>4}  state\n", "config",
             "true/bst", "level", "round", "fork", "fork_sd", "noise", "setup_c", "setup_w",
             "runs");
  for (const auto& c : gpu.candidates) {
    const auto* r = gpu.find(c);
    if (r == nullptr) continue;
    const char* state = r->state == ReplayState::Ok       ? "ok"
                        : r->state == ReplayState::Failed ? "failed"
                        : r->state == ReplayState::Unsafe ? "unsafe"
                                                          : "accuracy-not-measured";
    const double best_ms = gpu.bestSafeMs();
    fmt::print(
        "  {:<28} {:>8.3f} {:>8.3f} {:>7.3f} {:>8.3f} {:>7.3f} {:>7.3f} {:>8.1f} {:>8.1f} {:>4}  "
        "{}\n",
        c.key(), best_ms > 0 ? gpu.trueLevelMs(*r) / best_ms : 0.0, r->level_ms, r->round_log_sd,
        r->fork_level_ms, r->fork_log_sd, r->noise_rel, r->setup_cold_ms / 1000.0,
        r->setup_warm_ms / 1000.0, r->runs, state);
  }
  for (const auto& [key, ms] : gpu.package_compile_ms)
    fmt::print("  package {:<28} compiles in {:.1f} s\n", key, ms / 1000.0);
}

int runBench(int argc, char** argv) {
  using namespace inferscope;
  CLI::App app{"Replays the tuner's race against recorded GPU runs and reports its regret"};
  std::string corpus_path, json_path;
  tuner::ReplayBenchOptions options;
  app.add_option("--corpus", corpus_path, "replay corpus (bench/tuner/make_replay_corpus.py)")
      ->required();
  app.add_option("--seeds", options.seeds, "replays per model, budget and cold/warm")
      ->check(CLI::Range(1, 1000));
  app.add_option("--first-seed", options.first_seed, "the first seed");
  app.add_option("--json", json_path, "also write every run as JSON to this file");
  std::string trace;
  app.add_option(
      "--trace", trace,
      "print the answer's state and reasons and every candidate's fate of the replays of "
      "models whose name "
      "contains this");
  std::string profile;
  app.add_option("--profile", profile,
                 "print the replayed figures of each config of the models whose name contains "
                 "this (the evidence a --trace's decisions are judged against)");
  CLI11_PARSE(app, argc, argv);
  try {
    const auto corpus = tuner::loadReplayCorpus(corpus_path);
    if (!profile.empty()) {
      for (const auto& gpu : corpus) {
        if (gpu.model.find(profile) == std::string::npos) continue;
        printProfile(gpu);
      }
      return 0;
    }
    const auto runs = tuner::runReplayBench(corpus, options);
    std::size_t unavailable = 0, configs = 0;
    for (const auto& gpu : corpus) {
      unavailable += gpu.unavailable.size();
      configs += gpu.candidates.size();
    }
    fmt::print(
        "{} models, {} replays ({} seeds); {} raced configs, {} left out (no run measured "
        "them)\n\n",
        corpus.size(), runs.size(), options.seeds, configs, unavailable);
    fmt::print("{}", tuner::replayTable(runs));
    for (const auto& r : runs) {
      if (trace.empty() || r.model.find(trace) == std::string::npos) continue;
      std::vector<std::string> reasons;
      for (const auto& reason : r.reasons)
        reasons.push_back(text::reasonText(reason, text::Lang::En));
      fmt::print(
          "\n{} {} budget {:.0f} s seed {}: {:.1f} s of {:.0f} s, regret {:.3f}\n  {} {}: {}\n",
          r.model, r.start.empty() ? (r.cold ? "cold" : "warm") : r.start, r.budget_s, r.seed,
          r.elapsed_s, r.race_budget_s, r.regret, r.state, r.winner.empty() ? "-" : r.winner,
          fmt::join(reasons, "; "));
      for (const auto& o : r.outcomes) fmt::print("    {}\n", o);
    }
    if (!json_path.empty()) writeFileAtomically(json_path, tuner::replayJson(runs));
  } catch (const Error& e) {
    fmt::print(stderr, "replay_bench: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "replay_bench: {}\n", e.what());
    return 5;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return runBench(argc, argv);
  } catch (...) {
    std::fputs("replay_bench: failed to write its output\n", stderr);
    return 5;
  }
}
