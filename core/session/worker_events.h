// The parent's side of the isolation protocol: one run event from a worker process (ndjson_sink.h
// writes them, event_stream_reader.h reads them) applied to the parent's sink and results. A
// worker is a child of ours, but it runs a user's model and its output is read like any other
// input: bounded in depth, every field checked, errors as Error(InvalidInput) with the field named.
// Kept apart from the process handling (the isolation runner) so that tests and the fuzzer
// (tests/fuzz/) link it with the plain libraries alone.
#pragma once

#include <string_view>

#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"
#include "core/session/event_stream_reader.h"

namespace inferscope {

// Applies one event for config `index` of `count`; returns true for the config_done event, whose
// result is then in `result`. session_done fills the session's model facts and device. Events
// that are not run events (a newer worker's) change nothing.
bool applyWorkerEvent(const EventLine& event, int index, int count, EventSink& sink,
                      ConfigResult& result, SessionResult& session);
// The same for one line of text (parseEventLine first); throws Error(InvalidInput) for a line that
// is not an event.
bool applyWorkerEvent(std::string_view line, int index, int count, EventSink& sink,
                      ConfigResult& result, SessionResult& session);

}  // namespace inferscope
