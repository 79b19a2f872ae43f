// Target selection and scoring. Each target names its cells explicitly so the report can say
// what a percentage is a percentage of.
#include "core/analysis/validation_targets.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <string>

#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {
namespace {

constexpr double kLowNoise = 0.03 + 1e-9;  // "CV ≤ 3 %"

// The families added 2026-12-07 have targets of their own and stay out of the older ones, so the
// older targets keep measuring the cells they were published on.
bool isRareSwitching(const CellResult& c) {
  return c.spec.shape == SeriesShape::Switching && c.spec.switch_dwell >= 30.0 - 1e-9;
}
// A clock of 0.5 ms or more (the µs clock of the one-tick cells is 0.001 ms).
bool isCoarseClock(const CellResult& c) {
  return c.spec.shape == SeriesShape::Step && c.spec.timer_quantum_ms >= 0.5;
}
bool isThreeTicks(const CellResult& c) {
  const auto& s = c.spec;
  return s.shape == SeriesShape::Step && s.timer_quantum_ms > 0 && s.timer_quantum_ms < 0.5 &&
         s.base_ms * (s.step_size - 1.0) > 1.5 * s.timer_quantum_ms;
}
bool isSmallSettling(const CellResult& c) {
  return c.spec.shape == SeriesShape::Decay && c.spec.step_size < 1.5;
}
bool isTwoFastFirst(const CellResult& c) {
  return c.spec.shape == SeriesShape::FastStart && c.spec.step_at >= 2 &&
         c.spec.timer_quantum_ms == 0;
}
bool isPartialCycle(const CellResult& c) {
  return c.spec.shape == SeriesShape::Sawtooth && c.spec.period > 0 &&
         c.spec.n % c.spec.period != 0;
}

// Steps of 1–4 iterations in runs of 60–150 (GridSpec::short_warmup_*), ≥ 1.3× at CV ≤ 3 %.
bool isShortWarmup(const CellResult& c) {
  return c.spec.shape == SeriesShape::Step && c.spec.step_at >= 1 && c.spec.step_at <= 4 &&
         c.spec.n >= 60 && c.spec.n <= 150 && c.spec.step_size >= 1.3 - 1e-9 &&
         c.spec.sigma <= kLowNoise && c.spec.timer_quantum_ms == 0;
}

bool isSwitching(const CellResult& c) {
  return c.spec.shape == SeriesShape::Switching && c.spec.sigma <= kLowNoise && !isRareSwitching(c);
}

bool isSawtooth(const CellResult& c) {
  return c.spec.shape == SeriesShape::Sawtooth && c.spec.sigma <= kLowNoise && !isPartialCycle(c);
}

bool isWarmupStep(const CellResult& c) {
  const auto shape = c.spec.shape;
  return (shape == SeriesShape::Step || shape == SeriesShape::SpikeThenStep) &&
         c.spec.step_size >= 1.3 - 1e-9 && c.true_class == SeriesClass::Warmup &&
         c.spec.timer_quantum_ms == 0;
}

struct Tally {
  std::size_t cells = 0, hits = 0, runs = 0, valid = 0;
  std::vector<double> values;
};

Tally tally(const std::vector<CellResult>& results,
            const std::function<bool(const CellResult&)>& in,
            const std::function<std::size_t(const CellResult&)>& hits) {
  Tally t;
  for (const auto& c : results) {
    if (!in(c)) continue;
    ++t.cells;
    t.runs += c.runs;
    t.hits += hits(c);
    t.valid += c.median_ci_valid;
    t.values.insert(t.values.end(), c.median_bias.begin(), c.median_bias.end());
  }
  return t;
}

double rate(const Tally& t) {
  return t.runs ? static_cast<double>(t.hits) / t.runs : 0.0;
}

double absP95(std::vector<double> v) {
  for (double& x : v) x = std::abs(x);
  std::sort(v.begin(), v.end());
  return quantileSorted(v, 0.95);
}

std::string percent(double fraction) {
  const double p = fraction * 100.0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", std::round(p * 10.0) / 10.0);
  return buf;
}

}  // namespace

bool isClearCut(const CellResult& c) {
  const auto& s = c.spec;
  if (s.sigma > kLowNoise) return false;
  switch (s.shape) {
    case SeriesShape::Flat:
    case SeriesShape::Bimodal:
      return true;
    case SeriesShape::Step:
    case SeriesShape::SpikeThenStep:
    case SeriesShape::StepUp:
      return s.step_size >= 1.3 - 1e-9 && s.timer_quantum_ms == 0;
    case SeriesShape::Decay:
      return c.true_class == SeriesClass::Warmup && c.true_steady_start <= s.n / 2 &&
             !isSmallSettling(c);
    case SeriesShape::LinearDrift:
      return s.drift_total >= 0.1 - 1e-9;
    case SeriesShape::Switching:
    case SeriesShape::Sawtooth:
    case SeriesShape::FastStart:
      return false;  // their own targets (evaluateTargets)
  }
  return false;
}

