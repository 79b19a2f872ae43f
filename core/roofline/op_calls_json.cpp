// The writer of op_calls_json.h. nlohmann/json only: this file is also compiled into the Python
// worker's instruments module, which links nothing but the worker's PyTorch.
#include "core/roofline/op_calls_json.h"

#include <nlohmann/json.hpp>

namespace inferscope::roofline {
namespace {

using nlohmann::json;

const char* kindName(trace::OpValue::Kind kind) {
  using Kind = trace::OpValue::Kind;
  switch (kind) {
    case Kind::None:
      return "none";
    case Kind::Tensor:
      return "tensor";
    case Kind::TensorList:
      return "tensor_list";
    case Kind::Int:
      return "int";
    case Kind::IntList:
      return "int_list";
    case Kind::Double:
      return "double";
    case Kind::Bool:
      return "bool";
    case Kind::Other:
      break;
  }
  return "other";
}

json valueToJson(const trace::OpValue& v) {
  json out = {{"kind", kindName(v.kind)}};
  if (!v.sizes.empty()) out["sizes"] = v.sizes;
  if (v.elements != 0) out["elements"] = v.elements;
  if (v.bytes != 0) out["bytes"] = v.bytes;
  if (!v.dtype.empty()) out["dtype"] = v.dtype;
  if (v.number != 0) out["number"] = v.number;
  return out;
}

json valuesToJson(const std::vector<trace::OpValue>& values) {
  json out = json::array();
  for (const auto& v : values) out.push_back(valueToJson(v));
  return out;
}

}  // namespace

std::string opCallsToJson(const std::vector<OpCall>& calls) {
  json list = json::array();
  for (const auto& c : calls) {
    list.push_back({{"id", c.id},
                    {"parent_id", c.parent_id},
                    {"depth", c.depth},
                    {"name", c.name},
                    {"start_ns", c.start_ns},
                    {"end_ns", c.end_ns},
                    {"inputs", valuesToJson(c.inputs)},
                    {"outputs", valuesToJson(c.outputs)}});
  }
  const json doc = {{"format", kOpCallsFormat}, {"version", kOpCallsVersion}, {"calls", list}};
  // Operator names are ASCII schema names; `replace` keeps a foreign byte from aborting a count.
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace inferscope::roofline
