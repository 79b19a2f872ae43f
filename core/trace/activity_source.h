// Where GPU activity comes from. CUPTI sits behind this interface (as libkineto keeps it behind
// CuptiActivityApi) so that the tracer, the aggregator and the Chrome writer are tested on CPU
// machines with FakeActivitySource feeding synthetic records; the real CuptiActivitySource is
// tested on the GPU machine.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "core/trace/trace_records.h"

namespace inferscope::trace {

// The host's monotonic clock in ns (steady_clock is CLOCK_MONOTONIC on Linux): what the sources
// without CUPTI time operators with, and what CUPTI stamps its records with once the CUPTI source
// registered it (ActivityStartOptions::host_clock).
inline std::int64_t hostClockNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Which activity kinds to record. All on by default: that is what the trace window shows. The
// per-operator cost inside the window comes from the API kinds: every recorded API call is a
// record, and while an operator's id is pushed, an external-correlation record too.
struct ActivityKinds {
  bool kernels = true;  // CONCURRENT_KERNEL (KERNEL would serialise kernels)
  bool memcpy = true;   // MEMCPY and MEMCPY2 (peer to peer)
  bool memset = true;   // MEMSET
  // RUNTIME: cudaLaunchKernel, cudaMemcpyAsync, … A kernel's operator is found through the
  // external-correlation record of the API call that launched it, and CUPTI writes that record
  // only for a call it records: without RUNTIME, kernels have no operator.
  bool runtime_api = true;
  // DRIVER: cuLaunchKernel(Ex), which cuBLASLt, cuDNN's runtime-compiled kernels and Triton call
  // directly; their kernels carry the driver call's correlation id and find their operator only
  // through it. Off saves a record per driver call at the price of "(no operator)" for those.
  bool driver_api = true;
  bool external_correlation = true;  // operator ↔ API call (needed for per-operator breakdowns)
  bool synchronization = true;       // SYNCHRONIZATION: host waits on the GPU (a few per iteration)
  // API calls that launch nothing (cudaGetDevice, cudaGetLastError, cuCtxGetCurrent, …; see
  // cupti::housekeepingCallbacks). PyTorch makes several per operator; off, CUPTI is told not to
  // record them at all where it can be (CUPTI 12.5+), rather than recording and dropping them.
  bool housekeeping_api = false;
};

inline constexpr std::size_t kDefaultActivityBufferBytes = std::size_t{4} << 20;  // as libkineto
inline constexpr std::size_t kDefaultMaxActivityBufferBytes = std::size_t{64} << 20;

struct ActivityStartOptions {
  ActivityKinds kinds;
  std::size_t buffer_bytes = kDefaultActivityBufferBytes;  // one buffer handed to the source
  // Cap on buffer memory the source may hold at once; past it, records are dropped and counted.
  std::size_t max_buffer_bytes = kDefaultMaxActivityBufferBytes;
  // stop() detaches CUPTI (cuptiFinalize) so that no overhead lingers into the next config.
  // Off only if re-attaching after a finalize misbehaves on some driver.
  bool finalize_on_stop = true;
  // CUPTI stamps its records with the host's monotonic clock
  // (cuptiActivityRegisterTimestampCallback), which nowNs() then reads directly: operators and API
  // calls share one clock by construction (the host-span attribution of correlation_resolver.h
  // relies on it), and reading it is a vDSO call. Measured on the H200, timing operators this way
  // or through cuptiGetTimestamp costs the same (docs/PERFORMANCE.md). Where CUPTI cannot take the
  // callback, nowNs() falls back to cuptiGetTimestamp.
  bool host_clock = true;
};

// ok, or the reason tracing cannot happen, written for the user ("untraced: …").
struct StartStatus {
  bool ok = false;
  std::string reason;

  static StartStatus success() { return {true, {}}; }
  static StartStatus failure(std::string why) { return {false, std::move(why)}; }
};

// Receives decoded records. CUPTI delivers on its own worker thread or on the thread calling
// flush(), so implementations must be thread-safe.
class ActivitySink {
 public:
  virtual ~ActivitySink() = default;
  virtual void onActivityBatch(ActivityBatch&& batch) = 0;
};

// Lifecycle: (start → stop)*, each pair one traced stretch of a config. A source is used by one
// tracer on the engine thread.
class ActivitySource {
 public:
  virtual ~ActivitySource() = default;

  // "cupti", "fake", "unavailable": recorded in the window.
  virtual std::string name() const = 0;
  // Where decoded records go; set before start(), must outlive the source's last delivery.
  virtual void setSink(ActivitySink* sink) = 0;
  // Enables the activity kinds. A failure leaves nothing enabled and explains why.
  virtual StartStatus start(const ActivityStartOptions& options) = 0;
  // Delivers every completed record now (CUPTI: cuptiActivityFlushAll, forced).
  virtual void flush() = 0;
  // flush(), disable, and tear down (cuptiFinalize) so that no slowdown lingers into untraced
  // iterations or the next config. Idempotent; start() may follow (CUPTI re-attaches).
  virtual void stop() = 0;
  // Operator correlation: activity launched while an id is pushed carries it (per host thread).
  virtual void pushExternalCorrelation(std::uint64_t external_id) = 0;
  virtual void popExternalCorrelation() = 0;
  // Now, in the clock of the records' timestamps (CUPTI: hostClockNs() once registered, else
  // cuptiGetTimestamp). Host-side marks
  // (iterations, operators) must use it, or they would not line up with the GPU records.
  virtual std::int64_t nowNs() const = 0;
};

// A source that records nothing and keeps the host clock, starting as `start` says: the host-only
// source (operators without CUPTI) and the stand-in of builds without CUPTI.
class RecordlessActivitySource final : public ActivitySource {
 public:
  RecordlessActivitySource(std::string name, StartStatus start)
      : name_(std::move(name)), start_(std::move(start)) {}
  std::string name() const override { return name_; }
  void setSink(ActivitySink*) override {}
  StartStatus start(const ActivityStartOptions&) override { return start_; }
  void flush() override {}
  void stop() override {}
  void pushExternalCorrelation(std::uint64_t) override {}
  void popExternalCorrelation() override {}
  std::int64_t nowNs() const override { return hostClockNs(); }

 private:
  std::string name_;
  StartStatus start_;
};

// The CUPTI source when this build has CUPTI; otherwise a source whose start() fails with
// "untraced: CUPTI not available in this build". Defined in cupti_activity_source.cpp or
// cupti_unavailable.cpp, whichever CMake compiles.
std::unique_ptr<ActivitySource> makeCuptiActivitySource();
// Whether this build compiled the CUPTI source in (a runtime start can still fail).
bool cuptiCompiledIn();

}  // namespace inferscope::trace
