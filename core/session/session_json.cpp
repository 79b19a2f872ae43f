// JSON mapping of the session types (nlohmann/json, the project's one JSON library). Optional
// fields are read with defaults so older files keep opening; required ones throw with their name.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/version.h"
#include "core/cudnn/ledger_json.h"
#include "core/roofline/roofline_json.h"
#include "core/session/bounded_json.h"
#include "core/session/session_file.h"
#include "core/session/session_validation.h"
#include "core/session/session_values.h"
#include "core/session/shape_record_values.h"
#include "core/session/tune_values.h"
#include "core/trace/timeline_json.h"
#include "core/trace/trace_summary_json.h"

namespace inferscope {

// Read strictly (bounded_json.h): integers must fit, type errors name their path.
using json = session_json::Json;

// ---- device ------------------------------------------------------------------------------------
static json toJson(const DeviceInfo& d) {
  return {{"kind", toString(d.kind)},
          {"index", d.index},
          {"name", d.name},
          {"compute_capability", d.computeCapability()},
          {"cc_major", d.cc_major},
          {"cc_minor", d.cc_minor},
          {"generation", d.generation()},
          {"total_memory_bytes", d.total_memory_bytes},
          {"multiprocessors", d.multiprocessors},
          {"driver_version", d.driver_version},
          {"cuda_runtime_version", d.cuda_runtime_version},
          {"cudnn_version", d.cudnn_version},
          {"libtorch_version", d.libtorch_version},
          {"cpu_threads", d.cpu_threads}};
}

static DeviceInfo deviceFromJson(const json& j) {
  DeviceInfo d;
  d.kind = j.at("kind").get<std::string>() == "cuda" ? DeviceKind::Cuda : DeviceKind::Cpu;
  d.index = j.value("index", 0);
  d.name = j.value("name", "");
  d.cc_major = j.value("cc_major", 0);
  d.cc_minor = j.value("cc_minor", 0);
  d.total_memory_bytes = j.value("total_memory_bytes", std::int64_t{0});
  d.multiprocessors = j.value("multiprocessors", 0);
  d.driver_version = j.value("driver_version", "");
  d.cuda_runtime_version = j.value("cuda_runtime_version", "");
  d.cudnn_version = j.value("cudnn_version", "");
  d.libtorch_version = j.value("libtorch_version", "");
  d.cpu_threads = j.value("cpu_threads", 0);
  return d;
}

// ---- request -----------------------------------------------------------------------------------
static json toJson(const ProfileRequest& r) {
  json inputs = json::array();
  for (const auto& s : r.inputs) inputs.push_back(s.toString());
  json plan = json::array();
  for (const auto& c : r.plan) plan.push_back(c.key());
  const auto& e = r.model.encoder;
  json j = {{"model",
             {{"source", toString(r.model.source)},
              {"name", r.model.name},
              {"path", r.model.path},
              {"seed", r.model.seed},
              {"encoder",
               {{"layers", e.layers},
                {"hidden", e.hidden},
                {"heads", e.heads},
                {"intermediate", e.intermediate},
                {"vocab", e.vocab},
                {"max_positions", e.max_positions},
                {"seq_len", e.seq_len}}}}},
            {"inputs", inputs},
            {"batch", r.batch},
            {"device", toString(r.device)},
            {"device_index", r.device_index},
            {"plan", plan},
            {"run",
             {{"warmup_iterations", r.run.warmup_iterations},
              {"measure_iterations", r.run.measure_iterations},
              {"check_accuracy", r.run.check_accuracy},
              {"reference_last", r.run.reference_last},
              {"verbose_errors", r.run.verbose_errors},
              {"adaptive", r.run.adaptive},
              {"target_rel_ci", r.run.target_rel_ci},
              {"min_iterations", r.run.min_iterations},
              {"max_iterations", r.run.max_iterations},
              {"config_time_budget_ms", r.run.config_time_budget_ms},
              {"session_time_budget_ms", r.run.session_time_budget_ms},
              {"input_cycle",
               [&] {
                 json sets = json::array();
                 for (const auto& set : r.run.input_cycle) {
                   json specs = json::array();
                   for (const auto& spec : set) specs.push_back(spec.toString());
                   sets.push_back(specs);
                 }
                 return sets;
               }()},
              {"trace_kernels", r.run.trace_kernels},
              {"trace_warmup_iterations", r.run.trace_warmup_iterations},
              {"trace_steady_iterations", r.run.trace_steady_iterations},
              {"trace_convolutions", r.run.trace_convolutions},
              {"roofline", r.run.roofline}}}};
  if (!r.model.entry.empty()) j["model"]["entry"] = r.model.entry;
  if (!r.model.prepared_dir.empty()) j["model"]["prepared"] = r.model.prepared_dir;
  return j;
}

// A request file is read by the isolation worker, which builds the model from it: a shape that
// would divide by zero or index past its tables is refused here.
static void checkEncoderShape(const EncoderOptions& e) {
  const bool positive = e.layers > 0 && e.hidden > 0 && e.heads > 0 && e.intermediate > 0 &&
                        e.vocab > 0 && e.max_positions > 0 && e.seq_len > 0;
  if (!positive || e.hidden % e.heads != 0 || e.seq_len > e.max_positions) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("request.model.encoder: layers {}, hidden {}, heads {}, intermediate {}, "
                    "vocab {}, max_positions {}, seq_len {} is not an encoder (all must be "
                    "≥ 1, hidden a multiple of heads, seq_len ≤ max_positions)",
                    e.layers, e.hidden, e.heads, e.intermediate, e.vocab, e.max_positions,
                    e.seq_len));
  }
}

