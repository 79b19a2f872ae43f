// OpRecorder: RecordFunction start/end callbacks (same API in LibTorch 1.13 and 2.x, see
// LIBTORCH_COMPAT.md). NDEBUG is defined for this target: RecordFunction::inputs() depends on it.
#include "core/torch/op_recorder.h"

#include <ATen/record_function.h>

#include <atomic>
#include <memory>
#include <string>

#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {
namespace {

// RecordFunction callbacks are plain function pointers: the listener of this thread is found
// through a thread-local, set by the innermost OpRecorder.
thread_local trace::OpListener* t_listener = nullptr;
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
    const auto sizes = t.sizes();  // throws for nested tensors
    if (sizes.empty()) {
      out += "[]";  // 0-dim
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

// "32x3x224x224, 64x3x7x7, 64": one entry per input, "-" for non-tensor inputs, trailing
// non-tensor inputs (stride, padding, …) left out.
std::string describeInputs(const at::RecordFunction& fn) {
  constexpr std::size_t kMaxInputs = 16;  // aten::cat of hundreds of tensors stays readable
  std::string out;
  std::size_t kept = 0;  // length of `out` up to the last tensor entry
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
  trace::OpListener* listener = t_listener;
  if (listener == nullptr || !listener->wantsOps()) return nullptr;
  auto ctx =
      std::make_unique<OpContext>(g_next_external_id.fetch_add(1, std::memory_order_relaxed));
  listener->onOpStart(ctx->external_id, fn.name(), describeInputs(fn));
  return ctx;
}

void onOpEnd(const at::RecordFunction& /*fn*/, at::ObserverContext* ctx) {
  // ctx is null for operators the listener did not want (outside the trace window).
  trace::OpListener* listener = t_listener;
  if (listener == nullptr || ctx == nullptr) return;
  listener->onOpEnd(static_cast<OpContext*>(ctx)->external_id);
}

}  // namespace

OpRecorder::OpRecorder(trace::OpListener& listener) : previous_(t_listener) {
  // One callback per thread: a nested recorder only swaps the listener, or every operator would
  // reach the innermost listener once per installed callback.
  if (previous_ == nullptr) {
    callback_handle_ = at::addThreadLocalCallback(at::RecordFunctionCallback(&onOpStart, &onOpEnd)
                                                      .needsInputs(true)
                                                      .scopes({at::RecordScope::FUNCTION}));
  }
  t_listener = &listener;
}

OpRecorder::~OpRecorder() {
  if (callback_handle_ != 0) at::removeCallback(callback_handle_);
  t_listener = previous_;
}

}  // namespace inferscope::torchlayer
