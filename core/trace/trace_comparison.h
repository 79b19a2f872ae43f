// Several configs' trace summaries side by side: one column per config, one row per figure, plus
// one row per heavy kernel (the union of each config's top kernels), all per iteration so that
// configs with different numbers of traced iterations compare. The GUI shows the rows as a table;
// the CLI prints formatComparison().
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/trace/trace_summary.h"

namespace inferscope::trace {

struct TraceComparisonRow {
  std::string metric;                         // "GPU busy", "kernel: ampere_sgemm_128x64_nn"
  std::string unit;                           // "%", "µs/iter", "MiB/iter", "count/iter"
  std::vector<std::optional<double>> values;  // one per config; empty when untraced / absent
};

struct TraceComparison {
  std::vector<std::string> labels;  // one per config (its key)
  std::vector<std::string> notes;   // one per config: "" or why it has no figures
  std::vector<TraceComparisonRow> rows;
};

// `labels` and `summaries` pair up by index (a shorter `labels` is padded with "config N").
TraceComparison compareTraces(const std::vector<std::string>& labels,
                              const std::vector<TraceSummary>& summaries,
                              std::size_t kernels_per_config = 5);

// A fixed-width text table (kernel names shortened to fit).
std::string formatComparison(const TraceComparison& comparison);

}  // namespace inferscope::trace
