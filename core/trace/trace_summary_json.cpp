// JSON mapping of TraceSummary (nlohmann/json, the project's one JSON library). Field names
// carry their unit like the C++ names do.
#include "core/trace/trace_summary_json.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"

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

IterationTraceStats iterationFromJson(const json& j) {
  IterationTraceStats it;
  it.iteration = j.at("iteration").get<int>();
  it.warmup = j.value("warmup", false);
  it.kernel_count = j.value("kernel_count", 0);
  it.memcpy_count = j.value("memcpy_count", 0);
  it.memset_count = j.value("memset_count", 0);
  it.wall_us = j.value("wall_us", 0.0);
  it.gpu_busy_us = j.value("gpu_busy_us", 0.0);
  it.gpu_busy_pct = j.value("gpu_busy_pct", 0.0);
  it.kernel_sum_us = j.value("kernel_sum_us", 0.0);
  it.launch_gap_us = j.value("launch_gap_us", 0.0);
  it.max_gap_us = j.value("max_gap_us", 0.0);
  it.host_overhead_us = j.value("host_overhead_us", 0.0);
  return it;
}

}  // namespace

std::string traceSummaryToJson(const TraceSummary& s, int indent) {
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
  const json j = {{"status", toString(s.status)},
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
  return j.dump(indent);
}

TraceSummary traceSummaryFromJson(std::string_view text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("trace summary: not valid JSON ({})", e.what()));
  }
  try {
    TraceSummary s;
    s.status =
        j.at("status").get<std::string>() == "traced" ? TraceStatus::Traced : TraceStatus::Untraced;
    s.untraced_reason = j.value("untraced_reason", "");
    s.source = j.value("source", "");
    s.dropped_records = j.value("dropped_records", std::uint64_t{0});
    s.light_iterations = j.value("light_iterations", 0);
    s.replay_mismatches = j.value("replay_mismatches", 0);
    s.warmup_iterations_traced = j.value("warmup_iterations_traced", 0);
    s.steady_iterations_traced = j.value("steady_iterations_traced", 0);
    s.basis = j.value("basis", "");
    s.kernels_per_iteration = j.value("kernels_per_iteration", 0.0);
    s.wall_us_per_iteration = j.value("wall_us_per_iteration", 0.0);
    s.gpu_busy_us_per_iteration = j.value("gpu_busy_us_per_iteration", 0.0);
    s.gpu_busy_pct = j.value("gpu_busy_pct", 0.0);
    s.launch_gap_us_per_iteration = j.value("launch_gap_us_per_iteration", 0.0);
    s.host_overhead_us_per_iteration = j.value("host_overhead_us_per_iteration", 0.0);
    s.max_gap_us = j.value("max_gap_us", 0.0);
    s.total_kernel_us = j.value("total_kernel_us", 0.0);
    s.tensor_core_us = j.value("tensor_core_us", 0.0);
    s.tensor_core_share = j.value("tensor_core_share", 0.0);
    s.stream_count = j.value("stream_count", 0);
    s.memset_count = j.value("memset_count", 0);
    s.memset_bytes = j.value("memset_bytes", std::uint64_t{0});
    for (const auto& it : j.value("iterations", json::array()))
      s.iterations.push_back(iterationFromJson(it));
    for (const auto& k : j.value("top_kernels", json::array())) {
      s.top_kernels.push_back({k.at("name").get<std::string>(), k.value("count", 0),
                               k.value("total_us", 0.0), k.value("mean_us", 0.0),
                               k.value("share", 0.0), k.value("tensor_core", false)});
    }
    for (const auto& o : j.value("ops", json::array())) {
      s.ops.push_back({o.at("op").get<std::string>(), o.value("kernel_count", 0),
                       o.value("kernel_us", 0.0), o.value("share", 0.0)});
    }
    for (const auto& m : j.value("memcpy", json::array())) {
      s.memcpy.push_back({memcpyKindFromString(m.value("kind", "")), m.value("count", 0),
                          m.value("bytes", std::uint64_t{0}), m.value("total_us", 0.0)});
    }
    return s;
  } catch (const json::exception& e) {
    // at() names the missing key; type errors name the expected type.
    throw Error(ErrorKind::InvalidInput, fmt::format("trace summary: {}", e.what()));
  }
}

}  // namespace inferscope::trace
