// KernelTracer: the trace window's state machine (Idle → Running ⇄ Stopped → Finished, or Failed)
// and the operator stack that drives CUPTI's external correlation ids. The per-operator path
// (onOpStart/onOpEnd) allocates nothing once the first traced iteration has sized the buffers.
#include "core/trace/kernel_tracer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/trace/correlation_resolver.h"

namespace inferscope::trace {

TraceWindowPolicy applyTraceEnvironment(TraceWindowPolicy policy, std::string* problems) {
  const auto complain = [&](const std::string& what) {
    if (problems != nullptr) *problems += (problems->empty() ? "" : "; ") + what;
  };
  if (const char* kinds = std::getenv("INFERSCOPE_TRACE_KINDS")) {
    ActivityKinds k;
    k.kernels = k.memcpy = k.memset = k.runtime_api = k.driver_api = k.external_correlation =
        k.synchronization = k.housekeeping_api = false;
    std::string list = kinds;
    std::size_t at = 0;
    while (at <= list.size()) {
      const std::size_t comma = std::min(list.find(',', at), list.size());
      const std::string token = list.substr(at, comma - at);
      at = comma + 1;
      if (token == "kernels") {
        k.kernels = true;
      } else if (token == "memcpy") {
        k.memcpy = true;
      } else if (token == "memset") {
        k.memset = true;
      } else if (token == "runtime") {
        k.runtime_api = true;
      } else if (token == "driver") {
        k.driver_api = true;
      } else if (token == "correlation") {
        k.external_correlation = true;
      } else if (token == "sync") {
        k.synchronization = true;
      } else if (token == "housekeeping") {
        k.housekeeping_api = true;
      } else if (!token.empty() && token != "none") {
        complain("INFERSCOPE_TRACE_KINDS: unknown kind '" + token + "'");
      }
    }
    policy.kinds = k;
  }
  if (const char* shapes = std::getenv("INFERSCOPE_TRACE_SHAPES")) {
    const std::string v = shapes;
    if (v == "first") {
      policy.input_shapes = InputShapes::FirstOfStretch;
    } else if (v == "every") {
      policy.input_shapes = InputShapes::EveryIteration;
    } else if (v == "off") {
      policy.input_shapes = InputShapes::Off;
    } else {
      complain("INFERSCOPE_TRACE_SHAPES: '" + v + "' is not first, every or off");
    }
  }
  // A two-valued knob: `variable` set to `yes` or `no` sets `flag`; anything else is a problem.
  const auto choice = [&](const char* variable, const char* yes, const char* no, bool& flag) {
    const char* value = std::getenv(variable);
    if (value == nullptr) return;
    const std::string v = value;
    if (v == yes || v == no) {
      flag = v == yes;
    } else {
      complain(std::string(variable) + ": '" + v + "' is not " + yes + " or " + no);
    }
  };
  choice("INFERSCOPE_TRACE_CLOCK", "host", "cupti", policy.host_clock);
  choice("INFERSCOPE_TRACE_DETAIL", "every", "first", policy.full_detail_every_iteration);
  if (const char* finalize = std::getenv("INFERSCOPE_TRACE_FINALIZE")) {
    policy.finalize_on_stop = std::string(finalize) != "0";
  }
  return policy;
}

bool hostOnlyTraceRequested() {
  const char* source = std::getenv("INFERSCOPE_TRACE_SOURCE");
  return source != nullptr && std::string(source) == "host-only";
}

std::unique_ptr<ActivitySource> makeTraceActivitySource() {
  if (hostOnlyTraceRequested()) {
    // The observer and the tracer without CUPTI: operators on the host clock, no GPU record.
    return std::make_unique<RecordlessActivitySource>("host-only", StartStatus::success());
  }
  return makeCuptiActivitySource();
}

KernelTracer::KernelTracer(std::unique_ptr<ActivitySource> source, TraceWindowPolicy policy)
    : policy_(policy),
      collector_(policy_.max_records),
      source_(std::move(source)),
      name_cache_(kNameSlots) {
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

bool KernelTracer::lightIterationsAllowed() const {
  return !policy_.full_detail_every_iteration && !policy_.capture_convolutions &&
         policy_.input_shapes != InputShapes::EveryIteration;
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
  if (source_light_) {  // GPU records only: what a light iteration needs
    options.kinds.runtime_api = options.kinds.driver_api = options.kinds.external_correlation =
        options.kinds.synchronization = options.kinds.housekeeping_api = false;
  }
  options.buffer_bytes = policy_.buffer_bytes;
  options.max_buffer_bytes = policy_.max_buffer_bytes;
  options.finalize_on_stop = policy_.finalize_on_stop;
  options.host_clock = policy_.host_clock;
  // A source detached in between numbers its correlation ids afresh (CUPTI restarts them after
  // cuptiFinalize): the collector keeps the stretches' ids apart.
  collector_.beginStretch();
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
  const bool new_stretch = state_ != State::Running;
  // Light: a steady iteration after the stretch's first full one. Switching the source between
  // full and light kinds restarts it, here, before the iteration's timer starts.
  const bool light =
      !is_warmup && !new_stretch && lightIterationsAllowed() && reference_iteration_ >= 0;
  if (light != source_light_ && state_ == State::Running) {
    source_->stop();
    state_ = State::Stopped;
  }
  source_light_ = light;
  if (!ensureRunning()) return false;
  if (!light && !is_warmup) reference_iteration_ = iteration;
  if (new_stretch && is_warmup) reference_iteration_ = -1;
  switch (policy_.input_shapes) {
    case InputShapes::FirstOfStretch:
      shapes_this_iteration_ = new_stretch;
      break;
    case InputShapes::EveryIteration:
      shapes_this_iteration_ = true;  // never light (lightIterationsAllowed)
      break;
    case InputShapes::Off:
      shapes_this_iteration_ = false;
      break;
  }
  in_traced_iteration_ = true;
  ops_.clear();
  open_ops_.clear();
  pending_convolutions_.clear();
  current_ =
      IterationMark{iteration, source_->nowNs(), 0, is_warmup, light ? reference_iteration_ : -1};
  return true;
}

void KernelTracer::endIteration(int iteration) {
  if (!in_traced_iteration_ || iteration != current_.iteration) return;
  closeOpenOps();
  current_.end_ns = source_->nowNs();
  collector_.addIteration(current_);
  in_traced_iteration_ = false;
  fileIteration();
}

bool KernelTracer::wantsInputs() const {
  return policy_.capture_convolutions || shapes_this_iteration_;
}

bool KernelTracer::wantsConvolutions() const {
  return policy_.capture_convolutions && in_traced_iteration_;
}

std::uint32_t KernelTracer::internName(const char* name) {
  if (name == nullptr) name = "";
  NameSlot& slot = name_cache_[(reinterpret_cast<std::uintptr_t>(name) >> 4) & (kNameSlots - 1)];
  if (slot.pointer == name && std::strcmp(names_[slot.index].c_str(), name) == 0) {
    return slot.index;
  }
  const std::string_view text(name);
  std::uint32_t index = 0;
  if (const auto it = name_index_.find(text); it != name_index_.end()) {
    index = it->second;
  } else {
    index = static_cast<std::uint32_t>(names_.size());
    names_.emplace_back(text);
    name_index_.emplace(names_.back(), index);
  }
  slot = NameSlot{name, index};
  return index;
}

std::uint32_t KernelTracer::internShapes(std::string_view shapes) {
  if (const auto it = shapes_index_.find(shapes); it != shapes_index_.end()) return it->second;
  const auto index = static_cast<std::uint32_t>(shapes_.size());
  shapes_.emplace_back(shapes);
  shapes_index_.emplace(shapes_.back(), index);
  return index;
}

void KernelTracer::onOpStart(std::uint64_t external_id, const char* name, const OpInputs* inputs) {
  if (!in_traced_iteration_) return;
  std::uint32_t index = kNone;
  if (ops_.size() < policy_.max_records) {
    index = static_cast<std::uint32_t>(ops_.size());
    HostOp& op = ops_.emplace_back();
    op.external_id = external_id;
    op.name = internName(name);
    if (inputs != nullptr && shapes_this_iteration_) {
      shapes_scratch_.clear();
      inputs->appendShapes(shapes_scratch_);
      op.shapes = internShapes(shapes_scratch_);
    }
    op.parent_external_id = open_ops_.empty() ? 0 : open_ops_.back().external_id;
    op.depth = static_cast<int>(open_ops_.size());
  } else {
    ++ops_past_cap_;
  }
  // An operator past the record cap still pushes its id, so that pushes and pops pair up.
  open_ops_.push_back(OpenOp{external_id, index});
  if (policy_.kinds.external_correlation) source_->pushExternalCorrelation(external_id);
  if (index != kNone) ops_[index].start_ns = source_->nowNs();
}

void KernelTracer::onOpEnd(std::uint64_t external_id) {
  // Ends of operators that started before the window (or were not seen) are ignored; ends out of
  // order close the inner operators first, so pushes and pops to CUPTI always pair up.
  std::size_t depth = open_ops_.size();
  while (depth > 0 && open_ops_[depth - 1].external_id != external_id) --depth;
  if (depth == 0) return;
  const auto now_ns = source_->nowNs();
  while (open_ops_.size() >= depth) {
    const OpenOp open = open_ops_.back();
    open_ops_.pop_back();
    if (policy_.kinds.external_correlation) source_->popExternalCorrelation();
    if (open.index != kNone) ops_[open.index].end_ns = now_ns;
  }
}

void KernelTracer::onConvolution(std::uint64_t external_id, ConvolutionRecord record) {
  if (!wantsConvolutions()) return;
  for (auto it = open_ops_.rbegin(); it != open_ops_.rend(); ++it) {
    if (it->external_id != external_id) continue;
    if (it->index == kNone) return;  // the operator fell past the record cap
    record.external_id = external_id;
    record.iteration = current_.iteration;
    pending_convolutions_.push_back(PendingConvolution{std::move(record), it->index});
    return;
  }
}

void KernelTracer::closeOpenOps() {
  if (open_ops_.empty()) return;
  onOpEnd(open_ops_.front().external_id);  // a throwing forward left operators open
}

void KernelTracer::fileIteration() {
  // Outside the timed iteration: the fixed-size records become OpRecords with their strings.
  calls_seen_.assign(names_.size(), 0);
  if (shapes_by_call_.size() < names_.size()) shapes_by_call_.resize(names_.size());
  std::vector<OpRecord> records;
  records.reserve(ops_.size());
  for (const HostOp& op : ops_) {
    const std::uint32_t call = calls_seen_[op.name]++;
    auto& by_call = shapes_by_call_[op.name];
    std::uint32_t shapes = op.shapes;
    if (shapes != kNone) {
      if (by_call.size() <= call) by_call.resize(call + 1, kNone);
      by_call[call] = shapes;
    } else if (policy_.input_shapes == InputShapes::FirstOfStretch && call < by_call.size()) {
      shapes = by_call[call];
    }
    OpRecord r;
    r.external_id = op.external_id;
    r.name = names_[op.name];
    if (shapes != kNone) r.input_shapes = shapes_[shapes];
    r.start_ns = op.start_ns;
    r.end_ns = op.end_ns;
    r.iteration = current_.iteration;
    r.parent_external_id = op.parent_external_id;
    r.depth = op.depth;
    records.push_back(std::move(r));
  }
  collector_.addOps(std::move(records), ops_past_cap_);
  ops_past_cap_ = 0;
  for (auto& pending : pending_convolutions_) {
    const HostOp& op = ops_[pending.op];
    pending.record.start_ns = op.start_ns;
    pending.record.end_ns = op.end_ns;
    convolutions_.push_back(std::move(pending.record));
  }
  pending_convolutions_.clear();
  ops_.clear();
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
  window.convolutions = std::move(convolutions_);
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
