#include "core/tuner/tune_event.h"

#include <nlohmann/json.hpp>

namespace inferscope::tuner {
namespace {

using nlohmann::json;

CompileStatus::State compileState(const std::string& text) {
  for (auto s :
       {CompileStatus::State::Queued, CompileStatus::State::Running, CompileStatus::State::Done,
        CompileStatus::State::Cached, CompileStatus::State::Failed}) {
    if (text == toString(s)) return s;
  }
  return CompileStatus::State::Queued;
}

}  // namespace

std::optional<TuneEvent> parseTuneEvent(std::string_view line) {
  const auto j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("event") || !j["event"].is_string()) return std::nullopt;
  TuneEvent e;
  e.type = j["event"].get<std::string>();
  try {
    e.model = j.value("model", "");
    e.device = j.value("device", "");
    e.rule = j.value("rule", "");
    e.budget_ms = j.value("budget_ms", 0.0);
    if (j.contains("configs")) {
      for (const auto& c : j["configs"])
        e.pruned.emplace_back(c.value("key", ""), c.value("reason", ""));
    }
    e.round = j.value("round", 0);
    e.iterations = j.value("iterations", 0);
    e.keys = j.value("keys", std::vector<std::string>{});
    e.key = j.value("key", "");
    e.state = j.value("state", "");
    e.reason = j.value("reason", "");
    e.accuracy = j.value("accuracy", "");
    e.median_ms = j.value("median_ms", 0.0);
    e.low_ms = j.value("low_ms", 0.0);
    e.high_ms = j.value("high_ms", 0.0);
    e.compile_ms = j.value("compile_ms", 0.0);
    e.rounds = j.value("rounds", 0);
    if (j.contains("forks") && j["forks"].is_object()) {
      const auto& f = j["forks"];
      e.forked = true;
      e.forks = f.value("forks", 0);
      e.fork_median_ms = f.value("median_ms", 0.0);
      e.fork_low_ms = f.value("low_ms", 0.0);
      e.fork_high_ms = f.value("high_ms", 0.0);
      e.fork_verdict = f.value("verdict", "");
    } else if (j.contains("forks") && j["forks"].is_number_integer()) {
      e.forks = j["forks"].get<int>();
    }
    if (j.contains("jobs")) {
      for (const auto& job : j["jobs"]) {
        CompileStatus s;
        s.key = job.value("key", "");
        s.state = compileState(job.value("state", ""));
        s.elapsed_ms = job.value("elapsed_ms", 0.0);
        s.attempts = job.value("attempts", 0);
        s.message = job.value("message", "");
        e.jobs.push_back(s);
      }
    }
    e.spent_ms = j.value("spent_ms", 0.0);
    e.winner = j.value("winner", "");
    e.verdict = j.value("verdict", "");
    e.host = j.value("host", "");
    e.session = j.value("session", "");
    e.tied_with = j.value("tied_with", std::vector<std::string>{});
    e.elapsed_ms = j.value("elapsed_ms", 0.0);
    e.level = j.value("level", "");
    e.message = j.value("message", "");
  } catch (const json::exception&) {
    return std::nullopt;  // a field of the wrong type: not one of our lines
  }
  return e;
}

}  // namespace inferscope::tuner
