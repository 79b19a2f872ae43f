// What a config's trace window comes to: per-iteration GPU figures and the aggregates the GUI,
// the CLI and the session file show. Plain values, in microseconds (converted from the window's
// nanoseconds by TraceAggregator). trace_summary_json.h maps it to and from JSON.
//
// Per iteration, the host wall time splits into three parts that add up exactly:
//   wall = gpu_busy (union of kernel intervals: concurrent kernels count once)
//        + launch_gap (GPU idle between the first kernel's start and the last kernel's end)
//        + host_overhead (before the first kernel starts and after the last one ends: dispatch,
//          launch latency, the final synchronisation).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/trace/trace_records.h"

namespace inferscope::trace {

struct IterationTraceStats {
  int iteration = 0;
  bool warmup = false;
  int kernel_count = 0, memcpy_count = 0, memset_count = 0;
  double wall_us = 0;
  double gpu_busy_us = 0;
  double gpu_busy_pct = 0;   // gpu_busy_us / wall_us × 100
  double kernel_sum_us = 0;  // sum of kernel durations (> gpu_busy_us when kernels overlap)
  double launch_gap_us = 0;  // total GPU idle between kernels
  double max_gap_us = 0;     // the longest of those gaps
  double host_overhead_us = 0;
};

struct KernelStat {
  std::string name;
  int count = 0;
  double total_us = 0, mean_us = 0;
  double share = 0;  // of all kernel time of the summarised iterations, 0..1
  bool tensor_core = false;
};

struct OpKernelStat {
  std::string op_name;  // outermost operator ("aten::conv2d"); "(no operator)" when unattributed
  int kernel_count = 0;
  double kernel_us = 0;
  double share = 0;  // 0..1
};

struct MemcpyStat {
  MemcpyKind kind = MemcpyKind::Unknown;
  int count = 0;
  std::uint64_t bytes = 0;
  double total_us = 0;
};

struct TraceSummary {
  TraceStatus status = TraceStatus::Untraced;
  std::string untraced_reason;
  std::string source;
  std::uint64_t dropped_records = 0;
  // Light iterations (GPU records only; operators named by the kernel order of the stretch's full
  // iteration) and those of them whose kernel order differed (their kernels have no operator).
  int light_iterations = 0;
  int replay_mismatches = 0;
  int warmup_iterations_traced = 0;
  int steady_iterations_traced = 0;
  std::vector<IterationTraceStats> iterations;  // every traced iteration, in order

  // Over the steady traced iterations ("steady"), or the warm-up ones when none was steady.
  std::string basis;
  double kernels_per_iteration = 0;
  double wall_us_per_iteration = 0;
  double gpu_busy_us_per_iteration = 0;
  double gpu_busy_pct = 0;  // Σ busy / Σ wall × 100
  double launch_gap_us_per_iteration = 0;
  double host_overhead_us_per_iteration = 0;
  double max_gap_us = 0;
  double total_kernel_us = 0;
  double tensor_core_us = 0;
  double tensor_core_share = 0;  // of total_kernel_us, by isTensorCoreKernel's name heuristic
  int stream_count = 0;
  std::vector<KernelStat> top_kernels;  // by total time, descending
  std::vector<OpKernelStat> ops;        // by kernel time, descending
  std::vector<MemcpyStat> memcpy;       // by kind
  int memset_count = 0;
  std::uint64_t memset_bytes = 0;

  bool traced() const { return status == TraceStatus::Traced; }
};

}  // namespace inferscope::trace
