// The race's mapping as documents, for the session file's writer and reader that embed it
// (core/session/session_json.cpp). Internal to core/session, like session_values.h.
#pragma once

#include <cstddef>

#include "core/engine/session_result.h"
#include "core/engine/tune_record.h"
#include "core/session/bounded_json.h"

namespace inferscope::session_json {

Json tuneRecordValue(const TuneRecord& record);
// With the answer as data ("answer", answerOf), `session` (may be null) adding the winner's row.
Json tuneRecordValue(const TuneRecord& record, const SessionResult* session);
// Throws nlohmann exceptions (describe() names the path) or Error(InvalidInput), also for a list
// of more than `max_entries` (SessionLimits::max_race_entries), naming the list and the cap.
TuneRecord tuneRecordFrom(const Json& value, std::size_t max_entries);

}  // namespace inferscope::session_json
