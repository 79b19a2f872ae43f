#include "core/engine/throughput_curve.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/common/error.h"
#include "core/common/units.h"

namespace inferscope {
namespace {

std::string fixedDims(const ShapePoint& shape) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : shape.dims) {
    if (name != "B") parts.push_back(fmt::format("{}={}", name, value));
  }
  return fmt::format("{}", fmt::join(parts, " "));
}

}  // namespace

std::optional<std::int64_t> kneeBatch(const std::vector<ThroughputPoint>& points,
                                      double knee_fraction) {
  if (!(knee_fraction > 0 && knee_fraction <= 1)) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("knee fraction {}: must be above 0 and at most 1", knee_fraction));
  }
  if (points.empty()) return std::nullopt;
  double peak = 0;
  for (const auto& p : points) peak = std::max(peak, p.items_per_s);
  std::optional<std::int64_t> knee;
  for (const auto& p : points) {
    if (p.items_per_s >= knee_fraction * peak && (!knee || p.batch < *knee)) knee = p.batch;
  }
  return knee;
}

std::vector<ThroughputCurve> throughputCurves(const SessionResult& session, double knee_fraction) {
  std::vector<ThroughputCurve> curves;
  for (const auto& c : session.configs) {
    if (!c.shape) continue;
    const auto key = c.config.key();
    const auto fixed = fixedDims(*c.shape);
    auto it = std::find_if(curves.begin(), curves.end(), [&](const ThroughputCurve& curve) {
      return curve.config_key == key && curve.fixed_dims == fixed;
    });
    if (it == curves.end()) {
      curves.push_back(ThroughputCurve{key, fixed, {}, 0, {}, {}, {}});
      it = std::prev(curves.end());
    }
    const auto batch = c.shape->batch;
    if (c.status == ConfigStatus::OutOfMemory) {
      if (!it->first_oom_batch || batch < *it->first_oom_batch) it->first_oom_batch = batch;
      continue;
    }
    if (c.status != ConfigStatus::Ok || !(c.stats.median_ms > 0)) continue;
    ThroughputPoint p;
    p.batch = batch;
    p.shape_label = c.shape->label;
    p.median_ms = c.stats.median_ms;
    p.per_item_ms = c.stats.median_ms / static_cast<double>(batch);
    p.items_per_s = static_cast<double>(batch) / units::msToS(c.stats.median_ms);
    p.peak_bytes = c.memory.peak_allocated_bytes;
    it->points.push_back(p);
  }
  for (auto& curve : curves) {
    std::stable_sort(
        curve.points.begin(), curve.points.end(),
        [](const ThroughputPoint& a, const ThroughputPoint& b) { return a.batch < b.batch; });
    for (const auto& p : curve.points) {
      curve.peak_items_per_s = std::max(curve.peak_items_per_s, p.items_per_s);
      curve.largest_ok_batch = p.batch;
    }
    curve.knee_batch = kneeBatch(curve.points, knee_fraction);
  }
  return curves;
}

}  // namespace inferscope
