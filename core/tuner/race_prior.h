// The rules by which a race starts from an earlier one: from the run memory of the same model,
// inputs, device and software (run_memory.h), or from a session to continue (`tune --resume`).
// The race keeps the bookkeeping (Race::run with a RacePrior); these rules say what it may take
// from the earlier figures and what it must measure again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/engine/tune_record.h"
#include "core/tuner/race.h"
#include "core/tuner/run_memory.h"

namespace inferscope::tuner {

// A memory whose figures are older than this orders the race only: its failures are screened
// again and its slower candidates are not settled from it. Two weeks: driver and library updates,
// another job on the machine, a changed clock policy move levels over weeks, not within a day.
inline constexpr double kMemoryFreshDays = 14;

// How many remembered candidates the race measures first: the known leader and its closest rivals,
// as many as reach the finals by default.
inline constexpr std::size_t kRememberedFirst = 3;

// From the run memory at `now_unix_s`; `source` names it in the verdict ("run memory FILE").
// First: the confirmed answer, then the remembered candidates by level (across fresh processes
// where they had them), up to kRememberedFirst. Fresh figures (kMemoryFreshDays): failed (but for
// out of memory and cancelled) and unsafe candidates other than the FP32 reference are not
// screened again, slower ones are screened after what nothing is known of and
// keep their remembered fate when the budget does not reach them, each with a reason that starts
// "remembered:". A candidate remembered as not measured (still compiling, not reached) is
// unknown, and screened as any.
RacePrior priorFromMemory(const RunMemory& memory, double now_unix_s, const std::string& source);

// From a session's race to continue, with the session's configs (their in-process runs): every
// candidate it measured keeps its figures and is not screened again (the winner, tied and
// finalists go to this run's finals again); the not-measured ones are screened.
RacePrior priorFromSession(const TuneRecord& race, const std::vector<ConfigResult>& configs,
                           const std::string& source);

// This run's fresh processes of the last confirmed answer (`now`) joined with the processes that
// confirmed it (`remembered`), as one level over both: the same model, inputs, device and
// versions ran them, so each is a process of the config like this run's. Nullopt where the level
// moved — the two medians differ by more than `equivalence_delta` and neither's interval reaches
// the other's median — or either holds no process: this run's processes then speak alone. The
// pooled level is the geometric mean weighted by processes; its log-SD holds both groups' spread
// and the gap between them; its interval is Student's over all processes.
std::optional<ForkStats> pooledForks(const ForkStats& now, const ForkStats& remembered,
                                     double equivalence_delta);

// "tied" → CandidateState::Tied, …; NotMeasured for what is none of them.
CandidateState candidateStateFrom(const std::string& text);

}  // namespace inferscope::tuner