std::string familyOf(const SyntheticSpec& s) {
  char buf[64];
  switch (s.shape) {
    case SeriesShape::Flat:
      return "flat";
    case SeriesShape::Bimodal:
      return "bimodal";
    case SeriesShape::Step:
      if (s.timer_quantum_ms >= 0.5) {
        std::snprintf(buf, sizeof buf, "coarse clock: %g ms tick, warm-up %g×", s.timer_quantum_ms,
                      s.step_size);
        return buf;
      }
      if (s.timer_quantum_ms > 0) {
        return s.base_ms * (s.step_size - 1.0) > 1.5 * s.timer_quantum_ms
                   ? "timer: three ticks slower first"
                   : "timer: one tick slower first";
      }
      if (s.n <= 150 && s.step_at <= 4)
        return s.step_size >= 1.3 - 1e-9 ? "short warm-up ≥1.3×" : "short warm-up <1.3×";
      return s.step_size >= 1.3 - 1e-9 ? "step ≥1.3×" : "step <1.3×";
    case SeriesShape::SpikeThenStep:
      return "spike + step";
    case SeriesShape::Decay:
      if (s.step_size < 1.5) {
        std::snprintf(buf, sizeof buf, "small settling %g %%, τ=%g", (s.step_size - 1.0) * 100.0,
                      s.tau);
        return buf;
      }
      std::snprintf(buf, sizeof buf, "decay τ=%g", s.tau);
      return buf;
    case SeriesShape::LinearDrift:
      std::snprintf(buf, sizeof buf, "drift %g %%", s.drift_total * 100.0);
      return buf;
    case SeriesShape::StepUp:
      std::snprintf(buf, sizeof buf, "step-up %g× at %g %%", s.step_size,
                    s.step_up_fraction * 100.0);
      return buf;
    case SeriesShape::Switching:
      if (s.switch_dwell >= 30.0 - 1e-9) {
        std::snprintf(buf, sizeof buf, "rare switching, dwell %g, share %g %%", s.switch_dwell,
                      s.switch_share * 100.0);
        return buf;
      }
      std::snprintf(buf, sizeof buf, "switching %g×, dwell %g", s.switch_ratio, s.switch_dwell);
      return buf;
    case SeriesShape::Sawtooth:
      std::snprintf(buf, sizeof buf, "sawtooth %s%g %%, period %zu",
                    s.period > 0 && s.n % s.period != 0 ? "mid-cycle " : "",
                    s.periodic_amplitude * 100.0, s.period);
      return buf;
    case SeriesShape::FastStart:
      if (s.timer_quantum_ms > 0) return "timer: one tick faster first";
      return s.step_at >= 2 ? "two fast first samples" : "fast first sample";
  }
  return "?";
}