static ProfileRequest requestFromJson(const json& j) {
  ProfileRequest r;
  const auto& m = j.at("model");
  const auto source = m.value("source", "zoo");
  r.model.source = source == "torchscript"        ? ModelSource::TorchScript
                   : source == "aotinductor"      ? ModelSource::AotInductor
                   : source == "exported-program" ? ModelSource::ExportedProgram
                   : source == "python-entry"     ? ModelSource::PythonEntry
                                                  : ModelSource::Zoo;
  r.model.name = m.at("name").get<std::string>();
  r.model.path = m.value("path", "");
  r.model.entry = m.value("entry", "");
  r.model.prepared_dir = m.value("prepared", "");
  // A negative seed would be read as 2^64 minus it: a seed nobody wrote.
  if (m.contains("seed") && !m["seed"].is_number_unsigned()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("model.seed: {} is not a seed (a whole number from 0 to 2^64-1)",
                            m["seed"].dump()));
  }
  r.model.seed = m.value("seed", std::uint64_t{0});
  if (m.contains("encoder")) {
    const auto& e = m["encoder"];
    auto& o = r.model.encoder;
    o.layers = e.value("layers", o.layers);
    o.hidden = e.value("hidden", o.hidden);
    o.heads = e.value("heads", o.heads);
    o.intermediate = e.value("intermediate", o.intermediate);
    o.vocab = e.value("vocab", o.vocab);
    o.max_positions = e.value("max_positions", o.max_positions);
    o.seq_len = e.value("seq_len", o.seq_len);
    checkEncoderShape(o);
  }
  for (const auto& s : j.value("inputs", json::array()))
    r.inputs.push_back(InputSpec::parse(s.get<std::string>()));
  r.batch = j.value("batch", std::int64_t{1});
  r.device = j.value("device", "cpu") == "cuda" ? DeviceKind::Cuda : DeviceKind::Cpu;
  r.device_index = j.value("device_index", 0);
  r.plan.clear();
  for (const auto& k : j.value("plan", json::array())) {
    const auto key = k.get<std::string>();
    checkConfigKeyText(key, fmt::format("request.plan[{}]", r.plan.size()));
    r.plan.push_back(OptimizationConfig::parse(key));
  }
  if (j.contains("run")) {
    const auto& run = j["run"];
    r.run.warmup_iterations = run.value("warmup_iterations", r.run.warmup_iterations);
    r.run.measure_iterations = run.value("measure_iterations", r.run.measure_iterations);
    r.run.check_accuracy = run.value("check_accuracy", r.run.check_accuracy);
    r.run.reference_last = run.value("reference_last", r.run.reference_last);
    r.run.verbose_errors = run.value("verbose_errors", r.run.verbose_errors);
    r.run.adaptive = run.value("adaptive", r.run.adaptive);
    r.run.target_rel_ci = run.value("target_rel_ci", r.run.target_rel_ci);
    r.run.min_iterations = run.value("min_iterations", r.run.min_iterations);
    r.run.max_iterations = run.value("max_iterations", r.run.max_iterations);
    r.run.config_time_budget_ms = run.value("config_time_budget_ms", r.run.config_time_budget_ms);
    r.run.session_time_budget_ms =
        run.value("session_time_budget_ms", r.run.session_time_budget_ms);
    for (const auto& set : run.value("input_cycle", json::array())) {
      std::vector<InputSpec> specs;
      for (const auto& spec : set) specs.push_back(InputSpec::parse(spec.get<std::string>()));
      r.run.input_cycle.push_back(specs);
    }
    r.run.trace_kernels = run.value("trace_kernels", r.run.trace_kernels);
    r.run.trace_warmup_iterations =
        run.value("trace_warmup_iterations", r.run.trace_warmup_iterations);
    r.run.trace_steady_iterations =
        run.value("trace_steady_iterations", r.run.trace_steady_iterations);
    r.run.trace_convolutions =
        run.value("trace_convolutions", r.run.trace_convolutions);  // optional
    r.run.roofline = run.value("roofline", r.run.roofline);  // optional: none in older sessions
  }
  return r;
}

