// What a tuning run leaves once its race has ended, as values: the session (every candidate's
// last in-process run, the finalists replaced by their forked runs, in race order, with the saved
// race), and the verdict's comparison with plain torch.compile. Pure functions of the race's
// result: tested with the tuner's fake measurer.
#pragma once

#include <optional>
#include <string>

#include "core/engine/plan_shard.h"
#include "core/engine/session_result.h"
#include "core/tuner/tune_result.h"

namespace inferscope::runner {

// `header` gives the model, inputs and device (its configs are ignored); `what` and `device_name`
// name the race as the reporter's start did. With `shard`, the FP32 reference comes first (merge
// keeps one reference per split) and the session and its race say which shard they are.
SessionResult tunedSession(const SessionResult& header, const tuner::TuneResult& result,
                           const std::string& what, const std::string& device_name,
                           const std::optional<ShardSpec>& shard = std::nullopt);

// torch.compile measured beside the answer (models Python rebuilds): appends to the verdict the
// answer's time as a ratio to the fastest torch.compile mode the race measured, so a user sees
// what the tuner adds over a one-line torch.compile. Where torch.compile was a candidate and has
// no figure (not reached in the budget, or failed), says so. No change without a winner, or where
// torch.compile was no candidate (a TorchScript file).
void appendPeerComparison(tuner::TuneResult& result);

}  // namespace inferscope::runner
