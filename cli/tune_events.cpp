#include "cli/tune_events.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/units.h"
#include "core/engine/compile_queue.h"
#include "core/session/tune_json.h"
#include "core/tuner/race_record.h"

namespace inferscope::cli {

using nlohmann::json;

namespace {

void emit(std::FILE* out, const json& event) {
  fmt::print(out, "{}\n", event.dump());
  std::fflush(out);
}

}  // namespace

TuneReporter::TuneReporter(bool ndjson, std::FILE* out) : ndjson_(ndjson), out_(out) {}

void TuneReporter::line(const std::string& text) {
  fmt::print(stderr, "[{:6.1f} s] {}\n", units::msToS(spent_ms_), text);
  std::fflush(stderr);
}

void TuneReporter::start(const std::string& model, const std::string& device, double budget_ms,
                         const std::string& rule) {
  model_ = model;
  device_ = device;
  if (ndjson_) {
    emit(out_, {{"event", "tune_start"},
                {"model", model},
                {"device", device},
                {"budget_ms", budget_ms},
                {"rule", rule}});
  } else {
    fmt::print(stderr, "Tuning {} on {} · budget {:.0f} s · safe: {}\n", model, device,
               units::msToS(budget_ms), rule);
  }
}

void TuneReporter::onPruned(const std::vector<tuner::PrunedConfig>& pruned) {
  if (!ndjson_) return;  // the console prints them, grouped, with the result
  json configs = json::array();
  for (const auto& p : pruned) configs.push_back({{"key", p.config.key()}, {"reason", p.reason}});
  emit(out_, {{"event", "tune_pruned"}, {"configs", configs}});
}

void TuneReporter::onRound(int round, const std::vector<OptimizationConfig>& configs,
                           int iterations) {
  std::vector<std::string> keys;
  for (const auto& c : configs) keys.push_back(c.key());
  if (ndjson_) {
    emit(out_,
         {{"event", "tune_round"}, {"round", round}, {"iterations", iterations}, {"keys", keys}});
  } else {
    line(round == 0
             ? fmt::format("screening {} candidates × {} iterations", keys.size(), iterations)
             : fmt::format("round {}: {} survivors × {} iterations", round, keys.size(),
                           iterations));
  }
}

void TuneReporter::onCandidate(const tuner::CandidateOutcome& c) {
  compileJobsChanged();
  const auto& e = c.estimate;
  if (ndjson_) {
    json event = {{"event", "tune_candidate"},
                  {"key", c.config.key()},
                  {"state", tuner::toString(c.state)},
                  {"reason", c.reason},
                  {"median_ms", e.median_ms},
                  {"low_ms", e.low_ms},
                  {"high_ms", e.high_ms},
                  {"rounds", e.rounds},
                  {"samples", e.samples},
                  {"contended", e.contended},
                  {"setup_ms", c.setup_ms},
                  {"compile_ms", c.compile_ms},
                  {"accuracy", c.accuracy}};
    if (!c.fallback.empty()) event["fallback"] = c.fallback;
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
                        {"verdict", f.verdict}};
    }
    emit(out_, event);
    return;
  }
  if (c.state == tuner::CandidateState::Finalist && e.rounds > 0)
    return;  // measured and alive: no news
  line(fmt::format("{:<10} {:<22} {}", tuner::toString(c.state), c.config.key(), c.reason));
}

void TuneReporter::onFinals(const std::vector<OptimizationConfig>& finalists, int forks,
                            int iterations) {
  std::vector<std::string> keys;
  for (const auto& c : finalists) keys.push_back(c.key());
  if (ndjson_) {
    emit(out_,
         {{"event", "tune_finals"}, {"keys", keys}, {"forks", forks}, {"iterations", iterations}});
  } else {
    line(fmt::format("finals: {} in {} fresh processes each", fmt::join(keys, ", "), forks));
  }
}

void TuneReporter::onTime(double spent_ms, double budget_ms) {
  spent_ms_ = spent_ms;
  compileJobsChanged();
  if (ndjson_)
    emit(out_, {{"event", "tune_time"}, {"spent_ms", spent_ms}, {"budget_ms", budget_ms}});
}

void TuneReporter::onBudget(double budget_ms, const std::string& why) {
  if (ndjson_) {
    emit(out_, {{"event", "tune_budget"}, {"budget_ms", budget_ms}, {"reason", why}});
  } else {
    line(why);
  }
}

void TuneReporter::compileJobsChanged() {
  const auto jobs = CompileQueue::instance().jobs();
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
  if (ndjson_) {
    emit(out_, {{"event", "tune_compile"}, {"jobs", list}});
    return;
  }
  for (const auto& j : jobs) {
    const bool finished =
        j.state == CompileStatus::State::Done || j.state == CompileStatus::State::Failed;
    const auto seen = printed_.find(j.package_path);
    if (seen != printed_.end() && seen->second == j.state) continue;
    printed_[j.package_path] = j.state;
    if (finished) {
      line(fmt::format("compile {} {}: {} ({:.0f} s){}", j.key, toString(j.state), j.package_path,
                       units::msToS(j.elapsed_ms), j.message.empty() ? "" : " — " + j.message));
    }
  }
}

void TuneReporter::onConfigStart(int, int, const OptimizationConfig& config) {
  if (ndjson_) emit(out_, {{"event", "tune_config_start"}, {"key", config.key()}});
}

void TuneReporter::onLog(LogLevel level, const std::string& message) {
  if (ndjson_) {
    emit(out_, {{"event", "log"},
                {"level", level == LogLevel::Info ? "info" : "warning"},
                {"message", message}});
  } else if (level != LogLevel::Info) {
    line(message);
  }
}

void TuneReporter::finish(const tuner::TuneResult& r, const std::string& session_path) {
  if (!ndjson_) return;
  std::vector<std::string> tied, order;
  for (const auto& t : r.tied_with) tied.push_back(t.key());
  for (const auto& c : r.candidates) order.push_back(c.config.key());
  // The answer's accounting in full (the saved race's fields); the candidates, the pruned configs
  // and the finals were each their own event already.
  auto race = tuner::raceRecord(r, model_, device_);
  race.candidates.clear();
  race.pruned.clear();
  race.finalists.clear();
  emit(out_, {{"event", "tune_done"},
              {"winner", r.winner ? r.winner->key() : std::string()},
              {"tied_with", tied},
              {"verdict", r.verdict},
              {"verdict_state", tuner::toString(r.verdict_state)},
              {"host", r.host.sentence},
              {"elapsed_ms", r.elapsed_ms},
              {"keys", order},
              {"race", json::parse(tuneRecordToJson(race))},
              {"session", session_path}});
}

}  // namespace inferscope::cli
