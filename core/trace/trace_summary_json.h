// TraceSummary ↔ JSON text, for the session file (*.inferscope.json) and the CLI's NDJSON. The
// JSON library (nlohmann/json) stays inside the .cpp; the session writer embeds the text with
// json::parse. Reading is lenient about missing optional fields so that older files keep opening.
#pragma once

#include <string>
#include <string_view>

#include "core/trace/trace_summary.h"

namespace inferscope::trace {

// indent < 0: compact, one line.
std::string traceSummaryToJson(const TraceSummary& summary, int indent = -1);
// Throws inferscope::Error(InvalidInput) naming what is wrong ("trace summary: …").
TraceSummary traceSummaryFromJson(std::string_view text);

}  // namespace inferscope::trace