// ---- config results ----------------------------------------------------------------------------
static json toJson(const LatencyStats& s) {
  return {{"median_ms", s.median_ms},
          {"mean_ms", s.mean_ms},
          {"p90_ms", s.p90_ms},
          {"p99_ms", s.p99_ms},
          {"min_ms", s.min_ms},
          {"max_ms", s.max_ms},
          {"stdev_ms", s.stdev_ms},
          {"cold_start_ms", s.cold_start_ms},
          {"throughput_items_per_s", s.throughput_items_per_s}};
}

static void fromJson(const json& s, LatencyStats& o) {
  o.median_ms = s.value("median_ms", 0.0);
  o.mean_ms = s.value("mean_ms", 0.0);
  o.p90_ms = s.value("p90_ms", 0.0);
  o.p99_ms = s.value("p99_ms", 0.0);
  o.min_ms = s.value("min_ms", 0.0);
  o.max_ms = s.value("max_ms", 0.0);
  o.stdev_ms = s.value("stdev_ms", 0.0);
  o.cold_start_ms = s.value("cold_start_ms", 0.0);
  o.throughput_items_per_s = s.value("throughput_items_per_s", 0.0);
}

static json toJson(const SteadyStateInfo& st) {
  json j = {{"class", st.series_class},
            {"steady_start", st.steady_start},
            {"low_confidence", st.low_confidence},
            {"median_ci_ms", {st.median_ci_low_ms, st.median_ci_high_ms}},
            {"ci_method", st.ci_method},
            {"p99_ci_ms", {st.p99_ci_low_ms, st.p99_ci_high_ms}},
            {"warmup_cost_ms", st.warmup_cost_ms},
            {"outliers", st.outliers},
            {"stop_reason", st.stop_reason}};
  if (st.series_class == "switching") {
    j["levels_ms"] = {st.fast_level_ms, st.slow_level_ms};
    j["slow_share"] = st.slow_share;
    j["mean_dwell_iterations"] = st.mean_dwell_iterations;
    if (st.level_tau > 0) j["level_tau"] = st.level_tau;
    if (st.too_few_switches) j["too_few_switches"] = true;
  }
  if (st.resolution_limited) j["timer_quantum_ms"] = st.timer_quantum_ms;
  return j;
}

static void fromJson(const json& s, SteadyStateInfo& o) {
  o.analysed = true;
  o.series_class = s.value("class", "");
  o.steady_start = s.value("steady_start", std::size_t{0});
  o.low_confidence = s.value("low_confidence", false);
  const auto ci = s.value("median_ci_ms", std::vector<double>{0, 0});
  const auto p99 = s.value("p99_ci_ms", std::vector<double>{0, 0});
  const auto levels = s.value("levels_ms", std::vector<double>{0, 0});
  if (ci.size() != 2 || p99.size() != 2 || levels.size() != 2) {
    throw Error(ErrorKind::InvalidInput,
                "a confidence interval or a pair of levels needs two numbers");
  }
  o.median_ci_low_ms = ci[0];
  o.median_ci_high_ms = ci[1];
  o.p99_ci_low_ms = p99[0];
  o.p99_ci_high_ms = p99[1];
  o.ci_method = s.value("ci_method", "");
  o.warmup_cost_ms = s.value("warmup_cost_ms", 0.0);
  o.outliers = s.value("outliers", std::size_t{0});
  o.stop_reason = s.value("stop_reason", "");
  o.fast_level_ms = levels[0];
  o.slow_level_ms = levels[1];
  o.slow_share = s.value("slow_share", 0.0);
  o.mean_dwell_iterations = s.value("mean_dwell_iterations", 0.0);
  // Not switching: τ's floor is 1. A switching series from a file without it: 0, fitted again.
  o.level_tau = o.series_class == "switching" ? s.value("level_tau", 0.0) : 1.0;
  o.too_few_switches = s.value("too_few_switches", false);
  o.resolution_limited = s.contains("timer_quantum_ms");
  o.timer_quantum_ms = s.value("timer_quantum_ms", 0.0);
}

static json toJson(const ForkRun& f) {
  json j = {{"status", toString(f.status)},
            {"message", f.message},
            {"warmup_iterations", f.warmup_iterations},
            {"setup_ms", f.setup_ms},
            {"first_result_ms", f.first_result_ms},
            {"latency_ms", f.latency_ms},
            {"host_ms", f.host_ms},
            {"stats", toJson(f.stats)}};
  if (f.steady.analysed) j["steady_state"] = toJson(f.steady);
  return j;
}

