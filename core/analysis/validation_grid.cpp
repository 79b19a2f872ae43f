// Builds and runs the validation grid. Work is handed out one cell at a time from an atomic
// counter, each cell owned by one thread, so no locking is needed on the results (only on the
// progress callback).
#include "core/analysis/validation_grid.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>
#include <thread>

namespace inferscope::analysis {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::uint64_t mix(std::uint64_t h, double v) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  return splitmix64(h ^ bits);
}

double medianFrom(const std::vector<double>& x, std::size_t begin) {
  std::vector<double> part(x.begin() + static_cast<std::ptrdiff_t>(std::min(begin, x.size())),
                           x.end());
  if (part.empty()) return 0.0;
  std::sort(part.begin(), part.end());
  return quantileSorted(part, 0.5);
}

void runCell(CellResult& cell, std::size_t reps, std::uint64_t seed,
             const AnalysisOptions& options) {
  cell.median_bias.reserve(reps);
  for (std::size_t rep = 0; rep < reps; ++rep) {
    SyntheticSpec spec = cell.spec;
    spec.seed = cellSeed(cell.spec, rep, seed);
    const SyntheticSeries series = generateSeries(spec, options.min_steady);
    AnalysisOptions opts = options;
    opts.seed = spec.seed;
    const SeriesAnalysis a = analyse(series.latencies_ms, opts);
    cell.true_class = series.true_class;
    cell.true_steady_start = series.true_steady_start;
    ++cell.runs;
    cell.class_correct += a.series_class == series.true_class ||
                          (series.also_correct && a.series_class == *series.also_correct);
    const std::size_t s = a.steady_start, t = series.true_steady_start;
    cell.end_within_5 += (s > t ? s - t : t - s) <= 5;
    const auto& ci = a.steady.median_ci;
    cell.median_ci_valid += ci.valid();
    cell.median_covered += ci.valid() && ci.low <= series.true_steady_median_ms &&
                           series.true_steady_median_ms <= ci.high;
    cell.called_warmup +=
        a.series_class == SeriesClass::Warmup || a.series_class == SeriesClass::Slowdown;
    cell.called_drift += a.series_class == SeriesClass::Drift;
    cell.called_switching += a.series_class == SeriesClass::Switching;
    cell.too_few_switches += a.too_few_switches;
    if (a.series_class == SeriesClass::Switching) {
      cell.switching_ci_valid += ci.valid();
      cell.switching_covered += ci.valid() && ci.low <= series.true_steady_median_ms &&
                                series.true_steady_median_ms <= ci.high;
    }
    const bool steady_claim =
        a.series_class == SeriesClass::Flat || a.series_class == SeriesClass::Warmup ||
        a.series_class == SeriesClass::Slowdown || a.series_class == SeriesClass::Switching;
    if (steady_claim && ci.valid() && s < series.level_ms.size()) {
      const auto [lo, hi] = std::minmax_element(
          series.level_ms.begin() + static_cast<std::ptrdiff_t>(s), series.level_ms.end());
      const double centre = a.steady.summary.median;
      const double movement = centre > 0 ? (*hi - *lo) / centre : 0.0;
      cell.tight_on_moving_level += ci.relativeHalfWidth(centre) < movement / 2.0;
    }
    const double reference = medianFrom(series.steady_only_ms, s);
    cell.median_bias.push_back(reference > 0 ? a.steady.summary.median / reference - 1.0 : 0.0);
  }
}

}  // namespace

std::uint64_t cellSeed(const SyntheticSpec& spec, std::size_t rep, std::uint64_t seed) {
  std::uint64_t h = splitmix64(seed);
  h = splitmix64(h ^ static_cast<std::uint64_t>(spec.shape));
  h = splitmix64(h ^ spec.n);
  h = splitmix64(h ^ spec.step_at);
  for (double v :
       {spec.phi, spec.sigma, spec.step_size, spec.tau, spec.drift_total, spec.step_up_fraction}) {
    h = mix(h, v);
  }
  // Switching parameters join the hash only for that shape, so every other cell keeps the series
  // (and the published results) it had before the shape existed.
  // Likewise the timer's tick and the shapes added later.
  if (spec.timer_quantum_ms > 0) h = mix(mix(h, spec.timer_quantum_ms), spec.base_ms);
  if (spec.shape == SeriesShape::Sawtooth) {
    h = mix(h, spec.periodic_amplitude);
    h = splitmix64(h ^ spec.period);
  }
  if (spec.shape != SeriesShape::Switching) return splitmix64(h ^ rep);
  for (double v : {spec.switch_ratio, spec.switch_dwell, spec.switch_share}) {
    h = mix(h, v);
  }
  return splitmix64(h ^ rep);
}

