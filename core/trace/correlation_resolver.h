// Joins a window's records once it is complete: CUPTI delivers kernels, API calls and external
// correlations in separate records, in any order, so the joins happen after the last flush.
#pragma once

#include "core/trace/trace_records.h"

namespace inferscope::trace {

// Fills, for every kernel, memcpy and memset: external_id (kernel → correlation id → external
// id → operator; without an external correlation, the innermost operator whose host span holds
// the launching API call), op_name and top_op_name (kernels; in a light iteration, those of the
// same kernel in the full iteration it replays, with external_id 0 and op_by_replay set), and
// iteration — the operator's iteration, else the iteration whose host span holds the launching
// API call, else the GPU start. Counts light iterations that cannot be replayed.
// Sorts the records by start time. Idempotent.
void resolveCorrelations(TraceWindow& window);

// How often the two ways of finding a kernel's operator agree: the external correlation id pushed
// while the operator ran (CUPTI's own join), and the operator whose host span holds the launching
// API call (the fallback resolveCorrelations uses when no id was pushed). Counts kernels that have
// both; for validating the fallback on the GPU.
struct AttributionAgreement {
  std::size_t compared = 0;
  std::size_t agreed = 0;
};
AttributionAgreement compareAttributionMethods(const TraceWindow& window);

// The index of the iteration mark whose [start_ns, end_ns] holds `ns`, or -1.
// `marks` must be sorted by start_ns.
int iterationAt(const std::vector<IterationMark>& marks, std::int64_t ns);

}  // namespace inferscope::trace
