// The session file's mapping of a config result and a device as documents rather than text, for
// the other writers and readers of core/session that embed them (the isolation workers' NDJSON,
// worker_events.h and ndjson_sink.h), so a result crosses a process boundary as one serialisation.
// Internal to core/session, like bounded_json.h.
#pragma once

#include "core/engine/config_result.h"
#include "core/session/bounded_json.h"

namespace inferscope::session_json {

Json configResultValue(const ConfigResult& result);
// Throws nlohmann exceptions (describe() names the path) or Error(InvalidInput), as the session
// reader does for one config.
ConfigResult configResultFrom(const Json& value);
Json deviceInfoValue(const DeviceInfo& device);
DeviceInfo deviceInfoFrom(const Json& value);
Json forkStatsValue(const ForkStats& stats);
ForkStats forkStatsFrom(const Json& value);

}  // namespace inferscope::session_json
