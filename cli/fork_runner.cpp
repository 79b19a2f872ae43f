#include "cli/fork_runner.h"

#include <fmt/format.h>

#include "core/engine/result_analysis.h"

namespace inferscope::cli {
namespace {

// The workers' events carry their index in the expanded plan (round × configs + config): this
// passes them on under the config's own index, and holds back the per-process results, which are
// reported once per config when every round has run.
class ForkSink : public EventSink {
 public:
  ForkSink(EventSink& inner, int configs, int forks)
      : inner_(inner), configs_(configs), forks_(forks) {}

  void onConfigStart(int index, int, const OptimizationConfig& config) override {
    const int round = index / configs_;
    if (forks_ > 1)
      inner_.onLog(LogLevel::Info,
                   fmt::format("{}: process {} of {}", config.key(), round + 1, forks_));
    inner_.onConfigStart(index % configs_, configs_, config);
  }
  void onSample(const Sample& sample) override {
    Sample s = sample;
    s.config_index = sample.config_index % configs_;
    inner_.onSample(s);
  }
  void onProgress(const Progress& progress) override {
    Progress p = progress;
    p.config_index = progress.config_index % configs_;
    p.config_count = configs_;
    inner_.onProgress(p);
  }
  void onLog(LogLevel level, const std::string& message) override { inner_.onLog(level, message); }

 private:
  EventSink& inner_;
  int configs_, forks_;
};

ForkRun asFork(const ConfigResult& r) {
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

}  // namespace

SessionResult runForked(const ProfileRequest& request, int forks, EventSink& sink,
                        const CancelToken& cancel, const IsolationOptions& options) {
  const int configs = static_cast<int>(request.plan.size());
  ProfileRequest expanded = request;
  expanded.plan.clear();
  for (int round = 0; round < forks; ++round) {
    expanded.plan.insert(expanded.plan.end(), request.plan.begin(), request.plan.end());
  }
  ForkSink fork_sink(sink, configs, forks);
  SessionResult runs = runIsolated(expanded, fork_sink, cancel, options);

  SessionResult session = runs;  // keeps the inputs and device the workers reported
  session.request.plan = request.plan;
  session.configs.clear();
  for (std::size_t i = 0; i < runs.configs.size() && static_cast<int>(i) < configs; ++i) {
    session.configs.push_back(runs.configs[i]);
    session.configs.back().index = static_cast<int>(i);
  }
  for (std::size_t e = static_cast<std::size_t>(configs); e < runs.configs.size(); ++e) {
    session.configs[e % static_cast<std::size_t>(configs)].forks.push_back(asFork(runs.configs[e]));
  }
  for (auto& r : session.configs) {
    summariseForks(r);
    sink.onConfigDone(r);
  }
  sink.onSessionDone(session);
  return session;
}

}  // namespace inferscope::cli
