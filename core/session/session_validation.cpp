#include "core/session/session_validation.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "core/common/error.h"
#include "core/common/value_limits.h"
#include "core/engine/device_groups.h"
#include "core/engine/plan_shard.h"
#include "core/session/session_file.h"

namespace inferscope {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", path, what));
}

// A key of 300 000 tokens must not make a 2 MB message: the start of it is enough to find it.
std::string shortened(std::string_view text) {
  constexpr std::size_t kShown = 40;
  if (text.size() <= kShown) return std::string(text);
  return fmt::format("{}… ({} characters)", text.substr(0, kShown), text.size());
}

// A measured time: finite, within [1 ns, 1 day].
void latency(double value, const std::string& path) {
  if (!(std::isfinite(value) && value >= kMinLatencyMs && value <= kMaxLatencyMs)) {
    fail(path, fmt::format("{:g} ms is not a latency (a time between 1 ns and 1 day)", value));
  }
}

// A statistic of measured times: a latency, or 0 where nothing was measured.
void latencyOrNone(double value, const std::string& path) {
  if (value != 0.0) latency(value, path);
}

// A duration that may be 0 (set-up, compile, warm-up cost, a spread): finite, 0 … 1 day.
void duration(double value, const std::string& path) {
  if (!(std::isfinite(value) && value >= 0 && value <= kMaxLatencyMs)) {
    fail(path, fmt::format("{:g} ms is not a duration (0 to 1 day)", value));
  }
}

void nonNegative(double value, const std::string& path) {
  if (!(std::isfinite(value) && value >= 0)) {
    fail(path, fmt::format("{:g} must be a finite number ≥ 0", value));
  }
}

void between(double value, double low, double high, const std::string& path) {
  if (!(std::isfinite(value) && value >= low && value <= high)) {
    fail(path, fmt::format("{:g} is outside {:g}…{:g}", value, low, high));
  }
}

void memoryBytes(std::int64_t value, const std::string& path) {
  if (value < 0 || value > kMaxMemoryBytes) {
    fail(path, fmt::format("{} bytes is not a memory size (0 to 1 PiB)", value));
  }
}

void count(std::int64_t value, const std::string& path) {
  if (value < 0) fail(path, fmt::format("{} must be ≥ 0", value));
}

void samples(const std::vector<double>& values, const std::string& path) {
  for (std::size_t i = 0; i < values.size(); ++i)
    latency(values[i], fmt::format("{}[{}]", path, i));
}

void stats(const LatencyStats& s, const std::string& path) {
  latencyOrNone(s.median_ms, path + ".median_ms");
  latencyOrNone(s.mean_ms, path + ".mean_ms");
  latencyOrNone(s.p90_ms, path + ".p90_ms");
  latencyOrNone(s.p99_ms, path + ".p99_ms");
  latencyOrNone(s.min_ms, path + ".min_ms");
  latencyOrNone(s.max_ms, path + ".max_ms");
  duration(s.stdev_ms, path + ".stdev_ms");
  latencyOrNone(s.cold_start_ms, path + ".cold_start_ms");
  nonNegative(s.throughput_items_per_s, path + ".throughput_items_per_s");
}

void steady(const SteadyStateInfo& s, std::size_t sample_count, const std::string& path) {
  if (!s.analysed) return;
  latencyOrNone(s.median_ci_low_ms, path + ".median_ci_ms[0]");
  latencyOrNone(s.median_ci_high_ms, path + ".median_ci_ms[1]");
  latencyOrNone(s.p99_ci_low_ms, path + ".p99_ci_ms[0]");
  latencyOrNone(s.p99_ci_high_ms, path + ".p99_ci_ms[1]");
  latencyOrNone(s.fast_level_ms, path + ".levels_ms[0]");
  latencyOrNone(s.slow_level_ms, path + ".levels_ms[1]");
  duration(s.warmup_cost_ms, path + ".warmup_cost_ms");
  duration(s.timer_quantum_ms, path + ".timer_quantum_ms");
  between(s.slow_share, 0, 1, path + ".slow_share");
  nonNegative(s.mean_dwell_iterations, path + ".mean_dwell_iterations");
  nonNegative(s.level_tau, path + ".level_tau");
  if (s.outliers > sample_count) {
    fail(path + ".outliers", fmt::format("{} outliers among {} samples", s.outliers, sample_count));
  }
}

void warmup(int value, std::size_t sample_count, std::size_t max_warmup, const std::string& path) {
  const std::size_t bound = std::max(sample_count, max_warmup);
  if (value < 0 || static_cast<std::size_t>(value) > bound) {
    fail(path, fmt::format("{} is outside 0…{} (the samples, or the warm-up the request asked for)",
                           value, bound));
  }
}

