// ChromeTraceWriter: builds the event list, sorts it per track (pid, tid, ts) so that every track
// reads in time order, then serialises with nlohmann/json.
#include "core/trace/chrome_trace_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "core/common/file_io.h"
#include "core/common/units.h"

namespace inferscope::trace {
namespace {

using nlohmann::json;

constexpr int kHostPid = 1;
constexpr int kGpuPidBase = 100;  // GPU d is process 100 + d
constexpr std::int64_t kIterationsTid = 1, kOperatorsTid = 2, kSyncTid = 3;
constexpr std::int64_t kRuntimeTidBase = 100, kDriverTidBase = 10'000;

struct TimedEvent {
  int pid;
  std::int64_t tid;
  std::int64_t ts_ns, dur_ns;
  int rank;  // at equal ts: slices before flow points
  json body;
};

class EventBuilder {
 public:
  EventBuilder(const TraceWindow& w, const ChromeTraceOptions& options) : w_(w), options_(options) {
    origin_ns_ = std::numeric_limits<std::int64_t>::max();
    auto earliest = [&](const auto& records) {
      for (const auto& r : records) origin_ns_ = std::min(origin_ns_, r.start_ns);
    };
    earliest(w.iterations);
    earliest(w.ops);
    earliest(w.api_calls);
    earliest(w.kernels);
    earliest(w.memcpys);
    earliest(w.memsets);
    earliest(w.syncs);
    if (origin_ns_ == std::numeric_limits<std::int64_t>::max()) origin_ns_ = 0;
  }

  json build() {
    addHost();
    addGpu();
    if (options_.include_flows) addFlows();
    std::sort(events_.begin(), events_.end(), [](const TimedEvent& a, const TimedEvent& b) {
      if (a.pid != b.pid) return a.pid < b.pid;
      if (a.tid != b.tid) return a.tid < b.tid;
      if (a.ts_ns != b.ts_ns) return a.ts_ns < b.ts_ns;
      if (a.rank != b.rank) return a.rank < b.rank;
      return a.dur_ns > b.dur_ns;  // enclosing slice first
    });
    json out = json::array();
    for (auto& m : metadata_) out.push_back(std::move(m));
    for (auto& e : events_) out.push_back(std::move(e.body));
    return out;
  }

 private:
  double us(std::int64_t ns) const { return units::nsToUs(ns - origin_ns_); }
  static double durUs(std::int64_t start_ns, std::int64_t end_ns) {
    return units::nsToUs(std::max<std::int64_t>(0, end_ns - start_ns));
  }

  void meta(const char* what, int pid, std::int64_t tid, json args) {
    json m = {{"ph", "M"}, {"name", what}, {"pid", pid}, {"tid", tid}, {"args", std::move(args)}};
    metadata_.push_back(std::move(m));
  }
  void nameThread(int pid, std::int64_t tid, const std::string& name, std::int64_t sort_index) {
    meta("thread_name", pid, tid, {{"name", name}});
    meta("thread_sort_index", pid, tid, {{"sort_index", sort_index}});
  }

  void complete(int pid, std::int64_t tid, const std::string& name, const char* cat,
                std::int64_t start_ns, std::int64_t end_ns, json args) {
    json e = {{"ph", "X"},
              {"name", name},
              {"cat", cat},
              {"pid", pid},
              {"tid", tid},
              {"ts", us(start_ns)},
              {"dur", durUs(start_ns, end_ns)},
              {"args", std::move(args)}};
    events_.push_back({pid, tid, start_ns, end_ns - start_ns, 0, std::move(e)});
  }

  std::int64_t hostThreadTid(const RuntimeApiRecord& api) {
    const bool driver = api.domain == ApiDomain::Driver;
    auto& tids = driver ? driver_tids_ : runtime_tids_;
    const auto it = tids.find(api.thread_id);
    if (it != tids.end()) return it->second;
    const std::int64_t tid =
        (driver ? kDriverTidBase : kRuntimeTidBase) + static_cast<std::int64_t>(tids.size());
    tids.emplace(api.thread_id, tid);
    nameThread(kHostPid, tid,
               fmt::format("CUDA {} (thread {})", toString(api.domain), api.thread_id), tid);
    return tid;
  }

