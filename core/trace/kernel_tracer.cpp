// KernelTracer: the trace window's state machine (Idle → Running ⇄ Stopped → Finished, or Failed)
// and the operator stack that drives CUPTI's external correlation ids.
#include "core/trace/kernel_tracer.h"

#include <utility>

#include "core/trace/correlation_resolver.h"

namespace inferscope::trace {

KernelTracer::KernelTracer(std::unique_ptr<ActivitySource> source, TraceWindowPolicy policy)
    : policy_(policy), collector_(policy_.max_records), source_(std::move(source)) {
  if (source_) source_->setSink(&collector_);
}

KernelTracer::~KernelTracer() {
  if (state_ == State::Running) {
    closeOpenOps();
    source_->stop();  // never leave CUPTI enabled behind a config that threw
  }
}

bool KernelTracer::shouldTrace(int iteration, bool is_warmup) const {
  if (is_warmup) return iteration < policy_.warmup_iterations_traced;
  // Steady iterations are counted from the first one seen: the tracer need not know how many
  // warm-up iterations the config runs.
  const int first = first_steady_iteration_ < 0 ? iteration : first_steady_iteration_;
  const int steady_index = iteration - first - policy_.steady_iterations_skipped;
  return steady_index >= 0 && steady_index < policy_.steady_iterations_traced;
}

bool KernelTracer::ensureRunning() {
  if (state_ == State::Running) return true;
  if (state_ == State::Failed || state_ == State::Finished) return false;
  if (!source_) {
    failure_ = "untraced: no activity source";
    state_ = State::Failed;
    return false;
  }
  ActivityStartOptions options;
  options.kinds = policy_.kinds;
  options.buffer_bytes = policy_.buffer_bytes;
  options.max_buffer_bytes = policy_.max_buffer_bytes;
  options.finalize_on_stop = policy_.finalize_on_stop;
  auto status = source_->start(options);
  if (!status.ok) {
    failure_ = status.reason.empty() ? "untraced: the activity source failed to start"
                                     : std::move(status.reason);
    state_ = State::Failed;
    return false;
  }
  ever_started_ = true;
  state_ = State::Running;
  return true;
}

bool KernelTracer::beginIteration(int iteration, bool is_warmup) {
  if (in_traced_iteration_) endIteration(current_.iteration);  // a missing endIteration
  const bool traced = shouldTrace(iteration, is_warmup);
  if (!is_warmup && first_steady_iteration_ < 0) first_steady_iteration_ = iteration;
  if (!traced) {
    // Untraced iterations (between the warm-up and steady stretches, and after the window) must
    // not pay CUPTI's overhead: detach now rather than at finish().
    if (state_ == State::Running) {
      source_->stop();
      state_ = State::Stopped;
    }
    return false;
  }
  if (!ensureRunning()) return false;
  in_traced_iteration_ = true;
  current_ = IterationMark{iteration, source_->nowNs(), 0, is_warmup};
  return true;
}

void KernelTracer::endIteration(int iteration) {
  if (!in_traced_iteration_ || iteration != current_.iteration) return;
  closeOpenOps();
  current_.end_ns = source_->nowNs();
  collector_.addIteration(current_);
  in_traced_iteration_ = false;
}

void KernelTracer::onOpStart(std::uint64_t external_id, std::string_view name,
                             std::string_view input_shapes) {
  if (!in_traced_iteration_) return;
  OpRecord op;
  op.external_id = external_id;
  op.name = std::string(name);
  op.input_shapes = std::string(input_shapes);
  op.iteration = current_.iteration;
  op.parent_external_id = open_ops_.empty() ? 0 : open_ops_.back().external_id;
  op.depth = static_cast<int>(open_ops_.size());
  source_->pushExternalCorrelation(external_id);
  op.start_ns = source_->nowNs();
  open_ops_.push_back(std::move(op));
}

void KernelTracer::onOpEnd(std::uint64_t external_id) {
  // Ends of operators that started before the window (or were not seen) are ignored; ends out of
  // order close the inner operators first, so pushes and pops to CUPTI always pair up.
  bool open = false;
  for (const auto& op : open_ops_) open = open || op.external_id == external_id;
  if (!open) return;
  const auto now_ns = source_->nowNs();
  while (!open_ops_.empty()) {
    OpRecord op = std::move(open_ops_.back());
    open_ops_.pop_back();
    source_->popExternalCorrelation();
    op.end_ns = now_ns;
    const bool done = op.external_id == external_id;
    collector_.addOp(std::move(op));
    if (done) break;
  }
}

void KernelTracer::closeOpenOps() {
  if (open_ops_.empty()) return;
  onOpEnd(open_ops_.front().external_id);  // a throwing forward left operators open
}

TraceWindow KernelTracer::finish() {
  TraceWindow window;
  window.source = source_ ? source_->name() : "none";
  if (state_ == State::Finished) {
    window.untraced_reason = "untraced: the trace window was already taken";
    return window;
  }
  if (in_traced_iteration_) endIteration(current_.iteration);
  closeOpenOps();
  if (state_ == State::Running) source_->stop();
  collector_.moveInto(window);
  if (ever_started_) {
    window.status = TraceStatus::Traced;
    // A resume that failed after a traced stretch keeps that stretch and says why it is short.
    window.untraced_reason = failure_;
  } else if (!failure_.empty()) {
    window.untraced_reason = failure_;
  } else {
    window.untraced_reason = "untraced: no iteration fell in the trace window";
  }
  state_ = State::Finished;
  resolveCorrelations(window);
  return window;
}

}  // namespace inferscope::trace
