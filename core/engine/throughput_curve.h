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
#include "core/engine/shape_values.h"

namespace inferscope {

// One curve per config key and fixed dimensions, in the order the configs first appear. Only
// sessions over a shape set have curves (empty otherwise). `knee_fraction` in (0, 1].
std::vector<ThroughputCurve> throughputCurves(const SessionResult& session,
                                              double knee_fraction = kKneeFraction);

// The knee of a curve's points (sorted by batch or not): the smallest batch with
// items_per_s ≥ knee_fraction × the peak; nullopt without points.
std::optional<std::int64_t> kneeBatch(const std::vector<ThroughputPoint>& points,
                                      double knee_fraction = kKneeFraction);

}  // namespace inferscope
