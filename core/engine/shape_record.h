// What a session over a shape set answered, kept in the session file beside the results it rests
// on: per config the throughput curve (per-item latency and items/s at each batch, the knee), the
// largest batch per config with how the search found it, the memory per precision across shapes,
// the routing table and the best single config under the shape mix. A reader without InferScope
// (a serving script, a notebook) gets the answers without re-deriving them, and the largest-batch
// search's path (its probes' order, why it stopped) and the mix the user gave, which no result
// holds, survive the run.
//
// Everything but the largest-batch searches and the mix is derived from the results with the rules
// of the build that wrote it (shapeRecordOf); a session written before the record existed gets the
// same answers by deriving them on opening (the GUI does), and `sweep --from` derives them again
// with today's rules, keeping the searches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/session_ranking.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_values.h"
#include "core/engine/throughput_curve.h"

namespace inferscope {

// The precision key of a config: its key with nothing but the precision ("bf16", "tf32-medium").
std::string precisionKey(const OptimizationConfig& config);

// The memory per precision across the curves' batches (configs by their key in `session`).
std::vector<PrecisionMemory> memoryPerPrecision(const SessionResult& session,
                                                const std::vector<ThroughputCurve>& curves);

// The record of a session over a shape set, derived with `options`' accuracy rule and the mix
// `shape_mix` (parseShapeMix; a mix that names a shape the session lacks leaves best_single and
// weights unset rather than throwing, since a run's session must still be written). `max_batch`
// non-empty: a largest-batch session (no routing, no single config). nullopt for a one-shape
// session without searches.
std::optional<ShapeRecord> shapeRecordOf(const SessionResult& session,
                                         const RankingOptions& options,
                                         const std::string& shape_mix = {},
                                         std::vector<MaxBatchRecord> max_batch = {});

// The session's record as written, or derived with the default rule for a session written before
// records were kept (or by a command that keeps none). nullopt for a one-shape session.
std::optional<ShapeRecord> shapeRecordOrDerived(const SessionResult& session);

}  // namespace inferscope
