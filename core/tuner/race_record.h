// The race as a session keeps it (core/engine/tune_record.h), built from what the tuner returned,
// or from the live events a `tune --events ndjson` run streamed; and those events again from a
// record, so that a view that draws the live race draws a saved one the same way.
#pragma once

#include <string>
#include <vector>

#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"
#include "core/engine/tune_record.h"
#include "core/tuner/tune_event.h"
#include "core/tuner/tune_result.h"

namespace inferscope::tuner {

TuneCandidateRecord candidateRecord(const CandidateOutcome& candidate);
TuneRecord raceRecord(const TuneResult& result, const std::string& model,
                      const std::string& device);

// What the live events say about the race, folded in order: each candidate's latest event, the
// pruned list, the finals, the budget and the answer (tune_done). Equal to raceRecord() of the
// same run (tests/core/tuner/test_race_record.cpp).
TuneRecord foldTuneEvents(const std::vector<TuneEvent>& events);

// The events that draw `record` as the live run drew it: start, budget, pruned, one round with
// every candidate, each candidate's final state, the finals, the compiles, done.
std::vector<TuneEvent> raceEvents(const TuneRecord& record);

// Where today's ranking of the session (rankSession, today's accuracy rule) and the saved race
// part ways, one sentence each: another first choice among the configs that may win, or a config
// whose accuracy state changed (the race's "unsafe" safe today, or the other way round). Empty
// when they agree. The race decides on levels across fresh processes, the ranking on medians, and
// the sentences say which is which.
std::vector<std::string> compareWithRanking(const TuneRecord& race, const SessionResult& session,
                                            const SessionRanking& ranking);

}  // namespace inferscope::tuner
