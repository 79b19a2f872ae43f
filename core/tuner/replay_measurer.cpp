#include "core/tuner/replay_measurer.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

#include "core/analysis/fork_analysis.h"
#include "core/analysis/summary_stats.h"
#include "core/engine/fork_schedule.h"

namespace inferscope::tuner {
namespace {

constexpr double kNever = 1e300;
// A config measured with a deadline keeps its warm-up and this many iterations whatever its share.
constexpr int kMinIterationsUnderDeadline = 3;
// A floor for the spread between fresh processes: no two processes land on one level.
constexpr double kMinForkLogSd = 0.005;
// Warm-up iterations run slower than steady ones (allocations, autotuning); by this much here.
constexpr double kWarmupFactor = 1.3;

bool isPackage(const OptimizationConfig& c) {
  return runsAotInductorPackage(c.compile);
}

AccuracyStats accuracyOf(ReplayState state) {
  AccuracyStats a;
  if (state == ReplayState::AccuracyNotMeasured) return a;
  a.measured = true;
  if (state == ReplayState::Unsafe) {
    // Unsafe under any rule: the recorded run found it so, and the replay keeps its verdict.
    a.cosine_similarity = 0.5;
    a.rel_l2_error = 1.0;
    a.max_abs_error = 1.0;
  } else {
    a.cosine_similarity = 0.99999;
    a.rel_l2_error = 1e-3;
    a.max_abs_error = 1e-3;
  }
  return a;
}

}  // namespace

ReplayMeasurer::ReplayMeasurer(const ReplayGpu& gpu, ReplaySettings settings)
    : gpu_(gpu), settings_(settings), rng_(settings.seed) {}

ConfigResult ReplayMeasurer::run(const OptimizationConfig& config, int warmup, int iterations,
                                 double level_ms, double setup_ms, double share_ms) {
  ConfigResult r;
  r.config = config;
  const ReplayConfig* rc = gpu_.find(config);
  const double start = now_ms_;
  now_ms_ += setup_ms;
  r.setup_ms = setup_ms;
  if (!rc || rc->state == ReplayState::Failed) {
    r.status = ConfigStatus::Error;
    r.message = rc ? rc->message : "not in the replay corpus";
    return r;
  }
  std::lognormal_distribution<double> noise(0.0, rc->noise_rel);
  r.warmup_iterations = warmup;
  for (int i = 0; i < warmup + iterations; ++i) {
    if (share_ms > 0 && i >= warmup + kMinIterationsUnderDeadline && now_ms_ - start > share_ms) {
      r.steady.stop_reason = "time-budget";
      break;
    }
    const double v = level_ms * noise(rng_) * (i < warmup ? kWarmupFactor : 1.0);
    r.latency_ms.push_back(v);
    now_ms_ += v;
  }
  r.stats.median_ms = analysis::summarize(r.steadyLatencies()).median;
  r.accuracy = accuracyOf(rc->state);
  return r;
}

std::vector<ConfigResult> ReplayMeasurer::measure(const std::vector<OptimizationConfig>& configs,
                                                  int warmup, int iterations, double deadline_ms) {
  ++measure_calls_;
  now_ms_ += gpu_.session_overhead_ms;
  advanceTo(now_ms_);
  const double share_ms =
      deadline_ms > 0 ? std::max(0.0, deadline_ms - now_ms_) / static_cast<double>(configs.size())
                      : 0.0;
  std::vector<ConfigResult> out;
  for (const auto& c : configs) {
    const ReplayConfig* rc = gpu_.find(c);
    double waited_ms = 0;
    if (settings_.cold && compiles(c) && !packageDone(c)) {
      const double before = now_ms_;
      waitForPackage(c);
      waited_ms = now_ms_ - before;
    }
    const bool busy = backgroundBusy();
    double level = 0, setup = 0;
    if (rc) {
      std::normal_distribution<double> round(0.0, rc->round_log_sd);
      level = rc->level_ms * std::exp(round(rng_)) * (busy ? gpu_.contention : 1.0);
      setup = settings_.cold ? rc->setup_cold_ms : rc->setup_warm_ms;
    }
    auto r = run(c, warmup, iterations, level, setup, share_ms);
    r.compile_ms = waited_ms + (c.compile == CompileMode::TorchCompile ||
                                        c.compile == CompileMode::TorchCompileReduceOverhead ||
                                        c.compile == CompileMode::TorchCompileMax
                                    ? setup
                                    : 0.0);
    r.setup_ms += waited_ms;
    out.push_back(std::move(r));
    advanceTo(now_ms_);
  }
  return out;
}

std::vector<ConfigResult> ReplayMeasurer::measureForks(
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations, int forks,
    double deadline_ms) {
  std::vector<std::vector<std::vector<double>>> steady(configs.size());
  std::vector<std::optional<ConfigResult>> first(configs.size());
  const double started = now_ms_;
  int processes = 0;
  ForkSchedule schedule(static_cast<int>(configs.size()), forks);
  while (true) {
    const int fits = deadline_ms > 0
                         ? processesThatFit(now_ms_ - started, processes, deadline_ms - now_ms_)
                         : INT_MAX;
    if (fits == 0) break;
    const auto next = schedule.next(fits);
    if (!next) break;
    const auto k = static_cast<std::size_t>(next->config);
    const auto& c = configs[k];
    const ReplayConfig* rc = gpu_.find(c);
    now_ms_ += settings_.process_start_ms + gpu_.session_overhead_ms;
    double level = 0, setup = 0;
    if (rc) {
      std::normal_distribution<double> process(0.0, std::max(kMinForkLogSd, rc->fork_log_sd));
      level = gpu_.trueLevelMs(*rc) * std::exp(process(rng_));
      setup = rc->setup_warm_ms;  // the screening filled the compiler's caches
    }
    auto r = run(c, warmup, iterations, level, setup, 0);
    ++processes;
    advanceTo(now_ms_);
    if (r.status != ConfigStatus::Ok) {
      first[k] = r;
      steady[k].clear();
      continue;
    }
    if (!first[k]) first[k] = r;
    if (first[k]->status == ConfigStatus::Ok) steady[k].push_back(r.steadyLatencies());
  }
  std::vector<ConfigResult> out;
  for (std::size_t k = 0; k < configs.size() && first[k]; ++k) {
    ConfigResult r = *first[k];
    if (r.status == ConfigStatus::Ok && steady[k].size() >= 2) {
      const auto summary = analysis::analyseForks(steady[k]);
      ForkStats s;
      s.forks = static_cast<int>(summary.forks);
      s.median_ms = summary.median_ms;
      s.ci_low_ms = summary.median_ci.low;
      s.ci_high_ms = summary.median_ci.high;
      s.next_low_ms = summary.next_process_interval.low;
      s.next_high_ms = summary.next_process_interval.high;
      s.spread = summary.between_fork_spread;
      s.log_sd = summary.between_fork_cv;
      s.stable = summary.stable;
      s.outcome = forkAgreement(summary.forks, summary.stable, summary.noisy);
      r.fork_stats = s;
    }
    out.push_back(std::move(r));
  }
  return out;
}

void ReplayMeasurer::fillSlots() const {
  if (paused_) return;
  int running = 0;
  for (const auto& j : jobs_) running += j.started && j.done_ms < j.duration_ms ? 1 : 0;
  for (auto& j : jobs_) {
    if (running >= settings_.compile_slots) break;
    if (j.started) continue;
    j.started = true;
    j.started_at_ms = compiles_at_ms_;
    ++running;
  }
}

void ReplayMeasurer::advanceTo(double to_ms) const {
  while (compiles_at_ms_ < to_ms) {
    fillSlots();
    double step = to_ms - compiles_at_ms_;
    bool any = false;
    if (!paused_) {
      for (const auto& j : jobs_) {
        if (j.started && j.done_ms < j.duration_ms) {
          step = std::min(step, j.duration_ms - j.done_ms);
          any = true;
        }
      }
    }
    if (!any) {
      compiles_at_ms_ = to_ms;
      return;
    }
    for (auto& j : jobs_) {
      if (j.started && j.done_ms < j.duration_ms)
        j.done_ms = std::min(j.duration_ms, j.done_ms + step);
    }
    compiles_at_ms_ += step;
  }
  fillSlots();
}

double ReplayMeasurer::nextCompileEndMs() const {
  if (paused_) return kNever;
  fillSlots();
  double next = kNever;
  for (const auto& j : jobs_) {
    if (j.started && j.done_ms < j.duration_ms)
      next = std::min(next, compiles_at_ms_ + j.duration_ms - j.done_ms);
  }
  return next;
}

void ReplayMeasurer::prepareInBackground(const std::vector<OptimizationConfig>& configs) {
  if (!settings_.cold) return;  // every package is in the cache
  advanceTo(now_ms_);
  for (const auto& c : configs) {
    if (!compiles(c)) continue;
    const auto key = packageConfig(c).key();
    if (std::any_of(jobs_.begin(), jobs_.end(), [&](const Job& j) { return j.key == key; }))
      continue;
    Job j;
    j.key = key;
    j.duration_ms = gpu_.package_compile_ms.at(key);
    jobs_.push_back(j);
  }
  advanceTo(now_ms_);
}

void ReplayMeasurer::prioritiseBackground(const std::vector<OptimizationConfig>& order) {
  advanceTo(now_ms_);
  std::vector<Job> reordered;
  for (const auto& j : jobs_) {
    if (j.started) reordered.push_back(j);
  }
  for (const auto& c : order) {
    const auto key = packageConfig(c).key();
    for (const auto& j : jobs_) {
      const bool taken = std::any_of(reordered.begin(), reordered.end(),
                                     [&](const Job& r) { return r.key == j.key; });
      if (!j.started && j.key == key && !taken) reordered.push_back(j);
    }
  }
  for (const auto& j : jobs_) {
    const bool taken = std::any_of(reordered.begin(), reordered.end(),
                                   [&](const Job& r) { return r.key == j.key; });
    if (!taken) reordered.push_back(j);
  }
  jobs_ = reordered;
  advanceTo(now_ms_);
}

bool ReplayMeasurer::compiles(const OptimizationConfig& config) const {
  return isPackage(config) && gpu_.package_compile_ms.count(packageConfig(config).key()) > 0;
}

bool ReplayMeasurer::packageDone(const OptimizationConfig& config) const {
  advanceTo(now_ms_);
  const auto key = packageConfig(config).key();
  return std::any_of(jobs_.begin(), jobs_.end(), [&](const Job& j) {
    return j.key == key && j.started && j.done_ms >= j.duration_ms;
  });
}

void ReplayMeasurer::waitForPackage(const OptimizationConfig& config) {
  // A package nobody queued is compiled now (PackageCompiler::obtain), at the queue's back.
  if (std::none_of(jobs_.begin(), jobs_.end(),
                   [&](const Job& j) { return j.key == packageConfig(config).key(); })) {
    prepareInBackground({config});
  }
  const bool was_paused = paused_;
  paused_ = false;  // obtain() compiles what it waits for
  while (!packageDone(config)) {
    const double next = nextCompileEndMs();
    if (next >= kNever) break;
    now_ms_ = std::max(now_ms_, next);
  }
  advanceTo(now_ms_);
  paused_ = was_paused;
}

bool ReplayMeasurer::needsPreparation(const OptimizationConfig& config) const {
  return settings_.cold && compiles(config) && !packageDone(config);
}

bool ReplayMeasurer::ready(const OptimizationConfig& config) const {
  return !needsPreparation(config);
}

bool ReplayMeasurer::backgroundBusy() const {
  advanceTo(now_ms_);
  return std::any_of(jobs_.begin(), jobs_.end(),
                     [](const Job& j) { return j.done_ms < j.duration_ms; });
}

void ReplayMeasurer::waitForBackground(double timeout_ms) {
  advanceTo(now_ms_);
  now_ms_ = std::max(now_ms_, std::min(now_ms_ + timeout_ms, nextCompileEndMs()));
  advanceTo(now_ms_);
}

void ReplayMeasurer::pauseBackground() {
  advanceTo(now_ms_);
  paused_ = true;
}

void ReplayMeasurer::resumeBackground() {
  advanceTo(now_ms_);
  paused_ = false;
  advanceTo(now_ms_);
}

std::vector<CompileStatus> ReplayMeasurer::compileJobs() const {
  advanceTo(now_ms_);
  std::vector<CompileStatus> out;
  for (const auto& j : jobs_) {
    CompileStatus s;
    s.key = j.key;
    s.state = !j.started                  ? CompileStatus::State::Queued
              : j.done_ms < j.duration_ms ? CompileStatus::State::Running
                                          : CompileStatus::State::Done;
    s.elapsed_ms = j.done_ms;
    s.attempts = j.started ? 1 : 0;
    out.push_back(s);
  }
  return out;
}

}  // namespace inferscope::tuner
