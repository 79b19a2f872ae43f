// Series → statistics, for live results and saved ones alike.
#include "core/engine/result_analysis.h"

#include <fmt/format.h>

#include <cmath>

#include "core/analysis/analysis_cancelled.h"
#include "core/analysis/fork_analysis.h"
#include "core/analysis/steady_state_analysis.h"
#include "core/common/error.h"
#include "core/common/units.h"

namespace inferscope {
namespace {

constexpr double kMedianChange = 0.01;         // a median that moved more than this is reported
constexpr std::size_t kSteadyStartChange = 5;  // likewise a steady start (iterations)

void throwIfInvalid(const std::vector<double>& latency_ms, const std::string& what) {
  if (const auto bad = analysis::firstInvalidLatency(latency_ms)) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{}: iteration {} took {} ms — every iteration needs a finite time above "
                    "0 ms (a broken timer or a corrupt file)",
                    what, *bad, latency_ms[*bad]));
  }
}

// The analysis library's cancellation as the engine's error, naming what was being analysed.
template <typename F>
auto cancellable(const std::string& what, F&& f) {
  try {
    return f();
  } catch (const analysis::AnalysisCancelled&) {
    throw Error(ErrorKind::Cancelled, fmt::format("analysing {} was cancelled", what));
  }
}

// The analysis of one series into the result's values (nothing is changed when it is cancelled).
void fill(const std::vector<double>& latency_ms, std::int64_t batch, LatencyStats& stats,
          SteadyStateInfo& st, const CancelToken* cancel, const std::string& what) {
  if (latency_ms.empty()) return;
  analysis::AnalysisOptions options;
  options.want_p99 = true;
  options.cancel = cancel;
  const auto a = cancellable(what, [&] { return analysis::analyse(latency_ms, options); });
  stats.cold_start_ms = latency_ms.front();
  const std::string stop_reason = st.stop_reason;
  st = SteadyStateInfo{};
  st.stop_reason = stop_reason;
  st.analysed = true;
  st.series_class = analysis::toString(a.series_class);
  st.steady_start = a.steady_start;
  st.low_confidence = a.low_confidence;
  st.median_ci_low_ms = a.steady.median_ci.low;
  st.median_ci_high_ms = a.steady.median_ci.high;
  st.ci_method = a.steady.median_ci.method;
  if (a.steady.p99_ci) {
    st.p99_ci_low_ms = a.steady.p99_ci->low;
    st.p99_ci_high_ms = a.steady.p99_ci->high;
  }
  st.warmup_cost_ms = a.warmup_cost_ms;
  st.outliers = a.steady.tukey_low_outliers + a.steady.tukey_high_outliers;
  if (a.switching) {
    st.fast_level_ms = std::exp(a.switching->fast_log);
    st.slow_level_ms = std::exp(a.switching->slow_log);
    st.slow_share = a.switching->slow_share;
    st.mean_dwell_iterations = a.switching->mean_slow_dwell;
  }
  st.level_tau = a.switching ? a.switching->level_tau : 1.0;
  st.too_few_switches = a.too_few_switches;
  st.resolution_limited = a.resolution_limited;
  st.timer_quantum_ms = a.timer_quantum_ms;
  const auto& sum = a.steady.summary;
  stats.median_ms = sum.median;
  stats.mean_ms = sum.mean;
  stats.p90_ms = sum.p90;
  stats.p99_ms = sum.p99;
  stats.min_ms = sum.min;
  stats.max_ms = sum.max;
  stats.stdev_ms = sum.stdev;
  stats.throughput_items_per_s =
      sum.median > 0 ? static_cast<double>(batch) / units::msToS(sum.median) : 0;
}

std::vector<double> steadyPart(const std::vector<double>& latency_ms, const SteadyStateInfo& st,
                               int warmup_iterations) {
  std::size_t start = st.analysed ? st.steady_start : static_cast<std::size_t>(warmup_iterations);
  start = std::min(start, latency_ms.size());
  return {latency_ms.begin() + static_cast<std::ptrdiff_t>(start), latency_ms.end()};
}

}  // namespace

void analyseLatencies(ConfigResult& result, std::int64_t batch, const CancelToken* cancel) {
  const std::string what = fmt::format("config {}", result.config.key());
  throwIfInvalid(result.latency_ms, what);
  fill(result.latency_ms, batch, result.stats, result.steady, cancel, what);
  if (!result.host_ms.empty()) result.first_result_ms = result.setup_ms + result.host_ms.front();
}

void analyseLatencies(ForkRun& fork, const std::string& config_key, int fork_number,
                      std::int64_t batch, const CancelToken* cancel) {
  const std::string what = fmt::format("config {}, fork {}", config_key, fork_number);
  throwIfInvalid(fork.latency_ms, what);
  fill(fork.latency_ms, batch, fork.stats, fork.steady, cancel, what);
  if (!fork.host_ms.empty()) fork.first_result_ms = fork.setup_ms + fork.host_ms.front();
}

