#include "core/runner/fork_runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/engine/fork_schedule.h"
#include "core/engine/result_analysis.h"

namespace inferscope::runner {
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
  ForkSchedule schedule(configs, forks);
  IsolationOptions scheduled = options;
  scheduled.next = [&](int fits) {
    const auto p = schedule.next(fits);
    return p ? p->planIndex(configs) : -1;
  };
  SessionResult runs = runIsolated(expanded, fork_sink, cancel, scheduled);

  // The runs came in the order they ran; each knows its plan index (round × configs + config).
  // Under a deadline a config may have fewer processes than the others, or none: the configs
  // without one end the list (the schedule gives earlier configs their processes first).
  std::vector<std::vector<const ConfigResult*>> by_config(static_cast<std::size_t>(configs));
  for (const auto& r : runs.configs) {
    if (r.index < 0 || r.index >= configs * forks) continue;
    by_config[static_cast<std::size_t>(r.index % configs)].push_back(&r);
  }
  SessionResult session = runs;  // keeps the inputs and device the workers reported
  session.request.plan = request.plan;
  session.configs.clear();
  for (int c = 0; c < configs; ++c) {
    auto& processes = by_config[static_cast<std::size_t>(c)];
    if (processes.empty()) break;
    std::sort(processes.begin(), processes.end(),
              [](const ConfigResult* a, const ConfigResult* b) { return a->index < b->index; });
    session.configs.push_back(*processes.front());
    auto& r = session.configs.back();
    r.index = c;
    for (std::size_t k = 1; k < processes.size(); ++k) r.forks.push_back(asForkRun(*processes[k]));
    summariseForks(r);
    sink.onConfigDone(r);
  }
  sink.onSessionDone(session);
  return session;
}

}  // namespace inferscope::runner
