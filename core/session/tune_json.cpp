#include "core/session/tune_json.h"

#include <fmt/format.h>

#include "core/common/error.h"
#include "core/engine/tune_answer.h"
#include "core/session/bounded_json.h"
#include "core/session/session_file.h"
#include "core/session/session_values.h"
#include "core/session/tune_values.h"

namespace inferscope {
namespace session_json {
namespace {

CompileStatus::State compileState(const std::string& text) {
  for (auto s :
       {CompileStatus::State::Queued, CompileStatus::State::Running, CompileStatus::State::Done,
        CompileStatus::State::Cached, CompileStatus::State::Failed}) {
    if (text == toString(s)) return s;
  }
  throw Error(
      ErrorKind::InvalidInput,
      fmt::format("compile state '{}' is none of queued, running, done, cached, failed", text));
}

Json reasonValue(const TuneReason& r);
TuneReason reasonFrom(const Json& x, const std::string& where, std::size_t max_entries);

// A candidate's reason code holds a handful of values; more is no race's.
constexpr std::size_t kMaxReasonValues = 64;

Json candidateValue(const TuneCandidateRecord& c) {
  Json j = {{"key", c.key},
            {"state", c.state},
            {"reason", c.reason},
            {"accuracy", c.accuracy},
            {"median_ms", c.median_ms},
            {"low_ms", c.low_ms},
            {"high_ms", c.high_ms},
            {"samples", c.samples},
            {"rounds", c.rounds},
            {"contended", c.contended},
            {"setup_ms", c.setup_ms},
            {"compile_ms", c.compile_ms}};
  if (!c.fallback.empty()) j["fallback"] = c.fallback;
  if (!c.reason_code.code.empty()) j["reason_code"] = reasonValue(c.reason_code);
  if (c.forks) j["forks"] = forkStatsValue(*c.forks);
  return j;
}

// One of the race's lists, refused whole when it is not an array or holds more than a race can:
// read entry by entry, a crafted file of millions would cost the reader and every view that
// shows the race time in proportion (the GUI's race table had been quadratic in it).
const Json* listOf(const Json& parent, const char* key, const std::string& path,
                   std::size_t max_entries) {
  if (!parent.contains(key)) return nullptr;
  const Json& value = parent.at(key);
  if (!value.is_array()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: expected an array, got {}", path, value.type_name()));
  }
  if (value.size() > max_entries) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} holds {} entries, more than the {} a race may have", path,
                            value.size(), max_entries));
  }
  return &value;
}

std::vector<std::string> stringsOf(const Json& parent, const char* key, const std::string& path,
                                   std::size_t max_entries) {
  const Json* list = listOf(parent, key, path, max_entries);
  return list ? list->get<std::vector<std::string>>() : std::vector<std::string>{};
}

// A count of the race (rounds, forks, attempts): never negative.
int countOf(const Json& parent, const char* key, const std::string& path) {
  const int value = parent.value(key, 0);
  if (value < 0) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {} is not a count (≥ 0)", path, value));
  }
  return value;
}

TuneCandidateRecord candidateFrom(const Json& j, const std::string& path) {
  TuneCandidateRecord c;
  c.key = j.at("key").get<std::string>();
  c.state = j.at("state").get<std::string>();
  c.reason = j.value("reason", "");
  // Absent in sessions saved before the codes: the sentence above is then what is shown.
  if (j.contains("reason_code"))
    c.reason_code = reasonFrom(j.at("reason_code"), path + ".reason_code", kMaxReasonValues);
  c.accuracy = j.value("accuracy", "");
  c.fallback = j.value("fallback", "");
  c.median_ms = j.value("median_ms", 0.0);
  c.low_ms = j.value("low_ms", 0.0);
  c.high_ms = j.value("high_ms", 0.0);
  c.samples = j.value("samples", std::size_t{0});
  c.rounds = countOf(j, "rounds", path + ".rounds");
  c.contended = j.value("contended", false);
  c.setup_ms = j.value("setup_ms", 0.0);
  c.compile_ms = j.value("compile_ms", 0.0);
  if (j.contains("forks")) c.forks = forkStatsFrom(j.at("forks"));
  return c;
}

Json reasonValue(const TuneReason& r) {
  Json values = Json::object();
  for (const auto& [name, value] : r.values) values[name] = value;
  return {{"code", r.code}, {"values", std::move(values)}};
}

Json reasonsValue(const std::vector<TuneReason>& reasons) {
  Json out = Json::array();
  for (const auto& r : reasons) out.push_back(reasonValue(r));
  return out;
}

// `where` names the value in the error ("reasons[2]", "candidates[0].reason_code").
TuneReason reasonFrom(const Json& x, const std::string& where, std::size_t max_entries) {
  TuneReason r;
  r.code = x.at("code").get<std::string>();
  if (x.contains("values")) {
    const auto& values = x.at("values");
    if (!values.is_object() || values.size() > max_entries) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("{}.values: expected an object of at most {} strings", where, max_entries));
    }
    for (const auto& [name, value] : values.items()) r.values[name] = value.get<std::string>();
  }
  return r;
}

