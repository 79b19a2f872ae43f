// Reduces a TraceWindow to a TraceSummary (trace_summary.h says what each figure means). Only
// records placed in a traced iteration count; the aggregates are taken over the steady traced
// iterations, since warm-up ones hold one-off work (cuDNN autotuning, lazy module loading).
#pragma once

#include <cstddef>
#include <vector>

#include "core/trace/trace_records.h"
#include "core/trace/trace_summary.h"

namespace inferscope::trace {

struct AggregateOptions {
  std::size_t top_kernels = 15;
  std::size_t top_ops = 20;
};

class TraceAggregator {
 public:
  explicit TraceAggregator(AggregateOptions options = {}) : options_(options) {}

  // The window should have been through resolveCorrelations (KernelTracer::finish does it).
  TraceSummary summarize(const TraceWindow& window) const;

  // The per-iteration figures alone, in iteration order (the GUI timeline uses them too).
  static std::vector<IterationTraceStats> iterationStats(const TraceWindow& window);

 private:
  AggregateOptions options_;
};

}  // namespace inferscope::trace
