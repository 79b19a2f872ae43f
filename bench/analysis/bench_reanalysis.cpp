// bench_reanalysis: how long opening a saved session takes in its re-analysis (sweep --from, the
// GUI), per stage of the steady-state analysis, on sessions built in memory (issue #16, item 5).
//   bench_reanalysis [--only NAME] [--samples N] [--configs N] [--reps N]
// Cases: "flat-1M" (one config, N samples of AR(1) noise with outliers), "warmup-switching-1M"
// (a 3× warm-up decaying over the first iterations, then a host switching to a slow level that it
// keeps for ~200 iterations), "many-small" (--configs configs of 110 samples, each with a fork).
// Each stage is timed on its own with the same inputs analyse() gives it; "analyse" and
// "reanalyseSession" are the whole thing, "rankSession" what sweep --from does next. Times are
// the best of --reps runs, in milliseconds.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "core/analysis/autocorrelation.h"
#include "core/analysis/fork_analysis.h"
#include "core/analysis/mser.h"
#include "core/analysis/rolling_outliers.h"
#include "core/analysis/segmentation.h"
#include "core/analysis/steady_state_analysis.h"
#include "core/analysis/steady_stats.h"
#include "core/analysis/summary_stats.h"
#include "core/analysis/switching_detection.h"
#include "core/analysis/synthetic_series.h"
#include "core/engine/result_analysis.h"
#include "core/engine/session_ranking.h"

using namespace inferscope;
using namespace inferscope::analysis;

namespace {

struct Args {
  std::string only;
  std::size_t samples = 1'000'000;
  std::size_t configs = 20'000;
  int reps = 1;
};

[[noreturn]] void usage(const char* why) {
  fmt::print(stderr,
             "bench_reanalysis: {}\nusage: bench_reanalysis [--only NAME] [--samples N] "
             "[--configs N] [--reps N]\n",
             why);
  std::exit(2);
}

Args parse(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> unsigned long long {
      if (i + 1 >= argc) usage(("missing value after " + a).c_str());
      char* end = nullptr;
      const unsigned long long v = std::strtoull(argv[++i], &end, 10);
      if (*end != '\0' || v == 0) usage(("expected a positive integer after " + a).c_str());
      return v;
    };
    if (a == "--only") {
      if (i + 1 >= argc) usage("missing value after --only");
      args.only = argv[++i];
    } else if (a == "--samples")
      args.samples = value();
    else if (a == "--configs")
      args.configs = value();
    else if (a == "--reps")
      args.reps = static_cast<int>(value());
    else if (a == "--help" || a == "-h")
      usage("help");
    else
      usage(("unknown argument " + a).c_str());
  }
  return args;
}

