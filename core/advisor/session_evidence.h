// An open session as evidence for the wizard, since measurements beat a table: where it measured
// configs on the same kind of device as the recommendation's, the data overrules the guide table
// where the two disagree — e.g. a table's bf16+graph for a transformer on Hopper that every H200
// BERT session measured as unsafe, or slower than another safe config. Judged by
// validateRecommendation, so the wizard, sweep and tune share one meaning of safe and faster.
#pragma once

#include <optional>

#include "core/advisor/recommendation.h"
#include "core/engine/session_result.h"

namespace inferscope::advisor {

// Whether `session` ran on the device `rec` is for: the same kind, and for GPUs the same compute
// capability (a simulated generation matches sessions of that generation's capability).
bool sessionMatchesDevice(const Recommendation& rec, const SessionResult& session);

// `rec` with the session's verdict: an "evidence" reason quoting the measurement, and — where the
// session disagrees — the measured config instead, with a warning saying so. Unchanged when the
// session ran elsewhere or measured nothing usable.
Recommendation applySessionEvidence(Recommendation rec, const SessionResult& session);

// The model family of the session's model, for the wizard's rules (GPT-2 is not explained with
// CNN rules): the zoo's family for a zoo model or a file named after one, else token ids
// (integer inputs) for a transformer and one 4-D float input for a CNN; nullopt when unknown.
std::optional<ModelFamily> sessionModelFamily(const SessionResult& session);

}  // namespace inferscope::advisor
