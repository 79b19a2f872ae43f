// FakeActivitySource: CUPTI's observable behaviour, scripted (see the header).
#include "core/trace/fake_activity_source.h"

#include <utility>

namespace inferscope::trace {

StartStatus FakeActivitySource::start(const ActivityStartOptions& options) {
  ++start_calls_;
  if (start_failure_) {
    auto reason = std::move(*start_failure_);
    start_failure_.reset();
    return StartStatus::failure(std::move(reason));
  }
  options_ = options;
  running_ = true;
  finalized_ = false;
  return StartStatus::success();
}

void FakeActivitySource::flush() {
  ++flush_calls_;
  if (sink_ == nullptr || (pending_.recordCount() == 0 && pending_.dropped_records == 0)) return;
  ActivityBatch out;
  std::swap(out, pending_);
  sink_->onActivityBatch(std::move(out));
}

void FakeActivitySource::stop() {
  ++stop_calls_;
  flush();
  running_ = false;
  finalized_ = true;
  // Like CUPTI after cuptiFinalize: the next attach numbers correlation ids from the start again
  // (seen on the H200: the second stretch of a window reused the first one's ids).
  if (options_.finalize_on_stop) next_correlation_ = 1;
}

void FakeActivitySource::pushExternalCorrelation(std::uint64_t external_id) {
  ++push_calls_;
  external_stack_.push_back(external_id);
}

void FakeActivitySource::popExternalCorrelation() {
  if (!external_stack_.empty()) external_stack_.pop_back();
}

bool FakeActivitySource::reserve(std::size_t count) {
  const std::size_t capacity =
      options_.max_buffer_bytes / kNominalRecordBytes;  // records the buffers can hold
  if (pending_.recordCount() + count <= capacity) return true;
  pending_.dropped_records += count;
  return false;
}

bool FakeActivitySource::recordApiCall(const char* api_name, std::uint32_t correlation_id,
                                       std::int64_t api_ns) {
  // As CUPTI: the call is recorded only with RUNTIME on, its correlation only for a recorded call.
  if (!options_.kinds.runtime_api) {
    now_ns_ += api_ns;
    return reserve(1);  // the GPU record alone
  }
  const bool correlated = !external_stack_.empty() && options_.kinds.external_correlation;
  if (!reserve(correlated ? 3 : 2)) {  // the call, its correlation and the GPU record
    now_ns_ += api_ns;
    return false;
  }
  RuntimeApiRecord api;
  api.domain = ApiDomain::Runtime;
  api.name = api_name;
  api.start_ns = now_ns_;
  api.end_ns = now_ns_ + api_ns;
  api.thread_id = thread_id_;
  api.correlation_id = correlation_id;
  pending_.api_calls.push_back(api);
  if (correlated) pending_.correlations.push_back({external_stack_.back(), correlation_id});
  now_ns_ += api_ns;
  return true;
}

std::uint32_t FakeActivitySource::launchKernel(const std::string& kernel_name, std::uint32_t stream,
                                               std::int64_t gpu_start_ns, std::int64_t gpu_ns,
                                               std::int64_t api_ns) {
  if (!running_) return 0;
  const auto id = next_correlation_++;
  if (!recordApiCall("cudaLaunchKernel", id, api_ns)) return 0;
  KernelRecord k;
  k.name = kernel_name;
  k.start_ns = gpu_start_ns;
  k.end_ns = gpu_start_ns + gpu_ns;
  k.stream = stream;
  k.correlation_id = id;
  k.grid_x = 128;
  k.grid_y = k.grid_z = 1;
  k.block_x = 256;
  k.block_y = k.block_z = 1;
  k.registers_per_thread = 32;
  pending_.kernels.push_back(std::move(k));
  return id;
}

std::uint32_t FakeActivitySource::copyMemory(MemcpyKind kind, std::uint64_t bytes,
                                             std::uint32_t stream, std::int64_t gpu_start_ns,
                                             std::int64_t gpu_ns, std::int64_t api_ns) {
  if (!running_) return 0;
  const auto id = next_correlation_++;
  if (!recordApiCall("cudaMemcpyAsync", id, api_ns)) return 0;
  MemcpyRecord m;
  m.kind = kind;
  m.bytes = bytes;
  m.start_ns = gpu_start_ns;
  m.end_ns = gpu_start_ns + gpu_ns;
  m.stream = stream;
  m.correlation_id = id;
  pending_.memcpys.push_back(m);
  return id;
}

std::uint32_t FakeActivitySource::setMemory(std::uint64_t bytes, std::uint32_t stream,
                                            std::int64_t gpu_start_ns, std::int64_t gpu_ns,
                                            std::int64_t api_ns) {
  if (!running_) return 0;
  const auto id = next_correlation_++;
  if (!recordApiCall("cudaMemsetAsync", id, api_ns)) return 0;
  MemsetRecord m;
  m.bytes = bytes;
  m.start_ns = gpu_start_ns;
  m.end_ns = gpu_start_ns + gpu_ns;
  m.stream = stream;
  m.correlation_id = id;
  pending_.memsets.push_back(m);
  return id;
}

std::uint32_t FakeActivitySource::synchronize(SyncKind kind, std::uint32_t stream,
                                              std::int64_t wait_ns) {
  if (!running_) return 0;
  const auto id = next_correlation_++;
  const auto start_ns = now_ns_;
  if (!recordApiCall("cudaStreamSynchronize", id, wait_ns)) return 0;
  pending_.syncs.push_back({kind, start_ns, start_ns + wait_ns, stream, id});
  return id;
}

void FakeActivitySource::inject(ActivityBatch batch) {
  auto append = [](auto& to, auto& from) {
    to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  };
  append(pending_.kernels, batch.kernels);
  append(pending_.memcpys, batch.memcpys);
  append(pending_.memsets, batch.memsets);
  append(pending_.api_calls, batch.api_calls);
  append(pending_.syncs, batch.syncs);
  append(pending_.correlations, batch.correlations);
  pending_.dropped_records += batch.dropped_records;
}

}  // namespace inferscope::trace