// Best of `reps` wall times of f, in milliseconds.
double timeMs(int reps, const std::function<void()>& f) {
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

void row(const std::string& stage, double ms, const std::string& note = "") {
  fmt::print("| {:<36} | {:>10.1f} | {} |\n", stage, ms, note);
  std::fflush(stdout);
}

// Times f, then prints the row with note() (which may read what f computed).
void timed(const std::string& stage, int reps, const std::function<void()>& f,
           const std::function<std::string()>& note = {}) {
  const double ms = timeMs(reps, f);
  row(stage, ms, note ? note() : "");
}

std::vector<double> flatSeries(std::size_t n, std::uint64_t seed) {
  SyntheticSpec spec;
  spec.shape = SeriesShape::Flat;
  spec.n = n;
  spec.phi = 0.5;  // a real GPU series is mildly autocorrelated: the dependent-interval path
  spec.seed = seed;
  return generateSeries(spec).latencies_ms;
}

std::vector<double> warmupSwitchingSeries(std::size_t n, std::uint64_t seed) {
  SyntheticSpec spec;
  spec.shape = SeriesShape::Switching;
  spec.n = n;
  spec.phi = 0.3;
  spec.switch_ratio = 1.3;
  spec.switch_dwell = 200.0;
  spec.switch_share = 0.3;
  spec.seed = seed;
  auto x = generateSeries(spec).latencies_ms;
  for (std::size_t i = 0; i < x.size() && i < 2000; ++i)
    x[i] *= 1.0 + 2.0 * std::exp(-static_cast<double>(i) / 100.0);
  return x;
}

// Every stage of analyse() on its own, with the inputs analyse() would give it.
void stages(const std::string& name, const std::vector<double>& x, int reps) {
  fmt::print("\n### {} (n = {})\n\n| stage | ms | note |\n|---|---:|---|\n", name, x.size());
  const std::size_t n = x.size();
  std::vector<double> y(n);
  timed("log transform", reps, [&] {
    for (std::size_t i = 0; i < n; ++i) y[i] = std::log(x[i]);
  });
  const double tolerance = std::log1p(0.02);
  RollingOutliers outl;
  timed(
      "rolling outliers", reps, [&] { outl = findRollingOutliers(y, tolerance / 3.0); },
      [&] { return fmt::format("{} outliers", outl.indices.size()); });
  timed("sort (timer quantum, median)", reps, [&] {
    std::vector<double> sorted = x;
    std::sort(sorted.begin(), sorted.end());
  });
  std::vector<double> clean;
  for (std::size_t i = 0, o = 0; i < n; ++i) {
    if (o < outl.indices.size() && outl.indices[o] == i) {
      ++o;
      continue;
    }
    clean.push_back(y[i]);
  }
  Segmentation seg;
  const double penalty = 15.0 * std::log(static_cast<double>(n));
  timed(
      "PELT + segment medians", reps, [&] { seg = segmentSeries(clean, penalty); },
      [&] { return fmt::format("{} segments", seg.starts.size()); });
  std::optional<SwitchingLevels> levels;
  timed(
      "detectSwitching", reps, [&] { levels = detectSwitching(y, 0, n, tolerance); },
      [&] { return std::string(levels ? "switching" : "not switching"); });
  timed("mser5", reps, [&] { (void)mser5(clean); });

  SeriesAnalysis a;
  AnalysisOptions options;
  options.want_p99 = true;
  const double total = timeMs(reps, [&] { a = analyse(x, options); });
  const std::vector<double> steady(x.begin() + static_cast<std::ptrdiff_t>(a.steady_start),
                                   x.end());
  timed("steady: summary + sorts", reps, [&] {
    (void)summarize(steady);
    std::vector<double> sorted = steady;
    std::sort(sorted.begin(), sorted.end());
  });
  double r1 = 0;
  timed(
      "steady: lag-1 rank autocorrelation", reps, [&] { r1 = lag1RankAutocorrelation(steady); },
      [&] { return fmt::format("r1 {:.3f}", r1); });
  double tau = 0;
  timed(
      "steady: τ at the median (1 of 3)", reps,
      [&] { tau = indicatorAutocorrelationTime(steady, a.steady.summary.median); },
      [&] { return fmt::format("τ {:.2f}", tau); });
  SteadyStatsOptions so;
  so.want_p99 = true;
  if (a.switching) so.min_tau = a.switching->level_tau;
  SteadyStats st;
  timed(
      "computeSteadyStats (default)", reps, [&] { st = computeSteadyStats(steady, so); },
      [&] {
        return fmt::format("{} [{:.4f}, {:.4f}]", st.median_ci.method, st.median_ci.low,
                           st.median_ci.high);
      });
  so.dependent_interval = DependentInterval::BlockBootstrap;
  timed(
      "computeSteadyStats (--bootstrap-ci)", reps, [&] { st = computeSteadyStats(steady, so); },
      [&] {
        return fmt::format("{} [{:.4f}, {:.4f}]", st.median_ci.method, st.median_ci.low,
                           st.median_ci.high);
      });
  row("analyse() total", total,
      fmt::format("class {}, start {}, median CI [{:.4f}, {:.4f}]", toString(a.series_class),
                  a.steady_start, a.steady.median_ci.low, a.steady.median_ci.high));

  SessionResult s;
  s.request.batch = 1;
  ConfigResult r;
  r.config = OptimizationConfig::parse("fp32");
  r.latency_ms = x;
  s.configs.push_back(r);
  timed("reanalyseSession (1 config)", reps, [&] { (void)reanalyseSession(s); });
  // sweep --from ranks right after: the config against itself as the reference, which is the
  // ratio-of-medians bootstrap of two series of n samples.
  SessionRanking ranking;
  timed(
      "rankSession (after it)", reps, [&] { ranking = rankSession(s); },
      [&] {
        if (ranking.configs.empty()) return std::string();
        const auto& c = ranking.configs[0];
        return fmt::format("{} [{:.4f}, {:.4f}]", c.speedup_ci_method, c.speedup_low,
                           c.speedup_high);
      });
}

void manySmall(std::size_t configs, int reps) {
  fmt::print(
      "\n### many-small ({} configs × 110 samples, one fork each)\n\n"
      "| stage | ms | note |\n|---|---:|---|\n",
      configs);
  SessionResult s;
  s.request.batch = 1;
  for (std::size_t c = 0; c < configs; ++c) {
    ConfigResult r;
    r.config = OptimizationConfig::parse("fp32");
    SyntheticSpec spec;
    spec.n = 110;
    spec.shape = c % 3 == 0 ? SeriesShape::Step : SeriesShape::Flat;
    spec.phi = c % 2 == 0 ? 0.5 : 0.0;
    spec.seed = 1000 + c;
    r.latency_ms = generateSeries(spec).latencies_ms;
    ForkRun f;
    spec.seed += 1'000'000;
    f.latency_ms = generateSeries(spec).latencies_ms;
    r.forks.push_back(f);
    s.configs.push_back(std::move(r));
  }
  AnalysisOptions options;
  options.want_p99 = true;
  timed("analyse() of every series", reps, [&] {
    for (const auto& r : s.configs) {
      (void)analyse(r.latency_ms, options);
      (void)analyse(r.forks[0].latency_ms, options);
    }
  });
  const double ms = timeMs(reps, [&] { (void)reanalyseSession(s); });
  row("reanalyseSession", ms,
      fmt::format("{:.1f} µs per config", 1000.0 * ms / static_cast<double>(configs)));
  timed("rankSession (after it)", reps, [&] { (void)rankSession(s); });
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  const auto wanted = [&](const std::string& name) {
    return args.only.empty() || name.rfind(args.only, 0) == 0;
  };
  fmt::print("bench_reanalysis: samples {}, configs {}, reps {}\n", args.samples, args.configs,
             args.reps);
  if (wanted("flat")) stages("flat-1M", flatSeries(args.samples, 7), args.reps);
  if (wanted("warmup")) {
    stages("warmup-switching-1M", warmupSwitchingSeries(args.samples, 8), args.reps);
  }
  if (wanted("many")) manySmall(args.configs, args.reps);
  return 0;
}
