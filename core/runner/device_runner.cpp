#include "core/runner/device_runner.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "core/common/error.h"
#include "core/engine/device_selection.h"
#include "core/engine/plan_shard.h"
#include "core/runner/pinned_model.h"
#include "core/session/session_merge.h"

namespace inferscope::runner {
namespace {

// One device's view of the caller's sink: calls from the device threads are serialised, config
// indices become plan positions, and only the merged session is reported as done.
class DeviceSink : public EventSink {
 public:
  DeviceSink(EventSink& out, std::mutex& mutex, int ordinal, std::optional<ShardSpec> shard,
             int count)
      : out_(out), mutex_(mutex), ordinal_(ordinal), shard_(shard), count_(count) {}

  void onConfigStart(int index, int, const OptimizationConfig& config) override {
    std::lock_guard lock(mutex_);
    out_.onConfigStart(position(index), count_, config);
  }
  void onSample(const Sample& sample) override {
    std::lock_guard lock(mutex_);
    Sample s = sample;
    s.config_index = position(sample.config_index);
    out_.onSample(s);
  }
  void onProgress(const Progress& progress) override {
    std::lock_guard lock(mutex_);
    Progress p = progress;
    p.config_index = position(progress.config_index);
    p.config_count = count_;
    out_.onProgress(p);
  }
  void onConfigDone(const ConfigResult& result) override {
    std::lock_guard lock(mutex_);
    ConfigResult r = result;
    r.index = position(result.index);
    out_.onConfigDone(r);
  }
  void onLog(LogLevel level, const std::string& message) override {
    std::lock_guard lock(mutex_);
    out_.onLog(level, fmt::format("GPU {}: {}", ordinal_, message));
  }

 private:
  int position(int index) const {
    if (!shard_ || index == 0) return index;
    return static_cast<int>(planPositionOf(*shard_, static_cast<std::size_t>(index - 1)));
  }
  EventSink& out_;
  std::mutex& mutex_;
  int ordinal_;
  std::optional<ShardSpec> shard_;
  int count_;
};

std::string hostName() {
  char host[256] = {};
  return ::gethostname(host, sizeof host - 1) == 0 ? std::string(host) : std::string();
}

}  // namespace

SessionResult runOnDevices(const ProfileRequest& given, EventSink& sink, const CancelToken& cancel,
                           const DeviceRunOptions& options) {
  // Every device's workers load the bytes the user trusted (pinned_model.h).
  ProfileRequest request = given;
  if (builtInPython(request.model.source)) {
    // Checked before anything is pinned or started: the engine's workers cannot build it.
    throw Error(ErrorKind::Unsupported,
                fmt::format("--devices runs the plan in engine workers, one per GPU; {} is built "
                            "in Python and runs in one Python worker on one device: leave "
                            "--devices out and pick the GPU with --device cuda:N",
                            request.model.displayName()));
  }
  PinnedModel pinned(request.model);
  if (request.device != DeviceKind::Cuda) {
    throw Error(ErrorKind::InvalidInput, "--devices spreads a run over GPUs: add --device cuda");
  }
  const int n = static_cast<int>(options.devices.size());
  if (n == 0) throw Error(ErrorKind::InvalidInput, "--devices: no GPU listed");
  const char* parent_visible = std::getenv("CUDA_VISIBLE_DEVICES");
  const auto host = hostName();
  const int count = static_cast<int>(shardPlan(request.plan, {0, 1}).size());
  sink.onLog(LogLevel::Info,
             fmt::format("{} {} configs over GPUs {}: one isolation worker per GPU at a time",
                         options.replicate ? "running all" : "spreading", count,
                         fmt::join(options.devices, ",")));

  std::vector<SessionResult> sessions(static_cast<std::size_t>(n));
  std::vector<std::exception_ptr> failures(static_cast<std::size_t>(n));
  std::mutex sink_mutex;
  std::vector<std::thread> threads;
  for (int i = 0; i < n; ++i) {
    const int ordinal = options.devices[static_cast<std::size_t>(i)];
    std::optional<ShardSpec> shard;
    if (!options.replicate) shard = ShardSpec{i, n};
    ProfileRequest device_request = request;
    device_request.device_index = 0;  // the one GPU the worker sees
    if (shard) device_request.plan = shardPlan(request.plan, *shard);
    IsolationOptions isolation = options.isolation;
    isolation.cuda_visible_devices = workerVisibleDevices(parent_visible, ordinal);
    threads.emplace_back([&, i, ordinal, shard, device_request, isolation] {
      const auto slot = static_cast<std::size_t>(i);
      try {
        DeviceSink device_sink(sink, sink_mutex, ordinal, shard,
                               shard ? count : static_cast<int>(device_request.plan.size()));
        auto session = runIsolated(device_request, device_sink, cancel, isolation);
        session.shard = shard;
        session.host = host;
        session.device.kind = DeviceKind::Cuda;
        session.device.index = ordinal;
        for (auto& c : session.configs) c.measured_on = MeasuredOn{host, session.device};
        sessions[slot] = std::move(session);
      } catch (...) {
        failures[slot] = std::current_exception();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const auto& f : failures) {
    if (f) std::rethrow_exception(f);
  }

  std::vector<MergeInput> inputs;
  for (int i = 0; i < n; ++i) {
    inputs.push_back({sessions[static_cast<std::size_t>(i)],
                      fmt::format("GPU {}", options.devices[static_cast<std::size_t>(i)])});
  }
  MergeResult merged;
  try {
    merged = mergeSessions(inputs);
  } catch (const Error& e) {
    // GPUs of different models (or drivers) on one host: each keeps its own reference and results.
    sink.onLog(LogLevel::Warning, fmt::format("{}; keeping each GPU's results apart", e.what()));
    for (auto& in : inputs) in.session.shard.reset();
    merged = mergeSessions(inputs, MergeOptions{true});
  }
  for (const auto& note : merged.notes) sink.onLog(LogLevel::Info, note);
  auto& session = merged.session;
  session.generator = sessions.front().generator;
  const auto plan = session.request.plan;
  session.request = given;  // the file the user gave, not this run's private copy
  session.request.plan = plan;
  session.request.run.reference_last = true;
  sink.onSessionDone(session);
  return session;
}

}  // namespace inferscope::runner