namespace {

void addShortWarmups(const GridSpec& grid, std::vector<SyntheticSpec>& cells) {
  for (std::size_t n : grid.short_warmup_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        for (std::size_t k0 : grid.short_warmup_positions) {
          for (double size : grid.short_warmup_sizes) {
            SyntheticSpec spec;
            spec.shape = SeriesShape::Step;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.step_at = k0, spec.step_size = size;
            cells.push_back(spec);
          }
        }
      }
    }
  }
}

void addSwitching(const GridSpec& grid, std::vector<SyntheticSpec>& cells) {
  for (std::size_t n : grid.switching_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        for (double dwell : grid.switching_dwells) {
          for (double ratio : grid.switching_ratios) {
            for (double share : grid.switching_shares) {
              SyntheticSpec spec;
              spec.shape = SeriesShape::Switching;
              spec.n = n, spec.phi = phi, spec.sigma = sigma;
              spec.switch_dwell = dwell, spec.switch_ratio = ratio, spec.switch_share = share;
              cells.push_back(spec);
            }
          }
        }
      }
    }
  }
}

void addSawtooth(const GridSpec& grid, std::vector<SyntheticSpec>& cells) {
  for (std::size_t n : grid.sawtooth_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        for (double amplitude : grid.sawtooth_amplitudes) {
          for (std::size_t period : grid.sawtooth_periods) {
            SyntheticSpec spec;
            spec.shape = SeriesShape::Sawtooth;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.periodic_amplitude = amplitude, spec.period = period;
            cells.push_back(spec);
          }
        }
      }
    }
  }
}

// One tick faster (FastStart) or slower (Step) at the start, on a clock of a few ticks per
// iteration; and a faster first sample on an exact clock.
void addTimerSteps(const GridSpec& grid, std::vector<SyntheticSpec>& cells) {
  for (std::size_t n : grid.timer_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        for (std::size_t k0 : grid.timer_offset_positions) {
          for (int direction : {-1, 1}) {
            SyntheticSpec spec;
            spec.shape = direction < 0 ? SeriesShape::FastStart : SeriesShape::Step;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.base_ms = grid.timer_base_ms, spec.timer_quantum_ms = grid.timer_quantum_ms;
            spec.step_at = k0;
            spec.step_size = 1.0 + direction * grid.timer_quantum_ms / grid.timer_base_ms;
            cells.push_back(spec);
          }
        }
        for (std::size_t k0 : grid.fast_start_positions) {
          for (double ratio : grid.fast_start_ratios) {
            SyntheticSpec spec;
            spec.shape = SeriesShape::FastStart;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.step_at = k0, spec.step_size = ratio;
            cells.push_back(spec);
          }
        }
      }
    }
  }
}

// The families added 2026-12-07: rare switching, warm-ups on coarse clocks, three ticks slower
// first, small slow settling and sawtooth runs that end mid-cycle.
void addRoundFour(const GridSpec& grid, std::vector<SyntheticSpec>& cells) {
  for (std::size_t n : grid.rare_switching_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        for (double dwell : grid.rare_switching_dwells) {
          for (double share : grid.rare_switching_shares) {
            SyntheticSpec spec;
            spec.shape = SeriesShape::Switching;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.switch_dwell = dwell, spec.switch_ratio = grid.rare_switching_ratio;
            spec.switch_share = share;
            cells.push_back(spec);
          }
        }
      }
    }
  }
  struct Clock {
    double quantum_ms, base_ms, ratio;
  };
  for (std::size_t n : grid.coarse_clock_lengths) {
    for (std::size_t k0 : grid.coarse_clock_positions) {
      for (const Clock& clock :
           {Clock{10.0, 10.0, 3.0}, Clock{1.0, 5.0, 1.4}, Clock{1.0, 5.0, 2.0}}) {
        SyntheticSpec spec;
        spec.shape = SeriesShape::Step;
        spec.n = n, spec.phi = 0.0, spec.sigma = 0.003;
        spec.timer_quantum_ms = clock.quantum_ms, spec.base_ms = clock.base_ms;
        spec.step_at = k0, spec.step_size = clock.ratio;
        cells.push_back(spec);
      }
    }
  }
  for (std::size_t n : grid.three_tick_lengths) {
    for (double phi : {0.0, 0.5}) {
      for (double sigma : {0.01, 0.03}) {
        for (double base_ms : grid.three_tick_bases_ms) {
          for (std::size_t k0 : grid.three_tick_positions) {
            SyntheticSpec spec;
            spec.shape = SeriesShape::Step;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.timer_quantum_ms = grid.timer_quantum_ms, spec.base_ms = base_ms;
            spec.step_at = k0, spec.step_size = 1.0 + 3.0 * grid.timer_quantum_ms / base_ms;
            cells.push_back(spec);
          }
        }
      }
    }
  }
  for (std::size_t n : grid.small_settling_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.small_settling_sigmas) {
        for (double amplitude : grid.small_settling_amplitudes) {
          for (double tau : grid.small_settling_taus) {
            SyntheticSpec spec;
            spec.shape = SeriesShape::Decay;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.tau = tau, spec.step_size = 1.0 + amplitude;
            cells.push_back(spec);
          }
        }
      }
    }
  }
  for (std::size_t n : grid.partial_cycle_lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        for (double amplitude : grid.partial_cycle_amplitudes) {
          for (std::size_t period : grid.sawtooth_periods) {
            if (n % period == 0) continue;
            SyntheticSpec spec;
            spec.shape = SeriesShape::Sawtooth;
            spec.n = n, spec.phi = phi, spec.sigma = sigma;
            spec.periodic_amplitude = amplitude, spec.period = period;
            cells.push_back(spec);
          }
        }
      }
    }
  }
}

}  // namespace

