// Warm-ups on coarse clocks, faster first samples, rare switching and runs that end mid-cycle
// (docs/MEASUREMENT.md, "Round four"): each case is one the analysis used to get wrong.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "core/analysis/steady_state_analysis.h"
#include "core/analysis/synthetic_series.h"
#include "core/analysis/validation_grid.h"

using namespace inferscope::analysis;

namespace {

constexpr std::uint64_t kSeed = 20240601;

bool claimsWarmup(const SeriesAnalysis& a) {
  return a.series_class == SeriesClass::Warmup || a.series_class == SeriesClass::Slowdown;
}

std::vector<double> constantAfter(std::vector<double> lead, double level, std::size_t n) {
  lead.resize(n, level);
  return lead;
}

struct Tally {
  std::size_t runs = 0, hits = 0, valid = 0, covered = 0;
};

// `reps` seeded series of `spec`, with the share of runs `hit` says yes to and the median
// interval's coverage of the truth.
template <typename Hit>
Tally runSpec(SyntheticSpec spec, std::size_t reps, Hit hit) {
  Tally t;
  for (std::size_t rep = 0; rep < reps; ++rep) {
    spec.seed = cellSeed(spec, rep, kSeed);
    const SyntheticSeries s = generateSeries(spec);
    const SeriesAnalysis a = analyse(s.latencies_ms);
    ++t.runs;
    t.hits += hit(a, s);
    const auto& ci = a.steady.median_ci;
    t.valid += ci.valid();
    t.covered +=
        ci.valid() && ci.low <= s.true_steady_median_ms && s.true_steady_median_ms <= ci.high;
  }
  return t;
}

double share(std::size_t hits, std::size_t runs) {
  return runs ? static_cast<double>(hits) / static_cast<double>(runs) : 0.0;
}

}  // namespace

TEST(MeasurementRoundFour, WarmupBeforeAConstantLevelOnACoarseClockIsAWarmup) {
  // 3 × 30 ms, then 10 ms every time on a 10 ms clock: the only step between distinct values is
  // the warm-up's gap, which used to be taken for one tick ("flat from iteration 0").
  for (std::size_t n : {100u, 1000u}) {
    const auto a = analyse(constantAfter({30, 30, 30}, 10, n));
    EXPECT_EQ(a.series_class, SeriesClass::Warmup) << "n " << n;
    EXPECT_EQ(a.steady_start, 3u) << "n " << n;
    EXPECT_DOUBLE_EQ(a.steady.summary.median, 10.0);
  }
  // n = 30: the warm-up is found, and the 27 iterations after it are too few to be steady.
  const auto short_run = analyse(constantAfter({30, 30, 30}, 10, 30));
  EXPECT_EQ(short_run.steady_start, 3u);
  EXPECT_EQ(short_run.series_class, SeriesClass::NoSteadyState);
  // A 1 ms clock at 5 ms: 7 ms (two ticks) and 10 ms (a doubling) before it.
  for (double first : {7.0, 10.0}) {
    const auto a = analyse(constantAfter({first, first}, 5, 100));
    EXPECT_EQ(a.series_class, SeriesClass::Warmup) << first;
    EXPECT_EQ(a.steady_start, 2u) << first;
  }
}

TEST(MeasurementRoundFour, OneTickBeforeAConstantLevelIsStillRounding) {
  // 11 against 10 µs every time: the tick that divides both is 1 µs, a tenth of the level.
  const auto a = analyse(constantAfter({0.011}, 0.010, 110));
  EXPECT_EQ(a.series_class, SeriesClass::Flat);
  EXPECT_EQ(a.steady_start, 0u);
}

