#include "core/tuner/tune_event.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/common/json_reader.h"
#include "core/session/tune_json.h"

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
  const JsonReader r(j, "tune event");
  TuneEvent e;
  try {
    e.type = r.at("event").string();
    e.model = r.stringOr("model", "");
    e.device = r.stringOr("device", "");
    e.rule = r.stringOr("rule", "");
    e.budget_ms = r.numberOr("budget_ms", 0.0);
    for (const auto& c : r.elementsOr("configs"))
      e.pruned.emplace_back(c.stringOr("key", ""), c.stringOr("reason", ""));
    e.round = r.integerOr("round", 0);
    e.iterations = r.integerOr("iterations", 0);
    e.keys = r.has("keys") ? r.at("keys").strings() : std::vector<std::string>{};
    e.key = r.stringOr("key", "");
    e.state = r.stringOr("state", "");
    e.reason = r.stringOr("reason", "");
    e.accuracy = r.stringOr("accuracy", "");
    e.median_ms = r.numberOr("median_ms", 0.0);
    e.low_ms = r.numberOr("low_ms", 0.0);
    e.high_ms = r.numberOr("high_ms", 0.0);
    e.compile_ms = r.numberOr("compile_ms", 0.0);
    e.rounds = r.integerOr("rounds", 0);
    std::optional<ForkStats> fork_stats;
    if (r.has("forks") && r.at("forks").isObject()) {  // a candidate's forks
      const auto f = r.at("forks");
      e.forked = true;
      e.forks = f.integerOr("forks", 0);
      e.fork_median_ms = f.numberOr("median_ms", 0.0);
      e.fork_low_ms = f.numberOr("low_ms", 0.0);
      e.fork_high_ms = f.numberOr("high_ms", 0.0);
      ForkStats s;
      s.forks = e.forks;
      s.median_ms = e.fork_median_ms;
      s.ci_low_ms = e.fork_low_ms;
      s.ci_high_ms = e.fork_high_ms;
      s.next_low_ms = f.numberOr("next_low_ms", 0.0);
      s.next_high_ms = f.numberOr("next_high_ms", 0.0);
      s.spread = f.numberOr("spread", 0.0);
      s.log_sd = f.numberOr("log_sd", 0.0);
      s.stable = f.has("stable") && f.at("stable").boolean();
      s.remembered_forks = f.integerOr("remembered_forks", 0);
      const auto outcome = parseForkAgreement(f.stringOr("outcome", ""));
      // An event stream of a version before the outcome: its sentence's first word said noisy.
      s.outcome = outcome ? *outcome
                          : forkAgreement(static_cast<std::size_t>(std::max(0, s.forks)), s.stable,
                                          f.stringOr("verdict", "").rfind("noisy", 0) == 0);
      fork_stats = s;
    } else if (r.has("forks")) {  // the finals' fork count
      e.forks = r.at("forks").integer();
    }
    if (e.type == "tune_candidate") {
      TuneCandidateRecord c;
      c.key = e.key;
      c.state = e.state;
      c.reason = e.reason;
      c.accuracy = e.accuracy;
      c.fallback = r.stringOr("fallback", "");
      if (r.has("reason_code")) {  // absent in events of a version before the codes
        const auto code = r.at("reason_code");
        c.reason_code.code = code.stringOr("code", "");
        if (code.has("values")) {
          for (const auto& [name, value] : code.at("values").members())
            c.reason_code.values[name] = value.string();
        }
      }
      c.median_ms = e.median_ms;
      c.low_ms = e.low_ms;
      c.high_ms = e.high_ms;
      c.samples = static_cast<std::size_t>(std::max(0, r.integerOr("samples", 0)));
      c.rounds = e.rounds;
      c.contended = r.has("contended") && r.at("contended").boolean();
      c.setup_ms = r.numberOr("setup_ms", 0.0);
      c.compile_ms = e.compile_ms;
      c.forks = fork_stats;
      e.candidate = c;
    }
    for (const auto& job : r.elementsOr("jobs")) {
      CompileStatus s;
      s.key = job.stringOr("key", "");
      s.state = compileState(job.stringOr("state", ""));
      s.elapsed_ms = job.numberOr("elapsed_ms", 0.0);
      s.attempts = job.integerOr("attempts", 0);
      s.message = job.stringOr("message", "");
      s.package_path = job.stringOr("package_path", "");
      s.log_path = job.stringOr("log_path", "");
      e.jobs.push_back(s);
    }
    e.spent_ms = r.numberOr("spent_ms", 0.0);
    e.winner = r.stringOr("winner", "");
    e.verdict = r.stringOr("verdict", "");
    e.host = r.stringOr("host", "");
    e.session = r.stringOr("session", "");
    e.tied_with = r.has("tied_with") ? r.at("tied_with").strings() : std::vector<std::string>{};
    e.elapsed_ms = r.numberOr("elapsed_ms", 0.0);
    if (e.type == "tune_done" && j.contains("race") && j["race"].is_object())
      e.race = tuneRecordFromJson(j["race"].dump(), "tune_done's race");
    e.level = r.stringOr("level", "");
    e.message = r.stringOr("message", "");
  } catch (const Error&) {
    return std::nullopt;  // a field of the wrong type: not one of our lines
  }
  return e;
}

}  // namespace inferscope::tuner
