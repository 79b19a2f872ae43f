// TraceSummary ↔ JSON, for the session file (*.inferscope.json), the worker's NDJSON and the
// CLI's exports: the one mapping of the type, as nlohmann/json's to_json/from_json (the session
// writer embeds the value) and as text for the file boundaries. Reading is lenient about missing
// optional fields so that older files keep opening.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "core/trace/trace_summary.h"

namespace inferscope::trace {

void to_json(nlohmann::json& j, const TraceSummary& summary);
// Throws inferscope::Error(InvalidInput) naming what is wrong ("trace summary: …").
void from_json(const nlohmann::json& j, TraceSummary& summary);

// indent < 0: compact, one line.
std::string traceSummaryToJson(const TraceSummary& summary, int indent = -1);
// Throws inferscope::Error(InvalidInput) naming what is wrong ("trace summary: …").
TraceSummary traceSummaryFromJson(std::string_view text);

}  // namespace inferscope::trace
