// The plain values of answers across a shape set (core/engine/throughput_curve.h,
// shape_answers.h, shape_record.h), apart from the functions that derive them, so that a session
// (core/engine/session_result.h) can hold them without including the ranking that includes it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/max_batch.h"

namespace inferscope {

inline constexpr double kKneeFraction = 0.9;

struct ThroughputPoint {
  std::int64_t batch = 1;
  std::string shape_label;  // the result's shape ("B=8 S=128")
  double median_ms = 0;     // one iteration (the whole batch)
  double per_item_ms = 0;   // median_ms / batch
  double items_per_s = 0;
  std::int64_t peak_bytes = 0;  // peak allocated memory at this batch (0: not measured)
};

struct ThroughputCurve {
  std::string config_key;
  // The shape's other dimensions, which stay fixed along the curve ("S=128"); "" when the set
  // varies the batch only.
  std::string fixed_dims;
  std::vector<ThroughputPoint> points;  // results that ran, by batch
  double peak_items_per_s = 0;
  std::optional<std::int64_t> knee_batch;        // unset without points
  std::optional<std::int64_t> largest_ok_batch;  // the largest batch that ran
  // The smallest batch that ran out of memory, and the largest that failed otherwise.
  std::optional<std::int64_t> first_oom_batch;
};

struct RouteEntry {
  std::string shape_label;
  std::int64_t batch = 1;
  std::string config_key;  // "" when no config ran safely at this shape
  double median_ms = 0;
};

// A shape mix's share of requests at one shape label (parseShapeMix).
struct ShapeWeight {
  std::string shape_label;
  double weight = 0;
};

struct WeightedChoice {
  std::string config_key;         // the single config with the lowest weighted latency
  double weighted_median_ms = 0;  // Σ weight × its median at each shape
  double oracle_ms = 0;           // Σ weight × the best median at each shape (the routing table)
  double ratio_to_oracle = 0;     // weighted_median_ms / oracle_ms (≥ 1)
};

// `sweep --max-batch`: one config's search for its largest batch.
struct MaxBatchRecord {
  std::string config_key;
  std::string precision;  // the config's precision key ("fp32", "bf16", "amp-fp16")
  std::int64_t start_batch = 1;
  std::int64_t limit_batch = 1;
  MaxBatchSearch search;
};

// The peak allocated memory of one precision at each measured batch: the guide's argument that a
// narrower type frees memory for larger batches, as numbers. Where several configs share a
// precision (fp16 and fp16+cl), the lowest peak at that batch and the config that had it.
struct PrecisionMemoryPoint {
  std::int64_t batch = 1;
  std::string shape_label;
  std::int64_t peak_bytes = 0;
  std::string config_key;
};

struct PrecisionMemory {
  std::string precision;
  std::string fixed_dims;                    // as ThroughputCurve::fixed_dims
  std::vector<PrecisionMemoryPoint> points;  // by batch; only batches that reported memory
};

struct ShapeRecord {
  double knee_fraction = kKneeFraction;
  std::vector<ThroughputCurve> curves;
  std::vector<PrecisionMemory> memory;
  std::vector<MaxBatchRecord> max_batch;  // only sessions of `sweep --max-batch`
  // The routing table and the single config: unset for a largest-batch search, whose configs ran
  // at different batches (each its own probes), so no shape has every config to choose from.
  std::vector<RouteEntry> routing;
  std::string shape_mix;  // as the user wrote it; "" for uniform
  std::vector<ShapeWeight> weights;
  std::optional<WeightedChoice> best_single;
};

}  // namespace inferscope
