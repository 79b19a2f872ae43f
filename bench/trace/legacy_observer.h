// The operator observer and tracer as they were before the overhead work of issue #5 (commit
// 788590f), kept verbatim in behaviour so that bench_op_observer can time "before" and "after" side
// by side in one run on one machine. Not used by the application; do not extend it. Its classes
// carry a Legacy prefix so that they never read as (or shadow) the core classes they replaced.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "core/trace/activity_source.h"
#include "core/trace/trace_collector.h"
#include "core/trace/trace_records.h"

namespace inferscope::bench::legacy {

// The old OpListener: names and fully formatted input shapes for every operator.
class LegacyOpListener {
 public:
  virtual ~LegacyOpListener() = default;
  virtual bool wantsOps() const = 0;
  virtual void onOpStart(std::uint64_t external_id, std::string_view name,
                         std::string_view input_shapes) = 0;
  virtual void onOpEnd(std::uint64_t external_id) = 0;
};

// The old OpRecorder: a thread-local RecordFunction callback with needsInputs(true), a heap
// context per operator and the input shapes formatted into a new string for every operator.
class LegacyOpRecorder {
 public:
  explicit LegacyOpRecorder(LegacyOpListener& listener);
  ~LegacyOpRecorder();
  LegacyOpRecorder(const LegacyOpRecorder&) = delete;
  LegacyOpRecorder& operator=(const LegacyOpRecorder&) = delete;

 private:
  std::uint64_t callback_handle_ = 0;
  LegacyOpListener* previous_ = nullptr;
};

// The old KernelTracer's operator path (the window state machine reduced to one running
// stretch): an OpRecord with two std::string copies per operator, added to the collector under
// its lock.
class LegacyKernelTracer : public LegacyOpListener {
 public:
  explicit LegacyKernelTracer(std::unique_ptr<trace::ActivitySource> source);
  ~LegacyKernelTracer() override;
  bool beginIteration(int iteration);
  void endIteration(int iteration);
  bool wantsOps() const override { return in_traced_iteration_; }
  void onOpStart(std::uint64_t external_id, std::string_view name,
                 std::string_view input_shapes) override;
  void onOpEnd(std::uint64_t external_id) override;
  trace::TraceWindow finish();

 private:
  trace::TraceCollector collector_{500'000};
  std::unique_ptr<trace::ActivitySource> source_;
  bool running_ = false;
  bool in_traced_iteration_ = false;
  trace::IterationMark current_;
  std::vector<trace::OpRecord> open_ops_;
};

}  // namespace inferscope::bench::legacy
