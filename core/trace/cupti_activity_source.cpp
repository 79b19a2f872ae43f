// CuptiActivitySource: the CUPTI Activity API behind ActivitySource (see LIBTORCH_COMPAT.md,
// "CUPTI"). CUPTI's buffer callbacks are plain C functions without a user pointer, so static
// trampolines forward them to the one active source (CUPTI's activity state is process-wide;
// libkineto does the same). Buffers: fixed 4 MiB blocks from a process-wide pool, recycled as soon
// as a completed buffer is decoded, capped in total; past the cap CUPTI drops records and counts
// them (cuptiActivityGetNumDroppedRecords).
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "core/trace/activity_source.h"
#include "core/trace/cupti_api.h"
#include "core/trace/cupti_record_decoder.h"

namespace inferscope::trace {
namespace {

// CUPTI's timestamp callback: the host clock nowNs() reads (activity_source.h) — monotonic, where
// CUPTI's own default is CLOCK_REALTIME, which NTP may step. CUPTI maps GPU timestamps onto it by
// interpolation.
std::uint64_t CUPTIAPI cuptiHostClockNs() {
  return static_cast<std::uint64_t>(hostClockNs());
}

using cupti::CuptiApi;

// Buffer memory shared by all sources of the process: a completion may arrive on CUPTI's worker
// thread after the source that asked for it is gone.
class BufferPool {
 public:
  void configure(std::size_t buffer_bytes, std::size_t max_bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    releaseFreeLocked();  // before the size changes: free buffers are of the old size
    // CUPTI wants 8-byte aligned buffers of a size that is a multiple of 8.
    buffer_bytes_ = std::max<std::size_t>(std::size_t{64} * 1024, (buffer_bytes + 7) / 8 * 8);
    max_bytes_ = std::max(max_bytes, buffer_bytes_);
  }
  std::uint8_t* acquire(std::size_t* size) {
    std::lock_guard<std::mutex> lock(mutex_);
    *size = buffer_bytes_;
    if (!free_.empty()) {
      auto* b = free_.back();
      free_.pop_back();
      return b;
    }
    if (allocated_ + buffer_bytes_ > max_bytes_) return nullptr;  // capped: CUPTI drops, counts
    auto* b = static_cast<std::uint8_t*>(std::aligned_alloc(8, buffer_bytes_));
    if (b != nullptr) allocated_ += buffer_bytes_;
    return b;
  }
  void release(std::uint8_t* buffer, std::size_t size) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (size == buffer_bytes_) {
      free_.push_back(buffer);  // recycled: the next request reuses it
    } else {                    // a buffer of an earlier configuration
      std::free(buffer);
      allocated_ -= std::min(allocated_, size);
    }
  }
  void releaseFree() {
    std::lock_guard<std::mutex> lock(mutex_);
    releaseFreeLocked();
  }

 private:
  void releaseFreeLocked() {
    for (auto* b : free_) std::free(b);
    allocated_ -= std::min(allocated_, free_.size() * buffer_bytes_);
    free_.clear();
  }
  std::mutex mutex_;
  std::vector<std::uint8_t*> free_;
  std::size_t buffer_bytes_ = kDefaultActivityBufferBytes;
  std::size_t max_bytes_ = kDefaultMaxActivityBufferBytes;
  std::size_t allocated_ = 0;
};

BufferPool& bufferPool() {
  static BufferPool pool;
  return pool;
}

class CuptiActivitySource final : public ActivitySource {
 public:
  ~CuptiActivitySource() override { stop(); }

  std::string name() const override { return "cupti"; }
  void setSink(ActivitySink* sink) override { sink_ = sink; }

