// One config's trace window (trace_records.h's TraceWindow) as a file: what the process that ran
// the model traced, for the aggregator, the timeline, the Chrome trace and the cuDNN ledger in this
// one. The engine keeps its window in process; the Python worker traces with the same tracer
// (KernelTracer over the CUPTI source, operators from the same RecordFunction observer), compiled
// into its instruments module against its own PyTorch (core/torch/instruments_module.cpp), and
// hands the finished window over in this format, so one tracer serves every route a model runs by.
//
// The writer needs nlohmann/json only (it is compiled into the instruments module); the reader is
// the project's checked JSON reader.
#pragma once

#include <string>
#include <string_view>

#include "core/trace/trace_records.h"

namespace inferscope::trace {

inline constexpr const char* kTraceWindowFormat = "inferscope-trace-window";
inline constexpr int kTraceWindowVersion = 1;

// {"format", "version", "status": "traced" | "untraced", "untraced_reason", "source",
//  "dropped_records", "replay_mismatches",
//  "iterations": [[iteration, start_ns, end_ns, warmup, replay_of], …],
//  "kernels": [[name, start_ns, end_ns, device, stream, correlation_id, grid_x, grid_y, grid_z,
//               block_x, block_y, block_z, registers_per_thread, static_shared_bytes,
//               dynamic_shared_bytes, graph_id, external_id, op_name, top_op_name, iteration,
//               op_by_replay], …],
//  "memcpys": [[kind, bytes, start_ns, end_ns, device, stream, correlation_id, external_id,
//               iteration], …],
//  "memsets": [[bytes, value, start_ns, end_ns, device, stream, correlation_id, external_id,
//               iteration], …],
//  "api_calls": [[domain, cbid, name, start_ns, end_ns, process_id, thread_id, correlation_id], …],
//  "syncs": [[kind, start_ns, end_ns, stream, correlation_id], …],
//  "correlations": [[external_id, correlation_id], …],
//  "ops": [[external_id, name, input_shapes, start_ns, end_ns, iteration, parent_external_id,
//           depth], …],
//  "convolutions": [{"external_id", "iteration", "input_sizes", "weight_sizes", "stride",
//                    "padding", "dilation", "groups", "transposed", "has_bias", "dtype",
//                    "channels_last", "start_ns", "end_ns"}, …]}
// Records are rows, not objects: a window holds up to TraceWindowPolicy::max_records of them.
// Enums are written by their toString names (trace_records.h).
std::string traceWindowToJson(const TraceWindow& window);

// Throws Error(InvalidInput) naming `origin` and the offending value.
TraceWindow traceWindowFromJson(std::string_view text, const std::string& origin);

}  // namespace inferscope::trace
