#include "fake_measurer.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>

#include "core/analysis/summary_stats.h"
#include "core/engine/fork_schedule.h"

namespace inferscope::tuner::testing {

FakeMeasurer::FakeMeasurer() {
  fallback_profile.median_ms = 50;
  fallback_profile.accuracy.measured = true;
  fallback_profile.accuracy.rel_l2_error = 1e-3;
  fallback_profile.accuracy.cosine_similarity = 0.99999;
}

// Like the engine's compile queue, aoti and aoti-graph wait for one package: the aoti config's.
std::string FakeMeasurer::packageKey(const OptimizationConfig& c) {
  return packageConfig(c).key();
}

const FakeProfile& FakeMeasurer::profile(const OptimizationConfig& c) const {
  const auto it = profiles.find(c.key());
  return it == profiles.end() ? fallback_profile : it->second;
}

ConfigResult FakeMeasurer::run(const OptimizationConfig& config, int warmup, int iterations,
                               double level_factor) {
  const auto& p = profile(config);
  ConfigResult r;
  r.config = config;
  advanceCompiles();
  // measure() of a config still queued or compiling waits for its package.
  while (std::any_of(compile_queue_.begin(), compile_queue_.end(),
                     [&](const auto& q) { return q.first == packageKey(config); })) {
    waitForBackground(1e9);
  }
  if (auto done = compile_done_at_ms_.find(packageKey(config));
      done != compile_done_at_ms_.end() && done->second > now_ms_) {
    now_ms_ = done->second;
  }
  now_ms_ += p.setup_ms;
  r.setup_ms = p.setup_ms;
  if (!p.fallback_to.empty()) {
    r.config = OptimizationConfig::parse(p.fallback_to);
    r.fallback_from = config.key();
    r.message = "fallback: whole-model cast failed (expected scalar type Float but found BFloat16)";
  }
  r.status = p.status;
  r.message = p.message.empty() ? r.message : p.message;
  if (p.status != ConfigStatus::Ok) return r;
  std::lognormal_distribution<double> noise(0.0, p.rel_noise);
  for (int i = 0; i < warmup + iterations; ++i) {
    const double v = p.median_ms * level_factor * noise(rng_) * (i < warmup ? 1.5 : 1.0);
    r.latency_ms.push_back(v);
    now_ms_ += v;
  }
  r.warmup_iterations = warmup;
  const auto steady = r.steadyLatencies();
  r.stats.median_ms = analysis::summarize(steady).median;
  r.steady.too_few_switches = p.too_few_switches;
  r.accuracy = p.accuracy;
  if (!r.accuracy.measured && p.compares_accuracy) {
    r.accuracy.measured = true;
    r.accuracy.rel_l2_error = 1e-3;
    r.accuracy.cosine_similarity = 0.99999;
  }
  iterations_measured[config.key()] += iterations;
  return r;
}

std::vector<ConfigResult> FakeMeasurer::measure(const std::vector<OptimizationConfig>& configs,
                                                int warmup, int iterations, double deadline_ms) {
  measure_deadlines_ms.push_back(deadline_ms);
  std::vector<ConfigResult> out;
  now_ms_ += session_overhead_ms;
  ++measure_calls_;
  for (const auto& c : configs) {
    if (backgroundBusy()) busy_measurements.push_back(c.key());
    const bool first = first_measured_at_ms.count(c.key()) == 0;
    measure_order.push_back(c.key());
    first_measured_at_ms.emplace(c.key(), now_ms_);
    out.push_back(run(c, warmup, iterations, first ? profile(c).first_round_factor : 1.0));
  }
  return out;
}

std::vector<ConfigResult> FakeMeasurer::measureForks(const std::vector<OptimizationConfig>& configs,
                                                     int warmup, int iterations, int forks,
                                                     double deadline_ms) {
  fork_deadlines_ms.push_back(deadline_ms);
  fork_calls.emplace_back();
  for (const auto& c : configs) fork_calls.back().push_back(c.key());
  // In the engine's fork runner's order (ForkSchedule: round by round, the leader's second process
  // first when the deadline is short); like its isolation runner, no process starts that the mean
  // of those before it says would end after the deadline.
  std::vector<std::vector<double>> medians(configs.size());
  std::vector<ConfigResult> first(configs.size());
  std::vector<std::optional<ConfigResult>> failed(configs.size());
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
    if (paused) forked_while_paused.push_back(c.key());
    const auto& p = profile(c);
    std::normal_distribution<double> level(0.0, p.process_sd);
    const auto own = fork_overhead_by_key.find(c.key());
    now_ms_ +=
        process_start_ms + (own != fork_overhead_by_key.end() ? own->second : session_overhead_ms);
    auto r = run(c, warmup, iterations, p.fresh_factor * std::exp(level(rng_)));
    ++processes;
    if (r.status != ConfigStatus::Ok) failed[k] = r;  // that config's result, as the engine's
    medians[k].push_back(r.stats.median_ms);
    if (next->round == 0) first[k] = r;
    ++forks_measured[c.key()];
  }
  std::vector<ConfigResult> out;
  for (std::size_t k = 0; k < configs.size() && !medians[k].empty(); ++k) {
    if (failed[k]) {
      out.push_back(*failed[k]);
      continue;
    }
    ConfigResult r = first[k];
    const auto& ms = medians[k];
    const int n = static_cast<int>(ms.size());
    if (n >= 2) {
      // Geometric mean of the fork medians, ± the larger of their spread and a median's noise.
      double log_sum = 0;
      for (double m : ms) log_sum += std::log(m);
      const double noise = profile(configs[k]).rel_noise;
      ForkStats s;
      s.forks = n;
      s.median_ms = std::exp(log_sum / n);
      const auto [lo, hi] = std::minmax_element(ms.begin(), ms.end());
      const double half =
          std::max((*hi - *lo) / 2, s.median_ms * noise * 2.5 / std::sqrt(iterations));
      s.ci_low_ms = s.median_ms - half;
      s.ci_high_ms = s.median_ms + half;
      s.spread = (*hi - *lo) / s.median_ms;
      s.stable = s.spread < 0.05;
      s.outcome = forkAgreement(static_cast<std::size_t>(n), s.stable, false);
      r.fork_stats = s;
    }
    out.push_back(r);
  }
  return out;
}

