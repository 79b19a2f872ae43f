// JSON mapping of the roofline values. Field names carry their unit like the C++ names do.
#include "core/roofline/roofline_json.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/json_reader.h"

namespace inferscope::roofline {
namespace {

using nlohmann::json;

json workToJson(const WorkCount& w) {
  json ops = json::array();
  for (const auto& o : w.ops) {
    ops.push_back({{"op", o.op},
                   {"kind", o.kind},
                   {"calls", o.calls},
                   {"flops", o.flops},
                   {"bytes", o.bytes},
                   {"time_share", o.time_share}});
  }
  json uncounted = json::array();
  for (const auto& u : w.uncounted) {
    uncounted.push_back({{"op", u.op}, {"calls", u.calls}, {"time_share", u.time_share}});
  }
  return {{"flops", w.flops},
          {"bytes", w.bytes},
          {"ops", ops},
          {"uncounted", uncounted},
          {"uncounted_time_share", w.uncounted_time_share},
          {"time_basis", w.time_basis},
          {"operator_calls", w.operator_calls}};
}

WorkCount workFrom(const JsonReader& r) {
  r.expectAnyObject();
  WorkCount w;
  w.flops = r.numberOr("flops", 0.0);
  w.bytes = r.numberOr("bytes", 0.0);
  for (const auto& o : r.elementsOr("ops")) {
    w.ops.push_back({o.at("op").string(), o.stringOr("kind", ""), o.integerOr("calls", 0),
                     o.numberOr("flops", 0.0), o.numberOr("bytes", 0.0),
                     o.numberOr("time_share", 0.0)});
  }
  for (const auto& u : r.elementsOr("uncounted")) {
    w.uncounted.push_back(
        {u.at("op").string(), u.integerOr("calls", 0), u.numberOr("time_share", 0.0)});
  }
  w.uncounted_time_share = r.numberOr("uncounted_time_share", 0.0);
  w.time_basis = r.stringOr("time_basis", "host");
  w.operator_calls = r.integerOr("operator_calls", 0);
  return w;
}

}  // namespace

void to_json(json& j, const ConfigRoofline& v) {
  json kernels = json::array();
  for (const auto& k : v.kernels) {
    kernels.push_back({{"kernel", k.kernel},
                       {"op", k.op},
                       {"kernels_in_op", k.kernels_in_op},
                       {"kernel_us_per_iteration", k.kernel_us_per_iteration},
                       {"flops", k.flops},
                       {"bytes", k.bytes},
                       {"achieved_tflops", k.achieved_tflops},
                       {"achieved_gbps", k.achieved_gbps},
                       {"intensity", k.intensity},
                       {"pct_of_compute_ceiling", k.pct_of_compute_ceiling}});
  }
  j = {{"work", workToJson(v.work)},
       {"work_source", v.work_source},
       {"work_from", v.work_from},
       {"bytes_scaled", v.bytes_scaled},
       {"precision", v.precision},
       {"median_ms", v.median_ms},
       {"achieved_tflops", v.achieved_tflops},
       {"achieved_gbps", v.achieved_gbps},
       {"intensity", v.intensity},
       {"ceiling_tflops", v.ceiling_tflops},
       {"ceiling_gbps", v.ceiling_gbps},
       {"pct_of_compute_ceiling", v.pct_of_compute_ceiling},
       {"pct_of_memory_ceiling", v.pct_of_memory_ceiling},
       {"gpu_busy_share", v.gpu_busy_share},
       {"busy_basis", v.busy_basis},
       {"bound", toString(v.bound)},
       {"reason", v.reason},
       {"kernels", kernels}};
}

void from_json(const json& j, ConfigRoofline& v) {
  const JsonReader r(j, "roofline");
  r.expectAnyObject();
  v = ConfigRoofline{};
  if (r.has("work")) v.work = workFrom(r.at("work"));
  v.work_source = r.stringOr("work_source", "observed");
  v.work_from = r.stringOr("work_from", "");
  v.bytes_scaled = r.booleanOr("bytes_scaled", false);
  v.precision = r.stringOr("precision", "");
  v.median_ms = r.numberOr("median_ms", 0.0);
  v.achieved_tflops = r.numberOr("achieved_tflops", 0.0);
  v.achieved_gbps = r.numberOr("achieved_gbps", 0.0);
  v.intensity = r.numberOr("intensity", 0.0);
  v.ceiling_tflops = r.numberOr("ceiling_tflops", 0.0);
  v.ceiling_gbps = r.numberOr("ceiling_gbps", 0.0);
  v.pct_of_compute_ceiling = r.numberOr("pct_of_compute_ceiling", 0.0);
  v.pct_of_memory_ceiling = r.numberOr("pct_of_memory_ceiling", 0.0);
  v.gpu_busy_share = r.numberOr("gpu_busy_share", -1.0);
  v.busy_basis = r.stringOr("busy_basis", "");
  v.bound = parseBound(r.stringOr("bound", "unknown"));
  v.reason = r.stringOr("reason", "");
  for (const auto& k : r.elementsOr("kernels")) {
    KernelWork w;
    w.kernel = k.at("kernel").string();
    w.op = k.stringOr("op", "");
    w.kernels_in_op = static_cast<int>(k.numberOr("kernels_in_op", 1.0));
    w.kernel_us_per_iteration = k.numberOr("kernel_us_per_iteration", 0.0);
    w.flops = k.numberOr("flops", 0.0);
    w.bytes = k.numberOr("bytes", 0.0);
    w.achieved_tflops = k.numberOr("achieved_tflops", 0.0);
    w.achieved_gbps = k.numberOr("achieved_gbps", 0.0);
    w.intensity = k.numberOr("intensity", 0.0);
    w.pct_of_compute_ceiling = k.numberOr("pct_of_compute_ceiling", 0.0);
    v.kernels.push_back(std::move(w));
  }
}

void to_json(json& j, const DeviceCeilings& v) {
  json matmul = json::array();
  for (const auto& p : v.matmul) {
    matmul.push_back({{"precision", p.precision},
                      {"measured_tflops", p.measured_tflops},
                      {"datasheet_tflops", p.datasheet_tflops},
                      {"matrix_size", p.matrix_size}});
  }
  j = {{"key",
        {{"device_name", v.key.device_name},
         {"driver_version", v.key.driver_version},
         {"libtorch_version", v.key.libtorch_version},
         {"cuda_version", v.key.cuda_version},
         {"cudnn_version", v.key.cudnn_version},
         {"cpu_threads", v.key.cpu_threads}}},
       {"matmul", matmul},
       {"copy_gbps", v.copy_gbps},
       {"copy_bytes", v.copy_bytes},
       {"datasheet_gbps", v.datasheet_gbps},
       {"datasheet_source", v.datasheet_source},
       {"measured_utc", v.measured_utc}};
}

void from_json(const json& j, DeviceCeilings& v) {
  const JsonReader r(j, "ceilings");
  r.expectAnyObject();
  v = DeviceCeilings{};
  const auto key = r.at("key");
  key.expectAnyObject();
  v.key.device_name = key.stringOr("device_name", "");
  v.key.driver_version = key.stringOr("driver_version", "");
  v.key.libtorch_version = key.stringOr("libtorch_version", "");
  v.key.cuda_version = key.stringOr("cuda_version", "");
  v.key.cudnn_version = key.stringOr("cudnn_version", "");
  v.key.cpu_threads = key.integerOr("cpu_threads", 0);
  for (const auto& p : r.elementsOr("matmul")) {
    PrecisionPeak peak;
    peak.precision = p.at("precision").string();
    peak.measured_tflops = p.numberOr("measured_tflops", 0.0);
    peak.datasheet_tflops = p.numberOr("datasheet_tflops", 0.0);
    if (p.has("matrix_size")) peak.matrix_size = p.at("matrix_size").int64();
    v.matmul.push_back(std::move(peak));
  }
  v.copy_gbps = r.numberOr("copy_gbps", 0.0);
  if (r.has("copy_bytes")) v.copy_bytes = r.at("copy_bytes").int64();
  v.datasheet_gbps = r.numberOr("datasheet_gbps", 0.0);
  v.datasheet_source = r.stringOr("datasheet_source", "");
  v.measured_utc = r.stringOr("measured_utc", "");
}

std::string configRooflineToJson(const ConfigRoofline& value, int indent) {
  return json(value).dump(indent);
}

namespace {
// The value's reader names its part ("roofline: 'work.flops' must be …"); the text's origin (a
// file) goes in front.
template <class T>
T readText(std::string_view text, const std::string& origin) {
  const json j = JsonReader::parseText(text, origin);
  try {
    return j.get<T>();
  } catch (const Error& e) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", origin, e.what()));
  }
}
}  // namespace

ConfigRoofline configRooflineFromJson(std::string_view text, const std::string& origin) {
  return readText<ConfigRoofline>(text, origin);
}

std::string ceilingsToJson(const DeviceCeilings& value, int indent) {
  return json(value).dump(indent);
}

DeviceCeilings ceilingsFromJson(std::string_view text, const std::string& origin) {
  return readText<DeviceCeilings>(text, origin);
}

}  // namespace inferscope::roofline
