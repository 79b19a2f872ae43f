// How the CLI prints a tuning run's answer (`tune`, `recommend --validate`) and the races a saved
// session holds (`sweep --from`, `merge`).
#pragma once

#include <cstdio>
#include <string>

#include "core/engine/session_ranking.h"
#include "core/engine/tune_answer.h"
#include "core/tuner/tune_result.h"
#include "text/lang.h"

namespace inferscope::cli {

// The table of candidates (winner, ties, finalists, then the rest), the pruned configs grouped by
// reason, the state and the budget spent, then the answer block, in `lang` (text/answer_text.h).
// `session` (may be null): the session the run leaves, for the winner's memory and roofline share.
void printTuneResult(std::FILE* out, const tuner::TuneResult& result, const SessionResult* session,
                     text::Lang lang);

// The short block a summary ends with: the answer and its figure with the kind of its interval,
// the confidence and why, the ratio to torch.compile, what is missing; notes; the logs on a line
// of their own after it. Rendered from the answer's fields in `lang`.
void printAnswerBlock(std::FILE* out, const TuneAnswer& answer, text::Lang lang);

// A saved session's races (`sweep --from` of a tuned session): each race's state and answer block
// rendered from its fields in `lang`, and where today's ranking (`ranking`, today's rules) differs.
void printSavedRaces(std::FILE* out, const SessionResult& session, const SessionRanking& ranking,
                     text::Lang lang);

// The ranking tables' note for a config whose accuracy was not measured or cannot be judged
// ("" otherwise): neither unsafe nor checked.
std::string accuracyStateNote(const RankedConfig& ranked);

}  // namespace inferscope::cli
