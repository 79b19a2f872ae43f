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
//
// Cost inside the window (docs/PERFORMANCE.md, "Tracing overhead"): CUPTI's API records cost the
// most, so only full iterations (warm-up ones and the first steady one of a stretch) record them
// and observe operators; later steady iterations are light (TraceWindowPolicy::
// full_detail_every_iteration). In a full iteration, per operator the tracer interns the name (a
// pointer-keyed cache, no string copy), stores a fixed-size record in a buffer reused across
// iterations, pushes/pops one CUPTI external correlation id and reads the clock twice. Names and
// shapes become OpRecord strings in endIteration(), after the iteration's timer has stopped. Input
// shapes are formatted only in the first iteration of each traced stretch (by default) and copied
// to the same operator call of later iterations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/trace/activity_source.h"
#include "core/trace/op_listener.h"
#include "core/trace/trace_collector.h"
#include "core/trace/trace_records.h"

namespace inferscope::trace {

// When operators' input shapes are formatted (OpRecord::input_shapes; the Chrome trace shows them).
enum class InputShapes {
  // In the first iteration of each traced stretch (the first traced warm-up iteration and the
  // first traced steady one); later iterations take the shapes of the same call — the n-th call of
  // the same operator — and the observer runs without inputs there, which is most of its saving.
  // Right whenever iterations see the same input sizes.
  FirstOfStretch,
  // Every operator of every traced iteration (input sizes that vary between iterations).
  EveryIteration,
  Off,
};

struct TraceWindowPolicy {
  int warmup_iterations_traced = 3;   // the first K warm-up iterations (cold start, autotune)
  int steady_iterations_traced = 20;  // M steady iterations …
  int steady_iterations_skipped = 0;  // … after skipping this many steady ones
  std::size_t max_records = 500'000;  // kept in memory; later records are counted as dropped
  std::size_t buffer_bytes = kDefaultActivityBufferBytes;         // one CUPTI buffer
  std::size_t max_buffer_bytes = kDefaultMaxActivityBufferBytes;  // CUPTI buffers held at once
  bool finalize_on_stop = true;                                   // see ActivityStartOptions
  bool host_clock = true;                                         // see ActivityStartOptions
  // Every traced iteration records API calls and operators. Off (the default), only the first
  // iteration of each stretch does — and every warm-up iteration —, while later steady iterations
  // are light: CUPTI records GPU activity only and no operator observer runs, and their kernels
  // take the operator names of the same kernels (stream, position, name) in that first iteration
  // (IterationMark::replay_of). CUPTI's API records are the largest part of tracing's cost for a
  // launch-bound model (docs/PERFORMANCE.md). Implied on when the iterations differ on purpose:
  // convolution records (the cuDNN ledger) and input shapes that vary.
  bool full_detail_every_iteration = false;
  ActivityKinds kinds;
  InputShapes input_shapes = InputShapes::FirstOfStretch;
  // Convolution arguments (TraceWindow::convolutions) for the cuDNN ledger. The observer then
  // needs every operator's inputs in every traced iteration, which costs more per operator.
  bool capture_convolutions = false;
};

// Measurement knobs from the environment, for ablations on the GPU machine (bench/gpu/
// h200_trace.sh; docs/PERFORMANCE.md) without rebuilding:
//   INFERSCOPE_TRACE_KINDS=kernels,memcpy,memset,runtime,driver,correlation,sync,housekeeping
//       exactly these activity kinds ("none": no CUPTI kind at all)
//   INFERSCOPE_TRACE_SHAPES=first|every|off      TraceWindowPolicy::input_shapes
//   INFERSCOPE_TRACE_FINALIZE=0                   keep CUPTI attached when a stretch ends
//   INFERSCOPE_TRACE_CLOCK=cupti                  operators timed with cuptiGetTimestamp
//   INFERSCOPE_TRACE_DETAIL=every                 full_detail_every_iteration
// Unset variables leave the policy as it is; what cannot be parsed is described in `problems`.
TraceWindowPolicy applyTraceEnvironment(TraceWindowPolicy policy, std::string* problems = nullptr);
// The CUPTI source, or with INFERSCOPE_TRACE_SOURCE=host-only a source that records nothing: the
// operator observer and the tracer at work without CUPTI (their share of the overhead).
std::unique_ptr<ActivitySource> makeTraceActivitySource();
// INFERSCOPE_TRACE_SOURCE=host-only is set: tracing works without CUPTI, on the CPU too.
bool hostOnlyTraceRequested();

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
  // Closes the iteration's mark and files its operators. Call it after the timer has waited for
  // the GPU, so that the iteration's kernels lie inside its [begin, end].
  void endIteration(int iteration);

