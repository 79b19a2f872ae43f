// What a GUI kernel timeline draws, built from a trace window: one lane per GPU stream with its
// kernels and copies, iteration boundaries with their kernel count and GPU busy %, and a colour
// index per operator so that the view can colour kernels by the operator that launched them.
// Plain data in microseconds from the window start; no Qt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/trace/trace_records.h"

namespace inferscope::trace {

enum class TimelineItemKind { Kernel, Memcpy, Memset };

struct TimelineItem {
  double start_us = 0, duration_us = 0;
  TimelineItemKind kind = TimelineItemKind::Kernel;
  std::string name;     // kernel name, "Memcpy HtoD", "Memset"
  std::string op_name;  // outermost operator; empty when unattributed
  int op_colour = -1;   // index into TimelineData::op_names; -1 = no operator
  int iteration = -1;
};

struct TimelineStream {
  std::uint32_t device = 0, stream = 0;
  std::string label;                // "GPU 0 · stream 7"
  std::vector<TimelineItem> items;  // by start time
};

struct TimelineIteration {
  int iteration = 0;
  bool warmup = false;
  double start_us = 0, end_us = 0;
  int kernel_count = 0;
  double gpu_busy_pct = 0;
};

// What a bounded copy of a timeline keeps (timeline_json.h's boundedTimeline).
struct TimelineLimits {
  int warmup_iterations = 1;  // the first warm-up iterations kept (cold: first launches, autotune)
  int steady_iterations = 3;  // the first steady iterations kept
  std::size_t max_items = 20000;  // kernels + copies + memsets over all streams
};

struct TimelineData {
  bool traced = false;
  std::string untraced_reason;
  double duration_us = 0;               // from the window start to its last record's end
  std::vector<TimelineStream> streams;  // by (device, stream)
  std::vector<TimelineIteration> iterations;
  // Colour index → operator name, heaviest operator first, so that a palette's first colours go
  // to the operators that matter.
  std::vector<std::string> op_names;
  // What a bounded copy (a session file's "timeline", timeline_json.h) left out of the window:
  // 0 for a timeline built from the window itself.
  std::uint64_t items_left_out = 0;
  int iterations_left_out = 0;
  // Set on a bounded copy: the limits it was made with, and where max_items cut the window.
  std::optional<TimelineLimits> limits;
  std::optional<double> truncated_at_us;
};

TimelineData buildTimelineData(const TraceWindow& window);

}  // namespace inferscope::trace
