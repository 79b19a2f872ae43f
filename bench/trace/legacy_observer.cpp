// The pre-#5 observer (see legacy_observer.h): the code of core/torch/op_recorder.cpp and
// core/trace/kernel_tracer.cpp at commit 788590f, reduced to the operator path.
#include "bench/trace/legacy_observer.h"

#include <ATen/record_function.h>
#include <torch/torch.h>

#include <atomic>
#include <string>
#include <utility>

namespace inferscope::bench::legacy {
namespace {

thread_local LegacyOpListener* t_listener = nullptr;
std::atomic<std::uint64_t> g_next_external_id{1};

struct OpContext final : at::ObserverContext {
  explicit OpContext(std::uint64_t id) : external_id(id) {}
  std::uint64_t external_id;
};

void appendSizes(std::string& out, const at::Tensor& t) {
  if (!t.defined()) {
    out += "undef";
    return;
  }
  try {
    const auto sizes = t.sizes();
    if (sizes.empty()) {
      out += "[]";
      return;
    }
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      if (i > 0) out += 'x';
      out += std::to_string(sizes[i]);
    }
  } catch (const c10::Error&) {
    out += "?";
  }
}

std::string describeInputs(const at::RecordFunction& fn) {
  constexpr std::size_t kMaxInputs = 16;
  std::string out;
  std::size_t kept = 0;
  std::size_t index = 0;
  for (const c10::IValue& v : fn.inputs()) {
    if (index == kMaxInputs) {
      out += ", …";
      kept = out.size();
      break;
    }
    if (index++ > 0) out += ", ";
    if (v.isTensor()) {
      appendSizes(out, v.toTensor());
      kept = out.size();
    } else if (v.isTensorList()) {
      out += '(';
      const auto list = v.toTensorList();
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (i > 0) out += ", ";
        appendSizes(out, list.get(i));
      }
      out += ')';
      kept = out.size();
    } else {
      out += '-';
    }
  }
  out.resize(kept);
  return out;
}

std::unique_ptr<at::ObserverContext> onOpStart(const at::RecordFunction& fn) {
  LegacyOpListener* listener = t_listener;
  if (listener == nullptr || !listener->wantsOps()) return nullptr;
  auto ctx =
      std::make_unique<OpContext>(g_next_external_id.fetch_add(1, std::memory_order_relaxed));
  listener->onOpStart(ctx->external_id, fn.name(), describeInputs(fn));
  return ctx;
}

void onOpEnd(const at::RecordFunction& /*fn*/, at::ObserverContext* ctx) {
  LegacyOpListener* listener = t_listener;
  if (listener == nullptr || ctx == nullptr) return;
  listener->onOpEnd(static_cast<OpContext*>(ctx)->external_id);
}

}  // namespace

LegacyOpRecorder::LegacyOpRecorder(LegacyOpListener& listener) : previous_(t_listener) {
  if (previous_ == nullptr) {
    callback_handle_ = at::addThreadLocalCallback(at::RecordFunctionCallback(&onOpStart, &onOpEnd)
                                                      .needsInputs(true)
                                                      .scopes({at::RecordScope::FUNCTION}));
  }
  t_listener = &listener;
}

LegacyOpRecorder::~LegacyOpRecorder() {
  if (callback_handle_ != 0) at::removeCallback(callback_handle_);
  t_listener = previous_;
}

LegacyKernelTracer::LegacyKernelTracer(std::unique_ptr<trace::ActivitySource> source)
    : source_(std::move(source)) {
  source_->setSink(&collector_);
}

LegacyKernelTracer::~LegacyKernelTracer() {
  if (running_) source_->stop();
}

bool LegacyKernelTracer::beginIteration(int iteration) {
  if (!running_) running_ = source_->start(trace::ActivityStartOptions{}).ok;
  in_traced_iteration_ = running_;
  current_ = trace::IterationMark{iteration, source_->nowNs(), 0, false};
  return running_;
}

void LegacyKernelTracer::endIteration(int iteration) {
  if (!in_traced_iteration_ || iteration != current_.iteration) return;
  if (!open_ops_.empty()) onOpEnd(open_ops_.front().external_id);
  current_.end_ns = source_->nowNs();
  collector_.addIteration(current_);
  in_traced_iteration_ = false;
}

void LegacyKernelTracer::onOpStart(std::uint64_t external_id, std::string_view name,
                                   std::string_view input_shapes) {
  if (!in_traced_iteration_) return;
  trace::OpRecord op;
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

void LegacyKernelTracer::onOpEnd(std::uint64_t external_id) {
  bool open = false;
  for (const auto& op : open_ops_) open = open || op.external_id == external_id;
  if (!open) return;
  const auto now_ns = source_->nowNs();
  while (!open_ops_.empty()) {
    trace::OpRecord op = std::move(open_ops_.back());
    open_ops_.pop_back();
    source_->popExternalCorrelation();
    op.end_ns = now_ns;
    const bool done = op.external_id == external_id;
    collector_.addOp(std::move(op));
    if (done) break;
  }
}

trace::TraceWindow LegacyKernelTracer::finish() {
  trace::TraceWindow window;
  if (running_) source_->stop();
  running_ = false;
  collector_.moveInto(window);
  return window;
}

}  // namespace inferscope::bench::legacy
