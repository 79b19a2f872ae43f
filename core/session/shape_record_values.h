// A session's answers across a shape set (core/engine/shape_record.h) as a document: the
// "shape_record" section of a session file. Internal to core/session, like tune_values.h.
#pragma once

#include <cstddef>

#include "core/engine/shape_values.h"
#include "core/session/bounded_json.h"

namespace inferscope::session_json {

Json shapeRecordValue(const ShapeRecord& record);
// Throws nlohmann exceptions (describe() names the path) or Error(InvalidInput) naming the field:
// a list of more than `max_entries`, a batch outside 1…kMaxDimValue, a figure that is negative or
// not finite, a weight outside 0…1, an unknown probe outcome or stop reason.
ShapeRecord shapeRecordFrom(const Json& value, std::size_t max_entries);

}  // namespace inferscope::session_json