// A result's "status" ("ok" when absent); `what` names the kind of result in the error.
static ConfigStatus statusFromJson(const json& j, const char* what) {
  const auto status_text = j.value("status", "ok");
  const auto status = parseConfigStatus(status_text);
  if (!status)
    throw Error(ErrorKind::InvalidInput, fmt::format("unknown {} status '{}'", what, status_text));
  return *status;
}

static ForkRun forkFromJson(const json& j) {
  ForkRun f;
  f.status = statusFromJson(j, "fork");
  f.message = j.value("message", "");
  f.warmup_iterations = j.value("warmup_iterations", 0);
  f.setup_ms = j.value("setup_ms", 0.0);
  f.first_result_ms = j.value("first_result_ms", 0.0);
  f.latency_ms = j.value("latency_ms", std::vector<double>{});
  f.host_ms = j.value("host_ms", std::vector<double>{});
  if (j.contains("stats")) fromJson(j["stats"], f.stats);
  if (j.contains("steady_state")) fromJson(j["steady_state"], f.steady);
  return f;
}

static json toJson(const ForkStats& f) {
  return {{"forks", f.forks},
          {"median_ms", f.median_ms},
          {"ci_ms", {f.ci_low_ms, f.ci_high_ms}},
          {"next_process_ms", {f.next_low_ms, f.next_high_ms}},
          {"spread", f.spread},
          {"log_sd", f.log_sd},
          {"stable", f.stable},
          {"outcome", toString(f.outcome)},
          {"remembered_forks", f.remembered_forks}};
}

static ForkStats forkStatsFromJson(const json& j) {
  ForkStats f;
  f.forks = j.value("forks", 0);
  f.median_ms = j.value("median_ms", 0.0);
  const auto ci = j.value("ci_ms", std::vector<double>{0, 0});
  const auto next = j.value("next_process_ms", std::vector<double>{0, 0});
  if (ci.size() != 2 || next.size() != 2)
    throw Error(ErrorKind::InvalidInput, "an interval needs two numbers");
  f.ci_low_ms = ci[0], f.ci_high_ms = ci[1];
  f.next_low_ms = next[0], f.next_high_ms = next[1];
  f.spread = j.value("spread", 0.0);
  f.log_sd = j.value("log_sd", 0.0);
  f.stable = j.value("stable", true);
  f.remembered_forks = j.value("remembered_forks", 0);
  const auto outcome = j.value("outcome", std::string());
  if (const auto parsed = parseForkAgreement(outcome)) {
    f.outcome = *parsed;
  } else if (!outcome.empty()) {
    throw Error(ErrorKind::InvalidInput,
                "fork_stats.outcome \"" + outcome +
                    "\" is none of no-steady-part, one-process, stable, unstable, noisy");
  } else {
    // Saved before the outcome was a field: the analysis's sentence ("noisy in every process: …")
    // was the only place that told noisy from unstable.
    f.outcome = forkAgreement(static_cast<std::size_t>(std::max(0, f.forks)), f.stable,
                              j.value("verdict", std::string()).rfind("noisy", 0) == 0);
  }
  return f;
}

static json toJson(const ConfigResult& c) {
  const auto& st = c.steady;
  json j = {{"index", c.index},
            {"key", c.config.key()},
            {"description", c.config.describe()},
            {"status", toString(c.status)},
            {"message", c.message},
            {"warmup_iterations", c.warmup_iterations},
            {"setup_ms", c.setup_ms},
            {"first_result_ms", c.first_result_ms},
            {"compile_ms", c.compile_ms},
            {"latency_ms", c.latency_ms},
            {"host_ms", c.host_ms},
            {"stats", toJson(c.stats)},
            {"memory",
             {{"parameter_bytes", c.memory.parameter_bytes},
              {"peak_allocated_bytes", c.memory.peak_allocated_bytes},
              {"peak_reserved_bytes", c.memory.peak_reserved_bytes},
              {"source", c.memory.source}}}};
  if (st.analysed) j["steady_state"] = toJson(st);
  if (!c.forks.empty()) {  // --forks N: processes 2…N, each with its own series and analysis
    j["forks"] = json::array();
    for (const auto& f : c.forks) j["forks"].push_back(toJson(f));
  }
  if (c.fork_stats) j["fork_stats"] = toJson(*c.fork_stats);
  if (c.trace_summary) {
    j["trace"] = session_json::convertJson<json>(nlohmann::json(*c.trace_summary));
    j["traced_iterations"] = c.traced_iterations;
  }
  if (c.timeline) j["timeline"] = session_json::convertJson<json>(nlohmann::json(*c.timeline));
  if (c.cudnn_observation) {
    j["cudnn_observation"] = session_json::convertJson<json>(nlohmann::json(*c.cudnn_observation));
  }
  if (c.roofline) j["roofline"] = session_json::convertJson<json>(nlohmann::json(*c.roofline));
  if (!c.fallback_from.empty()) j["fallback_from"] = c.fallback_from;  // only when a fallback ran
  if (c.measured_on) {  // only in sessions spanning several hosts or devices
    j["measured_on"] = {{"host", c.measured_on->host}, {"device", toJson(c.measured_on->device)}};
  }
  if (c.shape) {  // only in sessions over a shape set
    json dims = json::array();
    for (const auto& [name, value] : c.shape->dims)
      dims.push_back({{"name", name}, {"value", value}});
    json inputs = json::array();
    for (const auto& spec : c.shape->inputs) inputs.push_back(spec.toString());
    j["shape"] = {
        {"label", c.shape->label}, {"batch", c.shape->batch}, {"dims", dims}, {"inputs", inputs}};
  }
  if (c.accuracy.measured) {
    const auto& a = c.accuracy;
    j["accuracy"] = {{"max_abs_error", a.max_abs_error},
                     {"rel_l2_error", a.rel_l2_error},
                     {"cosine_similarity", a.cosine_similarity},
                     {"nan_count", a.nan_count},
                     {"inf_count", a.inf_count}};
    if (a.top1_agreement) j["accuracy"]["top1_agreement"] = *a.top1_agreement;
    if (!a.unjudgeable.empty()) j["accuracy"]["unjudgeable"] = a.unjudgeable;
    if (!a.top1_unjudgeable.empty()) j["accuracy"]["top1_unjudgeable"] = a.top1_unjudgeable;
  }
  return j;
}