ForkRun asForkRun(const ConfigResult& r) {
  ForkRun f;
  f.status = r.status;
  f.message = r.message;
  f.latency_ms = r.latency_ms;
  f.host_ms = r.host_ms;
  f.warmup_iterations = r.warmup_iterations;
  f.setup_ms = r.setup_ms;
  f.first_result_ms = r.first_result_ms;
  f.stats = r.stats;
  f.steady = r.steady;
  return f;
}

std::vector<std::vector<double>> forkSteadySeries(const ConfigResult& result) {
  std::vector<std::vector<double>> steady;
  if (result.status == ConfigStatus::Ok) steady.push_back(result.steadyLatencies());
  for (const auto& f : result.forks) {
    if (f.status == ConfigStatus::Ok)
      steady.push_back(steadyPart(f.latency_ms, f.steady, f.warmup_iterations));
  }
  return steady;
}

void summariseForks(ConfigResult& result, const CancelToken* cancel) {
  if (result.forks.empty()) {
    result.fork_stats.reset();
    return;
  }
  analysis::ForkOptions options;
  options.cancel = cancel;
  const auto s = cancellable(fmt::format("the forks of config {}", result.config.key()), [&] {
    return analysis::analyseForks(forkSteadySeries(result), options);
  });
  ForkStats out;
  out.forks = static_cast<int>(s.forks);
  out.median_ms = s.median_ms;
  if (s.median_ci.valid()) out.ci_low_ms = s.median_ci.low, out.ci_high_ms = s.median_ci.high;
  if (s.next_process_interval.valid()) {
    out.next_low_ms = s.next_process_interval.low;
    out.next_high_ms = s.next_process_interval.high;
  }
  out.spread = s.between_fork_spread;
  out.log_sd = s.between_fork_cv;
  out.stable = s.stable;
  out.outcome = forkAgreement(s.forks, s.stable, s.noisy);
  result.fork_stats = out;
}

std::vector<AnalysisChange> reanalyseSession(SessionResult& session,
                                             const ReanalysisOptions& options) {
  std::vector<AnalysisChange> changes;
  const CancelToken* cancel = options.cancel;
  // Progress by samples: a 10⁶-sample config is most of a session's time, a 110-sample one little.
  double total_samples = 0, done_samples = 0, reported = -1;
  for (const auto& r : session.configs) {
    if (r.latency_ms.empty()) continue;
    total_samples += static_cast<double>(r.latency_ms.size());
    for (const auto& f : r.forks) total_samples += static_cast<double>(f.latency_ms.size());
  }
  const auto advance = [&](std::size_t samples) {
    done_samples += static_cast<double>(samples);
    const double fraction = total_samples > 0 ? done_samples / total_samples : 1.0;
    if (options.progress && fraction - reported >= 0.005) {
      options.progress(fraction);
      reported = fraction;
    }
  };
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    ConfigResult& r = session.configs[i];
    if (cancel != nullptr && cancel->cancelled()) {
      throw Error(ErrorKind::Cancelled,
                  fmt::format("re-analysing the session was cancelled at config {} of {}", i + 1,
                              session.configs.size()));
    }
    if (r.latency_ms.empty()) continue;
    const StoredAnalysis stored{r.stats, r.steady};
    // Throughput counts the items of the shape the result ran at (a shape set's batch sizes).
    const std::int64_t batch = r.shape ? r.shape->batch : session.request.batch;
    analyseLatencies(r, batch, cancel);
    advance(r.latency_ms.size());
    for (std::size_t f = 0; f < r.forks.size(); ++f) {
      analyseLatencies(r.forks[f], r.config.key(), static_cast<int>(f) + 2, batch, cancel);
      advance(r.forks[f].latency_ms.size());
    }
    summariseForks(r, cancel);
    if (!stored.steady.analysed) continue;  // nothing was stored to compare with
    r.stored_analysis = stored;
    const auto note = [&](std::string what) {
      changes.push_back({static_cast<int>(i), r.config.key(), std::move(what)});
    };
    if (stored.steady.series_class != r.steady.series_class) {
      note(fmt::format("class {} → {}", stored.steady.series_class, r.steady.series_class));
    }
    const std::size_t a = stored.steady.steady_start, b = r.steady.steady_start;
    if ((a > b ? a - b : b - a) > kSteadyStartChange)
      note(fmt::format("steady start {} → {}", a, b));
    if (stored.stats.median_ms > 0 &&
        std::abs(r.stats.median_ms / stored.stats.median_ms - 1.0) > kMedianChange) {
      note(fmt::format("median {:.3f} → {:.3f} ms", stored.stats.median_ms, r.stats.median_ms));
    }
  }
  if (options.progress && reported < 1.0) options.progress(1.0);
  return changes;
}

}  // namespace inferscope
