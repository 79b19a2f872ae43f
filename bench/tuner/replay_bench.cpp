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
  CLI11_PARSE(app, argc, argv);
  try {
    const auto corpus = tuner::loadReplayCorpus(corpus_path);
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