static ConfigResult configFromJson(const json& j) {
  ConfigResult c;
  c.index = j.value("index", 0);
  const auto key_text = j.at("key").get<std::string>();
  checkConfigKeyText(key_text, "key");  // before parsing: a repeated token would collapse silently
  c.config = OptimizationConfig::parse(key_text);
  c.status = statusFromJson(j, "config");
  c.message = j.value("message", "");
  c.warmup_iterations = j.value("warmup_iterations", 0);
  c.setup_ms = j.value("setup_ms", 0.0);
  c.first_result_ms = j.value("first_result_ms", 0.0);
  c.compile_ms = j.value("compile_ms", 0.0);  // absent in sessions older than the tuner
  c.fallback_from = j.value("fallback_from", std::string());
  if (!c.fallback_from.empty()) checkConfigKeyText(c.fallback_from, "fallback_from");
  c.latency_ms = j.value("latency_ms", std::vector<double>{});
  c.host_ms = j.value("host_ms", std::vector<double>{});
  if (j.contains("stats")) fromJson(j["stats"], c.stats);
  if (j.contains("memory")) {
    const auto& m = j["memory"];
    c.memory.parameter_bytes = m.value("parameter_bytes", std::int64_t{0});
    c.memory.peak_allocated_bytes = m.value("peak_allocated_bytes", std::int64_t{0});
    c.memory.peak_reserved_bytes = m.value("peak_reserved_bytes", std::int64_t{0});
    c.memory.source = m.value("source", "");
  }
  if (j.contains("steady_state")) fromJson(j["steady_state"], c.steady);
  if (j.contains("forks")) {  // optional: only runs with --forks
    for (const auto& f : j.at("forks")) c.forks.push_back(forkFromJson(f));
  }
  if (j.contains("fork_stats")) c.fork_stats = forkStatsFromJson(j["fork_stats"]);
  // Optional parts, each read by its type's one mapping; an error says which part it was in.
  const auto part = [&](const char* key, auto& into) {
    if (!j.contains(key)) return false;
    if (!j[key].is_object())
      throw Error(ErrorKind::InvalidInput, fmt::format("\"{}\" must be an object", key));
    try {
      using Value = typename std::decay_t<decltype(into)>::value_type;
      into = session_json::convertJson<nlohmann::json>(j[key]).get<Value>();
    } catch (const Error& e) {
      throw Error(ErrorKind::InvalidInput, fmt::format("\"{}\": {}", key, e.what()));
    }
    return true;
  };
  if (part("trace", c.trace_summary)) {
    c.traced_iterations = j.value("traced_iterations", std::vector<int>{});
  }
  part("timeline", c.timeline);  // optional: older files and untraced configs have none
  part("cudnn_observation",
       c.cudnn_observation);        // optional: only configs traced with convolution records
  part("roofline", c.roofline);     // optional: only sessions run with the roofline on
  if (j.contains("measured_on")) {  // optional: sessions of one device have none
    const auto& m = j["measured_on"];
    c.measured_on = MeasuredOn{m.value("host", ""), deviceFromJson(m.at("device"))};
  }
  if (j.contains("shape")) {  // optional: sessions of one shape have none
    const auto& sh = j["shape"];
    ShapePoint p;
    p.label = sh.at("label").get<std::string>();
    p.batch = sh.at("batch").get<std::int64_t>();
    for (const auto& d : sh.value("dims", json::array())) {
      p.dims.emplace_back(d.at("name").get<std::string>(), d.at("value").get<std::int64_t>());
    }
    for (const auto& spec : sh.value("inputs", json::array())) {
      p.inputs.push_back(InputSpec::parse(spec.get<std::string>()));
    }
    c.shape = std::move(p);
  }
  if (j.contains("accuracy")) {
    const auto& a = j["accuracy"];
    auto& o = c.accuracy;
    o.measured = true;
    // Outputs with NaN or infinities give NaN errors, which JSON writes as null: read back as NaN.
    const auto error = [&](const char* field, double fallback) {
      if (a.contains(field) && a[field].is_null()) return std::numeric_limits<double>::quiet_NaN();
      return a.value(field, fallback);
    };
    o.max_abs_error = error("max_abs_error", 0.0);
    o.rel_l2_error = error("rel_l2_error", 0.0);
    o.cosine_similarity = error("cosine_similarity", 1.0);
    o.nan_count = a.value("nan_count", std::int64_t{0});
    o.inf_count = a.value("inf_count", std::int64_t{0});
    if (a.contains("top1_agreement")) o.top1_agreement = a["top1_agreement"].get<double>();
    o.unjudgeable = a.value("unjudgeable", "");
    o.top1_unjudgeable = a.value("top1_unjudgeable", "");
  }
  return c;
}

