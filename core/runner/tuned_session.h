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

}  // namespace inferscope::runner