std::vector<TuneReason> reasonsFrom(const Json& parent, const char* key, std::size_t max_entries) {
  std::vector<TuneReason> out;
  if (const Json* list = listOf(parent, key, key, max_entries)) {
    for (std::size_t i = 0; i < list->size(); ++i)
      out.push_back(reasonFrom((*list)[i], fmt::format("{}[{}]", key, i), max_entries));
  }
  return out;
}

}  // namespace

// The answer as data, beside the race that it is computed from (answerOf): what a reader of the
// file or of the tune_done event takes without knowing the rules that derive it. Never read back:
// the race's own fields stay the source.
Json tuneAnswerValue(const TuneAnswer& a) {
  return {
      {"state", a.state},
      {"why", reasonsValue(a.why)},
      {"winner", a.winner},
      {"median_ms", a.median_ms},
      {"low_ms", a.low_ms},
      {"high_ms", a.high_ms},
      {"interval_kind", a.interval_kind},
      {"processes", a.processes},
      {"wide", a.wide},
      {"unstable", a.unstable},
      {"tied_with", a.tied_with},
      {"torch_compile",
       {{"key", a.peer_key},
        {"ratio", a.peer_ratio},
        {"winner_ms", a.winner_peer_ms},
        {"median_ms", a.peer_ms},
        {"basis", a.peer_basis},
        {"unsafe", a.peer_unsafe},
        {"missing", a.peer_missing}}},
      {"accuracy", a.accuracy},
      {"rule", a.rule},
      {"peak_memory_bytes", a.peak_memory_bytes},
      {"roofline",
       {{"pct", a.roofline_pct}, {"bound", a.roofline_bound}, {"precision", a.roofline_precision}}},
      {"host",
       {{"measured", a.host_measured},
        {"host_bound", a.host_bound},
        {"launch_wait_share", a.launch_wait_share}}},
      {"missing",
       {{"count", a.missing},
        {"of", a.candidates},
        {"precisions", a.missing_precisions},
        {"compiles", a.missing_compiles},
        {"budget_to_reach_s", a.budget_to_reach_s}}},
      {"notes", reasonsValue(a.notes)},
      {"log_paths", a.log_paths}};
}

Json tuneRecordValue(const TuneRecord& r, const SessionResult* session) {
  Json j = tuneRecordValue(r);
  j["answer"] = tuneAnswerValue(answerOf(r, session));
  return j;
}

Json tuneRecordValue(const TuneRecord& r) {
  Json candidates = Json::array(), pruned = Json::array(), compiles = Json::array(),
       peers = Json::array();
  for (const auto& c : r.candidates) candidates.push_back(candidateValue(c));
  for (const auto& p : r.pruned) pruned.push_back({{"key", p.key}, {"reason", p.reason}});
  for (const auto& c : r.compiles) {
    compiles.push_back({{"key", c.key},
                        {"package_path", c.package_path},
                        {"log_path", c.log_path},
                        {"state", toString(c.state)},
                        {"elapsed_ms", c.elapsed_ms},
                        {"attempts", c.attempts},
                        {"message", c.message}});
  }
  for (const auto& p : r.peers) {
    peers.push_back(
        {{"name", p.name}, {"median_ms", p.median_ms}, {"ratio", p.ratio}, {"note", p.note}});
  }
  const auto& h = r.host;
  return {
      {"model", r.model},
      {"device", r.device},
      {"rule", r.rule},
      {"shard", r.shard},
      {"verdict_state", r.verdict_state},
      {"winner", r.winner},
      {"tied_with", r.tied_with},
      {"accuracy_note", r.accuracy_note},
      {"roofline", r.roofline},
      {"candidates", candidates},
      {"pruned", pruned},
      {"compiles", compiles},
      {"finals", {{"keys", r.finalists}, {"forks", r.forks}, {"iterations", r.fork_iterations}}},
      {"budget",
       {{"budget_ms", r.budget_ms},
        {"elapsed_ms", r.elapsed_ms},
        {"spent_before_ms", r.spent_before_ms},
        {"exit_reserve_ms", r.exit_reserve_ms},
        {"note", r.budget_note},
        {"rounds", r.rounds},
        {"cancelled", r.cancelled}}},
      {"unmeasured",
       {{"count", r.not_measured},
        {"precisions", r.unmeasured_precisions},
        {"compiles", r.unmeasured_compiles},
        {"budget_to_reach_ms", r.budget_to_reach_ms}}},
      {"host",
       {{"measured", h.measured},
        {"launch_wait_share", h.launch_wait_share},
        {"eager_key", h.eager_key},
        {"graph_key", h.graph_key},
        {"eager_median_ms", h.eager_median_ms},
        {"graph_median_ms", h.graph_median_ms},
        {"host_bound", h.host_bound},
        {"contended", h.contended},
        {"sentence", h.sentence}}},
      {"peers", peers},
      {"reasons", reasonsValue(r.reasons)},
      {"log_paths", r.log_paths}};
}

