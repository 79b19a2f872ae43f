// The ledger ↔ JSON mapping. Optional fields are read with defaults so that a ledger written by an
// older version still opens; a wrong type or a missing required field throws with its name.
#include "core/cudnn/ledger_json.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"

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

ConvShape shapeFromJson(const json& j) {
  ConvShape s;
  s.input = j.at("input").get<std::vector<std::int64_t>>();
  s.weight = j.at("weight").get<std::vector<std::int64_t>>();
  s.stride = j.value("stride", std::vector<std::int64_t>{});
  s.padding = j.value("padding", std::vector<std::int64_t>{});
  s.dilation = j.value("dilation", std::vector<std::int64_t>{});
  s.groups = j.value("groups", std::int64_t{1});
  s.dtype = j.value("dtype", "float32");
  s.channels_last = j.value("channels_last", false);
  s.transposed = j.value("transposed", false);
  return s;
}

KernelFamily familyFromJson(const json& j, const char* name) {
  if (!j.contains(name)) return KernelFamily::Other;
  const auto text = j.at(name).get<std::string>();
  const auto family = kernelFamilyFromKey(text);
  if (!family)
    throw Error(ErrorKind::InvalidInput, fmt::format("unknown kernel family '{}'", text));
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

AlgorithmCandidate candidateFromJson(const json& j) {
  AlgorithmCandidate c;
  c.algo = j.at("algo").get<std::string>();
  c.family = familyFromJson(j, "family");
  c.status = j.value("status", "ok");
  if (j.contains("time_ms") && !j.at("time_ms").is_null())
    c.time_ms = j.at("time_ms").get<double>();
  c.workspace_bytes = j.value("workspace_bytes", std::uint64_t{0});
  c.deterministic = j.value("deterministic", true);
  c.tensor_core = j.value("tensor_core", false);
  c.math_type = j.value("math_type", "");
  c.heuristic_rank = j.value("heuristic_rank", -1);
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

ModeObservation observationFromJson(const json& j) {
  ModeObservation o;
  o.observed = j.value("observed", false);
  for (const auto& k : j.value("kernels", json::array())) {
    RanKernel r;
    r.name = k.at("name").get<std::string>();
    r.family = familyFromJson(k, "family");
    r.tensor_core = k.value("tensor_core", false);
    r.time_us = k.value("time_us", 0.0);
    o.kernels.push_back(std::move(r));
  }
  o.family = familyFromJson(j, "family");
  o.tensor_core = j.value("tensor_core", false);
  o.gpu_time_us = j.value("gpu_time_us", 0.0);
  o.layout_transposes = j.value("layout_transposes", 0);
  o.steady_host_us = j.value("steady_host_us", 0.0);
  if (j.contains("autotune_ms") && !j.at("autotune_ms").is_null())
    o.autotune_ms = j.at("autotune_ms").get<double>();
  o.error = j.value("error", "");
  return o;
}

SelectionMode modeFromKey(const std::string& key) {
  const auto mode = selectionModeFromString(key);
  if (!mode) throw Error(ErrorKind::InvalidInput, fmt::format("unknown selection mode '{}'", key));
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

LedgerLayer layerFromJson(const json& j) {
  LedgerLayer l;
  l.shape = shapeFromJson(j.at("shape"));
  l.layer_names = j.value("layer_names", std::vector<std::string>{});
  l.calls_per_iteration = j.value("calls_per_iteration", 0);
  for (const auto& c : j.value("candidates", json::array()))
    l.candidates.push_back(candidateFromJson(c));
  l.heuristic_algo = j.value("heuristic_algo", "");
  l.fastest_algo = j.value("fastest_algo", "");
  l.query_error = j.value("query_error", "");
  if (j.contains("ran")) {  // .items() of a temporary would dangle: iterate the member itself
    for (const auto& [key, obs] : j.at("ran").items())
      l.ran[modeFromKey(key)] = observationFromJson(obs);
  }
  l.benchmark_differs = j.value("benchmark_differs", false);
  l.benchmark_gain_us = j.value("benchmark_gain_us", 0.0);
  l.nondeterministic_choice = j.value("nondeterministic_choice", false);
  l.deterministic_differs = j.value("deterministic_differs", false);
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

ModeTotals totalsFromJson(const json& j) {
  ModeTotals m;
  m.ok = j.value("ok", false);
  m.config_key = j.value("config", "");
  m.error = j.value("error", "");
  m.first_iteration_ms = j.value("first_iteration_ms", 0.0);
  m.steady_median_ms = j.value("steady_median_ms", 0.0);
  m.conv_gpu_time_us = j.value("conv_gpu_time_us", 0.0);
  for (const auto& r : j.value("retune", json::array())) {
    m.retune_first_ms.emplace_back(r.at("input").get<std::string>(),
                                   r.at("first_iteration_ms").get<double>());
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

LedgerSummary summaryFromJson(const json& j) {
  LedgerSummary s;
  s.unique_shapes = j.value("unique_shapes", 0);
  s.conv_calls_per_iteration = j.value("conv_calls_per_iteration", 0);
  s.benchmark_differs = j.value("benchmark_differs", 0);
  s.benchmark_faster = j.value("benchmark_faster", 0);
  s.benchmark_slower = j.value("benchmark_slower", 0);
  s.benchmark_gain_us = j.value("benchmark_gain_us", 0.0);
  s.autotune_ms_total = j.value("autotune_ms_total", 0.0);
  s.tensor_core_shapes = j.value("tensor_core_shapes", 0);
  s.nondeterministic_choices = j.value("nondeterministic_choices", 0);
  s.deterministic_differs = j.value("deterministic_differs", 0);
  s.layout_transposes_per_iteration = j.value("layout_transposes_per_iteration", 0);
  return s;
}

}  // namespace

std::string ledgerToJson(const CudnnLedger& ledger, int indent) {
  json modes = json::object();
  for (const auto& [mode, totals] : ledger.modes) modes[toString(mode)] = toJson(totals);
  json layers = json::array();
  for (const auto& l : ledger.layers) layers.push_back(toJson(l));
  json j = {{"schema", kLedgerSchema},
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
  return j.dump(indent);
}

CudnnLedger ledgerFromJson(std::string_view text, const std::string& origin) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: not valid JSON ({})", origin, e.what()));
  }
  try {
    if (!j.is_object()) throw Error(ErrorKind::InvalidInput, "a cuDNN ledger is a JSON object");
    const int schema = j.value("schema", kLedgerSchema);
    if (schema > kLedgerSchema) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("ledger schema {} is newer than this InferScope reads ({})", schema,
                              kLedgerSchema));
    }
    CudnnLedger l;
    l.available = j.at("available").get<bool>();
    l.reason = j.value("reason", "");
    l.model = j.value("model", "");
    l.input = j.value("input", "");
    l.config = j.value("config", "");
    l.device = j.value("device", "");
    l.cudnn_version = j.value("cudnn_version", 0);
    l.torch_version = j.value("torch_version", "");
    l.tf32 = j.value("tf32", false);
    if (j.contains("modes")) {
      for (const auto& [key, totals] : j.at("modes").items())
        l.modes[modeFromKey(key)] = totalsFromJson(totals);
    }
    for (const auto& layer : j.value("layers", json::array()))
      l.layers.push_back(layerFromJson(layer));
    if (j.contains("summary")) l.summary = summaryFromJson(j.at("summary"));
    l.notes = j.value("notes", std::vector<std::string>{});
    return l;
  } catch (const json::exception& e) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: not a cuDNN ledger ({})", origin, e.what()));
  } catch (const Error& e) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", origin, e.what()));
  }
}

}  // namespace inferscope::cudnn
