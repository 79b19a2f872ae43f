// `inferscope-cli trace`: what the GPU runs under each config — kernels per iteration, GPU busy
// time, launch gaps, top kernels, per-operator breakdown, Tensor-Core share — from a bounded CUPTI
// window, plus the tracing overhead measured inside the window and after it, and a Chrome/Perfetto
// trace of the window. The run, and the Chrome traces, are the run layer's (runner::runCommand);
// this file prints the report.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>

#include "cli/cli_common.h"
#include "cli/commands.h"
#include "cli/console_sink.h"
#include "cli/options/run_options.h"
#include "core/analysis/summary_stats.h"
#include "core/common/printable.h"
#include "core/runner/command_run.h"
#include "core/trace/trace_comparison.h"

namespace inferscope::cli {
namespace {

// Median latency of the measured iterations inside the trace window and of those after it: the
// overhead tracing adds while on, and whether any lingers once it is off.
void printOverhead(std::FILE* out, const ConfigResult& c) {
  std::vector<double> inside, after;
  const int last_traced = c.traced_iterations.empty() ? -1 : c.traced_iterations.back();
  for (int i = c.warmup_iterations; i < static_cast<int>(c.latency_ms.size()); ++i) {
    const bool traced =
        std::binary_search(c.traced_iterations.begin(), c.traced_iterations.end(), i);
    if (traced) inside.push_back(c.latency_ms[static_cast<std::size_t>(i)]);
    if (i > last_traced) after.push_back(c.latency_ms[static_cast<std::size_t>(i)]);
  }
  if (inside.empty() || after.empty()) return;
  const double in_ms = analysis::summarize(inside).median,
               after_ms = analysis::summarize(after).median;
  fmt::print(
      out,
      "  overhead     steady median {:.3f} ms traced ({} iterations) vs {:.3f} ms after the window "
      "({}): "
      "{:+.1f} %\n",
      in_ms, inside.size(), after_ms, after.size(), 100.0 * (in_ms / after_ms - 1.0));
}

// What the GPU ran under each config, then the configs compared.
void printTraceReport(std::FILE* out, const SessionResult& session,
                      const std::vector<std::string>& chrome_paths) {
  fmt::print(out, "\n");
  printSessionHeader(out, session);
  std::vector<std::string> labels;
  std::vector<trace::TraceSummary> summaries;
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const ConfigResult& c = session.configs[i];
    fmt::print(out, "{} — {}\n", printableLine(c.config.key()), toString(c.status));
    if (c.status != ConfigStatus::Ok || !c.trace_summary) {
      fmt::print(out, "  {}\n\n", printable(c.message));
      continue;
    }
    const trace::TraceSummary& t = *c.trace_summary;
    if (t.status != trace::TraceStatus::Traced) {
      fmt::print(out, "  {}\n  median {:.3f} ms (untraced)\n\n", printable(t.untraced_reason),
                 c.stats.median_ms);
      continue;
    }
    fmt::print(out, "  window       {} warm-up + {} steady iterations traced ({}), {} streams\n",
               t.warmup_iterations_traced, t.steady_iterations_traced, t.basis, t.stream_count);
    if (t.light_iterations > 0) {
      // Light iterations record GPU activity only (kernel_tracer.h); say how their kernels got
      // their operators, and when some could not.
      fmt::print(
          out,
          "  light        {} steady iterations with GPU records only, operators named by the first "
          "one's kernel order{}\n",
          t.light_iterations,
          t.replay_mismatches > 0
              ? fmt::format(" — {} ran other kernels and keep no operator "
                            "(INFERSCOPE_TRACE_DETAIL=every records them in full)",
                            t.replay_mismatches)
              : std::string());
    }
    fmt::print(
        out,
        "  per iter     {:.0f} kernels · wall {:.1f} µs · GPU busy {:.1f} µs ({:.1f} %) · launch "
        "gaps {:.1f} µs · "
        "host overhead {:.1f} µs\n",
        t.kernels_per_iteration, t.wall_us_per_iteration, t.gpu_busy_us_per_iteration,
        t.gpu_busy_pct, t.launch_gap_us_per_iteration, t.host_overhead_us_per_iteration);
    fmt::print(out, "  Tensor Cores {:.1f} % of kernel time (by kernel name)\n",
               100.0 * t.tensor_core_share);
    for (std::size_t k = 0; k < std::min<std::size_t>(5, t.top_kernels.size()); ++k) {
      const auto& ks = t.top_kernels[k];
      fmt::print(out, "  kernel {:>2}    {:5.1f} %  {:>4}×  {:8.1f} µs  {}{}\n", k + 1,
                 100.0 * ks.share, ks.count, ks.mean_us, printableLine(ks.name.substr(0, 90)),
                 ks.tensor_core ? "  [TC]" : "");
    }
    for (std::size_t k = 0; k < std::min<std::size_t>(5, t.ops.size()); ++k) {
      const auto& op = t.ops[k];
      fmt::print(out, "  op {:>2}        {:5.1f} %  {:>5} kernels  {}\n", k + 1, 100.0 * op.share,
                 op.kernel_count, printableLine(op.op_name));
    }
    printOverhead(out, c);
    if (!chrome_paths[i].empty()) {
      fmt::print(out, "  chrome trace {} (open in ui.perfetto.dev or chrome://tracing)\n",
                 printableLine(chrome_paths[i]));
    }
    fmt::print(out, "\n");
    labels.push_back(c.config.key());
    summaries.push_back(t);
  }
  if (summaries.size() > 1)
    fmt::print(out, "{}\n",
               printable(trace::formatComparison(trace::compareTraces(labels, summaries))));
  printRooflineTable(out, session);
}

int runTrace(const RunCommandOptions& o) {
  runner::CommandRun run = toCommandRun(o);
  const auto sink = makeRunSink(o.events, o.quiet);
  const auto outcome = runner::runCommand(run, *sink, processCancelToken());
  if (eventsAreNdjson(o.events)) {
    // stdout holds events alone: the files written are said as events too.
    for (const auto& path : outcome.chrome_trace_paths) {
      if (!path.empty())
        sink->onLog(LogLevel::Info, fmt::format("chrome trace written to {}", path));
    }
  } else {
    printTraceReport(stdout, outcome.session, outcome.chrome_trace_paths);
  }
  writeSessionOutput(outcome.session, o.out);
  return outcome.exit_code;
}

}  // namespace

void addTraceCommand(CLI::App& app, std::function<int()>& action) {
  auto options = std::make_shared<RunCommandOptions>();
  auto* cmd = addRunCommand(app, runner::RunCommandKind::Trace, *options);
  cmd->callback([options, &action] { action = [options] { return runTrace(*options); }; });
}

}  // namespace inferscope::cli