TuneRecord tuneRecordFrom(const Json& j, std::size_t max_entries) {
  TuneRecord r;
  if (!j.is_object()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("a race: expected an object, got {}", j.type_name()));
  }
  r.model = j.value("model", "");
  r.device = j.value("device", "");
  r.rule = j.value("rule", "");
  r.shard = j.value("shard", "");
  // "verdict": the English paragraph of files saved before the answer was data, read past (the
  // answer is built from the fields below).
  r.verdict_state = j.value("verdict_state", "");
  r.winner = j.value("winner", "");
  r.tied_with = stringsOf(j, "tied_with", "tied_with", max_entries);
  r.accuracy_note = j.value("accuracy_note", "");
  r.roofline = j.value("roofline", "");  // optional: none in older sessions
  if (const Json* candidates = listOf(j, "candidates", "candidates", max_entries)) {
    r.candidates.reserve(candidates->size());
    for (std::size_t i = 0; i < candidates->size(); ++i)
      r.candidates.push_back(candidateFrom((*candidates)[i], fmt::format("candidates[{}]", i)));
  }
  if (const Json* pruned = listOf(j, "pruned", "pruned", max_entries)) {
    for (const auto& p : *pruned)
      r.pruned.push_back({p.at("key").get<std::string>(), p.value("reason", "")});
  }
  if (const Json* compiles = listOf(j, "compiles", "compiles", max_entries)) {
    for (std::size_t i = 0; i < compiles->size(); ++i) {
      const auto& c = (*compiles)[i];
      CompileStatus s;
      s.key = c.at("key").get<std::string>();
      s.package_path = c.value("package_path", "");
      s.log_path = c.value("log_path", "");
      s.state = compileState(c.value("state", "queued"));
      s.elapsed_ms = c.value("elapsed_ms", 0.0);
      s.attempts = countOf(c, "attempts", fmt::format("compiles[{}].attempts", i));
      s.message = c.value("message", "");
      r.compiles.push_back(s);
    }
  }
  if (j.contains("finals")) {
    const auto& f = j.at("finals");
    r.finalists = stringsOf(f, "keys", "finals.keys", max_entries);
    r.forks = countOf(f, "forks", "finals.forks");
    r.fork_iterations = countOf(f, "iterations", "finals.iterations");
  }
  if (j.contains("budget")) {
    const auto& b = j.at("budget");
    r.budget_ms = b.value("budget_ms", 0.0);
    r.elapsed_ms = b.value("elapsed_ms", 0.0);
    r.spent_before_ms = b.value("spent_before_ms", 0.0);
    r.exit_reserve_ms = b.value("exit_reserve_ms", 0.0);
    r.budget_note = b.value("note", "");
    r.rounds = countOf(b, "rounds", "budget.rounds");
    r.cancelled = b.value("cancelled", false);
  }
  if (j.contains("unmeasured")) {
    const auto& u = j.at("unmeasured");
    r.not_measured = countOf(u, "count", "unmeasured.count");
    r.unmeasured_precisions = stringsOf(u, "precisions", "unmeasured.precisions", max_entries);
    r.unmeasured_compiles = stringsOf(u, "compiles", "unmeasured.compiles", max_entries);
    r.budget_to_reach_ms = u.value("budget_to_reach_ms", 0.0);
  }
  if (j.contains("host")) {
    const auto& h = j.at("host");
    auto& o = r.host;
    o.measured = h.value("measured", false);
    o.launch_wait_share = h.value("launch_wait_share", 0.0);
    o.eager_key = h.value("eager_key", "");
    o.graph_key = h.value("graph_key", "");
    o.eager_median_ms = h.value("eager_median_ms", 0.0);
    o.graph_median_ms = h.value("graph_median_ms", 0.0);
    o.host_bound = h.value("host_bound", false);
    o.contended = h.value("contended", false);
    o.sentence = h.value("sentence", "");
  }
  if (const Json* peers = listOf(j, "peers", "peers", max_entries)) {
    for (const auto& p : *peers) {
      r.peers.push_back({p.value("name", ""), p.value("median_ms", 0.0), p.value("ratio", 0.0),
                         p.value("note", "")});
    }
  }
  // Optional: none in races saved before the answer had its own fields.
  r.reasons = reasonsFrom(j, "reasons", max_entries);
  r.log_paths = stringsOf(j, "log_paths", "log_paths", max_entries);
  return r;
}

}  // namespace session_json

std::string tuneRecordToJson(const TuneRecord& record) {
  return session_json::tuneRecordValue(record, nullptr).dump();
}

TuneRecord tuneRecordFromJson(std::string_view text, const std::string& origin) {
  const auto j = session_json::parseBounded(text, origin, session_json::ParseLimits{});
  try {
    return session_json::tuneRecordFrom(j, SessionLimits{}.max_race_entries);
  } catch (const nlohmann::json::exception& e) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", origin, session_json::describe(e)));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) throw;
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", origin, e.what()));
  }
}

}  // namespace inferscope
