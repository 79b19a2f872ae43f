// JSON mapping of TraceSummary (nlohmann/json, the project's one JSON library). Field names
// carry their unit like the C++ names do.
#include "core/trace/trace_summary_json.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/json_reader.h"

namespace inferscope::trace {
namespace {

using nlohmann::json;

MemcpyKind memcpyKindFromString(const std::string& text) {
  for (auto kind :
       {MemcpyKind::HtoD, MemcpyKind::DtoH, MemcpyKind::HtoA, MemcpyKind::AtoH, MemcpyKind::AtoA,
        MemcpyKind::AtoD, MemcpyKind::DtoA, MemcpyKind::DtoD, MemcpyKind::HtoH, MemcpyKind::PtoP}) {
    if (text == toString(kind)) return kind;
  }
  return MemcpyKind::Unknown;
}

json iterationToJson(const IterationTraceStats& it) {
  return {{"iteration", it.iteration},         {"warmup", it.warmup},
          {"kernel_count", it.kernel_count},   {"memcpy_count", it.memcpy_count},
          {"memset_count", it.memset_count},   {"wall_us", it.wall_us},
          {"gpu_busy_us", it.gpu_busy_us},     {"gpu_busy_pct", it.gpu_busy_pct},
          {"kernel_sum_us", it.kernel_sum_us}, {"launch_gap_us", it.launch_gap_us},
          {"max_gap_us", it.max_gap_us},       {"host_overhead_us", it.host_overhead_us}};
}

IterationTraceStats iterationFrom(const JsonReader& r) {
  r.expectAnyObject();
  IterationTraceStats it;
  it.iteration = r.at("iteration").integer();
  it.warmup = r.booleanOr("warmup", false);
  it.kernel_count = r.integerOr("kernel_count", 0);
  it.memcpy_count = r.integerOr("memcpy_count", 0);
  it.memset_count = r.integerOr("memset_count", 0);
  it.wall_us = r.numberOr("wall_us", 0.0);
  it.gpu_busy_us = r.numberOr("gpu_busy_us", 0.0);
  it.gpu_busy_pct = r.numberOr("gpu_busy_pct", 0.0);
  it.kernel_sum_us = r.numberOr("kernel_sum_us", 0.0);
  it.launch_gap_us = r.numberOr("launch_gap_us", 0.0);
  it.max_gap_us = r.numberOr("max_gap_us", 0.0);
  it.host_overhead_us = r.numberOr("host_overhead_us", 0.0);
  return it;
}

}  // namespace

void to_json(json& j, const TraceSummary& s) {
  json iterations = json::array();
  for (const auto& it : s.iterations) iterations.push_back(iterationToJson(it));
  json kernels = json::array();
  for (const auto& k : s.top_kernels) {
    kernels.push_back({{"name", k.name},
                       {"count", k.count},
                       {"total_us", k.total_us},
                       {"mean_us", k.mean_us},
                       {"share", k.share},
                       {"tensor_core", k.tensor_core}});
  }
  json ops = json::array();
  for (const auto& o : s.ops) {
    ops.push_back({{"op", o.op_name},
                   {"kernel_count", o.kernel_count},
                   {"kernel_us", o.kernel_us},
                   {"share", o.share}});
  }
  json memcpy = json::array();
  for (const auto& m : s.memcpy) {
    memcpy.push_back({{"kind", toString(m.kind)},
                      {"count", m.count},
                      {"bytes", m.bytes},
                      {"total_us", m.total_us}});
  }
  j = {{"status", toString(s.status)},
       {"untraced_reason", s.untraced_reason},
       {"source", s.source},
       {"dropped_records", s.dropped_records},
       {"light_iterations", s.light_iterations},
       {"replay_mismatches", s.replay_mismatches},
       {"warmup_iterations_traced", s.warmup_iterations_traced},
       {"steady_iterations_traced", s.steady_iterations_traced},
       {"basis", s.basis},
       {"kernels_per_iteration", s.kernels_per_iteration},
       {"wall_us_per_iteration", s.wall_us_per_iteration},
       {"gpu_busy_us_per_iteration", s.gpu_busy_us_per_iteration},
       {"gpu_busy_pct", s.gpu_busy_pct},
       {"launch_gap_us_per_iteration", s.launch_gap_us_per_iteration},
       {"host_overhead_us_per_iteration", s.host_overhead_us_per_iteration},
       {"max_gap_us", s.max_gap_us},
       {"total_kernel_us", s.total_kernel_us},
       {"tensor_core_us", s.tensor_core_us},
       {"tensor_core_share", s.tensor_core_share},
       {"stream_count", s.stream_count},
       {"memset_count", s.memset_count},
       {"memset_bytes", s.memset_bytes},
       {"iterations", iterations},
       {"top_kernels", kernels},
       {"ops", ops},
       {"memcpy", memcpy}};
}

void from_json(const json& j, TraceSummary& s) {
  // Lenient about missing optional fields (older files), strict about the type of what is there.
  const JsonReader r(j, "trace summary");
  r.expectAnyObject();
  s = TraceSummary{};
  s.status = r.at("status").string() == "traced" ? TraceStatus::Traced : TraceStatus::Untraced;
  s.untraced_reason = r.stringOr("untraced_reason", "");
  s.source = r.stringOr("source", "");
  s.dropped_records = r.uint64Or("dropped_records", 0);
  s.light_iterations = r.integerOr("light_iterations", 0);
  s.replay_mismatches = r.integerOr("replay_mismatches", 0);
  s.warmup_iterations_traced = r.integerOr("warmup_iterations_traced", 0);
  s.steady_iterations_traced = r.integerOr("steady_iterations_traced", 0);
  s.basis = r.stringOr("basis", "");
  s.kernels_per_iteration = r.numberOr("kernels_per_iteration", 0.0);
  s.wall_us_per_iteration = r.numberOr("wall_us_per_iteration", 0.0);
  s.gpu_busy_us_per_iteration = r.numberOr("gpu_busy_us_per_iteration", 0.0);
  s.gpu_busy_pct = r.numberOr("gpu_busy_pct", 0.0);
  s.launch_gap_us_per_iteration = r.numberOr("launch_gap_us_per_iteration", 0.0);
  s.host_overhead_us_per_iteration = r.numberOr("host_overhead_us_per_iteration", 0.0);
  s.max_gap_us = r.numberOr("max_gap_us", 0.0);
  s.total_kernel_us = r.numberOr("total_kernel_us", 0.0);
  s.tensor_core_us = r.numberOr("tensor_core_us", 0.0);
  s.tensor_core_share = r.numberOr("tensor_core_share", 0.0);
  s.stream_count = r.integerOr("stream_count", 0);
  s.memset_count = r.integerOr("memset_count", 0);
  s.memset_bytes = r.uint64Or("memset_bytes", 0);
  for (const auto& it : r.elementsOr("iterations")) s.iterations.push_back(iterationFrom(it));
  for (const auto& k : r.elementsOr("top_kernels")) {
    s.top_kernels.push_back({k.at("name").string(), k.integerOr("count", 0),
                             k.numberOr("total_us", 0.0), k.numberOr("mean_us", 0.0),
                             k.numberOr("share", 0.0), k.booleanOr("tensor_core", false)});
  }
  for (const auto& o : r.elementsOr("ops")) {
    s.ops.push_back({o.at("op").string(), o.integerOr("kernel_count", 0),
                     o.numberOr("kernel_us", 0.0), o.numberOr("share", 0.0)});
  }
  for (const auto& m : r.elementsOr("memcpy")) {
    s.memcpy.push_back({memcpyKindFromString(m.stringOr("kind", "")), m.integerOr("count", 0),
                        m.uint64Or("bytes", 0), m.numberOr("total_us", 0.0)});
  }
}

std::string traceSummaryToJson(const TraceSummary& summary, int indent) {
  return json(summary).dump(indent);
}

TraceSummary traceSummaryFromJson(std::string_view text) {
  return JsonReader::parseText(text, "trace summary").get<TraceSummary>();
}

}  // namespace inferscope::trace
