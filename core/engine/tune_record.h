// A tuning run's race as a session file keeps it: the answer a user shares, opens on a laptop or
// reads again with `sweep --from`, long after the live run. Plain values, configs by key, so that
// the file needs nothing of the tuner to be read (core/session/tune_json.h maps it to JSON;
// core/tuner/tune_record.h builds it from a TuneResult, or from the live events).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/engine/package_compiler.h"

namespace inferscope {

// Why a race's answer is in its state, or a note beside it: a stable code and its values, by
// name, written as text (numbers in C locale, lists joined with ", "), never a sentence: the CLI
// and the GUI render it in the user's language (core/engine/tune_answer.h; docs/ADVISOR.md lists
// the codes).
struct TuneReason {
  std::string code;
  std::map<std::string, std::string> values;
  std::string value(const std::string& name) const;  // "" when absent
  bool operator==(const TuneReason& o) const { return code == o.code && values == o.values; }
};

// One candidate's final state, as the race left it.
struct TuneCandidateRecord {
  std::string key;
  std::string state;  // tuner::toString(CandidateState): "winner", "eliminated", …
  std::string reason, accuracy, fallback;
  TuneReason reason_code;  // `reason` as a code with values; "" code in races saved before codes
  double median_ms = 0, low_ms = 0, high_ms = 0;  // its level in the tuner's own process
  std::size_t samples = 0;
  int rounds = 0;
  bool contended = false;  // its latest round shared the machine with a compile
  double setup_ms = 0, compile_ms = 0;
  std::optional<ForkStats> forks;  // finalists: the level across fresh processes

  bool operator==(const TuneCandidateRecord& o) const;
};

struct TunePrunedRecord {
  std::string key, reason;
  bool operator==(const TunePrunedRecord& o) const { return key == o.key && reason == o.reason; }
};

// The host-bound diagnosis (tuner::HostBoundDiagnosis), by value.
struct TuneHostRecord {
  bool measured = false;
  double launch_wait_share = 0;
  std::string eager_key, graph_key;
  double eager_median_ms = 0, graph_median_ms = 0;
  bool host_bound = false, contended = false;
  std::string sentence;
  bool operator==(const TuneHostRecord& o) const;
};

// A peer measurement the answer is compared with, e.g. Python's torch.compile on the same model
// and inputs: its level and the winner's ratio to it (winner median / peer median). Optional; the
// tuner leaves the list empty unless a peer was measured.
struct TunePeerRecord {
  std::string name;  // "torch.compile (default)"
  double median_ms = 0;
  double ratio = 0;  // the winner's median / this one's (< 1: the winner is faster)
  std::string note;
  bool operator==(const TunePeerRecord& o) const;
};

struct TuneRecord {
  std::string model, device;  // as the run named them
  std::string rule;           // the accuracy rule, described
  std::string shard;          // "i/n" for a shard's race, else ""
  // The answer: its state, winner and reasons (below), as fields. Files saved before the answer
  // was data also hold a "verdict" paragraph in English, which is read past: the answer is built
  // from the fields (core/engine/tune_answer.h), and nothing renders that prose.
  std::string verdict_state;  // "final", "provisional", "no-winner", "cancelled"
  std::string winner;         // key, "" when none
  std::vector<std::string> tied_with;
  std::string accuracy_note;  // the reference could not judge accuracy, and what to do
  // The winner's place under the measured roofline, or why it has none: one English clause kept
  // for readers of older versions ("" in races saved before the tuner placed its winner, and when
  // no winner). The why is a "roofline-unplaced" reason; the place is the winner's session row.
  std::string roofline;
  // Every candidate, the pruned configs, the compiles, the finals.
  std::vector<TuneCandidateRecord> candidates;  // race order
  std::vector<TunePrunedRecord> pruned;
  std::vector<CompileStatus> compiles;
  std::vector<std::string> finalists;  // sent to fresh processes
  int forks = 0, fork_iterations = 0;  // per finalist, as planned
  // The budget's accounting.
  double budget_ms = 0, elapsed_ms = 0, spent_before_ms = 0, exit_reserve_ms = 0;
  std::string budget_note;
  int rounds = 0;
  bool cancelled = false;
  // What the budget did not reach.
  int not_measured = 0;
  std::vector<std::string> unmeasured_precisions, unmeasured_compiles;
  double budget_to_reach_ms = 0;
  TuneHostRecord host;
  std::vector<TunePeerRecord> peers;
  // The answer's reasons as the race and the run around it gave them (empty in races saved
  // before them: answerOf() reads the other fields then), and the logs a reader may want (compiles
  // left running or failed), apart from any text.
  std::vector<TuneReason> reasons;
  std::vector<std::string> log_paths;

  const TuneCandidateRecord* find(const std::string& key) const;
  bool operator==(const TuneRecord& o) const;
  bool operator!=(const TuneRecord& o) const { return !(*this == o); }
};

// The fields in which `a` and `b` differ, by name ("candidates[3].state"), for tests and for
// saying where a file and a live run part ways; empty when equal.
std::vector<std::string> differences(const TuneRecord& a, const TuneRecord& b);

}  // namespace inferscope
