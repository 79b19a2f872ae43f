// Latency against throughput across batch sizes: per config, the per-item latency and the items
// per second at each measured batch, the knee, the largest batch that ran and the first that ran
// out of memory, and the peak memory at each batch (the memory per precision across shapes).
//
// The knee is the smallest batch whose throughput reaches kKneeFraction (90 %) of the curve's peak.
// Past it, a larger batch buys at most 10 % more items/s while every request waits longer (latency
// grows about linearly with the batch once the device is busy); before it, batching still pays.
// A threshold on the measured peak is used rather than a curvature criterion: over 6–8 batch sizes
// with measurement noise a second difference jumps between neighbours, while "90 % of the best
// measured" is stable, needs no fit and can be checked by reading the table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/session_result.h"

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

// One curve per config key and fixed dimensions, in the order the configs first appear. Only
// sessions over a shape set have curves (empty otherwise). `knee_fraction` in (0, 1].
std::vector<ThroughputCurve> throughputCurves(const SessionResult& session,
                                              double knee_fraction = kKneeFraction);

// The knee of a curve's points (sorted by batch or not): the smallest batch with
// items_per_s ≥ knee_fraction × the peak; nullopt without points.
std::optional<std::int64_t> kneeBatch(const std::vector<ThroughputPoint>& points,
                                      double knee_fraction = kKneeFraction);

}  // namespace inferscope