// ---- session -----------------------------------------------------------------------------------
// A kernel timeline is thousands of small number arrays: indented, every number would take a line
// of its own. The file keeps each timeline on one compact line instead, spliced in for a
// marker string after the indented dump.
static std::string timelineMarker(std::size_t i) {
  return fmt::format("\x01inferscope-timeline-{}\x01", i);
}

static std::string spliceTimelines(std::string text, const std::vector<std::string>& timelines) {
  for (std::size_t i = 0; i < timelines.size(); ++i) {
    const std::string marker = json(timelineMarker(i)).dump();  // quoted and escaped
    const auto at = text.find(marker);
    if (at == std::string::npos || text.find(marker, at + 1) != std::string::npos) {
      throw Error(ErrorKind::Runtime, "session writer: timeline marker not found exactly once");
    }
    text.replace(at, marker.size(), timelines[i]);
  }
  return text;
}

std::string sessionToJson(const SessionResult& s, int indent) {
  json configs = json::array();
  std::vector<std::string> timelines;
  for (const auto& c : s.configs) {
    json config = toJson(c);
    if (indent >= 0 && config.contains("timeline")) {
      timelines.push_back(config["timeline"].dump());
      config["timeline"] = timelineMarker(timelines.size() - 1);
    }
    configs.push_back(std::move(config));
  }
  json j = {{"schema", kSessionSchema},
            {"generator",
             s.generator.empty() ? fmt::format("inferscope {}", kInferScopeVersion) : s.generator},
            {"created_utc", s.created_utc},
            {"host", s.host},
            {"device", toJson(s.device)},
            {"request", toJson(s.request)},
            {"parameter_count", s.parameter_count},
            {"output_shapes", s.output_shapes},
            {"cancelled", s.cancelled},
            {"configs", configs}};
  if (s.shard) j["shard"] = {{"index", s.shard->index}, {"count", s.shard->count}};
  // A tuned session's race (core/engine/tune_record.h): only when it has one.
  if (!s.races.empty()) {
    json races = json::array();
    for (const auto& r : s.races) races.push_back(session_json::tuneRecordValue(r, &s));
    j["races"] = std::move(races);
  }
  // Answers across a shape set (core/engine/shape_record.h): only sessions over one.
  if (s.shape_record) j["shape_record"] = session_json::shapeRecordValue(*s.shape_record);
  if (s.ceilings) j["ceilings"] = session_json::convertJson<json>(nlohmann::json(*s.ceilings));
  // cuDNN ledgers (core/cudnn/): only when the session has some, so other sessions stay as they
  // were.
  if (!s.cudnn_ledgers.empty()) {
    json ledgers = json::array();
    for (const auto& l : s.cudnn_ledgers)
      ledgers.push_back(session_json::convertJson<json>(nlohmann::json(l)));
    j["cudnn_ledgers"] = std::move(ledgers);
  }
  return spliceTimelines(j.dump(indent), timelines);
}

