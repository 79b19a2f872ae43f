// The facade the engine's iteration loop calls to trace a bounded window of one config: the first
// K warm-up iterations and M steady ones. Independent of LibTorch; operators arrive through the
// OpListener interface from core/torch/op_recorder.h. Everything runs on the engine thread.
//
//   KernelTracer tracer(makeCuptiActivitySource(), policy);
//   for (int i = 0; i < total; ++i) {
//     const bool traced = tracer.beginIteration(i, i < warmup);   // before the timer starts
//     std::optional<OpRecorder> ops;
//     if (traced) ops.emplace(tracer);
//     … timer.begin(); forward(); timer.endMs(); …
//     ops.reset();
//     tracer.endIteration(i);                                    // after the timer waited
//   }
//   TraceWindow window = tracer.finish();                       // flush, stop, resolve
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/trace/activity_source.h"
#include "core/trace/op_listener.h"
#include "core/trace/trace_collector.h"
#include "core/trace/trace_records.h"

namespace inferscope::trace {

struct TraceWindowPolicy {
  int warmup_iterations_traced = 3;   // the first K warm-up iterations (cold start, autotune)
  int steady_iterations_traced = 20;  // M steady iterations …
  int steady_iterations_skipped = 0;  // … after skipping this many steady ones
  std::size_t max_records = 500'000;  // kept in memory; later records are counted as dropped
  std::size_t buffer_bytes = kDefaultActivityBufferBytes;         // one CUPTI buffer
  std::size_t max_buffer_bytes = kDefaultMaxActivityBufferBytes;  // CUPTI buffers held at once
  bool finalize_on_stop = true;                                   // see ActivityStartOptions
  ActivityKinds kinds;
};

class KernelTracer : public OpListener {
 public:
  KernelTracer(std::unique_ptr<ActivitySource> source, TraceWindowPolicy policy = {});
  // Stops the source if finish() was not called (a config that threw mid-iteration).
  ~KernelTracer() override;
  KernelTracer(const KernelTracer&) = delete;
  KernelTracer& operator=(const KernelTracer&) = delete;

  // Whether the policy traces this iteration. Steady iterations count from the first one seen.
  bool shouldTrace(int iteration, bool is_warmup) const;

  // Starts the source for a traced iteration, stops it (CUPTI detached) for an untraced one, so
  // that untraced iterations run without tracing overhead. Returns whether this iteration is
  // traced (false too once the source failed to start). Call it before the iteration's timer
  // starts: attaching CUPTI is slow. Safe to call for every iteration.
  bool beginIteration(int iteration, bool is_warmup);
  // Closes the iteration's mark. Call it after the timer has waited for the GPU, so that the
  // iteration's kernels lie inside its [begin, end].
  void endIteration(int iteration);

  // OpListener: operators count only inside a traced iteration, where their ids are pushed as
  // CUPTI external correlation ids so that their kernels can be attributed to them.
  bool wantsOps() const override { return in_traced_iteration_; }
  void onOpStart(std::uint64_t external_id, std::string_view name,
                 std::string_view input_shapes) override;
  void onOpEnd(std::uint64_t external_id) override;

  // Ends the window: forced flush, stop (disable and finalize), then the correlations are
  // resolved (kernel → operator, record → iteration). The tracer is done afterwards.
  TraceWindow finish();

  // Set as soon as the source failed to start ("untraced: …"); empty otherwise.
  const std::string& untracedReason() const { return failure_; }
  const TraceWindowPolicy& policy() const { return policy_; }

 private:
  enum class State { Idle, Running, Stopped, Failed, Finished };

  bool ensureRunning();
  void closeOpenOps();

  TraceWindowPolicy policy_;
  TraceCollector collector_;  // declared before the source: it outlives the source's deliveries
  std::unique_ptr<ActivitySource> source_;
  State state_ = State::Idle;
  std::string failure_;
  bool ever_started_ = false;
  int first_steady_iteration_ = -1;
  bool in_traced_iteration_ = false;
  IterationMark current_;
  std::vector<OpRecord> open_ops_;  // the operator call stack of the current iteration
};

}  // namespace inferscope::trace