  StartStatus start(const ActivityStartOptions& options) override {
    if (enabled_) return StartStatus::success();
    const auto began = std::chrono::steady_clock::now();
    CuptiActivitySource* expected = nullptr;
    if (!active_.compare_exchange_strong(expected, this) && expected != this) {
      return StartStatus::failure(
          "untraced: another InferScope trace window is active in this process");
    }
    std::string error;
    api_ = cupti::loadCuptiApi(&error);
    if (api_ == nullptr) return fail(std::move(error));
    if (!decoder_) decoder_.emplace(api_);
    bufferPool().configure(options.buffer_bytes, options.max_buffer_bytes);
    finalize_on_stop_ = options.finalize_on_stop;
    if (!registered_) {
      const auto r = api_->activityRegisterCallbacks(&requestBuffer, &completeBuffer);
      if (r != CUPTI_SUCCESS) {
        return fail(cupti::untracedReason(r, "cuptiActivityRegisterCallbacks",
                                          cupti::resultText(*api_, r).c_str()));
      }
      registered_ = true;
    }
    // Before any kind is enabled, as CUPTI asks: every record of this stretch then carries the
    // clock nowNs() reads.
    host_clock_ = false;
    if (options.host_clock && api_->activityRegisterTimestampCallback != nullptr) {
      host_clock_ = api_->activityRegisterTimestampCallback(&cuptiHostClockNs) == CUPTI_SUCCESS;
    }
    const auto& k = options.kinds;
    const std::pair<bool, CUpti_ActivityKind> wanted[] = {
        {k.kernels, CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL},
        {k.memcpy, CUPTI_ACTIVITY_KIND_MEMCPY},
        {k.memcpy, CUPTI_ACTIVITY_KIND_MEMCPY2},
        {k.memset, CUPTI_ACTIVITY_KIND_MEMSET},
        {k.runtime_api, CUPTI_ACTIVITY_KIND_RUNTIME},
        {k.driver_api, CUPTI_ACTIVITY_KIND_DRIVER},
        {k.external_correlation, CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION},
        {k.synchronization, CUPTI_ACTIVITY_KIND_SYNCHRONIZATION}};
    for (const auto& [on, kind] : wanted) {
      if (!on) continue;
      const auto r = api_->activityEnable(kind);
      if (r != CUPTI_SUCCESS) {
        disableKinds();
        if (finalize_on_stop_) {  // leave CUPTI as detached as it was found
          api_->finalize();
          registered_ = false;
        }
        auto reason =
            cupti::untracedReason(r, fmt::format("cuptiActivityEnable({})", kindName(kind)).c_str(),
                                  cupti::resultText(*api_, r).c_str());
        if (r == CUPTI_ERROR_UNKNOWN || r == CUPTI_ERROR_NOT_COMPATIBLE) {
          // CUPTI says no more than this when the driver is missing or another tool holds it.
          reason +=
              " (no usable CUDA driver or device, or another profiler in this process — "
              "Nsight Systems, the PyTorch profiler — holds CUPTI)";
        }
        return fail(std::move(reason));
      }
      enabled_kinds_.push_back(kind);
    }
    // After the kinds: enabling RUNTIME/DRIVER resets the per-call choices.
    skipped_calls_ = 0;
    if (!k.housekeeping_api) {
      if (k.runtime_api) skipCalls(CUPTI_CB_DOMAIN_RUNTIME_API, api_->activityEnableRuntimeApi);
      if (k.driver_api) skipCalls(CUPTI_CB_DOMAIN_DRIVER_API, api_->activityEnableDriverApi);
    }
    enabled_ = true;
    debugLog("start: {} kinds enabled, {} housekeeping calls not recorded, {} clock, {:.2f} ms",
             enabled_kinds_.size(), skipped_calls_, host_clock_ ? "host" : "CUPTI", msSince(began));
    return StartStatus::success();
  }

  void flush() override {
    if (api_ != nullptr && registered_) api_->activityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  }

  void stop() override {
    if (api_ == nullptr || active_.load() != this) return;
    const auto began = std::chrono::steady_clock::now();
    while (pushed_ > 0) popExternalCorrelation();
    flush();
    disableKinds();
    enabled_ = false;
    flush();  // records completed while disabling
    if (finalize_on_stop_ && registered_) {
      // Detach CUPTI entirely, so that no instrumentation overhead lingers into untraced
      // iterations or the next config (pytorch/pytorch#144455). CUPTI asks for the GPU work to be
      // synchronised and the buffers flushed when this is not called from an API exit callback:
      // the engine stops between iterations, after its timer waited, and both flushes are above.
      // The next start() registers the callbacks again.
      const auto r = api_->finalize();
      debugLog("stop: cuptiFinalize returned {}", static_cast<int>(r));
      registered_ = false;
    }
    bufferPool().releaseFree();
    debugLog("stop: kinds disabled, {}, {:.2f} ms",
             finalize_on_stop_ ? "CUPTI finalized" : "CUPTI left attached", msSince(began));
    // After this no completion can reach this source (completeBuffer holds the same lock).
    std::lock_guard<std::mutex> lock(deliveryMutex());
    active_.store(nullptr);
  }

  void pushExternalCorrelation(std::uint64_t external_id) override {
    if (!enabled_) return;
    if (api_->pushExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2, external_id) ==
        CUPTI_SUCCESS) {
      ++pushed_;
    }
  }

  void popExternalCorrelation() override {
    if (pushed_ == 0) return;
    std::uint64_t last = 0;
    api_->popExternalCorrelationId(CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2, &last);
    --pushed_;
  }

  std::int64_t nowNs() const override {
    if (host_clock_) return hostClockNs();
    std::uint64_t t = 0;
    if (api_ != nullptr) api_->getTimestamp(&t);
    return static_cast<std::int64_t>(t);
  }

 private:
  StartStatus fail(std::string reason) {
    std::lock_guard<std::mutex> lock(deliveryMutex());
    active_.store(nullptr);
    return StartStatus::failure(std::move(reason));
  }

  void disableKinds() {
    for (auto kind : enabled_kinds_) {
      const auto r = api_->activityDisable(kind);
      if (r != CUPTI_SUCCESS) {
        debugLog("cuptiActivityDisable({}) returned {}", kindName(kind), static_cast<int>(r));
      }
    }
    enabled_kinds_.clear();
  }

