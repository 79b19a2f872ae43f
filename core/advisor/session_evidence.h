// An open session as evidence for the wizard, since measurements beat a table: where it measured
// configs on the same kind of device as the recommendation's, the data overrules the guide table
// where the two disagree — e.g. a table's bf16+graph for a transformer on Hopper that every H200
// BERT session measured as unsafe, or slower than another safe config. Judged by
// validateRecommendation, so the wizard, sweep and tune share one meaning of safe and faster.
#pragma once

#include <optional>

#include "core/advisor/config_document.h"
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

// The settings file of the config `session` answers with (its race's answer), as the Answer page
// exports it: the same config the wizard's exports write for the session, for the session's
// device, its LibTorch as the target version (`fallback_target` where the session does not say
// one this build reads) and its model's family. nullopt without a race answer this version reads.
std::optional<ConfigDocument> answerDocument(const SessionResult& session,
                                             TorchVersion fallback_target);

}  // namespace inferscope::advisor