TEST(MeasurementRoundFour, ThreeTicksSlowerFirstOnAMicrosecondClockIsAWarmup) {
  // 8–12 µs on a 1 µs clock at 1 % noise: the first one or two iterations three ticks slower.
  // The rolling rule's 3·(p90 − p10) is 40 % once the noise reaches the next tick (37 % found).
  std::size_t runs = 0, found = 0;
  for (double base_ms : {0.008, 0.010, 0.012}) {
    for (std::size_t k0 : {1u, 2u}) {
      SyntheticSpec spec;
      spec.shape = SeriesShape::Step;
      spec.n = 60, spec.phi = 0.0, spec.sigma = 0.01;
      spec.timer_quantum_ms = 0.001, spec.base_ms = base_ms;
      spec.step_at = k0, spec.step_size = 1.0 + 0.003 / base_ms;
      const Tally t = runSpec(spec, 40, [&](const SeriesAnalysis& a, const SyntheticSeries& s) {
        return a.series_class == SeriesClass::Warmup && a.steady_start == s.true_steady_start;
      });
      runs += t.runs, found += t.hits;
    }
  }
  EXPECT_GE(share(found, runs), 0.95) << found << " of " << runs;
}

TEST(MeasurementRoundFour, TwoFastFirstSamplesAreNotASlowdown) {
  // Two first samples at 0.5× in 60 iterations at 3 % noise: PELT's three-point minimum segment
  // made them a fast first "level" (a slowdown) in about half of the runs.
  SyntheticSpec spec;
  spec.shape = SeriesShape::FastStart;
  spec.n = 60, spec.phi = 0.0, spec.sigma = 0.03;
  spec.step_at = 2, spec.step_size = 0.5;
  const Tally t = runSpec(
      spec, 200, [](const SeriesAnalysis& a, const SyntheticSeries&) { return !claimsWarmup(a); });
  EXPECT_GE(share(t.hits, t.runs), 0.95) << t.hits << " of " << t.runs;
}

TEST(MeasurementRoundFour, RareSwitchingIntervalCoversTheLongRunMedian) {
  // Stays of 100 at a 50 % slow share in 300 iterations: a handful of switches, and the realised
  // share far from the long-run one in many runs. The τ-floor interval alone covered about half.
  SyntheticSpec spec;
  spec.shape = SeriesShape::Switching;
  spec.n = 300, spec.phi = 0.0, spec.sigma = 0.01;
  spec.switch_dwell = 100, spec.switch_ratio = 1.3, spec.switch_share = 0.5;
  std::size_t switching = 0, too_few = 0;
  const Tally t = runSpec(spec, 200, [&](const SeriesAnalysis& a, const SyntheticSeries&) {
    switching += a.series_class == SeriesClass::Switching;
    too_few += a.too_few_switches;
    return a.series_class == SeriesClass::Switching;
  });
  EXPECT_GE(share(t.valid, t.runs), 0.95);
  EXPECT_GE(share(t.covered, t.valid), 0.90) << t.covered << " of " << t.valid;
  // At n = 300 most switching runs see fewer than six switches, and say so.
  EXPECT_GE(share(too_few, switching), 0.5) << too_few << " of " << switching;
}

TEST(MeasurementRoundFour, TooFewSwitchesIsSaidAndManyAreNot) {
  // Two switches: 100 iterations at 10 ms, 100 at 13 ms, 100 at 10 ms.
  std::vector<double> x(300);
  for (std::size_t i = 0; i < x.size(); ++i) {
    x[i] =
        ((i / 100) % 2 ? 13.0 : 10.0) * (1.0 + 0.005 * static_cast<double>((i * 7919) % 11) / 10);
  }
  const auto few = analyse(x);
  ASSERT_EQ(few.series_class, SeriesClass::Switching);
  EXPECT_TRUE(few.too_few_switches);
  ASSERT_TRUE(few.switching.has_value());
  EXPECT_LT(few.switching->slow_share_low, 0.2);
  EXPECT_GT(few.switching->slow_share_high, 0.6);
  // The interval reaches the mixes the stays allow: towards the fast level and the slow one.
  EXPECT_LT(few.steady.median_ci.low, 10.2);
  EXPECT_GT(few.steady.median_ci.high, 12.8);
  // Stays of 8 in 1000 iterations: over a hundred switches, and the mix is estimated.
  SyntheticSpec spec;
  spec.shape = SeriesShape::Switching;
  spec.n = 1000, spec.phi = 0.0, spec.sigma = 0.01;
  spec.switch_dwell = 8, spec.switch_ratio = 1.3, spec.switch_share = 0.3;
  spec.seed = cellSeed(spec, 0, kSeed);
  const auto many = analyse(generateSeries(spec).latencies_ms);
  ASSERT_EQ(many.series_class, SeriesClass::Switching);
  EXPECT_FALSE(many.too_few_switches);
  EXPECT_GE(many.switching->switches, kMinSwitchesForMix);
}