std::vector<TargetOutcome> evaluateTargets(const std::vector<CellResult>& results) {
  std::vector<TargetOutcome> out;
  const auto add = [&](std::string name, std::string target, const Tally& t, double achieved,
                       bool met) {
    TargetOutcome o;
    o.name = std::move(name);
    o.target = std::move(target);
    o.cells = t.cells;
    o.runs = t.runs;
    o.achieved = achieved;
    o.met = met;
    out.push_back(std::move(o));
  };

  const Tally steps = tally(
      results, [](const CellResult& c) { return isWarmupStep(c) && c.spec.sigma <= kLowNoise; },
      [](const CellResult& c) { return c.end_within_5; });
  add("steps ≥ 1.3× at CV ≤ 3 %: warm-up end within ±5", "≥ 95 %", steps, rate(steps),
      rate(steps) >= 0.95);

  const Tally flat = tally(
      results, [](const CellResult& c) { return c.spec.shape == SeriesShape::Flat; },
      [](const CellResult& c) { return c.called_warmup; });
  add("flat series: false warm-up (all σ, φ)", "≤ 5 %", flat, rate(flat), rate(flat) <= 0.05);

  const Tally drift = tally(
      results,
      [](const CellResult& c) {
        return c.spec.shape == SeriesShape::LinearDrift && c.spec.drift_total >= 0.1 - 1e-9 &&
               c.spec.sigma <= kLowNoise;
      },
      [](const CellResult& c) { return c.called_drift; });
  add("10 % drift at CV ≤ 3 %: detected", "≥ 90 %", drift, rate(drift), rate(drift) >= 0.90);

  const Tally clear =
      tally(results, isClearCut, [](const CellResult& c) { return c.class_correct; });
  add("clear-cut cells: class correct", "≥ 90 %", clear, rate(clear), rate(clear) >= 0.90);

  const Tally coverage = tally(
      results,
      [](const CellResult& c) {
        return c.spec.shape == SeriesShape::Flat || c.spec.shape == SeriesShape::Bimodal ||
               (isWarmupStep(c) && c.spec.sigma <= kLowNoise);
      },
      [](const CellResult& c) { return c.median_covered; });
  // Coverage of the intervals the analysis reports; runs whose data could not bound the median
  // (too few effective samples) report no interval and are counted in the note.
  const double covered = coverage.valid ? static_cast<double>(coverage.hits) / coverage.valid : 0.0;
  add("95 % median CI coverage (flat, bimodal, clear steps)", "93–97 %", coverage, covered,
      covered >= 0.93 && covered <= 0.97);
  out.back().note =
      "CI available in " +
      percent(coverage.runs ? static_cast<double>(coverage.valid) / coverage.runs : 0.0) +
      " % of runs";

  const Tally decay = tally(
      results,
      [](const CellResult& c) {
        return c.spec.shape == SeriesShape::Decay && c.true_class == SeriesClass::Warmup &&
               c.spec.sigma <= kLowNoise && !isSmallSettling(c);
      },
      [](const CellResult&) { return std::size_t{0}; });
  const double bias = absP95(decay.values);
  add("gradual decay at CV ≤ 3 %: steady-median bias (absolute, P95)", "≤ 1 %", decay, bias,
      bias <= 0.01);

  const Tally short_warmup =
      tally(results, isShortWarmup, [](const CellResult& c) { return c.class_correct; });
  add("warm-ups of 1–4 iterations ≥ 1.3× in runs of 60–150 at CV ≤ 3 %: class correct", "≥ 95 %",
      short_warmup, rate(short_warmup), rate(short_warmup) >= 0.95);

  const Tally switching =
      tally(results, isSwitching, [](const CellResult& c) { return c.class_correct; });
  add("regime switching at CV ≤ 3 %: class correct (switching, or flat when the share is tiny)",
      "≥ 90 %", switching, rate(switching), rate(switching) >= 0.90);

  const Tally switching_coverage =
      tally(results, isSwitching, [](const CellResult& c) { return c.median_covered; });
  const double switching_covered =
      switching_coverage.valid
          ? static_cast<double>(switching_coverage.hits) / switching_coverage.valid
          : 0.0;
  add("95 % median CI coverage, regime switching at CV ≤ 3 % (one process)", "93–97 %",
      switching_coverage, switching_covered,
      switching_covered >= 0.93 && switching_covered <= 0.97);
  out.back().note =
      "CI available in " +
      percent(switching_coverage.runs
                  ? static_cast<double>(switching_coverage.valid) / switching_coverage.runs
                  : 0.0) +
      " % of runs";

  // Added 2026-12-03 (docs/MEASUREMENT.md, "Measurement honesty").
  Tally called_switching;
  std::size_t called_valid = 0, called_covered = 0;
  for (const auto& c : results) {
    if (!isSwitching(c) && !isSawtooth(c)) continue;
    ++called_switching.cells;
    called_switching.runs += c.called_switching;
    called_valid += c.switching_ci_valid;
    called_covered += c.switching_covered;
  }
  const double class_coverage =
      called_valid ? static_cast<double>(called_covered) / static_cast<double>(called_valid) : 0.0;
  add("95 % median CI coverage of the runs called switching (switching and sawtooth cells, CV ≤ "
      "3 %)",
      "93–97 %", called_switching, class_coverage,
      class_coverage >= 0.93 && class_coverage <= 0.97);
  out.back().note = "over " + std::to_string(called_valid) + " intervals";

  const Tally moving = tally(
      results,
      [](const CellResult& c) {
        return c.spec.shape == SeriesShape::LinearDrift && c.spec.sigma <= kLowNoise;
      },
      [](const CellResult& c) { return c.tight_on_moving_level; });
  add("drift of 5–10 % at CV ≤ 3 %: reported steady with a half-width below half the level's "
      "remaining movement",
      "≤ 5 %", moving, rate(moving), rate(moving) <= 0.05);

  const Tally saw_switching =
      tally(results, isSawtooth, [](const CellResult& c) { return c.called_switching; });
  add("periodic sawtooth of 3–20 % at CV ≤ 3 %: called switching", "≤ 5 %", saw_switching,
      rate(saw_switching), rate(saw_switching) <= 0.05);
  const Tally saw_class =
      tally(results, isSawtooth, [](const CellResult& c) { return c.class_correct; });
  add("periodic sawtooth of 3–20 % at CV ≤ 3 %: class correct (flat)", "≥ 90 %", saw_class,
      rate(saw_class), rate(saw_class) >= 0.90);

  const Tally saw_coverage =
      tally(results, isSawtooth, [](const CellResult& c) { return c.median_covered; });
  const double saw_covered =
      saw_coverage.valid ? static_cast<double>(saw_coverage.hits) / saw_coverage.valid : 0.0;
  add("95 % median CI coverage, periodic sawtooth at CV ≤ 3 %", "93–97 %", saw_coverage,
      saw_covered, saw_covered >= 0.93 && saw_covered <= 0.97);
  out.back().note =
      "CI available in " +
      percent(saw_coverage.runs ? static_cast<double>(saw_coverage.valid) / saw_coverage.runs
                                : 0.0) +
      " % of runs";

  const Tally timer = tally(
      results,
      [](const CellResult& c) {
        return (c.spec.timer_quantum_ms > 0 || c.spec.shape == SeriesShape::FastStart) &&
               c.true_class == SeriesClass::Flat && !isTwoFastFirst(c) && !isCoarseClock(c) &&
               !isThreeTicks(c);
      },
      [](const CellResult& c) { return c.class_correct; });
  add("a one-tick step on a 1 µs clock at 10 µs, or a faster first sample: not a warm-up (flat)",
      "≥ 95 %", timer, rate(timer), rate(timer) >= 0.95);

  // Added 2026-12-07 (docs/MEASUREMENT.md, "Round four").
  const auto coverageOf = [](const Tally& t) {
    return t.valid ? static_cast<double>(t.hits) / static_cast<double>(t.valid) : 0.0;
  };
  const auto available = [](const Tally& t) {
    return "CI available in " +
           percent(t.runs ? static_cast<double>(t.valid) / static_cast<double>(t.runs) : 0.0) +
           " % of runs";
  };
  const auto rareLowNoise = [](const CellResult& c) {
    return isRareSwitching(c) && c.spec.sigma <= kLowNoise;
  };
  const Tally rare_coverage =
      tally(results, rareLowNoise, [](const CellResult& c) { return c.median_covered; });
  add("95 % median CI coverage, rare switching (stays of 30–100, n = 300–3000) at CV ≤ 3 %",
      "93–97 %", rare_coverage, coverageOf(rare_coverage),
      coverageOf(rare_coverage) >= 0.93 && coverageOf(rare_coverage) <= 0.97);
  std::size_t too_few = 0;
  for (const auto& c : results) too_few += rareLowNoise(c) ? c.too_few_switches : 0;
  out.back().note = available(rare_coverage) + "; \"too few switches\" in " +
                    percent(rare_coverage.runs ? static_cast<double>(too_few) /
                                                     static_cast<double>(rare_coverage.runs)
                                               : 0.0) +
                    " %";
  const Tally rare_class =
      tally(results, rareLowNoise, [](const CellResult& c) { return c.class_correct; });
  add("rare switching at CV ≤ 3 %: class correct", "≥ 90 %", rare_class, rate(rare_class),
      rate(rare_class) >= 0.90);

  const Tally coarse =
      tally(results, isCoarseClock, [](const CellResult& c) { return c.class_correct; });
  add("a warm-up before a constant level on a 1 ms or 10 ms clock: class correct", "≥ 95 %", coarse,
      rate(coarse), rate(coarse) >= 0.95);
  const Tally three =
      tally(results, isThreeTicks, [](const CellResult& c) { return c.class_correct; });
  add("three ticks slower first on a 1 µs clock at 8–12 µs, CV ≤ 3 %: warm-up", "≥ 95 %", three,
      rate(three), rate(three) >= 0.95);

  // The bias target (≤ 1 % at P95) is replaced here by the interval's coverage of the settled
  // level: what is left of a small, slow settling after the cut is not found reliably at 1–3 %
  // noise, so the interval's low end reaches below a level that still falls by that fall instead
  // (docs/MEASUREMENT.md, "Achieved (2026-12-07)"). The bias is reported beside it.
  const Tally small_settling = tally(
      results,
      [](const CellResult& c) {
        return isSmallSettling(c) && c.spec.sigma <= kLowNoise &&
               c.true_class == SeriesClass::Warmup;
      },
      [](const CellResult& c) { return c.median_covered; });
  const double small_coverage = coverageOf(small_settling);
  add("95 % median CI coverage of the settled level, small slow settling (5–30 %, τ 10–30) at CV "
      "≤ 3 %",
      "93–97 %", small_settling, small_coverage, small_coverage >= 0.93 && small_coverage <= 0.97);
  char small_bias[32];
  std::snprintf(small_bias, sizeof small_bias, "%.2f", absP95(small_settling.values) * 100.0);
  out.back().note = available(small_settling) + "; steady-median bias " + small_bias +
                    " % at P95 (the ≤ 1 % bias target this replaces)";

  const Tally two_fast =
      tally(results, isTwoFastFirst, [](const CellResult& c) { return c.class_correct; });
  add("two fast first samples (0.5× or 0.8×): not a warm-up or a slowdown (flat)", "≥ 95 %",
      two_fast, rate(two_fast), rate(two_fast) >= 0.95);

  const auto partialLowNoise = [](const CellResult& c) {
    return isPartialCycle(c) && c.spec.sigma <= kLowNoise;
  };
  const Tally partial =
      tally(results, partialLowNoise, [](const CellResult& c) { return c.median_covered; });
  add("95 % median CI coverage, sawtooth of 10–20 % ending mid-cycle at CV ≤ 3 %", "93–97 %",
      partial, coverageOf(partial), coverageOf(partial) >= 0.93 && coverageOf(partial) <= 0.97);
  out.back().note = available(partial);
  return out;
}

