// The writer of trace_window_json.h. nlohmann/json only: this file is also compiled into the
// Python worker's instruments module, which links nothing but the worker's PyTorch.
#include "core/trace/trace_window_json.h"

#include <nlohmann/json.hpp>

namespace inferscope::trace {

std::string traceWindowToJson(const TraceWindow& w) {
  using nlohmann::json;
  json iterations = json::array();
  for (const auto& i : w.iterations)
    iterations.push_back({i.iteration, i.start_ns, i.end_ns, i.warmup, i.replay_of});
  json kernels = json::array();
  for (const auto& k : w.kernels) {
    kernels.push_back({k.name,
                       k.start_ns,
                       k.end_ns,
                       k.device,
                       k.stream,
                       k.correlation_id,
                       k.grid_x,
                       k.grid_y,
                       k.grid_z,
                       k.block_x,
                       k.block_y,
                       k.block_z,
                       k.registers_per_thread,
                       k.static_shared_bytes,
                       k.dynamic_shared_bytes,
                       k.graph_id,
                       k.external_id,
                       k.op_name,
                       k.top_op_name,
                       k.iteration,
                       k.op_by_replay});
  }
  json memcpys = json::array();
  for (const auto& m : w.memcpys) {
    memcpys.push_back({toString(m.kind), m.bytes, m.start_ns, m.end_ns, m.device, m.stream,
                       m.correlation_id, m.external_id, m.iteration});
  }
  json memsets = json::array();
  for (const auto& m : w.memsets) {
    memsets.push_back({m.bytes, m.value, m.start_ns, m.end_ns, m.device, m.stream, m.correlation_id,
                       m.external_id, m.iteration});
  }
  json api_calls = json::array();
  for (const auto& a : w.api_calls) {
    api_calls.push_back({toString(a.domain), a.cbid, a.name, a.start_ns, a.end_ns, a.process_id,
                         a.thread_id, a.correlation_id});
  }
  json syncs = json::array();
  for (const auto& s : w.syncs)
    syncs.push_back({toString(s.kind), s.start_ns, s.end_ns, s.stream, s.correlation_id});
  json correlations = json::array();
  for (const auto& c : w.correlations) correlations.push_back({c.external_id, c.correlation_id});
  json ops = json::array();
  for (const auto& o : w.ops) {
    ops.push_back({o.external_id, o.name, o.input_shapes, o.start_ns, o.end_ns, o.iteration,
                   o.parent_external_id, o.depth});
  }
  json convolutions = json::array();
  for (const auto& c : w.convolutions) {
    convolutions.push_back({{"external_id", c.external_id},
                            {"iteration", c.iteration},
                            {"input_sizes", c.input_sizes},
                            {"weight_sizes", c.weight_sizes},
                            {"stride", c.stride},
                            {"padding", c.padding},
                            {"dilation", c.dilation},
                            {"groups", c.groups},
                            {"transposed", c.transposed},
                            {"has_bias", c.has_bias},
                            {"dtype", c.dtype},
                            {"channels_last", c.channels_last},
                            {"start_ns", c.start_ns},
                            {"end_ns", c.end_ns}});
  }
  const json doc = {{"format", kTraceWindowFormat},
                    {"version", kTraceWindowVersion},
                    {"status", toString(w.status)},
                    {"untraced_reason", w.untraced_reason},
                    {"source", w.source},
                    {"dropped_records", w.dropped_records},
                    {"replay_mismatches", w.replay_mismatches},
                    {"iterations", std::move(iterations)},
                    {"kernels", std::move(kernels)},
                    {"memcpys", std::move(memcpys)},
                    {"memsets", std::move(memsets)},
                    {"api_calls", std::move(api_calls)},
                    {"syncs", std::move(syncs)},
                    {"correlations", std::move(correlations)},
                    {"ops", std::move(ops)},
                    {"convolutions", std::move(convolutions)}};
  // Kernel names are demangled C++ and may carry bytes that are not UTF-8: replaced, not fatal.
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace inferscope::trace