  void addHost() {
    meta("process_name", kHostPid, 0, {{"name", "Host"}});
    meta("process_sort_index", kHostPid, 0, {{"sort_index", 0}});
    nameThread(kHostPid, kIterationsTid, "iterations", kIterationsTid);
    nameThread(kHostPid, kOperatorsTid, "operators", kOperatorsTid);
    for (const auto& m : w_.iterations) {
      complete(kHostPid, kIterationsTid,
               fmt::format("iteration {}{}", m.iteration, m.warmup ? " (warm-up)" : ""),
               "iteration", m.start_ns, m.end_ns,
               {{"iteration", m.iteration}, {"warmup", m.warmup}});
    }
    for (const auto& op : w_.ops) {
      complete(kHostPid, kOperatorsTid, op.name, "cpu_op", op.start_ns, op.end_ns,
               {{"input_shapes", op.input_shapes},
                {"external_id", op.external_id},
                {"iteration", op.iteration}});
    }
    for (const auto& api : w_.api_calls) {
      if (api.domain == ApiDomain::Driver && !options_.include_driver_api) continue;
      complete(kHostPid, hostThreadTid(api), api.name,
               api.domain == ApiDomain::Runtime ? "cuda_runtime" : "cuda_driver", api.start_ns,
               api.end_ns, {{"correlation", api.correlation_id}, {"cbid", api.cbid}});
    }
    if (!w_.syncs.empty()) nameThread(kHostPid, kSyncTid, "CUDA synchronization", kSyncTid);
    for (const auto& s : w_.syncs) {
      complete(kHostPid, kSyncTid, toString(s.kind), "cuda_sync", s.start_ns, s.end_ns,
               {{"stream", s.stream}, {"correlation", s.correlation_id}});
    }
  }

  void gpuTrack(std::uint32_t device, std::uint32_t stream) {
    const int pid = kGpuPidBase + static_cast<int>(device);
    if (named_devices_.emplace(device, true).second) {
      meta("process_name", pid, 0, {{"name", fmt::format("GPU {}", device)}});
      meta("process_sort_index", pid, 0, {{"sort_index", pid}});
    }
    if (named_streams_.emplace(std::make_pair(device, stream), true).second) {
      nameThread(pid, stream, fmt::format("stream {}", stream), stream);
    }
  }

  void addGpu() {
    for (const auto& k : w_.kernels) {
      gpuTrack(k.device, k.stream);
      complete(kGpuPidBase + static_cast<int>(k.device), k.stream, k.name, "kernel", k.start_ns,
               k.end_ns,
               {{"grid", {k.grid_x, k.grid_y, k.grid_z}},
                {"block", {k.block_x, k.block_y, k.block_z}},
                {"registers per thread", k.registers_per_thread},
                {"static shared memory", k.static_shared_bytes},
                {"dynamic shared memory", k.dynamic_shared_bytes},
                {"correlation", k.correlation_id},
                {"external id", k.external_id},
                {"op", k.op_name},
                {"iteration", k.iteration},
                {"device", k.device},
                {"stream", k.stream}});
    }
    for (const auto& m : w_.memcpys) {
      gpuTrack(m.device, m.stream);
      complete(kGpuPidBase + static_cast<int>(m.device), m.stream,
               fmt::format("Memcpy {}", toString(m.kind)), "gpu_memcpy", m.start_ns, m.end_ns,
               {{"bytes", m.bytes}, {"correlation", m.correlation_id}, {"iteration", m.iteration}});
    }
    for (const auto& m : w_.memsets) {
      gpuTrack(m.device, m.stream);
      complete(kGpuPidBase + static_cast<int>(m.device), m.stream, "Memset", "gpu_memset",
               m.start_ns, m.end_ns,
               {{"bytes", m.bytes}, {"correlation", m.correlation_id}, {"iteration", m.iteration}});
    }
  }

