// The reader of op_calls_json.h (the writer is op_calls_json.cpp, kept free of fmt for the
// instruments module).
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/json_reader.h"
#include "core/roofline/op_calls_json.h"

namespace inferscope::roofline {
namespace {

trace::OpValue valueFrom(const JsonReader& r) {
  r.expectObject({"kind", "sizes", "elements", "bytes", "dtype", "number"});
  using Kind = trace::OpValue::Kind;
  static const std::vector<std::string> kinds = {"none",     "tensor", "tensor_list", "int",
                                                 "int_list", "double", "bool",        "other"};
  static const Kind values[] = {Kind::None,    Kind::Tensor, Kind::TensorList, Kind::Int,
                                Kind::IntList, Kind::Double, Kind::Bool,       Kind::Other};
  const std::string kind = r.at("kind").oneOf(kinds);
  trace::OpValue v;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i] == kind) v.kind = values[i];
  }
  if (r.has("sizes")) v.sizes = r.at("sizes").int64s();
  if (r.has("elements")) v.elements = r.at("elements").int64();
  if (r.has("bytes")) v.bytes = r.at("bytes").int64();
  v.dtype = r.stringOr("dtype", "");
  v.number = r.numberOr("number", 0.0);
  return v;
}

std::vector<trace::OpValue> valuesFrom(const JsonReader& r) {
  std::vector<trace::OpValue> out;
  for (const auto& e : r.elements()) out.push_back(valueFrom(e));
  return out;
}

}  // namespace

std::vector<OpCall> opCallsFromJson(std::string_view text, const std::string& origin) {
  const auto doc = JsonReader::parseText(text, origin);
  const JsonReader r(doc, origin);
  r.expectObject({"format", "version", "calls"});
  if (r.at("format").string() != kOpCallsFormat)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: not an operator-call file (format '{}', expected '{}')", origin,
                            r.at("format").string(), kOpCallsFormat));
  if (const int version = r.at("version").integer(); version != kOpCallsVersion)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: operator-call file version {}, this build reads version {}",
                            origin, version, kOpCallsVersion));
  std::vector<OpCall> calls;
  for (const auto& c : r.at("calls").elements()) {
    c.expectObject({"id", "parent_id", "depth", "name", "start_ns", "end_ns", "inputs", "outputs"});
    OpCall call;
    call.id = c.at("id").uint64();
    call.parent_id = c.at("parent_id").uint64();
    call.depth = c.at("depth").integer();
    call.name = c.at("name").string();
    call.start_ns = c.at("start_ns").int64();
    call.end_ns = c.at("end_ns").int64();
    call.inputs = valuesFrom(c.at("inputs"));
    call.outputs = valuesFrom(c.at("outputs"));
    calls.push_back(std::move(call));
  }
  return calls;
}

}  // namespace inferscope::roofline