// The outputs held NaN or infinities: the errors are NaN (written as null), never a number that
// reads as an error size.
void accuracy(const AccuracyStats& a, const std::string& path) {
  if (!a.measured) return;
  const auto errorSize = [&](double value, const char* field) {
    if (std::isnan(value)) return;
    if (!(value >= 0)) fail(path + "." + field, fmt::format("{:g} must be ≥ 0", value));
  };
  errorSize(a.max_abs_error, "max_abs_error");
  errorSize(a.rel_l2_error, "rel_l2_error");
  if (!std::isnan(a.cosine_similarity)) {
    between(a.cosine_similarity, -1 - kCosineSlack, 1 + kCosineSlack, path + ".cosine_similarity");
  }
  count(a.nan_count, path + ".nan_count");
  count(a.inf_count, path + ".inf_count");
  if (a.top1_agreement) between(*a.top1_agreement, 0, 1, path + ".top1_agreement");
}

void rooflineValues(const roofline::ConfigRoofline& r, const std::string& path) {
  const auto work = path + ".work";
  nonNegative(r.work.flops, work + ".flops");
  nonNegative(r.work.bytes, work + ".bytes");
  for (std::size_t i = 0; i < r.work.ops.size(); ++i) {
    const auto op = fmt::format("{}.ops[{}]", work, i);
    nonNegative(r.work.ops[i].flops, op + ".flops");
    nonNegative(r.work.ops[i].bytes, op + ".bytes");
    count(r.work.ops[i].calls, op + ".calls");
    nonNegative(r.work.ops[i].time_share, op + ".time_share");
  }
  nonNegative(r.work.uncounted_time_share, work + ".uncounted_time_share");
  count(r.work.operator_calls, work + ".operator_calls");
  latencyOrNone(r.median_ms, path + ".median_ms");
  nonNegative(r.achieved_tflops, path + ".achieved_tflops");
  nonNegative(r.achieved_gbps, path + ".achieved_gbps");
  nonNegative(r.intensity, path + ".intensity");
  nonNegative(r.ceiling_tflops, path + ".ceiling_tflops");
  nonNegative(r.ceiling_gbps, path + ".ceiling_gbps");
  nonNegative(r.pct_of_compute_ceiling, path + ".pct_of_compute_ceiling");
  nonNegative(r.pct_of_memory_ceiling, path + ".pct_of_memory_ceiling");
  if (r.gpu_busy_share != -1.0) nonNegative(r.gpu_busy_share, path + ".gpu_busy_share");
  for (std::size_t i = 0; i < r.kernels.size(); ++i) {
    const auto& k = r.kernels[i];
    const auto at = fmt::format("{}.kernels[{}]", path, i);
    nonNegative(k.kernel_us_per_iteration, at + ".kernel_us_per_iteration");
    nonNegative(k.flops, at + ".flops");
    nonNegative(k.bytes, at + ".bytes");
    nonNegative(k.achieved_tflops, at + ".achieved_tflops");
    nonNegative(k.achieved_gbps, at + ".achieved_gbps");
    nonNegative(k.intensity, at + ".intensity");
    nonNegative(k.pct_of_compute_ceiling, at + ".pct_of_compute_ceiling");
  }
}

void device(const DeviceInfo& d, const std::string& path) {
  memoryBytes(d.total_memory_bytes, path + ".total_memory_bytes");
  count(d.multiprocessors, path + ".multiprocessors");
  count(d.cpu_threads, path + ".cpu_threads");
}

void forkRun(const ForkRun& f, std::size_t max_warmup, const std::string& path) {
  samples(f.latency_ms, path + ".latency_ms");
  samples(f.host_ms, path + ".host_ms");
  warmup(f.warmup_iterations, f.latency_ms.size(), max_warmup, path + ".warmup_iterations");
  duration(f.setup_ms, path + ".setup_ms");
  duration(f.first_result_ms, path + ".first_result_ms");
  stats(f.stats, path + ".stats");
  steady(f.steady, f.latency_ms.size(), path + ".steady_state");
}

}  // namespace

