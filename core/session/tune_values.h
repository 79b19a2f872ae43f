// The race's mapping as documents, for the session file's writer and reader that embed it
// (core/session/session_json.cpp). Internal to core/session, like session_values.h.
#pragma once

#include "core/engine/tune_record.h"
#include "core/session/bounded_json.h"

namespace inferscope::session_json {

Json tuneRecordValue(const TuneRecord& record);
// Throws nlohmann exceptions (describe() names the path) or Error(InvalidInput).
TuneRecord tuneRecordFrom(const Json& value);

}  // namespace inferscope::session_json