TEST(MeasurementRoundFour, SawtoothEndingMidCycleKeepsItsCoverage) {
  // 20 % teeth of period 25 in 312 iterations (12.48 cycles), CV 1 %.
  SyntheticSpec spec;
  spec.shape = SeriesShape::Sawtooth;
  spec.n = 312, spec.phi = 0.0, spec.sigma = 0.01;
  spec.periodic_amplitude = 0.20, spec.period = 25;
  const Tally t =
      runSpec(spec, 200, [](const SeriesAnalysis&, const SyntheticSeries&) { return true; });
  EXPECT_GE(share(t.valid, t.runs), 0.95);
  EXPECT_GE(share(t.covered, t.valid), 0.92) << t.covered << " of " << t.valid;
}

TEST(MeasurementRoundFour, RareSwitchingShareIntervalHasStudentTails) {
  // 11 stays in 1000 iterations (10 switches): six fast stays of 15–60 at 10 ms and five slow ones
  // of 60–260 at 13 ms (uneven, so that the run is no cycle), a realised slow share of 79 %.
  // With ten switches the long-run share may well be one half: the normal's logit interval
  // (± 1.96·2/√10) stopped at 52 %, Student's t on eight degrees of freedom reaches 47 %, and the
  // median interval the mixes below one half.
  const std::vector<std::size_t> stays = {15, 60, 60, 260, 20, 110, 55, 240, 25, 120, 35};
  std::vector<double> x;
  for (std::size_t stay = 0; stay < stays.size(); ++stay) {
    const bool slow = stay % 2 == 1;
    for (std::size_t i = 0; i < stays[stay]; ++i) {
      const std::size_t k = x.size();
      x.push_back((slow ? 13.0 : 10.0) * (1.0 + 0.005 * static_cast<double>((k * 7919) % 11) / 10));
    }
  }
  ASSERT_EQ(x.size(), 1000u);
  const auto a = analyse(x);
  ASSERT_EQ(a.series_class, SeriesClass::Switching);
  ASSERT_TRUE(a.switching.has_value());
  ASSERT_EQ(a.switching->switches, 10u);
  EXPECT_FALSE(a.too_few_switches);
  EXPECT_LT(a.switching->slow_share_low, 0.5);
  EXPECT_GT(a.switching->slow_share_low, 0.4);
  EXPECT_GT(a.switching->slow_share_high, 0.9);
  // Below one half the mixture's median is the fast level's.
  EXPECT_LT(a.steady.median_ci.low, 10.1);
}

TEST(MeasurementRoundFour, SmallSlowSettlingIntervalReachesTheSettledLevel) {
  // 10–30 % above a 10 ms level, decaying with τ = 20 or 30 iterations, in 300 iterations at 1 %
  // noise (φ 0, 0.5, 0.8): PELT cuts early, and the level still falls across the steady part, so
  // the median sits above the settled level by more than its interval's half-width. Pooled over
  // the 18 cells: covered in 92.6 % of 3572 intervals before the low end reached below a falling
  // level, 95.4 % after.
  std::size_t valid = 0, covered = 0;
  for (double excess : {0.10, 0.20, 0.30}) {
    for (double tau : {20.0, 30.0}) {
      for (double phi : {0.0, 0.5, 0.8}) {
        SyntheticSpec spec;
        spec.shape = SeriesShape::Decay;
        spec.n = 300, spec.phi = phi, spec.sigma = 0.01;
        spec.step_size = 1.0 + excess, spec.tau = tau;
        const Tally t =
            runSpec(spec, 200, [](const SeriesAnalysis&, const SyntheticSeries&) { return true; });
        valid += t.valid, covered += t.covered;
      }
    }
  }
  EXPECT_GE(share(valid, 18 * 200), 0.95);
  EXPECT_GE(share(covered, valid), 0.945) << covered << " of " << valid;
}