// Fields that consumers index with: a crafted value must fail here, not as a read out of bounds.
// warmup_iterations may pass the samples up to `max_warmup` (session_validation.h).
static void checkConfigRanges(const ConfigResult& c, std::size_t max_warmup) {
  const auto samples = c.latency_ms.size();
  const auto fail = [](const std::string& what) { throw Error(ErrorKind::InvalidInput, what); };
  if (!c.host_ms.empty() && c.host_ms.size() != samples) {
    fail(fmt::format("host_ms has {} values but latency_ms {}", c.host_ms.size(), samples));
  }
  const std::size_t warmup_bound = std::max(samples, max_warmup);
  if (c.warmup_iterations < 0 || static_cast<std::size_t>(c.warmup_iterations) > warmup_bound) {
    fail(
        fmt::format("warmup_iterations {} is outside 0…{} (the samples, or the warm-up the "
                    "request asked for)",
                    c.warmup_iterations, warmup_bound));
  }
  if (c.steady.steady_start > samples) {
    fail(fmt::format("steady_state.steady_start {} is past the {} samples", c.steady.steady_start,
                     samples));
  }
  for (int i : c.traced_iterations) {
    if (i < 0 || static_cast<std::size_t>(i) >= samples) {
      fail(fmt::format("traced_iterations holds {}, outside 0…{}", i, samples));
    }
  }
}

SessionResult sessionFromJson(std::string_view text, const std::string& origin,
                              const SessionReadOptions& options) {
  const auto& limits = options.limits;
  if (text.size() > limits.max_file_bytes) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} is {} bytes, more than the {} a session file may have", origin,
                            text.size(), limits.max_file_bytes));
  }
  // Parsing is most of the time: 90 % of the progress; converting the configs the rest.
  const auto progress = [&](double fraction) {
    if (options.progress) options.progress(fraction);
  };
  session_json::ParseLimits parse_limits;
  parse_limits.max_depth = limits.max_depth;
  parse_limits.cancel = options.cancel;
  if (options.progress) parse_limits.progress = [&](double f) { progress(0.9 * f); };
  const json j = session_json::parseBounded(text, origin, parse_limits);
  if (!j.is_object() || !j.contains("schema")) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} is not an InferScope session (no \"schema\" field)", origin));
  }
  try {
    const int schema = j.at("schema").get<int>();
    if (schema > kSessionSchema) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("{} was written by a newer InferScope (schema {}; this build reads up "
                      "to {}): update InferScope",
                      origin, schema, kSessionSchema));
    }
    if (schema < 1) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("{}: schema {} is not a session schema (they start at 1)", origin, schema));
    }
    const auto& configs = j.at("configs");
    if (!configs.is_array()) {
      throw Error(ErrorKind::InvalidInput, fmt::format("{}: configs: expected an array, got {}",
                                                       origin, configs.type_name()));
    }
    if (configs.size() > limits.max_configs) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("{} holds {} configs, more than the {} a session may have", origin,
                              configs.size(), limits.max_configs));
    }
    SessionResult s;
    s.generator = j.value("generator", "");
    s.created_utc = j.value("created_utc", "");
    s.host = j.value("host", "");
    s.device = deviceFromJson(j.at("device"));
    s.request = requestFromJson(j.at("request"));
    s.parameter_count = j.value("parameter_count", std::int64_t{0});
    s.output_shapes = j.value("output_shapes", std::vector<std::string>{});
    s.cancelled = j.value("cancelled", false);
    for (std::size_t i = 0; i < configs.size(); ++i) {
      if (options.cancel != nullptr && options.cancel->cancelled()) {
        throw Error(ErrorKind::Cancelled, fmt::format("reading {} was cancelled", origin));
      }
      if (i % 64 == 0)
        progress(0.9 + 0.1 * static_cast<double>(i) / static_cast<double>(configs.size()));
      const auto& c = configs[i];
      for (const char* series : {"latency_ms", "host_ms"}) {
        if (c.is_object() && c.contains(series) &&
            c[series].size() > limits.max_samples_per_config) {
          throw Error(
              ErrorKind::InvalidInput,
              fmt::format("{}: configs[{}].{} holds {} samples, more than the {} a config may have",
                          origin, i, series, c[series].size(), limits.max_samples_per_config));
        }
      }
      try {
        s.configs.push_back(configFromJson(c));
        checkConfigRanges(s.configs.back(),
                          static_cast<std::size_t>(std::max(0, s.request.run.warmup_iterations)));
      } catch (const Error& e) {
        if (e.kind() != ErrorKind::InvalidInput) throw;
        throw Error(ErrorKind::InvalidInput, fmt::format("configs[{}]: {}", i, e.what()));
      }
    }
    if (j.contains("shard")) {  // optional: only sessions run with --shard
      // The numbers as written, read by ShardSpec::parse's one check: get<int> would wrap 2^32
      // to 0 and cut 1.5 to 1.
      const auto written = [&](const char* field) {
        const auto& v = j["shard"].at(field);
        return v.is_number() ? v.dump() : std::string(v.type_name());
      };
      s.shard = ShardSpec::parse(fmt::format("{}/{}", written("index"), written("count")));
    }
    if (j.contains("races")) {  // optional: only tuned sessions
      const auto& races = j.at("races");
      // One race per tune shard, and a split has at most as many shards as configs.
      if (!races.is_array() || races.size() > limits.max_configs) {
        throw Error(ErrorKind::InvalidInput,
                    races.is_array()
                        ? fmt::format("races holds {} races, more than the {} a session may have",
                                      races.size(), limits.max_configs)
                        : fmt::format("races: expected an array, got {}", races.type_name()));
      }
      for (std::size_t i = 0; i < races.size(); ++i) {
        if (options.cancel != nullptr && options.cancel->cancelled()) {
          throw Error(ErrorKind::Cancelled, fmt::format("reading {} was cancelled", origin));
        }
        try {
          s.races.push_back(session_json::tuneRecordFrom(races[i], limits.max_race_entries));
        } catch (const Error& e) {
          throw Error(ErrorKind::InvalidInput, fmt::format("races[{}]: {}", i, e.what()));
        }
      }
    }
    if (j.contains("shape_record")) {  // optional: only sessions over a shape set
      // As many entries as configs at most: a curve, a route or a probe per result.
      s.shape_record = session_json::shapeRecordFrom(j.at("shape_record"), limits.max_configs);
    }
    if (j.contains("cudnn_ledgers")) {
      for (const auto& l : j.at("cudnn_ledgers")) {
        try {
          s.cudnn_ledgers.push_back(
              session_json::convertJson<nlohmann::json>(l).get<cudnn::CudnnLedger>());
        } catch (const Error& e) {
          throw Error(ErrorKind::InvalidInput, fmt::format("cudnn_ledgers: {}", e.what()));
        }
      }
    }
    if (j.contains("ceilings")) {  // optional: only sessions run with the roofline on
      try {
        s.ceilings = session_json::convertJson<nlohmann::json>(j["ceilings"])
                         .get<roofline::DeviceCeilings>();
      } catch (const Error& e) {
        throw Error(ErrorKind::InvalidInput, fmt::format("ceilings: {}", e.what()));
      }
    }
    validateSessionValues(s, limits);  // ranges, repeats, the shard count (session_validation.h)
    progress(1.0);
    return s;
  } catch (const nlohmann::json::exception& e) {
    // With the path of the offending value: "configs[3].latency_ms[17]: expected a number, …".
    throw Error(ErrorKind::InvalidInput, fmt::format("{} is a malformed session file: {}", origin,
                                                     session_json::describe(e)));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput || std::string(e.what()).rfind(origin, 0) == 0) throw;
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} is a malformed session file: {}", origin, e.what()));
  }
}

