// A tuning run's answer as data: the state and why, the winner's figure with the kind of its
// interval, the ratio to torch.compile like for like, accuracy, memory, the roofline share, the
// host-bound diagnosis, what the budget did not reach, and the log paths apart. Reasons are codes
// with values, never sentences: the CLI and the GUI (in the user's language) render them from the
// same fields. Built from the race as a session keeps it (core/engine/tune_record.h), so that a
// session saved before the answer had its own fields opens with one too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/engine/tune_record.h"

namespace inferscope {

struct SessionResult;

// An interval wider than this share of its median on either side is "wide": a final answer
// needs a narrower one (a CPU under load confirmed a winner at ±70 %, and the next run's confirmed
// winner was another config).
inline constexpr double kWideIntervalShare = 0.10;

struct TuneAnswer {
  std::string state;            // "final", "provisional", "no-winner", "cancelled"
  std::vector<TuneReason> why;  // why it is in that state (empty for a clean final)
  std::string winner;           // key; "" without one
  double median_ms = 0, low_ms = 0, high_ms = 0;
  std::string interval_kind;  // "across-processes" | "in-process" | ""
  int processes = 0;          // fresh processes behind an across-processes figure
  bool wide = false;          // the interval reaches beyond ±kWideIntervalShare of the median
  bool unstable = false;      // the fresh processes' medians disagreed
  std::vector<std::string> tied_with;
  // torch.compile, like for like: both across fresh processes, or both in the tuner's process.
  std::string peer_key;   // the fastest torch.compile candidate with a figure
  double peer_ratio = 0;  // winner / peer (< 1: the answer is faster)
  double winner_peer_ms = 0, peer_ms = 0;
  std::string peer_basis;  // "across-processes" | "in-process"
  bool peer_unsafe = false;
  // Why there is no ratio: "no-candidate" (no torch.compile config ran in this race),
  // "unreached", "failed", "is-winner" (the answer is torch.compile itself), "" when compared.
  std::string peer_missing;
  std::string accuracy;                // the winner's accuracy as judged (the judge's summary)
  std::string rule;                    // the accuracy rule it was judged under
  std::int64_t peak_memory_bytes = 0;  // the winner's session row: 0 when not known
  double roofline_pct = -1;            // share of the bounding ceiling, % (−1: not placed)
  std::string roofline_bound;          // roofline::toString(Bound) when placed
  std::string roofline_precision;
  bool host_measured = false, host_bound = false;
  double launch_wait_share = 0;
  std::string host_eager_key, host_graph_key;
  double host_eager_ms = 0, host_graph_ms = 0;
  int missing = 0, candidates = 0;
  std::vector<std::string> missing_precisions, missing_compiles;
  double budget_to_reach_s = 0;
  std::vector<TuneReason> notes;  // ties, the run memory, the accuracy reference, compiles left
  std::vector<std::string> log_paths;

  bool operator==(const TuneAnswer& o) const;
  bool operator!=(const TuneAnswer& o) const { return !(*this == o); }
};

// Which reason codes say why a state is not final (the others are notes).
bool isStateReason(const std::string& code);

// The answer of `race`. `session` (may be null) adds the winner's memory and roofline share from
// its row. The race's own reasons (TuneRecord::reasons) are used when it has them; a race saved
// before it had them gets the ones its fields show (no fresh processes, candidates not measured).
TuneAnswer answerOf(const TuneRecord& race, const SessionResult* session = nullptr);

// The config a session's race answers with ("" without a race or a winner): the config the
// wizard, the exports and the Answer page name.
std::string raceAnswerKey(const SessionResult& session);

}  // namespace inferscope