namespace {

// A truth with a steady level, against which coverage and bias mean something (a drift has none;
// a run that never settles has only its last, too short, level).
bool hasSteadyTruth(const CellResult& c) {
  return c.true_class == SeriesClass::Flat || c.true_class == SeriesClass::Warmup ||
         c.true_class == SeriesClass::Slowdown || c.spec.shape == SeriesShape::Switching ||
         c.spec.shape == SeriesShape::Sawtooth;
}

struct RowTally {
  std::size_t runs = 0, correct = 0;
  std::size_t end_runs = 0, within = 0;
  std::size_t steady_runs = 0, valid = 0, covered = 0;
  std::vector<double> biases;
};

double ratioOrNan(std::size_t hits, std::size_t runs) {
  return runs ? static_cast<double>(hits) / static_cast<double>(runs)
              : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

std::vector<BreakdownRow> breakdown(const std::vector<CellResult>& results) {
  std::vector<BreakdownRow> rows;
  std::vector<RowTally> tallies;
  std::map<std::string, std::size_t> index;
  for (const auto& c : results) {
    char key[128];
    const std::string family = familyOf(c.spec);
    std::snprintf(key, sizeof key, "%s|%g|%g", family.c_str(), c.spec.sigma, c.spec.phi);
    auto [it, fresh] = index.emplace(key, rows.size());
    if (fresh) {
      BreakdownRow row;
      row.family = family;
      row.sigma = c.spec.sigma;
      row.phi = c.spec.phi;
      rows.push_back(row);
      tallies.emplace_back();
    }
    RowTally& t = tallies[it->second];
    t.runs += c.runs;
    t.correct += c.class_correct;
    if (c.true_class != SeriesClass::Drift) {
      t.end_runs += c.runs;
      t.within += c.end_within_5;
    }
    if (hasSteadyTruth(c)) {
      t.steady_runs += c.runs;
      t.valid += c.median_ci_valid;
      t.covered += c.median_covered;
      t.biases.insert(t.biases.end(), c.median_bias.begin(), c.median_bias.end());
    }
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const RowTally& t = tallies[i];
    rows[i].runs = t.runs;
    rows[i].class_correct = ratioOrNan(t.correct, t.runs);
    rows[i].end_within_5 = ratioOrNan(t.within, t.end_runs);
    rows[i].median_ci_valid = ratioOrNan(t.valid, t.steady_runs);
    rows[i].median_coverage = ratioOrNan(t.covered, t.valid);
    rows[i].bias_p95 =
        t.biases.empty() ? std::numeric_limits<double>::quiet_NaN() : absP95(t.biases);
  }
  // Family-major, in the order families first appear in the grid, then σ, then φ.
  std::map<std::string, std::size_t> family_order;
  for (const auto& row : rows) family_order.emplace(row.family, family_order.size());
  std::sort(rows.begin(), rows.end(), [&](const BreakdownRow& a, const BreakdownRow& b) {
    const std::size_t fa = family_order.at(a.family), fb = family_order.at(b.family);
    if (fa != fb) return fa < fb;
    return a.sigma != b.sigma ? a.sigma < b.sigma : a.phi < b.phi;
  });
  return rows;
}

}  // namespace inferscope::analysis