  static double msSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
  }

  // Tells CUPTI not to record the domain's housekeeping calls (where this CUPTI can).
  template <class EnableFn>
  void skipCalls(CUpti_CallbackDomain domain, EnableFn enable) {
    if (enable == nullptr) return;
    const auto ids = cupti::housekeepingCallbacks(domain);
    for (std::size_t i = 0; i < ids.count; ++i) {
      if (enable(ids.ids[i], 0) == CUPTI_SUCCESS) ++skipped_calls_;
    }
  }

  // INFERSCOPE_TRACE_DEBUG=1: what start() and stop() did, on stderr (for measurements on the GPU
  // machine; the engine has no log channel down here).
  template <class... Args>
  static void debugLog(fmt::format_string<Args...> format, Args&&... args) {
    static const bool on = [] {
      const char* v = std::getenv("INFERSCOPE_TRACE_DEBUG");
      return v != nullptr && *v != '\0' && *v != '0';
    }();
    if (!on) return;
    fmt::print(stderr, "[inferscope cupti] {}\n", fmt::format(format, std::forward<Args>(args)...));
  }

  static const char* kindName(CUpti_ActivityKind kind) {
    switch (kind) {
      case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL:
        return "CONCURRENT_KERNEL";
      case CUPTI_ACTIVITY_KIND_MEMCPY:
        return "MEMCPY";
      case CUPTI_ACTIVITY_KIND_MEMCPY2:
        return "MEMCPY2";
      case CUPTI_ACTIVITY_KIND_MEMSET:
        return "MEMSET";
      case CUPTI_ACTIVITY_KIND_RUNTIME:
        return "RUNTIME";
      case CUPTI_ACTIVITY_KIND_DRIVER:
        return "DRIVER";
      case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION:
        return "EXTERNAL_CORRELATION";
      case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION:
        return "SYNCHRONIZATION";
      default:
        return "?";
    }
  }

  // ---- CUPTI's callbacks (static trampolines) --------------------------------------------------
  static void CUPTIAPI requestBuffer(std::uint8_t** buffer, std::size_t* size,
                                     std::size_t* max_records) {
    *max_records = 0;  // as many as fit
    *buffer = bufferPool().acquire(size);
    if (*buffer == nullptr) *size = 0;
  }

  // Serialises deliveries (CUPTI's worker thread, or a thread in flush()) with a source's
  // teardown, so that a buffer completing late never reaches a destroyed source.
  static std::mutex& deliveryMutex() {
    static std::mutex m;
    return m;
  }

  static void CUPTIAPI completeBuffer(CUcontext context, std::uint32_t stream_id,
                                      std::uint8_t* buffer, std::size_t size,
                                      std::size_t valid_size) {
    if (buffer == nullptr) return;
    {
      std::lock_guard<std::mutex> lock(deliveryMutex());
      CuptiActivitySource* self = active_.load();
      if (self != nullptr) self->deliver(context, stream_id, buffer, valid_size);
    }
    bufferPool().release(buffer, size);
  }

  void deliver(CUcontext context, std::uint32_t stream_id, std::uint8_t* buffer,
               std::size_t valid_size) {
    ActivityBatch batch;
    CUpti_Activity* record = nullptr;
    // Stops at CUPTI_ERROR_MAX_LIMIT_REACHED (end of buffer) or INVALID_KIND (incomplete record).
    while (api_->activityGetNextRecord(buffer, valid_size, &record) == CUPTI_SUCCESS) {
      decoder_->decode(record, batch);
    }
    std::size_t dropped = 0;
    if (api_->activityGetNumDroppedRecords(context, stream_id, &dropped) == CUPTI_SUCCESS) {
      batch.dropped_records += dropped;
    }
    if (sink_ != nullptr) sink_->onActivityBatch(std::move(batch));
  }

  static std::atomic<CuptiActivitySource*> active_;
  static bool registered_;  // CUPTI's callbacks are per process, like its activity state

  const CuptiApi* api_ = nullptr;
  ActivitySink* sink_ = nullptr;
  std::optional<cupti::CuptiRecordDecoder> decoder_;  // once the API is loaded
  std::vector<CUpti_ActivityKind> enabled_kinds_;
  bool enabled_ = false;
  bool finalize_on_stop_ = true;
  bool host_clock_ = false;  // CUPTI stamps records with hostClockNs() (start())
  std::uint32_t pushed_ = 0;
  int skipped_calls_ = 0;
};

std::atomic<CuptiActivitySource*> CuptiActivitySource::active_{nullptr};
bool CuptiActivitySource::registered_ = false;

}  // namespace

std::unique_ptr<ActivitySource> makeCuptiActivitySource() {
  return std::make_unique<CuptiActivitySource>();
}

bool cuptiCompiledIn() {
  return true;
}

}  // namespace inferscope::trace