void checkConfigKeyText(std::string_view key, const std::string& path) {
  if (key.size() > kMaxConfigKeyChars) {
    fail(path, fmt::format("the key '{}' is longer than the {} characters a config key may have",
                           shortened(key), kMaxConfigKeyChars));
  }
  std::set<std::string_view> seen;
  std::size_t tokens = 0;
  std::string_view rest = key;
  while (!rest.empty()) {
    const auto plus = rest.find('+');
    const auto token = rest.substr(0, plus);
    rest = plus == std::string_view::npos ? std::string_view() : rest.substr(plus + 1);
    if (++tokens > kMaxConfigKeyTokens) {
      fail(path, fmt::format("the key '{}' has more than the {} tokens a config key may have",
                             shortened(key), kMaxConfigKeyTokens));
    }
    if (!token.empty() && !seen.insert(token).second) {
      fail(path, fmt::format("the key '{}' names '{}' twice (a key names each setting once)",
                             shortened(key), token));
    }
  }
}

void validateConfigValues(const ConfigResult& c, const std::string& path, std::size_t max_warmup) {
  samples(c.latency_ms, path + ".latency_ms");
  samples(c.host_ms, path + ".host_ms");
  warmup(c.warmup_iterations, c.latency_ms.size(), max_warmup, path + ".warmup_iterations");
  duration(c.setup_ms, path + ".setup_ms");
  duration(c.first_result_ms, path + ".first_result_ms");
  duration(c.compile_ms, path + ".compile_ms");
  stats(c.stats, path + ".stats");
  steady(c.steady, c.latency_ms.size(), path + ".steady_state");
  const auto memory = path + ".memory";
  memoryBytes(c.memory.parameter_bytes, memory + ".parameter_bytes");
  memoryBytes(c.memory.peak_allocated_bytes, memory + ".peak_allocated_bytes");
  memoryBytes(c.memory.peak_reserved_bytes, memory + ".peak_reserved_bytes");
  accuracy(c.accuracy, path + ".accuracy");
  for (std::size_t i = 0; i < c.forks.size(); ++i) {
    forkRun(c.forks[i], max_warmup, fmt::format("{}.forks[{}]", path, i));
  }
  if (c.fork_stats) {
    const auto& f = *c.fork_stats;
    const auto at = path + ".fork_stats";
    if (f.forks < 0 || static_cast<std::size_t>(f.forks) > c.forks.size() + 1) {
      fail(at + ".forks",
           fmt::format("{} is outside 0…{} (the processes that ran)", f.forks, c.forks.size() + 1));
    }
    latencyOrNone(f.median_ms, at + ".median_ms");
    latencyOrNone(f.ci_low_ms, at + ".ci_ms[0]");
    latencyOrNone(f.ci_high_ms, at + ".ci_ms[1]");
    latencyOrNone(f.next_low_ms, at + ".next_process_ms[0]");
    latencyOrNone(f.next_high_ms, at + ".next_process_ms[1]");
    nonNegative(f.spread, at + ".spread");
    nonNegative(f.log_sd, at + ".log_sd");
  }
  if (c.roofline) rooflineValues(*c.roofline, path + ".roofline");
  if (c.measured_on) device(c.measured_on->device, path + ".measured_on.device");
  if (c.shape) {
    const auto at = path + ".shape";
    // The bounds parseShapeSet keeps: a file cannot hold a shape the command line would refuse.
    if (c.shape->batch < 1 || c.shape->batch > kMaxDimValue) {
      fail(at + ".batch", fmt::format("{} is outside 1…{}", c.shape->batch, kMaxDimValue));
    }
    for (std::size_t i = 0; i < c.shape->dims.size(); ++i) {
      const auto value = c.shape->dims[i].second;
      if (value < 1 || value > kMaxDimValue) {
        fail(fmt::format("{}.dims[{}].value", at, i),
             fmt::format("{} is outside 1…{}", value, kMaxDimValue));
      }
    }
    if (c.shape->label.empty() || c.shape->label.size() > 256) {
      fail(at + ".label", "a shape's label is its dims, 1 to 256 characters (\"B=8 S=128\")");
    }
  }
}

