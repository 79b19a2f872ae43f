// TraceAggregator: interval arithmetic per iteration (in ns, converted to µs once at the end
// through units::nsToUs) and grouping by kernel name, operator and copy kind.
#include "core/trace/trace_aggregator.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/common/units.h"
#include "core/trace/tensor_core_heuristic.h"

namespace inferscope::trace {
namespace {

using units::nsToUs;

struct Interval {
  std::int64_t start_ns, end_ns;
};

// Busy time, gaps and the host overhead of one iteration, from its kernels' intervals.
void measureIteration(const IterationMark& mark, std::vector<Interval> spans,
                      IterationTraceStats& out) {
  const std::int64_t wall_ns = std::max<std::int64_t>(0, mark.end_ns - mark.start_ns);
  out.wall_us = nsToUs(wall_ns);
  // Clamp to the iteration: the host marks and CUPTI's timestamps share a clock, but a kernel
  // reported a hair outside its iteration must not make busy time exceed wall time.
  for (auto& s : spans) {
    s.start_ns = std::clamp(s.start_ns, mark.start_ns, mark.end_ns);
    s.end_ns = std::clamp(s.end_ns, s.start_ns, mark.end_ns);
  }
  if (spans.empty()) {
    out.host_overhead_us = out.wall_us;
    return;
  }
  std::sort(spans.begin(), spans.end(),
            [](const Interval& a, const Interval& b) { return a.start_ns < b.start_ns; });
  std::int64_t busy_ns = 0, gap_ns = 0, max_gap_ns = 0;
  Interval current = spans.front();
  for (std::size_t i = 1; i < spans.size(); ++i) {
    if (spans[i].start_ns <= current.end_ns) {  // overlapping or touching: concurrent kernels
      current.end_ns = std::max(current.end_ns, spans[i].end_ns);
      continue;
    }
    busy_ns += current.end_ns - current.start_ns;
    const std::int64_t gap = spans[i].start_ns - current.end_ns;
    gap_ns += gap;
    max_gap_ns = std::max(max_gap_ns, gap);
    current = spans[i];
  }
  busy_ns += current.end_ns - current.start_ns;
  const std::int64_t first_ns = spans.front().start_ns;
  const std::int64_t last_ns = current.end_ns;
  out.gpu_busy_us = nsToUs(busy_ns);
  out.gpu_busy_pct =
      wall_ns > 0 ? 100.0 * static_cast<double>(busy_ns) / static_cast<double>(wall_ns) : 0;
  out.launch_gap_us = nsToUs(gap_ns);
  out.max_gap_us = nsToUs(max_gap_ns);
  out.host_overhead_us = nsToUs((first_ns - mark.start_ns) + (mark.end_ns - last_ns));
}

template <class Record>
void countPerIteration(const std::vector<Record>& records,
                       const std::unordered_map<int, std::size_t>& index,
                       int IterationTraceStats::*field, std::vector<IterationTraceStats>& stats) {
  for (const auto& r : records) {
    const auto it = index.find(r.iteration);
    if (it != index.end()) ++(stats[it->second].*field);
  }
}

}  // namespace

std::vector<IterationTraceStats> TraceAggregator::iterationStats(const TraceWindow& window) {
  auto marks = window.iterations;
  std::sort(marks.begin(), marks.end(), [](const IterationMark& a, const IterationMark& b) {
    return a.iteration < b.iteration;
  });
  std::vector<IterationTraceStats> stats(marks.size());
  std::unordered_map<int, std::size_t> index;
  std::vector<std::vector<Interval>> spans(marks.size());
  for (std::size_t i = 0; i < marks.size(); ++i) {
    stats[i].iteration = marks[i].iteration;
    stats[i].warmup = marks[i].warmup;
    index[marks[i].iteration] = i;
  }
  for (const auto& k : window.kernels) {
    const auto it = index.find(k.iteration);
    if (it == index.end()) continue;
    spans[it->second].push_back({k.start_ns, k.end_ns});
    stats[it->second].kernel_sum_us += nsToUs(k.durationNs());
  }
  countPerIteration(window.kernels, index, &IterationTraceStats::kernel_count, stats);
  countPerIteration(window.memcpys, index, &IterationTraceStats::memcpy_count, stats);
  countPerIteration(window.memsets, index, &IterationTraceStats::memset_count, stats);
  for (std::size_t i = 0; i < marks.size(); ++i) {
    measureIteration(marks[i], std::move(spans[i]), stats[i]);
  }
  return stats;
}

TraceSummary TraceAggregator::summarize(const TraceWindow& window) const {
  TraceSummary s;
  s.status = window.status;
  s.untraced_reason = window.untraced_reason;
  s.source = window.source;
  s.dropped_records = window.dropped_records;
  s.replay_mismatches = window.replay_mismatches;
  for (const auto& mark : window.iterations) s.light_iterations += mark.replay_of >= 0 ? 1 : 0;
  s.iterations = iterationStats(window);
  for (const auto& it : s.iterations)
    (it.warmup ? s.warmup_iterations_traced : s.steady_iterations_traced)++;
  if (s.iterations.empty()) return s;

  // The iterations the aggregates are taken over.
  const bool steady = s.steady_iterations_traced > 0;
  s.basis = steady ? "steady" : "warmup";
  std::unordered_set<int> basis;
  double wall_us = 0, busy_us = 0;
  for (const auto& it : s.iterations) {
    if (it.warmup == steady) continue;
    basis.insert(it.iteration);
    s.kernels_per_iteration += it.kernel_count;
    wall_us += it.wall_us;
    busy_us += it.gpu_busy_us;
    s.launch_gap_us_per_iteration += it.launch_gap_us;
    s.host_overhead_us_per_iteration += it.host_overhead_us;
    s.max_gap_us = std::max(s.max_gap_us, it.max_gap_us);
  }
  const double n = static_cast<double>(basis.size());
  s.kernels_per_iteration /= n;
  s.wall_us_per_iteration = wall_us / n;
  s.gpu_busy_us_per_iteration = busy_us / n;
  s.gpu_busy_pct = wall_us > 0 ? 100.0 * busy_us / wall_us : 0;
  s.launch_gap_us_per_iteration /= n;
  s.host_overhead_us_per_iteration /= n;

  // Kernels by name, by outermost operator, by stream.
  std::unordered_map<std::string, KernelStat> by_name;
  std::unordered_map<std::string, OpKernelStat> by_op;
  std::set<std::pair<std::uint32_t, std::uint32_t>> streams;
  for (const auto& k : window.kernels) {
    if (basis.count(k.iteration) == 0) continue;
    const double us = nsToUs(k.durationNs());
    s.total_kernel_us += us;
    auto& ks = by_name[k.name];
    if (ks.count++ == 0) {
      ks.name = k.name;
      ks.tensor_core = isTensorCoreKernel(k.name);
    }
    ks.total_us += us;
    if (ks.tensor_core) s.tensor_core_us += us;
    const std::string op = k.top_op_name.empty() ? "(no operator)" : k.top_op_name;
    auto& os = by_op[op];
    os.op_name = op;
    os.kernel_count++;
    os.kernel_us += us;
    streams.insert({k.device, k.stream});
  }
  s.stream_count = static_cast<int>(streams.size());
  s.tensor_core_share = s.total_kernel_us > 0 ? s.tensor_core_us / s.total_kernel_us : 0;

  for (auto& [name, ks] : by_name) {
    ks.mean_us = ks.total_us / ks.count;
    ks.share = s.total_kernel_us > 0 ? ks.total_us / s.total_kernel_us : 0;
    s.top_kernels.push_back(std::move(ks));
  }
  // Ties broken by name so that summaries of the same trace are identical.
  std::sort(s.top_kernels.begin(), s.top_kernels.end(),
            [](const KernelStat& a, const KernelStat& b) {
              return a.total_us != b.total_us ? a.total_us > b.total_us : a.name < b.name;
            });
  if (s.top_kernels.size() > options_.top_kernels) s.top_kernels.resize(options_.top_kernels);

  for (auto& [name, os] : by_op) {
    os.share = s.total_kernel_us > 0 ? os.kernel_us / s.total_kernel_us : 0;
    s.ops.push_back(std::move(os));
  }
  std::sort(s.ops.begin(), s.ops.end(), [](const OpKernelStat& a, const OpKernelStat& b) {
    return a.kernel_us != b.kernel_us ? a.kernel_us > b.kernel_us : a.op_name < b.op_name;
  });
  if (s.ops.size() > options_.top_ops) s.ops.resize(options_.top_ops);

  std::map<MemcpyKind, MemcpyStat> by_kind;
  for (const auto& m : window.memcpys) {
    if (basis.count(m.iteration) == 0) continue;
    auto& ms = by_kind[m.kind];
    ms.kind = m.kind;
    ms.count++;
    ms.bytes += m.bytes;
    ms.total_us += nsToUs(m.durationNs());
  }
  for (auto& [kind, ms] : by_kind) s.memcpy.push_back(ms);
  for (const auto& m : window.memsets) {
    if (basis.count(m.iteration) == 0) continue;
    s.memset_count++;
    s.memset_bytes += m.bytes;
  }
  return s;
}

}  // namespace inferscope::trace
