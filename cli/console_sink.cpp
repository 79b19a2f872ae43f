#include "cli/console_sink.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include "cli/options/lang_option.h"
#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/common/units.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_record.h"
#include "core/session/ndjson_sink.h"
#include "text/answer_text.h"

namespace inferscope::cli {

ConsoleSink::ConsoleSink(bool quiet) : quiet_(quiet), interactive_(::isatty(STDERR_FILENO) == 1) {}

void ConsoleSink::onConfigStart(int config_index, int config_count,
                                const OptimizationConfig& config) {
  if (quiet_) return;
  fmt::print(stderr, "[{}/{}] {} — {}\n", config_index + 1, config_count, config.key(),
             config.describe());
}

void ConsoleSink::onProgress(const Progress& p) {
  if (quiet_ || !interactive_) return;
  fmt::print(stderr, "\r  iteration {}/{}  ({:.1f} s)", p.iteration, p.planned_iterations,
             units::msToS(p.elapsed_ms));
  progress_open_ = true;
}

void ConsoleSink::onConfigDone(const ConfigResult& r) {
  if (quiet_) return;
  if (progress_open_) fmt::print(stderr, "\n");
  progress_open_ = false;
  if (r.status == ConfigStatus::Ok) {
    fmt::print(stderr, "  median {:.3f} ms · cold start {:.1f} ms\n", r.stats.median_ms,
               r.stats.cold_start_ms);
  }
}

void ConsoleSink::onLog(LogLevel level, const std::string& message) {
  if (progress_open_) fmt::print(stderr, "\n");
  progress_open_ = false;
  const char* tag = level == LogLevel::Error     ? "error"
                    : level == LogLevel::Warning ? "warning"
                                                 : "info";
  fmt::print(stderr, "{}: {}\n", tag, printable(message));
}

std::unique_ptr<EventSink> makeRunSink(const std::string& events, bool quiet) {
  if (eventsAreNdjson(events)) return std::make_unique<NdjsonSink>(stdout);
  return std::make_unique<ConsoleSink>(quiet);
}

void printSessionHeader(std::FILE* out, const SessionResult& s) {
  const auto& d = s.device;
  std::string device = d.name;
  if (d.kind == DeviceKind::Cuda) {
    device += fmt::format(" (sm_{}{}, {}, {:.0f} GiB)", d.cc_major, d.cc_minor, d.generation(),
                          units::bytesToMiB(d.total_memory_bytes) / 1024.0);
  } else {
    device += fmt::format(" ({} threads)", d.cpu_threads);
  }
  fmt::print(out, "model   {} · {} parameters · input {}\n",
             printableLine(s.request.model.displayName()), s.parameter_count,
             toString(s.request.inputs));
  fmt::print(out, "device  {}\n", printableLine(device));
  fmt::print(
      out, "libs    LibTorch {}\n",
      printableLine(d.libtorch_version +
                    (d.cuda_runtime_version.empty() ? "" : " · CUDA " + d.cuda_runtime_version) +
                    (d.cudnn_version.empty() ? "" : " · cuDNN " + d.cudnn_version)));
  fmt::print(out, "run     {} warm-up + {} measured iterations per config\n\n",
             s.request.run.warmup_iterations, s.request.run.measure_iterations);
}

// Under a forked config's row: the level across its processes, the interval a further process's
// median falls in, and the verdict.
static void printForkLine(std::FILE* out, const ForkStats& f) {
  const std::string level = f.ci_high_ms > 0 ? fmt::format("{:.3f} ms [{:.3f}, {:.3f}]",
                                                           f.median_ms, f.ci_low_ms, f.ci_high_ms)
                                             : fmt::format("{:.3f} ms", f.median_ms);
  const auto lang = outputLang();
  const std::string next =
      f.next_high_ms > 0
          ? " · " + text::message("fork.next", lang,
                                  {{"low_ms", fmt::format("{:.3f}", f.next_low_ms)},
                                   {"high_ms", fmt::format("{:.3f}", f.next_high_ms)}})
          : "";
  // The outcome from the fork analysis's fields, in the output's language.
  fmt::print(out, "{:<24} {}{} · {}\n", text::message("fork.label", lang), level, next,
             text::forkOutcomeText(text::forkOutcome(f), lang));
}

void printThroughputTable(std::FILE* out, const ShapeRecord& record) {
  const auto& curves = record.curves;
  if (curves.empty()) return;
  fmt::print(out,
             "\nLatency against throughput (knee: the smallest batch reaching ≥ {:.0f} % of the "
             "config's peak items/s)\n",
             100.0 * record.knee_fraction);
  fmt::print(out, "{:<24} {:<12} {:>7} {:>10} {:>10} {:>11} {:>9}  {}\n", "config", "fixed dims",
             "batch", "median ms", "ms/item", "items/s", "peak MiB", "notes");
  for (const auto& curve : curves) {
    const std::string fixed = curve.fixed_dims.empty() ? "-" : printableLine(curve.fixed_dims);
    for (const auto& p : curve.points) {
      std::string notes;
      if (curve.knee_batch && p.batch == *curve.knee_batch) notes += "◆ knee ";
      if (p.items_per_s == curve.peak_items_per_s) notes += "peak ";
      fmt::print(out, "{:<24} {:<12} {:>7} {:>10.3f} {:>10.4f} {:>11.1f} {:>9.1f}  {}\n",
                 curve.config_key, fixed, p.batch, p.median_ms, p.per_item_ms, p.items_per_s,
                 units::bytesToMiB(p.peak_bytes), notes);
    }
    if (curve.points.empty()) {
      fmt::print(out, "{:<24} {:<12} no batch ran\n", curve.config_key, fixed);
    }
    if (curve.first_oom_batch) {
      fmt::print(out, "{:<24} {:<12} {:>7} out of memory{}\n", curve.config_key, fixed,
                 *curve.first_oom_batch,
                 curve.largest_ok_batch
                     ? fmt::format(" (largest batch that ran: {})", *curve.largest_ok_batch)
                     : std::string());
    }
  }
}

void printMemoryPerPrecision(std::FILE* out, const ShapeRecord& record) {
  std::vector<std::int64_t> batches;
  for (const auto& m : record.memory) {
    for (const auto& p : m.points) {
      if (std::find(batches.begin(), batches.end(), p.batch) == batches.end())
        batches.push_back(p.batch);
    }
  }
  if (batches.empty()) return;
  std::sort(batches.begin(), batches.end());
  fmt::print(out,
             "\nPeak memory per precision across batch sizes (MiB; the lowest of the precision's "
             "configs)\n{:<20} {:<12}",
             "precision", "fixed dims");
  for (const auto b : batches) fmt::print(out, " {:>9}", fmt::format("B={}", b));
  fmt::print(out, "\n");
  for (const auto& m : record.memory) {
    fmt::print(out, "{:<20} {:<12}", m.precision,
               m.fixed_dims.empty() ? "-" : printableLine(m.fixed_dims));
    for (const auto b : batches) {
      const auto it = std::find_if(m.points.begin(), m.points.end(),
                                   [&](const PrecisionMemoryPoint& p) { return p.batch == b; });
      fmt::print(out, " {:>9}",
                 it == m.points.end() ? std::string("-")
                                      : fmt::format("{:.1f}", units::bytesToMiB(it->peak_bytes)));
    }
    fmt::print(out, "\n");
  }
}

void printShapeAnswers(std::FILE* out, const ShapeRecord& record) {
  const auto& table = record.routing;
  if (table.size() < 2) return;
  fmt::print(
      out, "\nPer shape, the fastest safe config (a router's table)\n{:<20} {:>7}  {:<24} {:>10}\n",
      "shape", "batch", "config", "median ms");
  std::vector<std::string> labels;
  for (const auto& e : table) {
    labels.push_back(e.shape_label);
    fmt::print(out, "{:<20} {:>7}  {:<24} {:>10}\n", printableLine(e.shape_label), e.batch,
               e.config_key.empty() ? "(none ran safely)" : printableLine(e.config_key),
               e.config_key.empty() ? "-" : fmt::format("{:.3f}", e.median_ms));
  }
  if (record.weights.empty()) {
    // The mix names a shape this session lacks: its mistake is told, not thrown, since after a
    // run the session must still be written.
    try {
      parseShapeMix(record.shape_mix, labels);
    } catch (const Error& e) {
      fmt::print(out, "One config for every shape: --shape-mix {}\n", e.what());
    }
    return;
  }
  const std::string weights =
      record.shape_mix.empty() ? "uniform over the shapes" : printableLine(record.shape_mix);
  if (!record.best_single) {
    fmt::print(out, "One config for every shape ({}): none ran safely at every shape\n", weights);
    return;
  }
  const auto& best = *record.best_single;
  fmt::print(out,
             "One config for every shape ({}): {}, weighted median {:.3f} ms, ×{:.3f} of the "
             "per-shape table's {:.3f} ms\n",
             weights, printableLine(best.config_key), best.weighted_median_ms, best.ratio_to_oracle,
             best.oracle_ms);
}

void printMaxBatchTable(std::FILE* out, const ShapeRecord& record) {
  if (record.max_batch.empty()) return;
  const auto& first = record.max_batch.front();
  fmt::print(out,
             "\nLargest batch per config (doubling from {}, then bisection; limit {})\n"
             "{:<24} {:<12} {:>14} {:>16} {:>7}  {}\n",
             first.start_batch, first.limit_batch, "config", "precision", "largest batch",
             "out of memory at", "probes", "ended");
  for (const auto& m : record.max_batch) {
    const auto& s = m.search;
    std::string ended = s.stop_reason;
    if (s.stop_reason == "failed" && !s.probes.empty()) {
      ended += ": " + printableLine(s.probes.back().message);
    }
    fmt::print(out, "{:<24} {:<12} {:>14} {:>16} {:>7}  {}\n", printableLine(m.config_key),
               printableLine(m.precision),
               s.largest_fitting ? std::to_string(*s.largest_fitting) : "none",
               s.smallest_oom ? std::to_string(*s.smallest_oom) : "-", s.probes.size(), ended);
  }
}

void printResultTable(std::FILE* out, const SessionResult& s) {
  fmt::print(out, "{:<24} {:>7} {:>10} {:>8} {:>10} {:>10} {:>10} {:>11} {:>10} {:>9} {:>9}  {}\n",
             "config", "status", "median ms", "CI ±%", "p90 ms", "min ms", "max ms", "cold ms",
             "items/s", "peak MiB", "rel err", "steady state");
  for (const auto& r : s.configs) {
    if (r.status != ConfigStatus::Ok) {
      fmt::print(out, "{:<24} {:>7}  {}\n", r.config.key(), toString(r.status),
                 printable(r.message));
      continue;
    }
    const auto& st = r.stats;
    const std::string err =
        r.accuracy.measured ? fmt::format("{:.1e}", r.accuracy.rel_l2_error) : "-";
    const auto& ss = r.steady;
    const double half_pct =
        st.median_ms > 0 ? 50.0 * (ss.median_ci_high_ms - ss.median_ci_low_ms) / st.median_ms : 0;
    const std::string ci =
        ss.analysed && ss.median_ci_high_ms > 0 ? fmt::format("{:.1f}", half_pct) : "-";
    std::string steady =
        ss.analysed ? fmt::format("{} from iter {}{} · {} iterations, {}", ss.series_class,
                                  ss.steady_start, ss.low_confidence ? " (low confidence)" : "",
                                  r.latency_ms.size(), ss.stop_reason)
                    : "";
    if (ss.series_class == "switching") {
      steady += fmt::format(" · levels {:.3f} / {:.3f} ms, {:.0f} % slow in stays of ~{:.0f}",
                            ss.fast_level_ms, ss.slow_level_ms, 100.0 * ss.slow_share,
                            ss.mean_dwell_iterations);
    }
    if (ss.resolution_limited)
      steady += fmt::format(" · within {:.0f} timer steps of {} ms",
                            st.median_ms / ss.timer_quantum_ms, ss.timer_quantum_ms);
    fmt::print(out,
               "{:<24} {:>7} {:>10.3f} {:>8} {:>10.3f} {:>10.3f} {:>10.3f} {:>11.1f} {:>10.1f} "
               "{:>9.1f} {:>9}  {}\n",
               r.config.key(), "ok", st.median_ms, ci, st.p90_ms, st.min_ms, st.max_ms,
               st.cold_start_ms, st.throughput_items_per_s,
               units::bytesToMiB(r.memory.peak_allocated_bytes), err, steady);
    if (r.fork_stats) printForkLine(out, *r.fork_stats);
  }
}

static std::string orDash(double value, const char* format) {
  return value > 0 ? fmt::format(fmt::runtime(format), value) : std::string("-");
}

void printRooflineTable(std::FILE* out, const SessionResult& s) {
  const bool any = std::any_of(s.configs.begin(), s.configs.end(),
                               [](const ConfigResult& c) { return c.roofline.has_value(); });
  if (!s.request.run.roofline || !any) return;
  fmt::print(out, "\nRoofline");
  if (s.ceilings) {
    const auto& c = *s.ceilings;
    fmt::print(out, " — ceilings of {} (measured {}{}):", printable(c.key.device_name),
               c.measured_utc, c.from_cache ? ", from the cache" : "");
    for (const auto& p : c.matmul) {
      fmt::print(
          out, " {} {:.4g} TFLOP/s{}", p.precision, p.measured_tflops,
          p.datasheet_tflops > 0 ? fmt::format(" (datasheet {:g})", p.datasheet_tflops) : "");
    }
    fmt::print(out, "; copy {:.0f} GB/s{}\n", c.copy_gbps,
               c.datasheet_gbps > 0 ? fmt::format(" (datasheet {:g})", c.datasheet_gbps) : "");
    if (!c.datasheet_source.empty())
      fmt::print(out, "datasheet: {}, dense figures\n", c.datasheet_source);
  } else {
    fmt::print(out, ": no ceilings measured (the rates are shown, not their share)\n");
  }
  fmt::print(out, "{:<24} {:>10} {:>10} {:>8} {:>9} {:>9} {:>8} {:>8}  {:<12} {}\n", "config",
             "GFLOP/it", "MB/it", "FLOP/B", "TFLOP/s", "GB/s", "% peak", "% bw", "bound", "work");
  for (const auto& c : s.configs) {
    if (!c.roofline) continue;
    const auto& p = *c.roofline;
    std::string work = p.work_source == "eager"
                           ? fmt::format("eager count of {}{}", p.work_from,
                                         p.bytes_scaled ? ", bytes rescaled" : "")
                           : "observed";
    if (p.work.uncounted_time_share > 0)
      work += fmt::format("; {:.0f} % of op time uncounted", 100 * p.work.uncounted_time_share);
    fmt::print(out,
               "{:<24} {:>10.3f} {:>10.3f} {:>8.1f} {:>9.4g} {:>9.4g} {:>8} {:>8}  {:<12} {}\n",
               c.config.key(), p.work.flops / 1e9, p.work.bytes / 1e6, p.intensity,
               p.achieved_tflops, p.achieved_gbps, orDash(p.pct_of_compute_ceiling, "{:.1f}"),
               orDash(p.pct_of_memory_ceiling, "{:.1f}"), roofline::toString(p.bound), work);
  }
  // Why each bound, the operators not counted, and the kernels that carry the work.
  for (const auto& c : s.configs) {
    if (!c.roofline) continue;
    const auto& p = *c.roofline;
    if (!p.reason.empty()) fmt::print(out, "  {}: {}\n", c.config.key(), printable(p.reason));
    if (!p.work.uncounted.empty()) {
      std::string list;
      for (std::size_t i = 0; i < p.work.uncounted.size() && i < 5; ++i) {
        const auto& u = p.work.uncounted[i];
        list += fmt::format("{}{} ({:.1f} %, {}×)", i > 0 ? ", " : "", u.op, 100 * u.time_share,
                            u.calls);
      }
      fmt::print(out, "    uncounted ({} time): {}\n", p.work.time_basis, list);
    }
    for (std::size_t i = 0; i < p.kernels.size() && i < 3; ++i) {
      const auto& k = p.kernels[i];
      const std::string more =
          k.kernels_in_op > 1 ? fmt::format(" +{} more", k.kernels_in_op - 1) : "";
      fmt::print(out,
                 "    {} ({:.60}{}): {:.1f} µs/it of kernels, {:.2f} TFLOP/s, {:.0f} FLOP/B, "
                 "{:.1f} % of peak\n",
                 k.op, printable(k.kernel), more, k.kernel_us_per_iteration, k.achieved_tflops,
                 k.intensity, k.pct_of_compute_ceiling);
    }
  }
}

}  // namespace inferscope::cli
