// Joins a window's records once it is complete: CUPTI delivers kernels, API calls and external
// correlations in separate records, in any order, so the joins happen after the last flush.
#pragma once

#include "core/trace/trace_records.h"

namespace inferscope::trace {

// Fills, for every kernel, memcpy and memset: external_id (kernel → correlation id → external
// id → operator), op_name and top_op_name (kernels), and iteration — the operator's iteration,
// else the iteration whose host span holds the launching API call, else the GPU start. Sorts
// the records by start time. Idempotent.
void resolveCorrelations(TraceWindow& window);

// The index of the iteration mark whose [start_ns, end_ns] holds `ns`, or -1.
// `marks` must be sorted by start_ns.
int iterationAt(const std::vector<IterationMark>& marks, std::int64_t ns);

}  // namespace inferscope::trace
