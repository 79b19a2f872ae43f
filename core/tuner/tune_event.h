// One line of `inferscope-cli tune --events ndjson` (the format is listed in
// core/runner/tune_event_writer.h), read back as a plain value: what the GUI's race view renders.
// Parsing lives in core so that the GUI needs no JSON library of its own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/engine/package_compiler.h"
#include "core/engine/tune_record.h"

namespace inferscope::tuner {

struct TuneEvent {
  std::string type;  // "tune_start", "tune_pruned", "tune_round", "tune_config_start", …
  // tune_start
  std::string model, device, rule;
  double budget_ms = 0;
  // tune_pruned: (key, reason)
  std::vector<std::pair<std::string, std::string>> pruned;
  // tune_round / tune_finals
  int round = 0, iterations = 0, forks = 0;
  std::vector<std::string> keys;
  // tune_config_start / tune_candidate
  std::string key, state, reason, accuracy;
  double median_ms = 0, low_ms = 0, high_ms = 0, compile_ms = 0;
  int rounds = 0;
  bool forked = false;  // the finals' across-process level below
  double fork_median_ms = 0, fork_low_ms = 0, fork_high_ms = 0;  // the rest: candidate->forks
  // tune_candidate, in full: what a saved race holds of the candidate (core/engine/tune_record.h)
  std::optional<TuneCandidateRecord> candidate;
  // tune_compile
  std::vector<CompileStatus> jobs;
  // tune_time
  double spent_ms = 0;
  // tune_done. `verdict`: the English paragraph of a stream written by a version before the
  // answer was data (`race` holds its fields since), shown only where there is no `race`.
  std::string winner, verdict, host, session;
  std::vector<std::string> tied_with;
  double elapsed_ms = 0;
  // tune_done: the answer and its accounting (verdict state, what was not measured, the budget,
  // the host-bound diagnosis, the compiles at the end, peers); its candidates, pruned configs and
  // finals are in the events before it. `keys` holds every candidate in race order.
  std::optional<TuneRecord> race;
  // log
  std::string level, message;
};

// nullopt for a line that is not a JSON object with an "event" (progress noise is skipped).
std::optional<TuneEvent> parseTuneEvent(std::string_view line);

}  // namespace inferscope::tuner
