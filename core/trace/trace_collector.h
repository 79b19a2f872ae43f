// The in-memory sink of a trace window: keeps what the activity source delivers and what the
// tracer observes on the host, up to a record cap, and counts what it had to drop. Bounded so that
// a long or kernel-heavy window cannot eat the host's memory. Thread-safe: CUPTI delivers buffers
// on its own worker thread while the engine thread adds operators and iteration marks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "core/trace/activity_source.h"
#include "core/trace/trace_records.h"

namespace inferscope::trace {

class TraceCollector : public ActivitySink {
 public:
  explicit TraceCollector(std::size_t max_records) : max_records_(max_records) {}

  void onActivityBatch(ActivityBatch&& batch) override;
  void addOp(OpRecord op);
  // One iteration's operators at once (one lock); `dropped` more were not kept by the caller.
  void addOps(std::vector<OpRecord>&& ops, std::uint64_t dropped = 0);
  void addIteration(const IterationMark& mark);
  // Call before the source (re)starts. CUPTI numbers correlation ids afresh after a detach
  // (cuptiFinalize), so the ids of a later stretch would collide with the earlier ones and the
  // resolver would hand its kernels to the earlier stretch's operators. Records delivered from
  // here on have their correlation ids moved past every id kept so far.
  void beginStretch();

  // Records kept so far and records dropped (the source's and the cap's).
  std::size_t recordCount() const;
  std::uint64_t droppedRecords() const;

  // Moves everything out (iterations, records, drop count) into `window`; the collector is empty
  // afterwards. Status and reason are the caller's to set.
  void moveInto(TraceWindow& window);

 private:
  // How many of `wanted` more records fit under the cap; the rest are counted as dropped.
  std::size_t admit(std::size_t wanted);

  const std::size_t max_records_;
  mutable std::mutex mutex_;
  TraceWindow data_;
  std::size_t kept_ = 0;
  std::uint32_t correlation_offset_ = 0;  // added to the current stretch's correlation ids
  std::uint32_t max_correlation_ = 0;     // the largest (offset) correlation id delivered
};

}  // namespace inferscope::trace