std::vector<SyntheticSpec> buildGrid(const GridSpec& grid) {
  std::vector<SyntheticSpec> cells;
  for (std::size_t n : grid.lengths) {
    for (double phi : grid.phis) {
      for (double sigma : grid.sigmas) {
        SyntheticSpec base;
        base.n = n;
        base.phi = phi;
        base.sigma = sigma;
        const auto add = [&](SeriesShape shape, auto&& configure) {
          SyntheticSpec spec = base;
          spec.shape = shape;
          configure(spec);
          cells.push_back(spec);
        };
        add(SeriesShape::Flat, [](SyntheticSpec&) {});
        add(SeriesShape::Bimodal, [](SyntheticSpec&) {});
        for (std::size_t k0 : grid.step_positions) {
          if (k0 >= n) continue;  // the series would be all warm-up: nothing to detect
          for (double size : grid.step_sizes) {
            add(SeriesShape::Step, [&](SyntheticSpec& s) { s.step_at = k0, s.step_size = size; });
          }
          for (double size : grid.spike_step_sizes) {
            add(SeriesShape::SpikeThenStep,
                [&](SyntheticSpec& s) { s.step_at = k0, s.step_size = size; });
          }
        }
        for (double tau : grid.decay_taus) {
          add(SeriesShape::Decay,
              [&](SyntheticSpec& s) { s.tau = tau, s.step_size = grid.decay_start_ratio; });
        }
        for (double d : grid.drift_totals) {
          add(SeriesShape::LinearDrift, [&](SyntheticSpec& s) { s.drift_total = d; });
        }
        for (double size : grid.step_up_sizes) {
          add(SeriesShape::StepUp, [&](SyntheticSpec& s) {
            s.step_size = size, s.step_up_fraction = grid.step_up_fraction;
          });
        }
        if (grid.slowdown_fraction > 0 && !grid.step_up_sizes.empty()) {
          add(SeriesShape::StepUp, [&](SyntheticSpec& s) {
            s.step_size = grid.step_up_sizes.back(), s.step_up_fraction = grid.slowdown_fraction;
          });
        }
      }
    }
  }
  addShortWarmups(grid, cells);
  addSwitching(grid, cells);
  addSawtooth(grid, cells);
  addTimerSteps(grid, cells);
  addRoundFour(grid, cells);
  return cells;
}

std::vector<CellResult> runGrid(const std::vector<SyntheticSpec>& cells, std::size_t reps,
                                std::uint64_t seed, unsigned threads,
                                const AnalysisOptions& options,
                                const std::function<void(std::size_t done)>& progress) {
  std::vector<CellResult> results(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) results[i].spec = cells[i];
  std::atomic<std::size_t> next{0};
  std::size_t done = 0;
  std::mutex progress_mutex;
  const auto worker = [&] {
    for (std::size_t i = next++; i < results.size(); i = next++) {
      runCell(results[i], reps, seed, options);
      if (progress) {
        const std::lock_guard<std::mutex> lock(progress_mutex);
        progress(++done);
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(threads, 1u); ++t) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();
  return results;
}

}  // namespace inferscope::analysis
