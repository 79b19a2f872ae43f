// The tuned session's race (core/engine/tune_record.h) in JSON: the "races" section of a session
// file, and the whole record in one line for the tuner's final NDJSON event. Optional fields read
// with defaults, so a record from an older build opens; wrong types are refused naming the field.
#pragma once

#include <string>
#include <string_view>

#include "core/engine/tune_record.h"

namespace inferscope {

std::string tuneRecordToJson(const TuneRecord& record);  // one line
// Throws Error(InvalidInput) naming `origin` and the field.
TuneRecord tuneRecordFromJson(std::string_view text, const std::string& origin = "<race>");

}  // namespace inferscope
