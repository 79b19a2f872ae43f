#include "core/engine/shape_answers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/engine/shape_sweep.h"

namespace inferscope {
namespace {

// The safe configs' medians at one shape, by key (the fastest where a key repeats).
std::map<std::string, double> safeMedians(const SessionResult& at_shape,
                                          const RankingOptions& options) {
  std::map<std::string, double> medians;
  const auto ranking = rankSession(at_shape, options);
  for (const auto& r : ranking.configs) {
    if (r.rank == 0 || r.accuracy_state == AccuracyState::Unsafe) continue;
    const auto& c = at_shape.configs[static_cast<std::size_t>(r.index)];
    const auto key = c.config.key();
    const auto it = medians.find(key);
    if (it == medians.end() || c.stats.median_ms < it->second) medians[key] = c.stats.median_ms;
  }
  return medians;
}

}  // namespace

std::vector<RouteEntry> routingTable(const SessionResult& session, const RankingOptions& options) {
  std::vector<RouteEntry> table;
  for (const auto& shape : sessionShapes(session)) {
    RouteEntry e;
    e.shape_label = shape.label;
    e.batch = shape.batch;
    for (const auto& [key, median] : safeMedians(sessionAtShape(session, shape.label), options)) {
      if (e.config_key.empty() || median < e.median_ms) {
        e.config_key = key;
        e.median_ms = median;
      }
    }
    table.push_back(e);
  }
  return table;
}

std::vector<ShapeWeight> parseShapeMix(std::string_view text,
                                       const std::vector<std::string>& labels) {
  std::vector<ShapeWeight> mix;
  mix.reserve(labels.size());
  for (const auto& l : labels) mix.push_back({l, 0});
  if (text.empty()) {
    for (auto& w : mix) w.weight = 1.0 / static_cast<double>(mix.size());
    return mix;
  }
  double total = 0;
  std::string_view rest = text;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const auto entry = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const auto colon = entry.rfind(':');
    const std::string shown = printableLine(std::string(entry));
    if (colon == std::string_view::npos) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("shape mix '{}': expected LABEL:WEIGHT, e.g. B=1:3,B=8:1", shown));
    }
    const std::string label(entry.substr(0, colon));
    const std::string number(entry.substr(colon + 1));
    char* end = nullptr;
    const double weight = std::strtod(number.c_str(), &end);
    if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(weight) ||
        weight < 0) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("shape mix '{}': the weight must be a number ≥ 0", shown));
    }
    const auto it = std::find_if(mix.begin(), mix.end(),
                                 [&](const ShapeWeight& w) { return w.shape_label == label; });
    if (it == mix.end()) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("shape mix '{}': no shape '{}' was measured (shapes: {})", shown,
                              printableLine(label), fmt::join(labels, ", ")));
    }
    it->weight += weight;
    total += weight;
  }
  if (!(total > 0)) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("shape mix '{}': the weights add up to 0; give some shape a weight",
                            printableLine(std::string(text))));
  }
  for (auto& w : mix) w.weight /= total;
  return mix;
}

std::optional<WeightedChoice> bestSingleConfig(const SessionResult& session,
                                               const std::vector<ShapeWeight>& mix,
                                               const RankingOptions& options) {
  std::map<std::string, double> weighted;   // key → Σ weight × median so far
  std::map<std::string, std::size_t> seen;  // key → shapes of positive weight it ran safely at
  std::size_t shapes = 0;
  double oracle = 0;
  for (const auto& w : mix) {
    if (!(w.weight > 0)) continue;
    const auto medians = safeMedians(sessionAtShape(session, w.shape_label), options);
    if (medians.empty()) return std::nullopt;  // no config serves this shape at all
    ++shapes;
    double best = medians.begin()->second;
    for (const auto& [key, median] : medians) {
      best = std::min(best, median);
      weighted[key] += w.weight * median;
      ++seen[key];
    }
    oracle += w.weight * best;
  }
  std::optional<WeightedChoice> choice;
  for (const auto& [key, total] : weighted) {
    if (seen[key] != shapes) continue;  // a config must serve every shape of the mix
    if (!choice || total < choice->weighted_median_ms) {
      choice = WeightedChoice{key, total, oracle, oracle > 0 ? total / oracle : 0};
    }
  }
  return choice;
}

}  // namespace inferscope
