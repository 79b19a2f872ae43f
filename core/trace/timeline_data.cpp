// buildTimelineData: groups GPU records by stream and shifts times to the window start.
#include "core/trace/timeline_data.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

#include "core/common/units.h"
#include "core/trace/trace_aggregator.h"

namespace inferscope::trace {

TimelineData buildTimelineData(const TraceWindow& window) {
  TimelineData t;
  t.traced = window.traced();
  t.untraced_reason = window.traced() ? std::string() : window.untraced_reason;

  // The same origin as the Chrome trace: the earliest record of any kind.
  std::int64_t origin_ns = std::numeric_limits<std::int64_t>::max();
  std::int64_t last_ns = std::numeric_limits<std::int64_t>::min();
  auto span = [&](const auto& records) {
    for (const auto& r : records) {
      origin_ns = std::min(origin_ns, r.start_ns);
      last_ns = std::max(last_ns, r.end_ns);
    }
  };
  span(window.iterations);
  span(window.ops);
  span(window.api_calls);
  span(window.kernels);
  span(window.memcpys);
  span(window.memsets);
  span(window.syncs);
  if (origin_ns > last_ns) return t;  // nothing recorded
  t.duration_us = units::nsToUs(last_ns - origin_ns);
  auto us = [origin_ns](std::int64_t ns) { return units::nsToUs(ns - origin_ns); };

  // Operators ranked by the kernel time they launched.
  std::unordered_map<std::string, std::int64_t> op_ns;
  for (const auto& k : window.kernels) {
    if (!k.top_op_name.empty()) op_ns[k.top_op_name] += k.durationNs();
  }
  std::vector<std::pair<std::string, std::int64_t>> ranked(op_ns.begin(), op_ns.end());
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::unordered_map<std::string, int> colour;
  for (const auto& [name, ns] : ranked) {
    colour[name] = static_cast<int>(t.op_names.size());
    t.op_names.push_back(name);
  }

  std::map<std::pair<std::uint32_t, std::uint32_t>, TimelineStream> lanes;
  auto lane = [&](std::uint32_t device, std::uint32_t stream) -> TimelineStream& {
    auto& l = lanes[{device, stream}];
    if (l.label.empty()) {
      l.device = device;
      l.stream = stream;
      l.label = fmt::format("GPU {} · stream {}", device, stream);
    }
    return l;
  };
  for (const auto& k : window.kernels) {
    const auto c = colour.find(k.top_op_name);
    lane(k.device, k.stream)
        .items.push_back({us(k.start_ns), units::nsToUs(k.durationNs()), TimelineItemKind::Kernel,
                          k.name, k.top_op_name, c == colour.end() ? -1 : c->second, k.iteration});
  }
  for (const auto& m : window.memcpys) {
    lane(m.device, m.stream)
        .items.push_back({us(m.start_ns),
                          units::nsToUs(m.durationNs()),
                          TimelineItemKind::Memcpy,
                          fmt::format("Memcpy {}", toString(m.kind)),
                          {},
                          -1,
                          m.iteration});
  }
  for (const auto& m : window.memsets) {
    lane(m.device, m.stream)
        .items.push_back({us(m.start_ns),
                          units::nsToUs(m.durationNs()),
                          TimelineItemKind::Memset,
                          "Memset",
                          {},
                          -1,
                          m.iteration});
  }
  for (auto& [key, l] : lanes) {
    std::stable_sort(
        l.items.begin(), l.items.end(),
        [](const TimelineItem& a, const TimelineItem& b) { return a.start_us < b.start_us; });
    t.streams.push_back(std::move(l));
  }

  const auto stats = TraceAggregator::iterationStats(window);
  for (const auto& m : window.iterations) {
    TimelineIteration it{m.iteration, m.warmup, us(m.start_ns), us(m.end_ns), 0, 0};
    for (const auto& s : stats) {
      if (s.iteration == m.iteration) {
        it.kernel_count = s.kernel_count;
        it.gpu_busy_pct = s.gpu_busy_pct;
      }
    }
    t.iterations.push_back(it);
  }
  std::sort(t.iterations.begin(), t.iterations.end(),
            [](const TimelineIteration& a, const TimelineIteration& b) {
              return a.start_us < b.start_us;
            });
  return t;
}

}  // namespace inferscope::trace