// ---- parts, for isolated child processes
// ---------------------------------------------------------
template <class Fn>
static auto parsePart(std::string_view text, const std::string& origin, Fn&& fn) {
  const json j = session_json::parseBounded(text, origin, session_json::ParseLimits{});
  try {
    return fn(j);
  } catch (const nlohmann::json::exception& e) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", origin, session_json::describe(e)));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) throw;
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", origin, e.what()));  // which file
  }
}

namespace session_json {
Json configResultValue(const ConfigResult& result) {
  return toJson(result);
}
ConfigResult configResultFrom(const Json& value) {
  auto result = configFromJson(value);
  // A worker's result: the request's warm-up is the parent's to know; the sample limit bounds it.
  const SessionLimits limits;
  checkConfigRanges(result, limits.max_samples_per_config);
  validateConfigValues(result, "config", limits.max_samples_per_config);
  return result;
}
Json deviceInfoValue(const DeviceInfo& device) {
  return toJson(device);
}
DeviceInfo deviceInfoFrom(const Json& value) {
  return deviceFromJson(value);
}
Json forkStatsValue(const ForkStats& stats) {
  return toJson(stats);
}
ForkStats forkStatsFrom(const Json& value) {
  return forkStatsFromJson(value);
}
}  // namespace session_json

std::string requestToJson(const ProfileRequest& request) {
  return toJson(request).dump();
}
ProfileRequest requestFromJson(std::string_view text, const std::string& origin) {
  // A worker's request passes the checks a session's request does: a batch of 0 or an iteration
  // count past the bound is refused before any model is built.
  return parsePart(text, origin, [](const json& j) {
    auto request = requestFromJson(j);
    validateRequestValues(request, SessionLimits{}.max_configs);
    return request;
  });
}
std::string configResultToJson(const ConfigResult& result) {
  return toJson(result).dump();
}
ConfigResult configResultFromJson(std::string_view text, const std::string& origin) {
  return parsePart(text, origin, [](const json& j) { return session_json::configResultFrom(j); });
}
std::string deviceInfoToJson(const DeviceInfo& device) {
  return toJson(device).dump();
}
DeviceInfo deviceInfoFromJson(std::string_view text) {
  return parsePart(text, "<device>", [](const json& j) { return deviceFromJson(j); });
}

}  // namespace inferscope
