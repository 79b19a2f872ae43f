// The bounded kernel timeline a session keeps per traced config (ConfigResult::timeline, the
// config's "timeline" object), so that a session recorded with inferscope-cli on a GPU server
// shows its kernel timeline when opened anywhere, and its one JSON mapping.
//
// Compact and bounded. boundedTimeline keeps only a few iterations (by default the first warm-up
// iteration and the first three steady ones, at most 20 000 items) and says how much it left out;
// the JSON writes such a copy as it is.
// Items are arrays of numbers, names and operators are indices into string tables:
//
//   {"format": 1, "traced": true, "untraced_reason": "", "duration_us": 812.5,
//    "limits": {"warmup_iterations": 1, "steady_iterations": 3, "max_items": 20000},
//    "left_out": {"items": 5120, "iterations": 19},  // what the window had beyond this copy
//    "truncated_at_us": 700.0,                       // only when max_items cut an iteration
//    "op_names": ["aten::conv2d", …],                // colour index → operator, heaviest first
//    "names": ["void cudnn::…fprop…", "Memcpy HtoD", …],  // item names
//    "iterations": [[iteration, warmup 0|1, start_us, end_us, kernel_count, busy_pct], …],
//    "streams": [{"device": 0, "stream": 7, "label": "GPU 0 · stream 7",
//                 "items": [[start_us, duration_us, kind, name, op, iteration], …]}]}
//
// kind: 0 kernel, 1 memcpy, 2 memset; name: index into "names"; op: index into "op_names" or -1;
// iteration: -1 when outside every traced iteration. Times are µs from the window start, written
// with the shortest text that reads back to the same double, so a timeline within the limits
// round-trips exactly. No Qt, no LibTorch; nlohmann/json stays inside the .cpp.
#pragma once

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "core/trace/timeline_data.h"

namespace inferscope::trace {

inline constexpr int kTimelineJsonFormat = 1;

// The copy of `timeline` that a session keeps: the iterations and items within `limits` (a
// timeline without iteration marks keeps all its items, up to max_items), with the counts of
// what was left out, the limits and, when max_items cut an iteration, where.
TimelineData boundedTimeline(const TimelineData& timeline, const TimelineLimits& limits = {});

// Writes `timeline` as it is (bound it first: boundedTimeline).
void to_json(nlohmann::json& j, const TimelineData& timeline);
// Throws inferscope::Error(InvalidInput) "timeline: …" naming the part that is wrong.
void from_json(const nlohmann::json& j, TimelineData& timeline);

// boundedTimeline(timeline, limits) as compact text, one line.
std::string timelineToJson(const TimelineData& timeline, const TimelineLimits& limits = {});
// Throws inferscope::Error(InvalidInput) naming `origin` and what is wrong ("<origin>: timeline:
// item 3 of stream 1 has an operator index 9 out of range"). The counts of what was left out land
// in TimelineData::items_left_out / iterations_left_out.
TimelineData timelineFromJson(std::string_view text, const std::string& origin);

}  // namespace inferscope::trace
