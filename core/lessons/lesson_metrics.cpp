#include "core/lessons/lesson_metrics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/common/error.h"
#include "core/common/units.h"
#include "core/engine/accuracy_deviation.h"

namespace inferscope::lessons {
namespace {

[[noreturn]] void fail(const Lesson& l, const MetricDef& m, const std::string& what) {
  throw Error(ErrorKind::InvalidInput,
              fmt::format("lesson '{}', metric '{}': {}", l.id, m.name, what));
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The steady iterations of a config's bounded kernel timeline.
std::vector<const trace::TimelineIteration*> steadyTimeline(const ConfigResult& c) {
  std::vector<const trace::TimelineIteration*> out;
  if (c.timeline)
    for (const auto& it : c.timeline->iterations)
      if (!it.warmup) out.push_back(&it);
  return out;
}

double configField(const Lesson& l, const MetricDef& m, const ConfigResult& c) {
  const auto& f = m.field;
  if (f == "iteration0_ms") {
    if (c.latency_ms.empty()) fail(l, m, fmt::format("config '{}' has no iterations", m.config));
    return c.latency_ms.front();
  }
  if (f == "median_ms") return c.stats.median_ms;
  if (f == "mean_ms") return c.stats.mean_ms;
  if (f == "min_ms") return c.stats.min_ms;
  if (f == "cold_start_ms") return c.stats.cold_start_ms;
  if (f == "setup_ms") return c.setup_ms;
  if (f == "compile_ms") return c.compile_ms;
  if (f == "first_result_ms") return c.first_result_ms;
  if (f == "warmup_cost_ms") return c.steady.warmup_cost_ms;
  if (f == "steady_start") return static_cast<double>(c.steady.steady_start);
  if (f == "iterations") return static_cast<double>(c.latency_ms.size());
  if (f == "median_ci_low_ms") return c.steady.median_ci_low_ms;
  if (f == "median_ci_high_ms") return c.steady.median_ci_high_ms;
  if (f == "peak_allocated_bytes") return static_cast<double>(c.memory.peak_allocated_bytes);
  if (f == "rel_l2_error" || f == "max_abs_error" || f == "nonfinite_count") {
    if (!c.accuracy.measured)
      fail(l, m, fmt::format("config '{}' has no accuracy measurement", m.config));
    if (f == "rel_l2_error") return c.accuracy.rel_l2_error;
    if (f == "max_abs_error") return c.accuracy.max_abs_error;
    return static_cast<double>(c.accuracy.nan_count + c.accuracy.inf_count);
  }
  if (f == "judged_deviation") {
    // The x of the config's point on the Speed × accuracy chart: the deviation in the metric the
    // default rule judges this output by (top-1 share for classifiers, else 1 − cosine).
    if (!c.accuracy.measured)
      fail(l, m, fmt::format("config '{}' has no accuracy measurement", m.config));
    const double deviation =
        judgedDeviation(c.accuracy, judgeAccuracy(c.accuracy, c.config, AccuracyRule{}).metric);
    if (!std::isfinite(deviation))
      fail(l, m, fmt::format("config '{}' has NaN/Inf outputs: no deviation to quote", m.config));
    return deviation;
  }
  if (f == "ok") return c.status == ConfigStatus::Ok ? 1.0 : 0.0;
  if (f == "fell_back") return c.fallback_from.empty() ? 0.0 : 1.0;
  if (f == "steady_gpu_busy_pct" || f == "steady_kernel_count" || f == "steady_iteration_us") {
    const auto steady = steadyTimeline(c);
    if (steady.empty())
      fail(l, m, fmt::format("config '{}' has no traced steady iteration", m.config));
    std::vector<double> v;
    for (const auto* it : steady) {
      v.push_back(f == "steady_gpu_busy_pct"   ? it->gpu_busy_pct
                  : f == "steady_kernel_count" ? it->kernel_count
                                               : it->end_us - it->start_us);
    }
    return median(v);
  }
  if (f == "gpu_busy_pct" || f == "kernels_per_iteration") {
    // The figures the Kernels page draws for the config (its breakdown bar and the bar's name):
    // over every steady traced iteration, GPU busy time over wall time (Σ busy / Σ wall), and
    // kernels per iteration. A caption quoting the median iteration's busy share (34 %) read
    // beside a bar whose busy part was 32 % and a timeline whose first iteration said 23 %.
    if (!c.trace_summary || !c.trace_summary->traced())
      fail(l, m, fmt::format("config '{}' was not traced", m.config));
    return f == "gpu_busy_pct" ? c.trace_summary->gpu_busy_pct
                               : c.trace_summary->kernels_per_iteration;
  }
  if (f == "fork_median_ms") {
    if (!c.fork_stats)
      fail(l, m, fmt::format("config '{}' ran in one process (no --forks)", m.config));
    return c.fork_stats->median_ms;
  }
  fail(l, m, fmt::format("unknown config field '{}'", f));
}

double sessionField(const Lesson& l, const MetricDef& m, const SessionResult& s) {
  if (!m.config.empty()) {
    const auto* c = s.find(m.config);
    // A whole-model cast that failed ran its autocast fallback: the result is filed under the
    // config that ran, with the one asked for in fallback_from.
    for (std::size_t i = 0; !c && i < s.configs.size(); ++i)
      if (s.configs[i].fallback_from == m.config) c = &s.configs[i];
    if (!c) fail(l, m, fmt::format("source '{}' has no config '{}'", m.source, m.config));
    if (m.field != "ok" && c->status != ConfigStatus::Ok)
      fail(l, m,
           fmt::format("config '{}' did not run ({}): {}", m.config, toString(c->status),
                       c->message));
    return configField(l, m, *c);
  }
  if (m.field == "libtorch_major_minor" || m.field == "libtorch_major" ||
      m.field == "libtorch_minor") {
    // "2.11.0" → 211: a number a claim can compare with 209 (the fp32_precision API's release).
    int major = 0, minor = 0;
    if (std::sscanf(s.device.libtorch_version.c_str(), "%d.%d", &major, &minor) != 2)
      fail(l, m, fmt::format("source '{}' has no LibTorch version", m.source));
    if (m.field == "libtorch_major") return major;
    if (m.field == "libtorch_minor") return minor;
    return major * 100.0 + minor;
  }
  if (m.field == "compute_capability") return s.device.cc_major * 10.0 + s.device.cc_minor;
  if (m.field == "batch") return s.request.batch;
  fail(l, m, fmt::format("unknown session field '{}'", m.field));
}

double ledgerField(const Lesson& l, const MetricDef& m, const cudnn::CudnnLedger& g) {
  if (!g.available) fail(l, m, fmt::format("ledger '{}' is unavailable: {}", m.source, g.reason));
  if (!m.mode.empty()) {
    const auto mode = cudnn::selectionModeFromString(m.mode);
    const auto it = mode ? g.modes.find(*mode) : g.modes.end();
    if (it == g.modes.end() || !it->second.ok)
      fail(l, m, fmt::format("ledger '{}' has no {} run", m.source, m.mode));
    const auto& t = it->second;
    if (m.field == "first_iteration_ms") return t.first_iteration_ms;
    if (m.field == "steady_median_ms") return t.steady_median_ms;
    if (m.field == "conv_gpu_time_us") return t.conv_gpu_time_us;
    if (m.field == "retune_first_ms") {
      if (t.retune_first_ms.empty())
        fail(l, m, fmt::format("ledger '{}' has no re-tune at a new size", m.source));
      return t.retune_first_ms.front().second;
    }
    fail(l, m, fmt::format("unknown ledger mode field '{}'", m.field));
  }
  if (m.field == "max_benchmark_gain_layer" || m.field == "max_benchmark_gain_us") {
    // The layer where benchmark's choice gained the most (the row a step points at).
    if (g.layers.empty()) fail(l, m, fmt::format("ledger '{}' has no layers", m.source));
    std::size_t best = 0;
    for (std::size_t i = 1; i < g.layers.size(); ++i)
      if (g.layers[i].benchmark_gain_us > g.layers[best].benchmark_gain_us) best = i;
    return m.field == "max_benchmark_gain_layer" ? static_cast<double>(best)
                                                 : g.layers[best].benchmark_gain_us;
  }
  const auto& s = g.summary;
  if (m.field == "unique_shapes") return s.unique_shapes;
  if (m.field == "benchmark_differs") return s.benchmark_differs;
  if (m.field == "benchmark_faster") return s.benchmark_faster;
  if (m.field == "benchmark_slower") return s.benchmark_slower;
  if (m.field == "deterministic_differs") return s.deterministic_differs;
  if (m.field == "nondeterministic_choices") return s.nondeterministic_choices;
  if (m.field == "autotune_ms_total") return s.autotune_ms_total;
  fail(l, m, fmt::format("unknown ledger field '{}'", m.field));
}

}  // namespace

double resolve(const NumberRef& ref, const MetricValues& values) {
  if (const auto* d = std::get_if<double>(&ref)) return *d;
  const auto& name = std::get<std::string>(ref);
  const auto it = values.find(name);
  if (it == values.end())
    throw Error(ErrorKind::InvalidInput, fmt::format("unknown metric '{}'", name));
  return it->second;
}

MetricValues evaluateMetrics(const Lesson& lesson, const LessonData& data) {
  MetricValues values;
  for (const auto& m : lesson.metrics) {
    double v = 0;
    if (!m.op.empty()) {
      std::vector<double> a;
      for (const auto& ref : m.args) a.push_back(resolve(ref, values));
      if (m.op == "ratio" || m.op == "percent_change") {
        if (a[1] == 0) fail(lesson, m, "division by zero");
        v = m.op == "ratio" ? a[0] / a[1] : (a[0] / a[1] - 1.0) * 100.0;
      } else if (m.op == "diff") {
        v = a[0] - a[1];
      } else if (m.op == "min") {
        v = *std::min_element(a.begin(), a.end());
      } else if (m.op == "max") {
        v = *std::max_element(a.begin(), a.end());
      } else if (m.op == "product") {
        v = a[0] * a[1];
      } else if (m.op == "sum") {
        v = std::accumulate(a.begin(), a.end(), 0.0);
      } else if (m.op == "ms_to_s") {
        v = units::msToS(a[0]);
      } else if (m.op == "bytes_to_mib") {
        v = units::bytesToMiB(static_cast<std::int64_t>(a[0]));
      }
    } else {
      const auto* src = lesson.source(m.source);
      if (src->kind == SourceKind::Session) {
        const auto it = data.sessions.find(m.source);
        if (it == data.sessions.end())
          fail(lesson, m, fmt::format("source '{}' is not loaded", m.source));
        v = sessionField(lesson, m, it->second);
      } else {
        const auto it = data.ledgers.find(m.source);
        if (it == data.ledgers.end())
          fail(lesson, m, fmt::format("source '{}' is not loaded", m.source));
        v = ledgerField(lesson, m, it->second);
      }
    }
    if (!std::isfinite(v)) fail(lesson, m, "the value is not finite");
    values[m.name] = v;
  }
  return values;
}

std::vector<ClaimResult> checkClaims(const Lesson& lesson, const MetricValues& values) {
  std::vector<ClaimResult> out;
  for (const auto& c : lesson.claims) {
    ClaimResult r;
    r.claim = &c;
    r.lhs = resolve(c.metric, values);
    r.rhs = resolve(c.rhs, values) * c.factor;
    if (c.op == "<")
      r.holds = r.lhs < r.rhs;
    else if (c.op == "<=")
      r.holds = r.lhs <= r.rhs;
    else if (c.op == ">")
      r.holds = r.lhs > r.rhs;
    else
      r.holds = r.lhs >= r.rhs;
    const std::string rhs_name = std::holds_alternative<std::string>(c.rhs)
                                     ? std::get<std::string>(c.rhs)
                                     : fmt::format("{:g}", std::get<double>(c.rhs));
    r.description =
        fmt::format("lesson '{}': {} = {:.4g} {} {}{} = {:.4g} ({}): {}", lesson.id, c.metric,
                    r.lhs, c.op, c.factor != 1.0 ? fmt::format("{:g} × ", c.factor) : "", rhs_name,
                    r.rhs, r.holds ? "holds" : "does NOT hold", c.says.en);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace inferscope::lessons