double FakeMeasurer::slotFreeAt(double from) const {
  if (compile_slots <= 0) return from;
  std::vector<double> times{from};
  for (const auto& [key, done] : compile_done_at_ms_) {
    if (done > from) times.push_back(done);
  }
  std::sort(times.begin(), times.end());
  for (double t : times) {
    const auto running = std::count_if(
        compile_done_at_ms_.begin(), compile_done_at_ms_.end(),
        [&](const auto& job) { return started_at_.at(job.first) <= t && job.second > t; });
    if (running < compile_slots) return t;
  }
  return times.back();
}

void FakeMeasurer::advanceCompiles() const {
  while (!compile_queue_.empty()) {
    const auto [key, submitted] = compile_queue_.front();
    const double start = slotFreeAt(submitted);
    if (start > now_ms_) return;
    compile_queue_.erase(compile_queue_.begin());
    const auto it = profiles.find(key);
    started_at_[key] = start;
    compile_done_at_ms_[key] = start + (it == profiles.end() ? 0 : it->second.compile_ms);
    started_keys_.push_back(key);
  }
}

void FakeMeasurer::prepareInBackground(const std::vector<OptimizationConfig>& configs) {
  advanceCompiles();
  for (const auto& c : configs) {
    const auto key = packageKey(c);
    const bool queued = std::any_of(compile_queue_.begin(), compile_queue_.end(),
                                    [&](const auto& q) { return q.first == key; });
    if (!compile_done_at_ms_.count(key) && !queued) compile_queue_.push_back({key, now_ms_});
  }
  advanceCompiles();
  compile_start_order = started_keys_;
  compile_started_at_ms = started_at_;
}

void FakeMeasurer::prioritiseBackground(const std::vector<OptimizationConfig>& order) {
  advanceCompiles();
  std::vector<std::pair<std::string, double>> queue;
  for (const auto& c : order) {
    const auto it = std::find_if(compile_queue_.begin(), compile_queue_.end(),
                                 [&](const auto& q) { return q.first == packageKey(c); });
    if (it != compile_queue_.end() && std::find(queue.begin(), queue.end(), *it) == queue.end())
      queue.push_back(*it);
  }
  for (const auto& q : compile_queue_) {
    if (std::find(queue.begin(), queue.end(), q) == queue.end()) queue.push_back(q);
  }
  compile_queue_ = queue;
  advanceCompiles();
  compile_start_order = started_keys_;
  compile_started_at_ms = started_at_;
}

bool FakeMeasurer::needsPreparation(const OptimizationConfig& config) const {
  return runsAotInductorPackage(config.compile) &&
         profile(OptimizationConfig::parse(packageKey(config))).compile_ms > 0;
}

bool FakeMeasurer::backgroundBusy() const {
  advanceCompiles();
  return !compile_queue_.empty() ||
         std::any_of(compile_done_at_ms_.begin(), compile_done_at_ms_.end(),
                     [&](const auto& job) { return job.second > now_ms_; });
}

void FakeMeasurer::waitForBackground(double timeout_ms) {
  advanceCompiles();
  double next = now_ms_ + timeout_ms;
  for (const auto& [key, done] : compile_done_at_ms_) {
    if (done > now_ms_) next = std::min(next, done);
  }
  now_ms_ = next;
  advanceCompiles();
  compile_start_order = started_keys_;
  compile_started_at_ms = started_at_;
}

std::vector<CompileStatus> FakeMeasurer::compileJobs() const {
  advanceCompiles();
  std::vector<CompileStatus> jobs;
  for (const auto& key : started_keys_) {
    CompileStatus job;
    job.key = key;
    const double done = compile_done_at_ms_.at(key), start = started_at_.at(key);
    job.state = done > now_ms_ ? CompileStatus::State::Running
                : done > start ? CompileStatus::State::Done
                               : CompileStatus::State::Cached;
    job.elapsed_ms = std::min(done, now_ms_) - start;
    jobs.push_back(job);
  }
  for (const auto& [key, submitted] : compile_queue_) {
    CompileStatus job;
    job.key = key;
    jobs.push_back(job);
  }
  return jobs;
}

bool FakeMeasurer::ready(const OptimizationConfig& config) const {
  advanceCompiles();
  if (std::any_of(compile_queue_.begin(), compile_queue_.end(),
                  [&](const auto& q) { return q.first == packageKey(config); }))
    return false;
  const auto it = compile_done_at_ms_.find(packageKey(config));
  return it == compile_done_at_ms_.end() || it->second <= now_ms_;
}

double FakeMeasurer::forkOverheadMs(const OptimizationConfig& config) const {
  const auto own = fork_overhead_by_key.find(config.key());
  return own != fork_overhead_by_key.end() ? own->second : sessionOverheadMs();
}

SearchSpace encoderSpace() {
  SpaceContext ctx;
  ctx.caps.kind = DeviceKind::Cuda;
  ctx.caps.cc_major = 9;
  ctx.caps.has_cudnn = true;
  ctx.aot_inductor_available = true;
  ctx.inputs = {InputSpec::parse("32x128:int64")};
  return SearchSpace(ctx, {OptimizationConfig::parse("bf16+graph")});
}

}  // namespace inferscope::tuner::testing
