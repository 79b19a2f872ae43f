// Forks (runForked: the plan N times over, round by round, merged into one result per config with
// its forks) and all GPUs of a host (runOnDevices: the plan dealt over fake devices, each worker
// pinned through CUDA_VISIBLE_DEVICES, the parts merged), over fake workers.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/runner/device_runner.h"
#include "core/runner/fork_runner.h"
#include "worker_scripts.h"

namespace inferscope::runner {
namespace {

using testing::okResult;
using testing::WorkerScripts;

ProfileRequest planOf(const std::vector<std::string>& keys) {
  ProfileRequest r;
  r.plan.clear();  // not the default plan
  for (const auto& k : keys) r.plan.push_back(OptimizationConfig::parse(k));
  return r;
}

struct DoneSink : EventSink {
  void onConfigStart(int index, int count, const OptimizationConfig& c) override {
    starts.push_back(c.key() + "@" + std::to_string(index) + "/" + std::to_string(count));
  }
  void onConfigDone(const ConfigResult& r) override { done.push_back(r); }
  std::vector<std::string> starts;
  std::vector<ConfigResult> done;
};

// A worker whose n-th process of a config prints DIR/KEY.n.ndjson.
constexpr const char* kCountingWorker =
    "n=$(cat \"$DIR/$KEY.count\" 2>/dev/null || echo 0); echo $((n + 1)) >\"$DIR/$KEY.count\"; "
    "echo \"$KEY\" >>\"$DIR/order\"; cat \"$DIR/$KEY.$n.ndjson\"";

TEST(ForkRunner, RunsRoundByRoundAndMergesEachConfigsProcesses) {
  WorkerScripts w;
  const std::map<std::string, std::vector<double>> medians{{"fp32", {4.0, 8.0, 2.0}},
                                                           {"bf16", {1.0, 2.0, 4.0}}};
  for (const auto& [key, levels] : medians) {
    for (std::size_t n = 0; n < levels.size(); ++n)
      w.writeEvents(key + "." + std::to_string(n) + ".ndjson", okResult(key, levels[n]));
  }
  IsolationOptions o;
  o.launcher = w.launcher(kCountingWorker);
  DoneSink sink;
  CancelToken cancel;
  const auto s = runForked(planOf({"fp32", "bf16"}), 3, sink, cancel, o);

  // Interleaved: every config once, then every config again.
  EXPECT_EQ(w.lines("order"),
            (std::vector<std::string>{"fp32", "bf16", "fp32", "bf16", "fp32", "bf16"}));
  // Events speak of the config's own index, out of the real plan's count.
  ASSERT_EQ(sink.starts.size(), 6u);
  EXPECT_EQ(sink.starts.front(), "fp32@0/2");
  EXPECT_EQ(sink.starts[3], "bf16@1/2");
  ASSERT_EQ(s.configs.size(), 2u);
  EXPECT_EQ(s.request.plan.size(), 2u);
  for (int c = 0; c < 2; ++c) {
    const auto& r = s.configs[static_cast<std::size_t>(c)];
    const auto& levels = medians.at(r.config.key());
    EXPECT_EQ(r.index, c);
    // The first process's run is the result, the others its forks, in the order they ran.
    EXPECT_NEAR(r.stats.median_ms, levels[0], 1e-9);
    ASSERT_EQ(r.forks.size(), 2u);
    EXPECT_NEAR(r.forks[0].stats.median_ms, levels[1], 1e-9);
    EXPECT_NEAR(r.forks[1].stats.median_ms, levels[2], 1e-9);
    ASSERT_TRUE(r.fork_stats.has_value());
    EXPECT_EQ(r.fork_stats->forks, 3);
    // The level across processes: the geometric mean of the process medians (here exactly 4 and
    // 2), and a spread of (max − min) / median.
    EXPECT_NEAR(r.fork_stats->median_ms, std::cbrt(levels[0] * levels[1] * levels[2]), 0.01);
    EXPECT_NEAR(r.fork_stats->spread,
                (*std::max_element(levels.begin(), levels.end()) -
                 *std::min_element(levels.begin(), levels.end())) /
                    r.fork_stats->median_ms,
                0.01);
  }
  // Each merged result is reported once, after every round.
  const auto merged = std::count_if(sink.done.begin(), sink.done.end(),
                                    [](const ConfigResult& r) { return !r.forks.empty(); });
  EXPECT_EQ(merged, 2);
}

TEST(ForkRunner, AFailedProcessIsKeptAsAFailedFork) {
  WorkerScripts w;
  w.writeEvents("fp32.0.ndjson", okResult("fp32", 2.0));
  w.writeEvents("fp32.2.ndjson", okResult("fp32", 2.0));
  IsolationOptions o;
  // The second process of fp32 crashes.
  o.launcher = w.launcher(std::string("n=$(cat \"$DIR/$KEY.count\" 2>/dev/null || echo 0); ") +
                          "echo $((n + 1)) >\"$DIR/$KEY.count\"; [ $n = 1 ] && kill -KILL $$; " +
                          "cat \"$DIR/$KEY.$n.ndjson\"");
  DoneSink sink;
  CancelToken cancel;
  const auto s = runForked(planOf({"fp32"}), 3, sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 1u);
  const auto& r = s.configs[0];
  EXPECT_EQ(r.status, ConfigStatus::Ok);
  ASSERT_EQ(r.forks.size(), 2u);
  EXPECT_EQ(r.forks[0].status, ConfigStatus::Error);
  EXPECT_EQ(r.forks[1].status, ConfigStatus::Ok);
  ASSERT_TRUE(r.fork_stats.has_value());
  EXPECT_EQ(r.fork_stats->forks, 2);  // the processes with a steady part
}

// Each worker records the GPU it was pinned to and the config it ran.
constexpr const char* kPinnedWorker =
    "echo \"$CUDA_VISIBLE_DEVICES $KEY\" >>\"$DIR/pinned\"; cat \"$DIR/$KEY.ndjson\"";

TEST(DeviceRunner, SpreadsThePlanOverTheDevicesWithTheReferenceOnEach) {
  ::unsetenv("CUDA_VISIBLE_DEVICES");  // this process sees every GPU: ordinal n is GPU n
  WorkerScripts w;
  const std::vector<std::string> keys{"fp32", "nograd+fp32", "bf16", "fp16", "amp-bf16"};
  for (std::size_t i = 0; i < keys.size(); ++i)
    w.writeEvents(keys[i] + ".ndjson", okResult(keys[i], 1.0 + static_cast<double>(i)));
  DeviceRunOptions o;
  o.devices = {0, 2, 3};
  o.isolation.launcher = w.launcher(kPinnedWorker);
  auto request = planOf(keys);
  request.device = DeviceKind::Cuda;
  DoneSink sink;
  CancelToken cancel;
  const auto s = runOnDevices(request, sink, cancel, o);

  auto pinned = w.lines("pinned");
  std::sort(pinned.begin(), pinned.end());
  // Shards of the four configs after the reference: 0 → {nograd+fp32, amp-bf16}, 1 → {bf16},
  // 2 → {fp16}; the reference on every GPU.
  EXPECT_EQ(pinned, (std::vector<std::string>{"0 amp-bf16", "0 fp32", "0 nograd+fp32", "2 bf16",
                                              "2 fp32", "3 fp16", "3 fp32"}));
  // One session in plan order, each result saying which GPU measured it.
  ASSERT_EQ(s.configs.size(), keys.size());
  std::map<std::string, int> measured_on;
  for (const auto& c : s.configs) {
    ASSERT_TRUE(c.measured_on.has_value()) << c.config.key();
    measured_on[c.config.key()] = c.measured_on->device.index;
    EXPECT_NEAR(c.stats.median_ms,
                1.0 + static_cast<double>(std::find(keys.begin(), keys.end(), c.config.key()) -
                                          keys.begin()),
                1e-9);
  }
  EXPECT_EQ(measured_on.at("nograd+fp32"), 0);
  EXPECT_EQ(measured_on.at("amp-bf16"), 0);
  EXPECT_EQ(measured_on.at("bf16"), 2);
  EXPECT_EQ(measured_on.at("fp16"), 3);
  EXPECT_EQ(s.request.plan.size(), keys.size());
  EXPECT_TRUE(s.request.run.reference_last);
}

TEST(DeviceRunner, ReplicatedEveryDeviceRunsTheWholePlan) {
  ::unsetenv("CUDA_VISIBLE_DEVICES");
  WorkerScripts w;
  for (const auto* key : {"fp32", "bf16"})
    w.writeEvents(std::string(key) + ".ndjson", okResult(key, 2.0));
  DeviceRunOptions o;
  o.devices = {1, 4};
  o.replicate = true;
  o.isolation.launcher = w.launcher(kPinnedWorker);
  auto request = planOf({"fp32", "bf16"});
  request.device = DeviceKind::Cuda;
  DoneSink sink;
  CancelToken cancel;
  const auto s = runOnDevices(request, sink, cancel, o);
  auto pinned = w.lines("pinned");
  std::sort(pinned.begin(), pinned.end());
  EXPECT_EQ(pinned, (std::vector<std::string>{"1 bf16", "1 fp32", "4 bf16", "4 fp32"}));
  std::map<int, int> per_device;
  for (const auto& c : s.configs) {
    ASSERT_TRUE(c.measured_on.has_value());
    ++per_device[c.measured_on->device.index];
  }
  EXPECT_EQ(per_device, (std::map<int, int>{{1, 2}, {4, 2}}));
}

TEST(DeviceRunner, RefusesACpuRunAndAnEmptyList) {
  DeviceRunOptions o;
  o.devices = {0};
  DoneSink sink;
  CancelToken cancel;
  EXPECT_THROW(runOnDevices(planOf({"fp32"}), sink, cancel, o), Error);
  auto cuda = planOf({"fp32"});
  cuda.device = DeviceKind::Cuda;
  o.devices.clear();
  EXPECT_THROW(runOnDevices(cuda, sink, cancel, o), Error);
}

}  // namespace
}  // namespace inferscope::runner
