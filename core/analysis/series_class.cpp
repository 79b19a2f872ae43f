// Spelling of SeriesClass in reports; one table so toString and parse cannot disagree.
#include "core/analysis/series_class.h"

#include <array>
#include <utility>

namespace inferscope::analysis {
namespace {

constexpr std::array<std::pair<SeriesClass, const char*>, 6> kNames{{
    {SeriesClass::Flat, "flat"},
    {SeriesClass::Warmup, "warmup"},
    {SeriesClass::Slowdown, "slowdown"},
    {SeriesClass::Drift, "drift"},
    {SeriesClass::NoSteadyState, "no-steady-state"},
    {SeriesClass::Switching, "switching"},
}};

}  // namespace

const char* toString(SeriesClass series_class) {
  for (const auto& [value, name] : kNames) {
    if (value == series_class) return name;
  }
  return "unknown";
}

std::optional<SeriesClass> parseSeriesClass(std::string_view text) {
  for (const auto& [value, name] : kNames) {
    if (text == name) return value;
  }
  return std::nullopt;
}

}  // namespace inferscope::analysis
