// bench_analysis_validation: runs the full validation grid of docs/MEASUREMENT.md (hundreds of
// seeded repetitions per cell) and prints achieved vs. target as Markdown.
//   bench_analysis_validation [--quick] [--reps N] [--threads N] [--seed N] [--no-breakdown]
//                             [--bootstrap-ci] [--only FAMILY]
// --quick: lengths 100/300/1000 and 40 repetitions, for a look in a minute or two.
// --bootstrap-ci: autocorrelated steady parts get the design note's block-bootstrap intervals
//   instead of effective-sample-size rank intervals (to reproduce the comparison in the docs).
// --only FAMILY: only the cells whose family label (the breakdown's first column) starts with
//   FAMILY, e.g. --only switching, --only "short warm-up".
// --cells: also one line per cell (family, n, σ, φ, class, coverage, |bias| P95), to find which
//   lengths of a family miss a target (the breakdown pools over n).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>

#include "core/analysis/validation_grid.h"
#include "core/analysis/validation_targets.h"

using namespace inferscope::analysis;

namespace {

struct Args {
  bool quick = false;
  bool breakdown = true;
  bool bootstrap_ci = false;
  bool cells = false;
  std::size_t reps = 200;
  unsigned threads = 1;
  std::uint64_t seed = 20240601;
  std::string only;
};

[[noreturn]] void usage(const char* why) {
  fmt::print(stderr,
             "bench_analysis_validation: {}\n"
             "usage: bench_analysis_validation [--quick] [--reps N] [--threads N] [--seed N] "
             "[--no-breakdown] [--bootstrap-ci] [--only FAMILY] [--cells]\n",
             why);
  std::exit(2);
}

Args parse(int argc, char** argv) {
  Args args;
  bool reps_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> unsigned long long {
      if (i + 1 >= argc) usage(("missing value after " + a).c_str());
      char* end = nullptr;
      const unsigned long long v = std::strtoull(argv[++i], &end, 10);
      if (*end != '\0' || v == 0) usage(("expected a positive integer after " + a).c_str());
      return v;
    };
    if (a == "--quick")
      args.quick = true;
    else if (a == "--no-breakdown")
      args.breakdown = false;
    else if (a == "--bootstrap-ci")
      args.bootstrap_ci = true;
    else if (a == "--cells")
      args.cells = true;
    else if (a == "--reps")
      args.reps = value(), reps_given = true;
    else if (a == "--threads")
      args.threads = static_cast<unsigned>(value());
    else if (a == "--seed")
      args.seed = value();
    else if (a == "--only" && i + 1 < argc)
      args.only = argv[++i];
    else
      usage(("unknown argument " + a).c_str());
  }
  if (args.quick && !reps_given) args.reps = 40;
  return args;
}

std::string pct(double fraction) {
  return std::isnan(fraction) ? std::string("—") : fmt::format("{:.1f} %", fraction * 100.0);
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  GridSpec grid;
  if (args.quick) grid.lengths = {100, 300, 1000};
  auto cells = buildGrid(grid);
  if (!args.only.empty()) {
    cells.erase(std::remove_if(
                    cells.begin(), cells.end(),
                    [&](const SyntheticSpec& c) { return familyOf(c).rfind(args.only, 0) != 0; }),
                cells.end());
    if (cells.empty()) usage(("no cell's family starts with " + args.only).c_str());
  }
  const auto t0 = std::chrono::steady_clock::now();
  AnalysisOptions options;
  if (args.bootstrap_ci) options.dependent_interval = DependentInterval::BlockBootstrap;
  // Progress on stderr every 5 %: the full grid runs for the better part of an hour on 2 cores.
  const auto progress = [&](std::size_t done) {
    if (done * 20 / cells.size() != (done - 1) * 20 / cells.size() || done == cells.size()) {
      fmt::print(stderr, "{} / {} cells\n", done, cells.size());
    }
  };
  const auto results = runGrid(cells, args.reps, args.seed, args.threads, options, progress);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  fmt::print(
      "## Steady-state analysis: validation ({} cells × {} repetitions, seed {}, {:.0f} s{})\n\n",
      cells.size(), args.reps, args.seed, seconds,
      args.bootstrap_ci ? ", block-bootstrap CIs" : "");
  fmt::print(
      "| Target | Cells | Runs | Achieved | Target | Met | Note |\n"
      "|---|---:|---:|---:|---:|:---:|---|\n");
  bool all_met = true;
  for (const auto& t : evaluateTargets(results)) {
    const bool is_bias = t.name.find("bias") != std::string::npos;
    fmt::print("| {} | {} | {} | {} | {} | {} | {} |\n", t.name, t.cells, t.runs,
               is_bias ? fmt::format("{:.2f} %", t.achieved * 100.0) : pct(t.achieved), t.target,
               t.met ? "yes" : "**no**", t.note);
    all_met &= t.met;
  }
  if (args.breakdown) {
    fmt::print(
        "\n### Breakdown by family, σ and φ (pooled over n = {})\n\n"
        "End ±5 excludes drifts; CI and bias count runs whose truth has a steady level "
        "(not drifts, not runs that never settle).\n\n",
        fmt::join(grid.lengths, ", "));
    fmt::print(
        "| Family | σ | φ | Runs | Class correct | End ±5 | CI available | CI coverage | "
        "\\|bias\\| P95 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const auto& r : breakdown(results)) {
      fmt::print(
          "| {} | {:g} % | {:g} | {} | {} | {} | {} | {} | {} |\n", r.family, r.sigma * 100.0,
          r.phi, r.runs, pct(r.class_correct), pct(r.end_within_5), pct(r.median_ci_valid),
          pct(r.median_coverage),
          std::isnan(r.bias_p95) ? std::string("—") : fmt::format("{:.2f} %", r.bias_p95 * 100.0));
    }
  }
  if (args.cells) {
    fmt::print(
        "\n### Cells\n\n| Family | n | σ | φ | Runs | Class correct | CI available | CI coverage "
        "| too few switches | \\|bias\\| P95 "
        "|\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const auto& c : results) {
      const auto of = [&](std::size_t k, std::size_t d) {
        return d ? pct(static_cast<double>(k) / static_cast<double>(d)) : std::string("—");
      };
      std::vector<double> abs_bias;
      for (double b : c.median_bias) abs_bias.push_back(std::fabs(b));
      std::sort(abs_bias.begin(), abs_bias.end());
      const std::string bias =
          abs_bias.empty()
              ? std::string("—")
              : fmt::format(
                    "{:.2f} %",
                    abs_bias[std::min(abs_bias.size() - 1, abs_bias.size() * 95 / 100)] * 100.0);
      fmt::print("| {} | {} | {:g} % | {:g} | {} | {} | {} | {} | {} | {} |\n", familyOf(c.spec),
                 c.spec.n, c.spec.sigma * 100.0, c.spec.phi, c.runs, of(c.class_correct, c.runs),
                 of(c.median_ci_valid, c.runs), of(c.median_covered, c.median_ci_valid),
                 of(c.too_few_switches, c.runs), bias);
    }
  }
  return all_met ? 0 : 1;
}
