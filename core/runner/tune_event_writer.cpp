#include "core/runner/tune_event_writer.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/session/event_stream_reader.h"
#include "core/session/tune_json.h"
#include "core/tuner/race_record.h"

namespace inferscope::runner {

using nlohmann::json;

namespace {

// Every line in the envelope all event streams share (core/session/event_stream_reader.h).
void send(const TuneEventLineSink& sink, json event) {
  event["protocol"] = kEventProtocol;
  sink(event.dump());
}

}  // namespace

TuneEventWriter::TuneEventWriter(std::FILE* out, CompileJobsSource compile_jobs)
    : TuneEventWriter(
          [out](const std::string& line) {
            fmt::print(out, "{}\n", line);
            std::fflush(out);
          },
          std::move(compile_jobs)) {}

TuneEventWriter::TuneEventWriter(TuneEventLineSink sink, CompileJobsSource compile_jobs)
    : sink_(std::move(sink)), compile_jobs_(std::move(compile_jobs)) {}

void TuneEventWriter::start(const std::string& model, const std::string& device, double budget_ms,
                            const std::string& rule) {
  model_ = model;
  device_ = device;
  send(sink_, {{"event", "tune_start"},
               {"model", model},
               {"device", device},
               {"budget_ms", budget_ms},
               {"rule", rule}});
}

void TuneEventWriter::onPruned(const std::vector<tuner::PrunedConfig>& pruned) {
  json configs = json::array();
  for (const auto& p : pruned) configs.push_back({{"key", p.config.key()}, {"reason", p.reason}});
  send(sink_, {{"event", "tune_pruned"}, {"configs", configs}});
}

void TuneEventWriter::onRound(int round, const std::vector<OptimizationConfig>& configs,
                              int iterations) {
  std::vector<std::string> keys;
  keys.reserve(configs.size());
  for (const auto& c : configs) keys.push_back(c.key());
  send(sink_,
       {{"event", "tune_round"}, {"round", round}, {"iterations", iterations}, {"keys", keys}});
}

void TuneEventWriter::onCandidate(const tuner::CandidateOutcome& c) {
  compileJobsChanged();
  const auto& e = c.estimate;
  json event = {
      {"event", "tune_candidate"}, {"key", c.config.key()},    {"state", tuner::toString(c.state)},
      {"reason", c.reason},        {"median_ms", e.median_ms}, {"low_ms", e.low_ms},
      {"high_ms", e.high_ms},      {"rounds", e.rounds},       {"samples", e.samples},
      {"contended", e.contended},  {"setup_ms", c.setup_ms},   {"compile_ms", c.compile_ms},
      {"accuracy", c.accuracy}};
  if (!c.fallback.empty()) event["fallback"] = c.fallback;
  if (!c.reason_code.code.empty()) {
    json values = json::object();
    for (const auto& [name, value] : c.reason_code.values) values[name] = value;
    event["reason_code"] = {{"code", c.reason_code.code}, {"values", std::move(values)}};
  }
  if (c.forks) {  // the finals: the level across fresh processes
    const auto& f = *c.forks;
    event["forks"] = {{"forks", f.forks},
                      {"median_ms", f.median_ms},
                      {"low_ms", f.ci_low_ms},
                      {"high_ms", f.ci_high_ms},
                      {"next_low_ms", f.next_low_ms},
                      {"next_high_ms", f.next_high_ms},
                      {"spread", f.spread},
                      {"log_sd", f.log_sd},
                      {"stable", f.stable},
                      {"outcome", toString(f.outcome)},
                      {"remembered_forks", f.remembered_forks}};
  }
  send(sink_, event);
}

void TuneEventWriter::onFinals(const std::vector<OptimizationConfig>& finalists, int forks,
                               int iterations) {
  std::vector<std::string> keys;
  keys.reserve(finalists.size());
  for (const auto& c : finalists) keys.push_back(c.key());
  send(sink_,
       {{"event", "tune_finals"}, {"keys", keys}, {"forks", forks}, {"iterations", iterations}});
}

void TuneEventWriter::onTime(double spent_ms, double budget_ms) {
  compileJobsChanged();
  send(sink_, {{"event", "tune_time"}, {"spent_ms", spent_ms}, {"budget_ms", budget_ms}});
}

void TuneEventWriter::onBudget(double budget_ms, const std::string& why) {
  send(sink_, {{"event", "tune_budget"}, {"budget_ms", budget_ms}, {"reason", why}});
}

void TuneEventWriter::compileJobsChanged() {
  if (!compile_jobs_) return;
  const auto jobs = compile_jobs_();
  json list = json::array();
  std::string summary;
  for (const auto& j : jobs) {
    list.push_back({{"key", j.key},
                    {"state", toString(j.state)},
                    {"elapsed_ms", j.elapsed_ms},
                    {"attempts", j.attempts},
                    {"message", j.message},
                    {"package_path", j.package_path},
                    {"log_path", j.log_path}});
    summary += j.key + toString(j.state) + ";";
  }
  if (summary == last_jobs_) return;  // states changed: report (elapsed time alone is not news)
  last_jobs_ = summary;
  send(sink_, {{"event", "tune_compile"}, {"jobs", list}});
}

void TuneEventWriter::onConfigStart(int, int, const OptimizationConfig& config) {
  send(sink_, {{"event", "tune_config_start"}, {"key", config.key()}});
}

void TuneEventWriter::onLog(LogLevel level, const std::string& message) {
  send(sink_, {{"event", "log"},
               {"level", level == LogLevel::Info ? "info" : "warning"},
               {"message", message}});
}

void TuneEventWriter::finish(const tuner::TuneResult& r, const std::string& session_path) {
  std::vector<std::string> tied, order;
  for (const auto& t : r.tied_with) tied.push_back(t.key());
  for (const auto& c : r.candidates) order.push_back(c.config.key());
  // The answer's accounting in full (the saved race's fields); the candidates, the pruned configs
  // and the finals were each their own event already.
  auto race = tuner::raceRecord(r, model_, device_);
  race.candidates.clear();
  race.pruned.clear();
  race.finalists.clear();
  send(sink_, {{"event", "tune_done"},
               {"winner", r.winner ? r.winner->key() : std::string()},
               {"tied_with", tied},
               {"verdict_state", tuner::toString(r.verdict_state)},
               {"host", r.host.sentence},
               {"elapsed_ms", r.elapsed_ms},
               {"keys", order},
               {"race", json::parse(tuneRecordToJson(race))},
               {"session", session_path}});
}

}  // namespace inferscope::runner