  // One arrow per GPU record, from its launching API call (or its operator) to the record.
  void flow(std::uint32_t correlation, std::uint64_t external_id, std::uint32_t device,
            std::uint32_t stream, std::int64_t gpu_start_ns) {
    int from_pid = kHostPid;
    std::int64_t from_tid = 0, from_ns = 0;
    const auto api = api_by_correlation_.find(correlation);
    const auto op = op_by_external_.find(external_id);
    if (correlation != 0 && api != api_by_correlation_.end()) {
      from_tid = hostThreadTid(*api->second);
      from_ns = api->second->start_ns;
    } else if (external_id != 0 && op != op_by_external_.end()) {
      from_tid = kOperatorsTid;
      from_ns = op->second->start_ns;
    } else {
      return;
    }
    const auto id = next_flow_id_++;
    json s = {{"ph", "s"},         {"id", id},      {"pid", from_pid}, {"tid", from_tid},
              {"ts", us(from_ns)}, {"cat", "ac2g"}, {"name", "launch"}};
    events_.push_back({from_pid, from_tid, from_ns, 0, 1, std::move(s)});
    const int to_pid = kGpuPidBase + static_cast<int>(device);
    json f = {{"ph", "f"},     {"bp", "e"},       {"id", id},
              {"pid", to_pid}, {"tid", stream},   {"ts", us(gpu_start_ns)},
              {"cat", "ac2g"}, {"name", "launch"}};
    events_.push_back({to_pid, stream, gpu_start_ns, 0, 1, std::move(f)});
  }

  void addFlows() {
    for (const auto& api : w_.api_calls) {
      if (api.domain == ApiDomain::Driver && !options_.include_driver_api) continue;
      // A runtime call wins over a driver call of the same correlation: it is what the user's
      // library called.
      auto& slot = api_by_correlation_[api.correlation_id];
      if (slot == nullptr ||
          (slot->domain == ApiDomain::Driver && api.domain == ApiDomain::Runtime)) {
        slot = &api;
      }
    }
    for (const auto& op : w_.ops) op_by_external_.emplace(op.external_id, &op);
    for (const auto& k : w_.kernels)
      flow(k.correlation_id, k.external_id, k.device, k.stream, k.start_ns);
    for (const auto& m : w_.memcpys)
      flow(m.correlation_id, m.external_id, m.device, m.stream, m.start_ns);
    for (const auto& m : w_.memsets)
      flow(m.correlation_id, m.external_id, m.device, m.stream, m.start_ns);
  }

  const TraceWindow& w_;
  const ChromeTraceOptions& options_;
  std::int64_t origin_ns_ = 0;
  std::vector<json> metadata_;
  std::vector<TimedEvent> events_;
  std::unordered_map<std::uint32_t, std::int64_t> runtime_tids_, driver_tids_;
  std::map<std::uint32_t, bool> named_devices_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, bool> named_streams_;
  std::unordered_map<std::uint32_t, const RuntimeApiRecord*> api_by_correlation_;
  std::unordered_map<std::uint64_t, const OpRecord*> op_by_external_;
  std::uint64_t next_flow_id_ = 1;
};

}  // namespace

std::string ChromeTraceWriter::toJson(const TraceWindow& window) const {
  json trace = {{"traceEvents", EventBuilder(window, options_).build()},
                {"displayTimeUnit", "ms"},
                {"otherData",
                 {{"title", options_.title},
                  {"generator", "InferScope"},
                  {"status", toString(window.status)},
                  {"untraced_reason", window.traced() ? std::string() : window.untraced_reason},
                  {"source", window.source},
                  {"dropped_records", window.dropped_records},
                  {"time_origin", "microseconds from the window's first record"}}}};
  return trace.dump();
}

void ChromeTraceWriter::writeFile(const TraceWindow& window, const std::string& path) const {
  writeFileAtomically(path, toJson(window));
}

}  // namespace inferscope::trace
