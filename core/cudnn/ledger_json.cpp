// The ledger ↔ JSON mapping. Optional fields are read with defaults so that a ledger written by an
// older version still opens; a wrong type or a missing required field throws with its name.
#include "core/cudnn/ledger_json.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/json_reader.h"

namespace inferscope::cudnn {

using nlohmann::json;

namespace {

json toJson(const ConvShape& s) {
  return {{"key", s.key()},
          {"input", s.input},
          {"weight", s.weight},
          {"stride", s.stride},
          {"padding", s.padding},
          {"dilation", s.dilation},
          {"groups", s.groups},
          {"dtype", s.dtype},
          {"channels_last", s.channels_last},
          {"transposed", s.transposed},
          {"output", s.outputSizes()}};
}

ConvShape shapeFrom(const JsonReader& r) {
  r.expectAnyObject();
  ConvShape s;
  s.input = r.at("input").int64s();
  s.weight = r.at("weight").int64s();
  s.stride = r.has("stride") ? r.at("stride").int64s() : std::vector<std::int64_t>{};
  s.padding = r.has("padding") ? r.at("padding").int64s() : std::vector<std::int64_t>{};
  s.dilation = r.has("dilation") ? r.at("dilation").int64s() : std::vector<std::int64_t>{};
  s.groups = r.has("groups") ? r.at("groups").int64() : 1;
  s.dtype = r.stringOr("dtype", "float32");
  s.channels_last = r.booleanOr("channels_last", false);
  s.transposed = r.booleanOr("transposed", false);
  return s;
}

KernelFamily familyFrom(const JsonReader& r, const char* name) {
  if (!r.has(name)) return KernelFamily::Other;
  const auto value = r.at(name);
  const auto family = kernelFamilyFromKey(value.string());
  if (!family)
    value.fail(fmt::format("{}: unknown kernel family '{}'", value.where(), value.string()));
  return *family;
}

json toJson(const AlgorithmCandidate& c) {
  json j = {{"algo", c.algo},
            {"family", toKey(c.family)},
            {"status", c.status},
            {"workspace_bytes", c.workspace_bytes},
            {"deterministic", c.deterministic},
            {"tensor_core", c.tensor_core},
            {"math_type", c.math_type},
            {"heuristic_rank", c.heuristic_rank}};
  j["time_ms"] = c.time_ms ? json(*c.time_ms) : json(nullptr);
  return j;
}

AlgorithmCandidate candidateFrom(const JsonReader& r) {
  r.expectAnyObject();
  AlgorithmCandidate c;
  c.algo = r.at("algo").string();
  c.family = familyFrom(r, "family");
  c.status = r.stringOr("status", "ok");
  c.time_ms = r.optionalNumber("time_ms");
  c.workspace_bytes = r.uint64Or("workspace_bytes", 0);
  c.deterministic = r.booleanOr("deterministic", true);
  c.tensor_core = r.booleanOr("tensor_core", false);
  c.math_type = r.stringOr("math_type", "");
  c.heuristic_rank = r.integerOr("heuristic_rank", -1);
  return c;
}

json toJson(const ModeObservation& o) {
  json kernels = json::array();
  for (const auto& k : o.kernels) {
    kernels.push_back({{"name", k.name},
                       {"family", toKey(k.family)},
                       {"tensor_core", k.tensor_core},
                       {"time_us", k.time_us}});
  }
  json j = {{"observed", o.observed},
            {"kernels", kernels},
            {"family", toKey(o.family)},
            {"tensor_core", o.tensor_core},
            {"gpu_time_us", o.gpu_time_us},
            {"layout_transposes", o.layout_transposes},
            {"steady_host_us", o.steady_host_us}};
  j["autotune_ms"] = o.autotune_ms ? json(*o.autotune_ms) : json(nullptr);
  if (!o.error.empty()) j["error"] = o.error;
  return j;
}

ModeObservation observationFrom(const JsonReader& r) {
  r.expectAnyObject();
  ModeObservation o;
  o.observed = r.booleanOr("observed", false);
  for (const auto& k : r.elementsOr("kernels")) {
    RanKernel ran;
    ran.name = k.at("name").string();
    ran.family = familyFrom(k, "family");
    ran.tensor_core = k.booleanOr("tensor_core", false);
    ran.time_us = k.numberOr("time_us", 0.0);
    o.kernels.push_back(std::move(ran));
  }
  o.family = familyFrom(r, "family");
  o.tensor_core = r.booleanOr("tensor_core", false);
  o.gpu_time_us = r.numberOr("gpu_time_us", 0.0);
  o.layout_transposes = r.integerOr("layout_transposes", 0);
  o.steady_host_us = r.numberOr("steady_host_us", 0.0);
  o.autotune_ms = r.optionalNumber("autotune_ms");
  o.error = r.stringOr("error", "");
  return o;
}

SelectionMode modeFrom(const JsonReader& r, const std::string& key) {
  const auto mode = selectionModeFromString(key);
  if (!mode) r.fail(fmt::format("unknown selection mode '{}' in {}", key, r.where()));
  return *mode;
}

json toJson(const LedgerLayer& l) {
  json candidates = json::array();
  for (const auto& c : l.candidates) candidates.push_back(toJson(c));
  json ran = json::object();
  for (const auto& [mode, obs] : l.ran) ran[toString(mode)] = toJson(obs);
  json j = {{"shape", toJson(l.shape)},
            {"layer_names", l.layer_names},
            {"calls_per_iteration", l.calls_per_iteration},
            {"candidates", candidates},
            {"heuristic_algo", l.heuristic_algo},
            {"fastest_algo", l.fastest_algo},
            {"ran", ran},
            {"benchmark_differs", l.benchmark_differs},
            {"benchmark_gain_us", l.benchmark_gain_us},
            {"nondeterministic_choice", l.nondeterministic_choice},
            {"deterministic_differs", l.deterministic_differs}};
  if (!l.query_error.empty()) j["query_error"] = l.query_error;
  return j;
}

LedgerLayer layerFrom(const JsonReader& r) {
  r.expectAnyObject();
  LedgerLayer l;
  l.shape = shapeFrom(r.at("shape"));
  l.layer_names = r.has("layer_names") ? r.at("layer_names").strings() : std::vector<std::string>{};
  l.calls_per_iteration = r.integerOr("calls_per_iteration", 0);
  for (const auto& c : r.elementsOr("candidates")) l.candidates.push_back(candidateFrom(c));
  l.heuristic_algo = r.stringOr("heuristic_algo", "");
  l.fastest_algo = r.stringOr("fastest_algo", "");
  l.query_error = r.stringOr("query_error", "");
  if (r.has("ran")) {
    const auto ran = r.at("ran");
    for (const auto& [key, obs] : ran.members()) l.ran[modeFrom(ran, key)] = observationFrom(obs);
  }
  l.benchmark_differs = r.booleanOr("benchmark_differs", false);
  l.benchmark_gain_us = r.numberOr("benchmark_gain_us", 0.0);
  l.nondeterministic_choice = r.booleanOr("nondeterministic_choice", false);
  l.deterministic_differs = r.booleanOr("deterministic_differs", false);
  return l;
}

json toJson(const ModeTotals& m) {
  json retune = json::array();
  for (const auto& [shape, ms] : m.retune_first_ms)
    retune.push_back({{"input", shape}, {"first_iteration_ms", ms}});
  json j = {{"ok", m.ok},
            {"config", m.config_key},
            {"first_iteration_ms", m.first_iteration_ms},
            {"steady_median_ms", m.steady_median_ms},
            {"conv_gpu_time_us", m.conv_gpu_time_us},
            {"retune", retune}};
  if (!m.error.empty()) j["error"] = m.error;
  return j;
}

ModeTotals totalsFrom(const JsonReader& r) {
  r.expectAnyObject();
  ModeTotals m;
  m.ok = r.booleanOr("ok", false);
  m.config_key = r.stringOr("config", "");
  m.error = r.stringOr("error", "");
  m.first_iteration_ms = r.numberOr("first_iteration_ms", 0.0);
  m.steady_median_ms = r.numberOr("steady_median_ms", 0.0);
  m.conv_gpu_time_us = r.numberOr("conv_gpu_time_us", 0.0);
  for (const auto& retune : r.elementsOr("retune")) {
    m.retune_first_ms.emplace_back(retune.at("input").string(),
                                   retune.at("first_iteration_ms").number());
  }
  return m;
}

json toJson(const LedgerSummary& s) {
  return {{"unique_shapes", s.unique_shapes},
          {"conv_calls_per_iteration", s.conv_calls_per_iteration},
          {"benchmark_differs", s.benchmark_differs},
          {"benchmark_faster", s.benchmark_faster},
          {"benchmark_slower", s.benchmark_slower},
          {"benchmark_gain_us", s.benchmark_gain_us},
          {"autotune_ms_total", s.autotune_ms_total},
          {"tensor_core_shapes", s.tensor_core_shapes},
          {"nondeterministic_choices", s.nondeterministic_choices},
          {"deterministic_differs", s.deterministic_differs},
          {"layout_transposes_per_iteration", s.layout_transposes_per_iteration}};
}

LedgerSummary summaryFrom(const JsonReader& r) {
  r.expectAnyObject();
  LedgerSummary s;
  s.unique_shapes = r.integerOr("unique_shapes", 0);
  s.conv_calls_per_iteration = r.integerOr("conv_calls_per_iteration", 0);
  s.benchmark_differs = r.integerOr("benchmark_differs", 0);
  s.benchmark_faster = r.integerOr("benchmark_faster", 0);
  s.benchmark_slower = r.integerOr("benchmark_slower", 0);
  s.benchmark_gain_us = r.numberOr("benchmark_gain_us", 0.0);
  s.autotune_ms_total = r.numberOr("autotune_ms_total", 0.0);
  s.tensor_core_shapes = r.integerOr("tensor_core_shapes", 0);
  s.nondeterministic_choices = r.integerOr("nondeterministic_choices", 0);
  s.deterministic_differs = r.integerOr("deterministic_differs", 0);
  s.layout_transposes_per_iteration = r.integerOr("layout_transposes_per_iteration", 0);
  return s;
}

}  // namespace

void to_json(json& j, const CudnnLedger& ledger) {
  json modes = json::object();
  for (const auto& [mode, totals] : ledger.modes) modes[toString(mode)] = toJson(totals);
  json layers = json::array();
  for (const auto& l : ledger.layers) layers.push_back(toJson(l));
  j = {{"schema", kLedgerSchema},
       {"available", ledger.available},
       {"model", ledger.model},
       {"input", ledger.input},
       {"config", ledger.config},
       {"device", ledger.device},
       {"cudnn_version", ledger.cudnn_version},
       {"torch_version", ledger.torch_version},
       {"tf32", ledger.tf32},
       {"modes", modes},
       {"layers", layers},
       {"summary", toJson(ledger.summary)},
       {"notes", ledger.notes}};
  if (!ledger.available) j["reason"] = ledger.reason;
}

namespace {

CudnnLedger ledgerFromValue(const json& j, const std::string& origin) {
  const JsonReader r(j, origin.empty() ? std::string("cuDNN ledger") : origin);
  if (!j.is_object()) r.fail("a cuDNN ledger is a JSON object");
  const int schema = r.integerOr("schema", kLedgerSchema);
  if (schema > kLedgerSchema) {
    r.fail(fmt::format("ledger schema {} is newer than this InferScope reads ({})", schema,
                       kLedgerSchema));
  }
  CudnnLedger l;
  l.available = r.at("available").boolean();
  l.reason = r.stringOr("reason", "");
  l.model = r.stringOr("model", "");
  l.input = r.stringOr("input", "");
  l.config = r.stringOr("config", "");
  l.device = r.stringOr("device", "");
  l.cudnn_version = r.integerOr("cudnn_version", 0);
  l.torch_version = r.stringOr("torch_version", "");
  l.tf32 = r.booleanOr("tf32", false);
  if (r.has("modes")) {
    const auto modes = r.at("modes");
    for (const auto& [key, totals] : modes.members())
      l.modes[modeFrom(modes, key)] = totalsFrom(totals);
  }
  for (const auto& layer : r.elementsOr("layers")) l.layers.push_back(layerFrom(layer));
  if (r.has("summary")) l.summary = summaryFrom(r.at("summary"));
  l.notes = r.has("notes") ? r.at("notes").strings() : std::vector<std::string>{};
  return l;
}

}  // namespace

void from_json(const json& j, CudnnLedger& ledger) {
  ledger = ledgerFromValue(j, "");
}

std::string ledgerToJson(const CudnnLedger& ledger, int indent) {
  return json(ledger).dump(indent);
}

CudnnLedger ledgerFromJson(std::string_view text, const std::string& origin) {
  return ledgerFromValue(JsonReader::parseText(text, origin), origin);
}

}  // namespace inferscope::cudnn
