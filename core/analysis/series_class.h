// The verdict of the steady-state analysis on one latency series (docs/MEASUREMENT.md).
// The names follow Barrett et al. (OOPSLA 2017), plus "drift" for a level that keeps moving.
#pragma once

#include <optional>
#include <string_view>

namespace inferscope::analysis {

enum class SeriesClass {
  Flat,           // steady from the first iteration
  Warmup,         // slower iterations first, then a steady level
  Slowdown,       // an earlier part was faster than the final steady level
  Drift,          // no plateau: the level trends through the steady part
  NoSteadyState,  // the final level is too short (or the run too small) to call it steady
  // The level alternates between two values and stays at each for a while (a host that switches
  // regimes): steady in distribution, but one stretch of the run shows only one of the levels.
  Switching,
};

// "flat", "warmup", "slowdown", "drift", "no-steady-state", "switching": the spelling used in
// reports and JSON.
const char* toString(SeriesClass series_class);

// Inverse of toString; nullopt for any other text.
std::optional<SeriesClass> parseSeriesClass(std::string_view text);

}  // namespace inferscope::analysis
