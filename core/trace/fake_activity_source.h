// A scripted ActivitySource for CPU tests. It behaves like CUPTI where the tracer depends on it:
// nothing is recorded while it is not started, records wait in a bounded buffer until flush()
// (so a capped buffer drops and counts records), and an API call made while an external id is
// pushed yields an ExternalCorrelation record for the innermost id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/trace/activity_source.h"

namespace inferscope::trace {

class FakeActivitySource : public ActivitySource {
 public:
  // What one record costs against ActivityStartOptions::max_buffer_bytes, so that tests can cap
  // the buffer at N records with max_buffer_bytes = N * kNominalRecordBytes.
  static constexpr std::size_t kNominalRecordBytes = 64;

  // ---- scripting -------------------------------------------------------------------------------
  // The next start() fails with this reason (as CUPTI does without profiling permission).
  void failNextStart(std::string reason) { start_failure_ = std::move(reason); }
  void setNowNs(std::int64_t now_ns) { now_ns_ = now_ns; }
  void advanceNs(std::int64_t delta_ns) { now_ns_ += delta_ns; }
  void setThreadId(std::uint32_t thread_id) { thread_id_ = thread_id; }

  // A host call of `api_ns` at now (which advances by it) launching a kernel that runs on the GPU
  // over [gpu_start_ns, gpu_start_ns + gpu_ns). Returns the correlation id, 0 if not recording.
  std::uint32_t launchKernel(const std::string& kernel_name, std::uint32_t stream,
                             std::int64_t gpu_start_ns, std::int64_t gpu_ns,
                             std::int64_t api_ns = 2'000);
  std::uint32_t copyMemory(MemcpyKind kind, std::uint64_t bytes, std::uint32_t stream,
                           std::int64_t gpu_start_ns, std::int64_t gpu_ns,
                           std::int64_t api_ns = 3'000);
  std::uint32_t setMemory(std::uint64_t bytes, std::uint32_t stream, std::int64_t gpu_start_ns,
                          std::int64_t gpu_ns, std::int64_t api_ns = 2'000);
  // A host wait of `wait_ns` from now (cudaStreamSynchronize); now advances by it.
  std::uint32_t synchronize(SyncKind kind, std::uint32_t stream, std::int64_t wait_ns);
  // Records handed over as they are (even while stopped), for hand-built edge cases.
  void inject(ActivityBatch batch);

  // ---- observations ----------------------------------------------------------------------------
  bool running() const { return running_; }
  bool finalized() const { return finalized_; }
  int startCalls() const { return start_calls_; }
  int stopCalls() const { return stop_calls_; }
  int flushCalls() const { return flush_calls_; }
  std::size_t correlationDepth() const { return external_stack_.size(); }
  std::uint64_t pushCalls() const { return push_calls_; }
  const ActivityStartOptions& lastOptions() const { return options_; }

  // ---- ActivitySource --------------------------------------------------------------------------
  std::string name() const override { return "fake"; }
  void setSink(ActivitySink* sink) override { sink_ = sink; }
  StartStatus start(const ActivityStartOptions& options) override;
  void flush() override;
  void stop() override;
  void pushExternalCorrelation(std::uint64_t external_id) override;
  void popExternalCorrelation() override;
  std::int64_t nowNs() const override { return now_ns_; }

 private:
  // Records one API call at now and its external correlation; false if the buffer is full.
  bool recordApiCall(const char* api_name, std::uint32_t correlation_id, std::int64_t api_ns);
  // Whether `count` more records fit the buffer; if not they are counted as dropped.
  bool reserve(std::size_t count);

  ActivitySink* sink_ = nullptr;
  ActivityStartOptions options_;
  std::optional<std::string> start_failure_;
  ActivityBatch pending_;
  std::vector<std::uint64_t> external_stack_;
  std::int64_t now_ns_ = 0;
  std::uint32_t thread_id_ = 4242;
  std::uint32_t next_correlation_ = 1;
  bool running_ = false, finalized_ = false;
  int start_calls_ = 0, stop_calls_ = 0, flush_calls_ = 0;
  std::uint64_t push_calls_ = 0;
};

}  // namespace inferscope::trace
