// compareTraces / formatComparison: rows built from each summary's steady (basis) aggregates.
#include "core/trace/trace_comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "core/common/units.h"

namespace inferscope::trace {
namespace {

int basisIterations(const TraceSummary& s) {
  return s.basis == "steady" ? s.steady_iterations_traced : s.warmup_iterations_traced;
}

std::string shorten(const std::string& text, std::size_t width) {
  if (text.size() <= width) return text;
  return text.substr(0, width - 3) + "...";
}

}  // namespace

TraceComparison compareTraces(const std::vector<std::string>& labels,
                              const std::vector<TraceSummary>& summaries,
                              std::size_t kernels_per_config) {
  TraceComparison c;
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    c.labels.push_back(i < labels.size() ? labels[i] : fmt::format("config {}", i));
    const auto& s = summaries[i];
    c.notes.push_back(!s.traced()               ? s.untraced_reason
                      : basisIterations(s) == 0 ? "no traced iteration"
                                                : std::string());
  }
  auto usable = [&](std::size_t i) { return c.notes[i].empty(); };
  auto addRow = [&](std::string metric, std::string unit,
                    const std::function<std::optional<double>(const TraceSummary&)>& value) {
    TraceComparisonRow row{std::move(metric), std::move(unit), {}};
    for (std::size_t i = 0; i < summaries.size(); ++i) {
      row.values.push_back(usable(i) ? value(summaries[i]) : std::nullopt);
    }
    c.rows.push_back(std::move(row));
  };

  addRow("kernels", "count/iter", [](const TraceSummary& s) { return s.kernels_per_iteration; });
  addRow("wall time", "us/iter", [](const TraceSummary& s) { return s.wall_us_per_iteration; });
  addRow("GPU busy", "us/iter", [](const TraceSummary& s) { return s.gpu_busy_us_per_iteration; });
  addRow("GPU busy", "%", [](const TraceSummary& s) { return s.gpu_busy_pct; });
  addRow("launch gaps", "us/iter",
         [](const TraceSummary& s) { return s.launch_gap_us_per_iteration; });
  addRow("host overhead", "us/iter",
         [](const TraceSummary& s) { return s.host_overhead_us_per_iteration; });
  addRow("Tensor Core share", "%",
         [](const TraceSummary& s) { return 100.0 * s.tensor_core_share; });
  for (auto kind : {MemcpyKind::HtoD, MemcpyKind::DtoH, MemcpyKind::DtoD}) {
    addRow(fmt::format("memcpy {}", toString(kind)), "MiB/iter",
           [kind](const TraceSummary& s) -> std::optional<double> {
             for (const auto& m : s.memcpy) {
               if (m.kind == kind) {
                 return units::bytesToMiB(static_cast<std::int64_t>(m.bytes)) / basisIterations(s);
               }
             }
             return 0.0;
           });
  }

  // The heavy kernels of any config, in order of first appearance.
  std::vector<std::string> names;
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    if (!usable(i)) continue;
    const auto& top = summaries[i].top_kernels;
    for (std::size_t k = 0; k < std::min(kernels_per_config, top.size()); ++k) {
      if (std::find(names.begin(), names.end(), top[k].name) == names.end()) {
        names.push_back(top[k].name);
      }
    }
  }
  for (const auto& name : names) {
    addRow("kernel: " + name, "us/iter", [&name](const TraceSummary& s) -> std::optional<double> {
      for (const auto& k : s.top_kernels) {
        if (k.name == name) return k.total_us / basisIterations(s);
      }
      return std::nullopt;  // not among this config's top kernels: unknown, not zero
    });
  }
  return c;
}

std::string formatComparison(const TraceComparison& c) {
  constexpr std::size_t kMetricWidth = 56;
  std::vector<std::size_t> widths;
  for (const auto& label : c.labels) widths.push_back(std::max<std::size_t>(12, label.size()));
  std::string out = fmt::format("{:<{}} {:<10}", "", kMetricWidth, "unit");
  for (std::size_t i = 0; i < c.labels.size(); ++i)
    out += fmt::format(" {:>{}}", c.labels[i], widths[i]);
  out += '\n';
  for (const auto& row : c.rows) {
    out += fmt::format("{:<{}} {:<10}", shorten(row.metric, kMetricWidth), kMetricWidth, row.unit);
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      out += row.values[i] ? fmt::format(" {:>{}.1f}", *row.values[i], widths[i])
                           : fmt::format(" {:>{}}", "-", widths[i]);
    }
    out += '\n';
  }
  for (std::size_t i = 0; i < c.notes.size(); ++i) {
    if (!c.notes[i].empty()) out += fmt::format("{}: {}\n", c.labels[i], c.notes[i]);
  }
  return out;
}

}  // namespace inferscope::trace