  // OpListener: operators count only inside a traced iteration that is not light, where their ids
  // are pushed as CUPTI external correlation ids so that their kernels can be attributed to them.
  // The engine installs no observer for an iteration that does not want them.
  bool wantsOps() const override { return in_traced_iteration_ && !source_light_; }
  bool wantsInputs() const override;
  void onOpStart(std::uint64_t external_id, const char* name, const OpInputs* inputs) override;
  void onOpEnd(std::uint64_t external_id) override;
  bool wantsConvolutions() const override;
  void onConvolution(std::uint64_t external_id, ConvolutionRecord record) override;
  // For callers with shapes as text (tests): as if an observer passed them.
  void onOpStart(std::uint64_t external_id, const char* name, std::string_view input_shapes) {
    const OpInputsText inputs(input_shapes);
    onOpStart(external_id, name, &inputs);
  }

  // Ends the window: forced flush, stop (disable and finalize), then the correlations are
  // resolved (kernel → operator, record → iteration). The tracer is done afterwards.
  TraceWindow finish();

  // Set as soon as the source failed to start ("untraced: …"); empty otherwise.
  const std::string& untracedReason() const { return failure_; }
  const TraceWindowPolicy& policy() const { return policy_; }

 private:
  enum class State { Idle, Running, Stopped, Failed, Finished };
  static constexpr std::uint32_t kNone = 0xffffffffu;

  // One operator call of the current iteration: fixed size, strings by index.
  struct HostOp {
    std::uint64_t external_id = 0;
    std::uint64_t parent_external_id = 0;
    std::int64_t start_ns = 0, end_ns = 0;
    std::uint32_t name = 0;        // index into names_
    std::uint32_t shapes = kNone;  // index into shapes_; kNone: not formatted in this call
    int depth = 0;
  };
  struct OpenOp {
    std::uint64_t external_id;
    std::uint32_t index;  // into ops_
  };
  struct PendingConvolution {
    ConvolutionRecord record;
    std::uint32_t op;  // into ops_
  };

  bool ensureRunning();
  bool lightIterationsAllowed() const;
  void closeOpenOps();
  std::uint32_t internName(const char* name);
  std::uint32_t internShapes(std::string_view shapes);
  void fileIteration();

  TraceWindowPolicy policy_;
  TraceCollector collector_;  // declared before the source: it outlives the source's deliveries
  std::unique_ptr<ActivitySource> source_;
  State state_ = State::Idle;
  std::string failure_;
  bool ever_started_ = false;
  int first_steady_iteration_ = -1;
  bool in_traced_iteration_ = false;
  bool shapes_this_iteration_ = false;
  bool source_light_ = false;     // light kinds: the traced iteration (if any) is light
  int reference_iteration_ = -1;  // the stretch's full steady iteration light ones replay
  IterationMark current_;

  // The current iteration's operators (buffers keep their capacity between iterations).
  std::vector<HostOp> ops_;
  std::vector<OpenOp> open_ops_;    // the operator call stack
  std::uint64_t ops_past_cap_ = 0;  // calls of this iteration not kept (policy_.max_records)
  std::vector<PendingConvolution> pending_convolutions_;
  std::vector<ConvolutionRecord> convolutions_;  // filed ones, moved into the window at finish()

  // String tables. Names are looked up by pointer first (the schema names LibTorch hands out are
  // the same pointer on every call), verified by comparison since a RECORD_FUNCTION name is a
  // copy whose address can be reused for another name.
  struct NameSlot {
    const char* pointer = nullptr;
    std::uint32_t index = 0;
  };
  static constexpr std::size_t kNameSlots = 1024;  // power of two
  std::vector<NameSlot> name_cache_;
  std::deque<std::string> names_, shapes_;  // deque: views into them stay valid
  std::unordered_map<std::string_view, std::uint32_t> name_index_, shapes_index_;
  std::string shapes_scratch_;
  // Shapes of the n-th call of each operator name in the last shape-formatting iteration, and
  // the calls counted so far in the iteration being filed.
  std::vector<std::vector<std::uint32_t>> shapes_by_call_;  // [name][n] → shapes index or kNone
  std::vector<std::uint32_t> calls_seen_;                   // [name]
};

}  // namespace inferscope::trace
