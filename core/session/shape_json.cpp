#include <fmt/format.h>

#include <cmath>

#include "core/common/error.h"
#include "core/common/value_limits.h"
#include "core/session/shape_record_values.h"

namespace inferscope::session_json {
namespace {

const char* fitName(BatchFit fit) {
  switch (fit) {
    case BatchFit::Fits:
      return "fits";
    case BatchFit::OutOfMemory:
      return "oom";
    case BatchFit::Failed:
      break;
  }
  return "failed";
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", path, what));
}

// One list of the record, refused whole when it is not an array or is longer than a session's
// configs could make it: each entry becomes a row in the CLI's tables and a point in the charts.
const Json* listOf(const Json& parent, const char* key, const std::string& path,
                   std::size_t max_entries) {
  if (!parent.contains(key)) return nullptr;
  const Json& value = parent.at(key);
  if (!value.is_array()) fail(path, fmt::format("expected an array, got {}", value.type_name()));
  if (value.size() > max_entries) {
    fail(path, fmt::format("holds {} entries, more than the {} a session's shapes may have",
                           value.size(), max_entries));
  }
  return &value;
}

std::int64_t batchOf(const Json& j, const char* key, const std::string& path) {
  const auto value = j.at(key).get<std::int64_t>();
  if (value < 1 || value > kMaxDimValue) {
    fail(path + "." + key, fmt::format("{} is outside 1…{}", value, kMaxDimValue));
  }
  return value;
}

std::optional<std::int64_t> optionalBatch(const Json& j, const char* key, const std::string& path) {
  if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
  return batchOf(j, key, path);
}

double figureOf(const Json& j, const char* key, const std::string& path) {
  const double value = j.value(key, 0.0);
  if (!std::isfinite(value) || value < 0) {
    fail(path + "." + key, fmt::format("{} is not a figure ≥ 0", value));
  }
  return value;
}

std::int64_t bytesOf(const Json& j, const char* key, const std::string& path) {
  const auto value = j.value(key, std::int64_t{0});
  if (value < 0) fail(path + "." + key, fmt::format("{} bytes is negative", value));
  return value;
}

Json optionalValue(const std::optional<std::int64_t>& value) {
  return value ? Json(*value) : Json(nullptr);
}

}  // namespace

Json shapeRecordValue(const ShapeRecord& r) {
  Json curves = Json::array();
  for (const auto& c : r.curves) {
    Json points = Json::array();
    for (const auto& p : c.points) {
      points.push_back({{"batch", p.batch},
                        {"shape", p.shape_label},
                        {"median_ms", p.median_ms},
                        {"per_item_ms", p.per_item_ms},
                        {"items_per_s", p.items_per_s},
                        {"peak_bytes", p.peak_bytes}});
    }
    curves.push_back({{"config", c.config_key},
                      {"fixed_dims", c.fixed_dims},
                      {"points", std::move(points)},
                      {"peak_items_per_s", c.peak_items_per_s},
                      {"knee_batch", optionalValue(c.knee_batch)},
                      {"largest_ok_batch", optionalValue(c.largest_ok_batch)},
                      {"first_oom_batch", optionalValue(c.first_oom_batch)}});
  }
  Json memory = Json::array();
  for (const auto& m : r.memory) {
    Json points = Json::array();
    for (const auto& p : m.points) {
      points.push_back({{"batch", p.batch},
                        {"shape", p.shape_label},
                        {"peak_bytes", p.peak_bytes},
                        {"config", p.config_key}});
    }
    memory.push_back(
        {{"precision", m.precision}, {"fixed_dims", m.fixed_dims}, {"points", std::move(points)}});
  }
  Json searches = Json::array();
  for (const auto& m : r.max_batch) {
    Json probes = Json::array();
    for (const auto& p : m.search.probes) {
      probes.push_back({{"batch", p.batch}, {"fit", fitName(p.fit)}, {"message", p.message}});
    }
    searches.push_back({{"config", m.config_key},
                        {"precision", m.precision},
                        {"start_batch", m.start_batch},
                        {"limit_batch", m.limit_batch},
                        {"largest_fitting", optionalValue(m.search.largest_fitting)},
                        {"smallest_oom", optionalValue(m.search.smallest_oom)},
                        {"stop_reason", m.search.stop_reason},
                        {"probes", std::move(probes)}});
  }
  Json routing = Json::array();
  for (const auto& e : r.routing) {
    routing.push_back({{"shape", e.shape_label},
                       {"batch", e.batch},
                       {"config", e.config_key},
                       {"median_ms", e.median_ms}});
  }
  Json weights = Json::array();
  for (const auto& w : r.weights)
    weights.push_back({{"shape", w.shape_label}, {"weight", w.weight}});
  Json j = {{"knee_fraction", r.knee_fraction},
            {"curves", std::move(curves)},
            {"memory_per_precision", std::move(memory)},
            {"routing", std::move(routing)},
            {"shape_mix", r.shape_mix},
            {"weights", std::move(weights)}};
  if (!r.max_batch.empty()) j["max_batch"] = std::move(searches);
  if (r.best_single) {
    const auto& b = *r.best_single;
    j["best_single"] = {{"config", b.config_key},
                        {"weighted_median_ms", b.weighted_median_ms},
                        {"oracle_ms", b.oracle_ms},
                        {"ratio_to_oracle", b.ratio_to_oracle}};
  }
  return j;
}

ShapeRecord shapeRecordFrom(const Json& j, std::size_t max_entries) {
  const std::string root = "shape_record";
  if (!j.is_object()) fail(root, fmt::format("expected an object, got {}", j.type_name()));
  ShapeRecord r;
  r.knee_fraction = j.value("knee_fraction", kKneeFraction);
  if (!(r.knee_fraction > 0 && r.knee_fraction <= 1)) {
    fail(root + ".knee_fraction", fmt::format("{} is outside (0, 1]", r.knee_fraction));
  }
  if (const auto* curves = listOf(j, "curves", root + ".curves", max_entries)) {
    for (std::size_t i = 0; i < curves->size(); ++i) {
      const auto& c = (*curves)[i];
      const auto path = fmt::format("{}.curves[{}]", root, i);
      ThroughputCurve curve;
      curve.config_key = c.at("config").get<std::string>();
      curve.fixed_dims = c.value("fixed_dims", "");
      if (const auto* points = listOf(c, "points", path + ".points", max_entries)) {
        for (std::size_t k = 0; k < points->size(); ++k) {
          const auto& p = (*points)[k];
          const auto at = fmt::format("{}.points[{}]", path, k);
          ThroughputPoint point;
          point.batch = batchOf(p, "batch", at);
          point.shape_label = p.value("shape", "");
          point.median_ms = figureOf(p, "median_ms", at);
          point.per_item_ms = figureOf(p, "per_item_ms", at);
          point.items_per_s = figureOf(p, "items_per_s", at);
          point.peak_bytes = bytesOf(p, "peak_bytes", at);
          curve.points.push_back(point);
        }
      }
      curve.peak_items_per_s = figureOf(c, "peak_items_per_s", path);
      curve.knee_batch = optionalBatch(c, "knee_batch", path);
      curve.largest_ok_batch = optionalBatch(c, "largest_ok_batch", path);
      curve.first_oom_batch = optionalBatch(c, "first_oom_batch", path);
      r.curves.push_back(std::move(curve));
    }
  }
  if (const auto* memory =
          listOf(j, "memory_per_precision", root + ".memory_per_precision", max_entries)) {
    for (std::size_t i = 0; i < memory->size(); ++i) {
      const auto& m = (*memory)[i];
      const auto path = fmt::format("{}.memory_per_precision[{}]", root, i);
      PrecisionMemory entry;
      entry.precision = m.at("precision").get<std::string>();
      entry.fixed_dims = m.value("fixed_dims", "");
      if (const auto* points = listOf(m, "points", path + ".points", max_entries)) {
        for (std::size_t k = 0; k < points->size(); ++k) {
          const auto& p = (*points)[k];
          const auto at = fmt::format("{}.points[{}]", path, k);
          entry.points.push_back({batchOf(p, "batch", at), p.value("shape", ""),
                                  bytesOf(p, "peak_bytes", at), p.value("config", "")});
        }
      }
      r.memory.push_back(std::move(entry));
    }
  }
  if (const auto* searches = listOf(j, "max_batch", root + ".max_batch", max_entries)) {
    for (std::size_t i = 0; i < searches->size(); ++i) {
      const auto& m = (*searches)[i];
      const auto path = fmt::format("{}.max_batch[{}]", root, i);
      MaxBatchRecord entry;
      entry.config_key = m.at("config").get<std::string>();
      entry.precision = m.value("precision", "");
      entry.start_batch = batchOf(m, "start_batch", path);
      entry.limit_batch = batchOf(m, "limit_batch", path);
      entry.search.largest_fitting = optionalBatch(m, "largest_fitting", path);
      entry.search.smallest_oom = optionalBatch(m, "smallest_oom", path);
      entry.search.stop_reason = m.value("stop_reason", "");
      bool known = false;
      for (const char* reason : {"bisected", "limit", "none-fits", "failed", "cancelled"}) {
        known |= entry.search.stop_reason == reason;
      }
      if (!known) {
        fail(path + ".stop_reason",
             fmt::format("'{}' is none of bisected, limit, none-fits, failed, cancelled",
                         entry.search.stop_reason));
      }
      if (const auto* probes = listOf(m, "probes", path + ".probes", max_entries)) {
        for (std::size_t k = 0; k < probes->size(); ++k) {
          const auto& p = (*probes)[k];
          const auto at = fmt::format("{}.probes[{}]", path, k);
          BatchProbe probe;
          probe.batch = batchOf(p, "batch", at);
          const auto fit = p.at("fit").get<std::string>();
          if (fit == "fits") {
            probe.fit = BatchFit::Fits;
          } else if (fit == "oom") {
            probe.fit = BatchFit::OutOfMemory;
          } else if (fit == "failed") {
            probe.fit = BatchFit::Failed;
          } else {
            fail(at + ".fit", fmt::format("'{}' is none of fits, oom, failed", fit));
          }
          probe.message = p.value("message", "");
          entry.search.probes.push_back(std::move(probe));
        }
      }
      r.max_batch.push_back(std::move(entry));
    }
  }
  if (const auto* routing = listOf(j, "routing", root + ".routing", max_entries)) {
    for (std::size_t i = 0; i < routing->size(); ++i) {
      const auto& e = (*routing)[i];
      const auto path = fmt::format("{}.routing[{}]", root, i);
      r.routing.push_back({e.at("shape").get<std::string>(), batchOf(e, "batch", path),
                           e.value("config", ""), figureOf(e, "median_ms", path)});
    }
  }
  r.shape_mix = j.value("shape_mix", "");
  if (const auto* weights = listOf(j, "weights", root + ".weights", max_entries)) {
    for (std::size_t i = 0; i < weights->size(); ++i) {
      const auto& w = (*weights)[i];
      const auto path = fmt::format("{}.weights[{}]", root, i);
      const double weight = figureOf(w, "weight", path);
      if (weight > 1)
        fail(path + ".weight", fmt::format("{} is above 1 (weights are shares)", weight));
      r.weights.push_back({w.at("shape").get<std::string>(), weight});
    }
  }
  if (j.contains("best_single")) {
    const auto& b = j.at("best_single");
    const auto path = root + ".best_single";
    r.best_single =
        WeightedChoice{b.at("config").get<std::string>(), figureOf(b, "weighted_median_ms", path),
                       figureOf(b, "oracle_ms", path), figureOf(b, "ratio_to_oracle", path)};
  }
  return r;
}

}  // namespace inferscope::session_json