void validateRequestValues(const ProfileRequest& r, std::size_t max_configs) {
  if (r.batch < 1 || r.batch > (std::int64_t{1} << 31)) {
    fail("request.batch", fmt::format("{} is outside 1…2147483648", r.batch));
  }
  // The default limit, not a caller's tighter one: a request's counts are settings, not samples.
  // kMaxIterations, the command line's bound, is the same number.
  const auto max_samples = static_cast<std::int64_t>(SessionLimits{}.max_samples_per_config);
  for (const auto& [value, field] :
       {std::pair{r.run.warmup_iterations, "warmup_iterations"},
        std::pair{r.run.measure_iterations, "measure_iterations"},
        std::pair{r.run.min_iterations, "min_iterations"},
        std::pair{r.run.max_iterations, "max_iterations"},
        std::pair{r.run.trace_warmup_iterations, "trace_warmup_iterations"},
        std::pair{r.run.trace_steady_iterations, "trace_steady_iterations"}}) {
    if (value < 0 || value > max_samples) {
      fail(fmt::format("request.run.{}", field),
           fmt::format("{} is outside 0…{} (the samples a config may have)", value, max_samples));
    }
  }
  nonNegative(r.run.target_rel_ci, "request.run.target_rel_ci");
  // Budgets as the command line bounds them (value_limits.h): a larger one would overflow the
  // clock it is added to and read as a budget that has already ended.
  between(r.run.config_time_budget_ms, 0, kMaxSeconds * 1000.0,
          "request.run.config_time_budget_ms");
  between(r.run.session_time_budget_ms, 0, kMaxSeconds * 1000.0,
          "request.run.session_time_budget_ms");
  if (r.plan.size() > max_configs) {
    fail("request.plan", fmt::format("{} entries, more than the {} configs a session may have",
                                     r.plan.size(), max_configs));
  }
}

void validateSessionValues(const SessionResult& s, const SessionLimits& limits) {
  const auto& r = s.request;
  validateRequestValues(r, limits.max_configs);
  count(s.parameter_count, "parameter_count");
  device(s.device, "device");
  if (s.shard && static_cast<std::size_t>(s.shard->count) > limits.max_configs) {
    fail("shard.count",
         fmt::format("{} shards: a split into more shards than the {} configs a session may hold "
                     "cannot be merged",
                     s.shard->count, limits.max_configs));
  }
  if (s.ceilings) {
    for (std::size_t i = 0; i < s.ceilings->matmul.size(); ++i) {
      const auto at = fmt::format("ceilings.matmul[{}]", i);
      nonNegative(s.ceilings->matmul[i].measured_tflops, at + ".measured_tflops");
      nonNegative(s.ceilings->matmul[i].datasheet_tflops, at + ".datasheet_tflops");
      count(s.ceilings->matmul[i].matrix_size, at + ".matrix_size");
    }
    nonNegative(s.ceilings->copy_gbps, "ceilings.copy_gbps");
    memoryBytes(s.ceilings->copy_bytes, "ceilings.copy_bytes");
    nonNegative(s.ceilings->datasheet_gbps, "ceilings.datasheet_gbps");
  }
  const auto max_warmup = static_cast<std::size_t>(std::max(0, r.run.warmup_iterations));
  for (std::size_t i = 0; i < s.configs.size(); ++i) {
    validateConfigValues(s.configs[i], fmt::format("configs[{}]", i), max_warmup);
  }

  // Repeats: a plan may list a config more than once on purpose (run-to-run variation), and a
  // fallback result stands for the key it replaced; anything beyond that at one place is the same
  // result twice, which would be ranked twice.
  std::map<std::string, std::size_t> in_plan;
  for (const auto& c : r.plan) ++in_plan[c.key()];
  std::map<std::tuple<std::string, int, std::string>, std::size_t> seen, fallbacks;
  for (const auto& c : s.configs) {
    const auto place = placeOf(s, c);
    // A config measured at several shapes is several results, one per shape.
    const auto key = c.shape ? c.config.key() + " @ " + c.shape->label : c.config.key();
    ++seen[{place.host, place.device.index, key}];
    if (!c.fallback_from.empty()) ++fallbacks[{place.host, place.device.index, key}];
  }
  for (std::size_t i = 0; i < s.configs.size(); ++i) {
    const auto& c = s.configs[i];
    const auto place = placeOf(s, c);
    const auto key = c.config.key();
    const auto shaped_key = c.shape ? key + " @ " + c.shape->label : key;
    const std::tuple<std::string, int, std::string> id{place.host, place.device.index, shaped_key};
    const auto planned = in_plan.count(key) ? in_plan.at(key) : 0;
    const auto allowed =
        std::max<std::size_t>(1, planned) + (fallbacks.count(id) ? fallbacks.at(id) : 0);
    if (seen.at(id) <= allowed) continue;
    const bool reference = isReferenceConfig(c.config);
    fail(fmt::format("configs[{}]", i),
         fmt::format("{} '{}' appears {} times{}, but the plan lists it {} time{}: a session holds "
                     "each result once{}",
                     reference ? "the FP32 reference" : "config", key, seen.at(id),
                     place.host.empty() && !c.measured_on ? "" : " on " + placeLabel(place),
                     planned, planned == 1 ? "" : "s",
                     reference ? " (one reference per device: speed-ups are against it)" : ""));
  }
}

}  // namespace inferscope
