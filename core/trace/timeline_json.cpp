// timelineToJson picks the iterations to keep, then the items inside them, caps the item count at
// the earliest items, and writes string tables plus number arrays; timelineFromJson checks every
// index and array length, so a hand-edited or truncated file fails with a sentence, not a crash.
#include "core/trace/timeline_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include "core/common/error.h"

namespace inferscope::trace {
namespace {

using nlohmann::json;

constexpr int kItemFields = 6;       // start, duration, kind, name, op, iteration
constexpr int kIterationFields = 6;  // iteration, warmup, start, end, kernels, busy %

int kindCode(TimelineItemKind kind) {
  switch (kind) {
    case TimelineItemKind::Memcpy:
      return 1;
    case TimelineItemKind::Memset:
      return 2;
    default:
      return 0;
  }
}

// The iterations a bounded copy keeps: the first warm-up ones and the first steady ones.
std::set<int> keptIterations(const TimelineData& t, const TimelineLimits& limits) {
  std::set<int> kept;
  int warmup = 0, steady = 0;
  for (const auto& it : t.iterations) {  // by start time
    if (it.warmup && warmup < limits.warmup_iterations) {
      kept.insert(it.iteration);
      ++warmup;
    } else if (!it.warmup && steady < limits.steady_iterations) {
      kept.insert(it.iteration);
      ++steady;
    }
  }
  return kept;
}

}  // namespace

TimelineData boundedTimeline(const TimelineData& t, const TimelineLimits& limits) {
  const std::set<int> kept_iterations = keptIterations(t, limits);
  const bool all_iterations = t.iterations.empty();
  // An item outside every iteration (iteration -1) stays when it lies inside a kept iteration.
  auto inKeptIteration = [&](const TimelineItem& item) {
    if (all_iterations) return true;
    if (item.iteration >= 0) return kept_iterations.count(item.iteration) > 0;
    for (const auto& it : t.iterations) {
      if (kept_iterations.count(it.iteration) && item.start_us >= it.start_us &&
          item.start_us <= it.end_us) {
        return true;
      }
    }
    return false;
  };

  std::uint64_t total_items = 0;
  std::vector<double> starts;  // of the candidate items, to find the cap's cut
  for (const auto& stream : t.streams) {
    total_items += stream.items.size();
    for (const auto& item : stream.items) {
      if (inKeptIteration(item)) starts.push_back(item.start_us);
    }
  }
  // Over the cap: keep the earliest items (a prefix in time on every stream, so what is drawn is
  // complete up to the cut) and say where the cut is.
  double cut_us = std::numeric_limits<double>::infinity();
  if (starts.size() > limits.max_items) {
    std::nth_element(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(limits.max_items),
                     starts.end());
    cut_us = starts[limits.max_items];
  }

  TimelineData out;
  out.traced = t.traced;
  out.untraced_reason = t.untraced_reason;
  out.op_names = t.op_names;
  out.limits = limits;
  // A copy of a copy keeps the first cut: what was cut then is still missing.
  out.truncated_at_us = t.truncated_at_us;
  if (cut_us != std::numeric_limits<double>::infinity()) {
    out.truncated_at_us = std::min(cut_us, t.truncated_at_us.value_or(cut_us));
  }
  std::uint64_t kept_items = 0;
  double last_end_us = 0;
  std::set<int> with_items, with_kept_items;  // iterations that have items / kept ones
  for (const auto& stream : t.streams) {
    TimelineStream copy{stream.device, stream.stream, stream.label, {}};
    for (const auto& item : stream.items) {
      with_items.insert(item.iteration);
      if (!inKeptIteration(item) || item.start_us >= cut_us) continue;
      with_kept_items.insert(item.iteration);
      copy.items.push_back(item);
      last_end_us = std::max(last_end_us, item.start_us + item.duration_us);
      ++kept_items;
    }
    out.streams.push_back(std::move(copy));
  }
  for (const auto& it : t.iterations) {
    // The cap keeps an iteration it cut into, not one whose items all fell after the cut.
    if (!kept_iterations.count(it.iteration) || it.start_us >= cut_us) continue;
    if (with_items.count(it.iteration) && !with_kept_items.count(it.iteration)) continue;
    out.iterations.push_back(it);
    last_end_us = std::max(last_end_us, it.end_us);
  }
  const int kept_iteration_count = static_cast<int>(out.iterations.size());
  out.items_left_out = t.items_left_out + (total_items - kept_items);
  out.iterations_left_out =
      t.iterations_left_out + static_cast<int>(t.iterations.size()) - kept_iteration_count;
  // Nothing left out now: the window's own span (it may end with a host record).
  out.duration_us =
      total_items == kept_items && kept_iteration_count == static_cast<int>(t.iterations.size())
          ? t.duration_us
          : last_end_us;
  return out;
}

void to_json(json& j, const TimelineData& t) {
  json names = json::array();
  std::unordered_map<std::string, int> name_index;
  json streams = json::array();
  for (const auto& stream : t.streams) {
    json items = json::array();
    for (const auto& item : stream.items) {
      auto [entry, added] = name_index.emplace(item.name, static_cast<int>(name_index.size()));
      if (added) names.push_back(item.name);
      items.push_back(json::array({item.start_us, item.duration_us, kindCode(item.kind),
                                   entry->second, item.op_colour, item.iteration}));
    }
    streams.push_back({{"device", stream.device},
                       {"stream", stream.stream},
                       {"label", stream.label},
                       {"items", items}});
  }
  json iterations = json::array();
  for (const auto& it : t.iterations) {
    iterations.push_back(json::array({it.iteration, it.warmup ? 1 : 0, it.start_us, it.end_us,
                                      it.kernel_count, it.gpu_busy_pct}));
  }
  j = {{"format", kTimelineJsonFormat},
       {"traced", t.traced},
       {"untraced_reason", t.untraced_reason},
       {"duration_us", t.duration_us},
       {"left_out", {{"items", t.items_left_out}, {"iterations", t.iterations_left_out}}},
       {"op_names", t.op_names},
       {"names", names},
       {"iterations", iterations},
       {"streams", streams}};
  if (t.limits) {
    j["limits"] = {{"warmup_iterations", t.limits->warmup_iterations},
                   {"steady_iterations", t.limits->steady_iterations},
                   {"max_items", t.limits->max_items}};
  }
  if (t.truncated_at_us) j["truncated_at_us"] = *t.truncated_at_us;
}

std::string timelineToJson(const TimelineData& timeline, const TimelineLimits& limits) {
  return json(boundedTimeline(timeline, limits)).dump();
}

namespace {

// Errors carry the origin (when there is one) and "timeline:"; `where` says which part ("item 3
// of stream 1").
[[noreturn]] void fail(const std::string& origin, const std::string& what) {
  throw Error(ErrorKind::InvalidInput, origin.empty()
                                           ? fmt::format("timeline: {}", what)
                                           : fmt::format("{}: timeline: {}", origin, what));
}

const json& arrayField(const json& j, const char* key, const std::string& origin) {
  if (!j.contains(key)) fail(origin, fmt::format("no \"{}\" array", key));
  if (!j[key].is_array()) fail(origin, fmt::format("\"{}\" must be an array", key));
  return j[key];
}

double number(const json& value, const std::string& origin, const std::string& where) {
  if (!value.is_number()) fail(origin, fmt::format("{} must be a number", where));
  return value.get<double>();
}

int integer(const json& value, const std::string& origin, const std::string& where) {
  if (!value.is_number_integer()) fail(origin, fmt::format("{} must be an integer", where));
  return value.get<int>();
}

TimelineData timelineFromValue(const json& j, const std::string& origin) {
  if (!j.is_object()) fail(origin, "not a JSON object");
  try {
    const int format = j.value("format", kTimelineJsonFormat);
    if (format > kTimelineJsonFormat) {
      fail(origin, fmt::format("format {} is newer than this build reads ({}): update InferScope",
                               format, kTimelineJsonFormat));
    }
    if (!j.contains("traced") || !j["traced"].is_boolean()) {
      fail(origin, "no \"traced\" flag (true or false)");
    }
    TimelineData t;
    t.traced = j["traced"].get<bool>();
    t.untraced_reason = j.value("untraced_reason", "");
    t.duration_us = j.value("duration_us", 0.0);
    if (!t.traced) return t;
    if (j.contains("limits")) {
      const auto& l = j["limits"];
      if (!l.is_object()) fail(origin, "\"limits\" must be an object");
      TimelineLimits limits;
      limits.warmup_iterations = l.value("warmup_iterations", limits.warmup_iterations);
      limits.steady_iterations = l.value("steady_iterations", limits.steady_iterations);
      limits.max_items = l.value("max_items", limits.max_items);
      t.limits = limits;
    }
    if (j.contains("truncated_at_us")) {
      t.truncated_at_us = number(j["truncated_at_us"], origin, "\"truncated_at_us\"");
    }
    if (j.contains("left_out")) {
      const auto& left_out = j["left_out"];
      if (!left_out.is_object()) fail(origin, "\"left_out\" must be an object");
      t.items_left_out = left_out.value("items", std::uint64_t{0});
      t.iterations_left_out = left_out.value("iterations", 0);
    }
    for (const auto& name : arrayField(j, "op_names", origin)) {
      if (!name.is_string()) fail(origin, "\"op_names\" must hold strings");
      t.op_names.push_back(name.get<std::string>());
    }
    std::vector<std::string> names;
    if (j.contains("names")) {
      for (const auto& name : arrayField(j, "names", origin)) {
        if (!name.is_string()) fail(origin, "\"names\" must hold strings");
        names.push_back(name.get<std::string>());
      }
    }
    const auto& iterations = arrayField(j, "iterations", origin);
    for (std::size_t i = 0; i < iterations.size(); ++i) {
      const auto& a = iterations[i];
      const std::string where = fmt::format("iteration entry {}", i);
      if (!a.is_array() || a.size() != kIterationFields) {
        fail(origin, fmt::format("{} must be an array of {} numbers", where, kIterationFields));
      }
      TimelineIteration it;
      it.iteration = integer(a[0], origin, where + "'s iteration");
      it.warmup = integer(a[1], origin, where + "'s warm-up flag") != 0;
      it.start_us = number(a[2], origin, where + "'s start");
      it.end_us = number(a[3], origin, where + "'s end");
      it.kernel_count = integer(a[4], origin, where + "'s kernel count");
      it.gpu_busy_pct = number(a[5], origin, where + "'s GPU busy %");
      t.iterations.push_back(it);
    }
    const auto& streams = arrayField(j, "streams", origin);
    for (std::size_t s = 0; s < streams.size(); ++s) {
      const auto& js = streams[s];
      if (!js.is_object()) fail(origin, fmt::format("stream {} must be an object", s));
      TimelineStream stream;
      stream.device = js.value("device", std::uint32_t{0});
      stream.stream = js.value("stream", std::uint32_t{0});
      stream.label =
          js.value("label", fmt::format("GPU {} · stream {}", stream.device, stream.stream));
      const auto& items = arrayField(js, "items", origin);
      stream.items.reserve(items.size());
      for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& a = items[i];
        const std::string where = fmt::format("item {} of stream {}", i, s);
        if (!a.is_array() || a.size() != kItemFields) {
          fail(origin, fmt::format("{} must be an array of {} numbers", where, kItemFields));
        }
        TimelineItem item;
        item.start_us = number(a[0], origin, where + "'s start");
        item.duration_us = number(a[1], origin, where + "'s duration");
        const int kind = integer(a[2], origin, where + "'s kind");
        if (kind < 0 || kind > 2) {
          fail(origin, fmt::format("{} has kind {} (0 kernel, 1 memcpy, 2 memset)", where, kind));
        }
        item.kind = kind == 1   ? TimelineItemKind::Memcpy
                    : kind == 2 ? TimelineItemKind::Memset
                                : TimelineItemKind::Kernel;
        const int name = integer(a[3], origin, where + "'s name index");
        if (name < 0 || static_cast<std::size_t>(name) >= names.size()) {
          fail(origin, fmt::format("{} has a name index {} out of range ({} names)", where, name,
                                   names.size()));
        }
        item.name = names[static_cast<std::size_t>(name)];
        item.op_colour = integer(a[4], origin, where + "'s operator index");
        if (item.op_colour < -1 || item.op_colour >= static_cast<int>(t.op_names.size())) {
          fail(origin, fmt::format("{} has an operator index {} out of range ({} operators)", where,
                                   item.op_colour, t.op_names.size()));
        }
        if (item.op_colour >= 0)
          item.op_name = t.op_names[static_cast<std::size_t>(item.op_colour)];
        item.iteration = integer(a[5], origin, where + "'s iteration");
        stream.items.push_back(std::move(item));
      }
      t.streams.push_back(std::move(stream));
    }
    return t;
  } catch (const json::exception& e) {
    // Wrong types inside optional fields ("left_out": {"items": "x"}) end up here.
    fail(origin, e.what());
  }
}

}  // namespace

void from_json(const json& j, TimelineData& timeline) {
  timeline = timelineFromValue(j, "");
}

TimelineData timelineFromJson(std::string_view text, const std::string& origin) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    fail(origin, fmt::format("JSON syntax error at byte {}", e.byte));
  }
  return timelineFromValue(j, origin);
}

}  // namespace inferscope::trace
