// The reader of trace_window_json.h (the writer is trace_window_json.cpp, kept free of fmt for
// the instruments module).
#include <fmt/format.h>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/common/error.h"
#include "core/common/json_reader.h"
#include "core/trace/trace_window_json.h"

namespace inferscope::trace {
namespace {

// One record: a row of exactly `fields` values.
std::vector<JsonReader> row(const JsonReader& r, std::size_t fields) {
  auto values = r.elements();
  if (values.size() != fields)
    r.fail(fmt::format("{} has {} fields, a record of this kind has {}", r.where(), values.size(),
                       fields));
  return values;
}

std::uint32_t u32(const JsonReader& r) {
  const auto v = r.uint64();
  if (v > std::numeric_limits<std::uint32_t>::max())
    r.fail(fmt::format("{} is out of range: {}", r.where(), v));
  return static_cast<std::uint32_t>(v);
}

std::int32_t i32(const JsonReader& r) {
  return static_cast<std::int32_t>(r.integer());
}

// An enum written by its toString name.
template <class Enum>
Enum enumFrom(const JsonReader& r, std::initializer_list<Enum> values) {
  std::vector<std::string> names;
  for (const auto v : values) names.emplace_back(toString(v));
  const auto name = r.oneOf(names);
  for (const auto v : values) {
    if (name == toString(v)) return v;
  }
  return *values.begin();
}

}  // namespace

TraceWindow traceWindowFromJson(std::string_view text, const std::string& origin) {
  const auto doc = JsonReader::parseText(text, origin);
  const JsonReader r(doc, origin);
  r.expectObject({"format", "version", "status", "untraced_reason", "source", "dropped_records",
                  "replay_mismatches", "iterations", "kernels", "memcpys", "memsets", "api_calls",
                  "syncs", "correlations", "ops", "convolutions"});
  if (r.at("format").string() != kTraceWindowFormat)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: not a trace-window file (format '{}', expected '{}')", origin,
                            r.at("format").string(), kTraceWindowFormat));
  if (const int version = r.at("version").integer(); version != kTraceWindowVersion)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: trace-window file version {}, this build reads version {}", origin,
                            version, kTraceWindowVersion));
  TraceWindow w;
  w.status = enumFrom(r.at("status"), {TraceStatus::Traced, TraceStatus::Untraced});
  w.untraced_reason = r.at("untraced_reason").string();
  w.source = r.at("source").string();
  w.dropped_records = r.at("dropped_records").uint64();
  w.replay_mismatches = r.at("replay_mismatches").integer();
  for (const auto& e : r.at("iterations").elements()) {
    const auto f = row(e, 5);
    w.iterations.push_back(
        {f[0].integer(), f[1].int64(), f[2].int64(), f[3].boolean(), f[4].integer()});
  }
  for (const auto& e : r.at("kernels").elements()) {
    const auto f = row(e, 21);
    KernelRecord k;
    k.name = f[0].string();
    k.start_ns = f[1].int64();
    k.end_ns = f[2].int64();
    k.device = u32(f[3]);
    k.stream = u32(f[4]);
    k.correlation_id = u32(f[5]);
    k.grid_x = i32(f[6]);
    k.grid_y = i32(f[7]);
    k.grid_z = i32(f[8]);
    k.block_x = i32(f[9]);
    k.block_y = i32(f[10]);
    k.block_z = i32(f[11]);
    k.registers_per_thread = u32(f[12]);
    k.static_shared_bytes = i32(f[13]);
    k.dynamic_shared_bytes = i32(f[14]);
    k.graph_id = u32(f[15]);
    k.external_id = f[16].uint64();
    k.op_name = f[17].string();
    k.top_op_name = f[18].string();
    k.iteration = f[19].integer();
    k.op_by_replay = f[20].boolean();
    w.kernels.push_back(std::move(k));
  }
  using MK = MemcpyKind;
  for (const auto& e : r.at("memcpys").elements()) {
    const auto f = row(e, 9);
    MemcpyRecord m;
    m.kind = enumFrom(f[0], {MK::Unknown, MK::HtoD, MK::DtoH, MK::HtoA, MK::AtoH, MK::AtoA,
                             MK::AtoD, MK::DtoA, MK::DtoD, MK::HtoH, MK::PtoP});
    m.bytes = f[1].uint64();
    m.start_ns = f[2].int64();
    m.end_ns = f[3].int64();
    m.device = u32(f[4]);
    m.stream = u32(f[5]);
    m.correlation_id = u32(f[6]);
    m.external_id = f[7].uint64();
    m.iteration = f[8].integer();
    w.memcpys.push_back(m);
  }
  for (const auto& e : r.at("memsets").elements()) {
    const auto f = row(e, 9);
    MemsetRecord m;
    m.bytes = f[0].uint64();
    m.value = u32(f[1]);
    m.start_ns = f[2].int64();
    m.end_ns = f[3].int64();
    m.device = u32(f[4]);
    m.stream = u32(f[5]);
    m.correlation_id = u32(f[6]);
    m.external_id = f[7].uint64();
    m.iteration = f[8].integer();
    w.memsets.push_back(m);
  }
  for (const auto& e : r.at("api_calls").elements()) {
    const auto f = row(e, 8);
    RuntimeApiRecord a;
    a.domain = enumFrom(f[0], {ApiDomain::Runtime, ApiDomain::Driver});
    a.cbid = u32(f[1]);
    a.name = f[2].string();
    a.start_ns = f[3].int64();
    a.end_ns = f[4].int64();
    a.process_id = u32(f[5]);
    a.thread_id = u32(f[6]);
    a.correlation_id = u32(f[7]);
    w.api_calls.push_back(std::move(a));
  }
  using SK = SyncKind;
  for (const auto& e : r.at("syncs").elements()) {
    const auto f = row(e, 5);
    SyncRecord s;
    s.kind = enumFrom(f[0], {SK::Unknown, SK::EventSynchronize, SK::StreamWaitEvent,
                             SK::StreamSynchronize, SK::ContextSynchronize});
    s.start_ns = f[1].int64();
    s.end_ns = f[2].int64();
    s.stream = u32(f[3]);
    s.correlation_id = u32(f[4]);
    w.syncs.push_back(s);
  }
  for (const auto& e : r.at("correlations").elements()) {
    const auto f = row(e, 2);
    w.correlations.push_back({f[0].uint64(), u32(f[1])});
  }
  for (const auto& e : r.at("ops").elements()) {
    const auto f = row(e, 8);
    OpRecord o;
    o.external_id = f[0].uint64();
    o.name = f[1].string();
    o.input_shapes = f[2].string();
    o.start_ns = f[3].int64();
    o.end_ns = f[4].int64();
    o.iteration = f[5].integer();
    o.parent_external_id = f[6].uint64();
    o.depth = f[7].integer();
    w.ops.push_back(std::move(o));
  }
  for (const auto& c : r.at("convolutions").elements()) {
    c.expectObject({"external_id", "iteration", "input_sizes", "weight_sizes", "stride", "padding",
                    "dilation", "groups", "transposed", "has_bias", "dtype", "channels_last",
                    "start_ns", "end_ns"});
    ConvolutionRecord v;
    v.external_id = c.at("external_id").uint64();
    v.iteration = c.at("iteration").integer();
    v.input_sizes = c.at("input_sizes").int64s();
    v.weight_sizes = c.at("weight_sizes").int64s();
    v.stride = c.at("stride").int64s();
    v.padding = c.at("padding").int64s();
    v.dilation = c.at("dilation").int64s();
    v.groups = c.at("groups").int64();
    v.transposed = c.at("transposed").boolean();
    v.has_bias = c.at("has_bias").boolean();
    v.dtype = c.at("dtype").string();
    v.channels_last = c.at("channels_last").boolean();
    v.start_ns = c.at("start_ns").int64();
    v.end_ns = c.at("end_ns").int64();
    w.convolutions.push_back(std::move(v));
  }
  return w;
}

}  // namespace inferscope::trace
