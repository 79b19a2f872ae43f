// OpRecorder: RecordFunction start/end callbacks (same API in LibTorch 1.13 and 2.x, see
// LIBTORCH_COMPAT.md). NDEBUG is defined for this target: RecordFunction::inputs() depends on it.
//
// The start callback runs for every operator of a traced iteration — for a launch-bound model
// that is thousands per iteration, and its cost is the iteration's. So: no string is built unless
// the listener asks (OpInputs is formatted lazily), the name goes out as the C string LibTorch
// holds, and inputs are only boxed by LibTorch when the recorder was installed with them.
#include "core/torch/op_recorder.h"

#include <ATen/record_function.h>

#include <atomic>
#include <charconv>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {
namespace {

std::unique_ptr<at::ObserverContext> onOpStart(const at::RecordFunction& fn);
void onOpEnd(const at::RecordFunction& fn, at::ObserverContext* ctx);

// RecordFunction callbacks are plain function pointers: the listener of this thread, and the one
// callback installed for it, are found through a thread-local set by the innermost OpRecorder.
struct ThreadState {
  trace::OpListener* listener = nullptr;
  at::CallbackHandle handle = 0;  // 0: none installed
  bool inputs = false;            // the installed callback has LibTorch box the inputs
  bool outputs = false;           // … and the results (the roofline's observed iteration)
  int open_convolutions = 0;      // aten::convolution / aten::_convolution calls now open
};
thread_local ThreadState t_state;
std::atomic<std::uint64_t> g_next_external_id{1};

void install(bool inputs, bool outputs) {
  if (t_state.handle != 0) {
    if (t_state.inputs == inputs && t_state.outputs == outputs) return;
    at::removeCallback(t_state.handle);
  }
  t_state.handle = at::addThreadLocalCallback(at::RecordFunctionCallback(&onOpStart, &onOpEnd)
                                                  .needsInputs(inputs)
                                                  .needsOutputs(outputs)
                                                  .scopes({at::RecordScope::FUNCTION}));
  t_state.inputs = inputs;
  t_state.outputs = outputs;
}

void uninstall() {
  if (t_state.handle != 0) at::removeCallback(t_state.handle);
  t_state.handle = 0;
  t_state.inputs = false;
  t_state.outputs = false;
  t_state.open_convolutions = 0;
}

// Operator ids: unique in the process (the tracer keys operators by them), taken from a shared
// counter in blocks so that an operator costs no atomic operation.
std::uint64_t nextExternalId() {
  constexpr std::uint64_t kBlock = 4096;
  thread_local std::uint64_t next = 0, end = 0;
  if (next == end) {
    next = g_next_external_id.fetch_add(kBlock, std::memory_order_relaxed);
    end = next + kBlock;
  }
  return next++;
}

// The per-operator context LibTorch hands back to the end callback (and deletes). Its memory is
// recycled through a small per-thread free list: a malloc/free pair per operator is a measurable
// part of the observer's cost (bench_op_observer).
struct OpContext final : at::ObserverContext {
  OpContext(std::uint64_t id, bool conv) : external_id(id), convolution(conv) {}
  std::uint64_t external_id;
  bool convolution;

  static void* operator new(std::size_t size) {
    auto& pool = freeList();
    if (size == sizeof(OpContext) && !pool.blocks.empty()) {
      void* block = pool.blocks.back();
      pool.blocks.pop_back();
      return block;
    }
    return ::operator new(size);
  }
  static void operator delete(void* block, std::size_t size) {
    auto& pool = freeList();
    if (size == sizeof(OpContext) && pool.blocks.size() < FreeList::kMax) {
      pool.blocks.push_back(block);  // reserved: no allocation here
      return;
    }
    ::operator delete(block);
  }

 private:
  struct FreeList {
    static constexpr std::size_t kMax = 1024;  // deeper than any operator nesting
    std::vector<void*> blocks;
    FreeList() { blocks.reserve(kMax); }
    ~FreeList() {
      for (void* b : blocks) ::operator delete(b);
    }
  };
  static FreeList& freeList() {
    thread_local FreeList pool;
    return pool;
  }
};

// ---- input shapes, on demand ------------------------------------------------------------------

void appendInt(std::string& out, std::int64_t value) {
  char buffer[24];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
  out.append(buffer, end);
}

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
      appendInt(out, sizes[i]);
    }
  } catch (const c10::Error&) {
    out += "?";
  }
}

// "32x3x224x224, 64x3x7x7, 64": one entry per input, "-" for non-tensor inputs, trailing
// non-tensor inputs (stride, padding, …) left out.
void appendInputs(std::string& out, const at::RecordFunction& fn) {
  constexpr std::size_t kMaxInputs = 16;  // aten::cat of hundreds of tensors stays readable
  const std::size_t begin = out.size();
  std::size_t kept = begin;  // length of `out` up to the last tensor entry
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
}

class RecordFunctionInputs final : public trace::OpInputs {
 public:
  explicit RecordFunctionInputs(const at::RecordFunction& fn) : fn_(fn) {}
  void appendShapes(std::string& out) const override { appendInputs(out, fn_); }

 private:
  const at::RecordFunction& fn_;
};

// ---- convolution arguments ---------------------------------------------------------------------

// aten::convolution, and aten::_convolution (which traced TorchScript calls directly). Both start
// with the same nine arguments: (input, weight, bias?, stride[], padding[], dilation[],
// transposed, output_padding[], groups).
bool isConvolution(const char* name) {
  if (std::strncmp(name, "aten::", 6) != 0) return false;
  const char* op = name + 6;
  return std::strcmp(op, "convolution") == 0 || std::strcmp(op, "_convolution") == 0;
}

const char* dtypeName(c10::ScalarType type) {
  switch (type) {
    case c10::ScalarType::Float:
      return "float32";
    case c10::ScalarType::Half:
      return "float16";
    case c10::ScalarType::BFloat16:
      return "bfloat16";
    case c10::ScalarType::Double:
      return "float64";
    default:
      return c10::toString(type);
  }
}

// Fills `r` from the call's inputs; false (and no record) for anything unexpected: the observer
// must never make an operator throw.
bool readConvolution(const at::RecordFunction& fn, trace::ConvolutionRecord& r) {
  try {
    const auto inputs = fn.inputs();
    if (inputs.size() < 9) return false;
    const c10::IValue& input = inputs[0];
    const c10::IValue& weight = inputs[1];
    if (!input.isTensor() || !weight.isTensor() || !inputs[6].isBool() || !inputs[8].isInt()) {
      return false;
    }
    for (std::size_t i : {3, 4, 5}) {
      if (!inputs[i].isIntList()) return false;  // SymInt[] arrives as int[] when concrete
    }
    const at::Tensor& x = input.toTensor();
    const at::Tensor& w = weight.toTensor();
    if (!x.defined() || !w.defined()) return false;
    const auto x_sizes = x.sizes(), w_sizes = w.sizes();
    r.input_sizes.assign(x_sizes.begin(), x_sizes.end());
    r.weight_sizes.assign(w_sizes.begin(), w_sizes.end());
    r.stride = inputs[3].toIntVector();
    r.padding = inputs[4].toIntVector();
    r.dilation = inputs[5].toIntVector();
    r.transposed = inputs[6].toBool();
    r.groups = inputs[8].toInt();
    r.has_bias = inputs[2].isTensor() && inputs[2].toTensor().defined();
    r.dtype = dtypeName(x.scalar_type());
    // Channels-last in the sense the cuDNN ledger needs: NHWC in memory, which a plain
    // contiguous tensor (also "channels-last contiguous" when C or H·W is 1) is not.
    const auto format = x.dim() == 4   ? at::MemoryFormat::ChannelsLast
                        : x.dim() == 5 ? at::MemoryFormat::ChannelsLast3d
                                       : at::MemoryFormat::Contiguous;
    r.channels_last =
        format != at::MemoryFormat::Contiguous && x.is_contiguous(format) && !x.is_contiguous();
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// ---- arguments and results for the work counter ------------------------------------------------

void fillTensor(trace::OpValue& v, const at::Tensor& t) {
  if (!t.defined()) return;
  const auto sizes = t.sizes();  // throws for nested tensors: the caller's catch
  if (v.kind == trace::OpValue::Kind::Tensor) v.sizes.assign(sizes.begin(), sizes.end());
  const std::int64_t n = t.numel();
  v.elements += n;
  v.bytes += n * static_cast<std::int64_t>(t.element_size());
  if (v.dtype.empty()) v.dtype = dtypeName(t.scalar_type());
}

trace::OpValue describeValue(const c10::IValue& value) {
  trace::OpValue v;
  using Kind = trace::OpValue::Kind;
  try {
    if (value.isTensor()) {
      v.kind = value.toTensor().defined() ? Kind::Tensor : Kind::None;
      fillTensor(v, value.toTensor());
    } else if (value.isTensorList()) {
      v.kind = Kind::TensorList;
      const auto list = value.toTensorList();
      for (std::size_t i = 0; i < list.size(); ++i) fillTensor(v, list.get(i));
    } else if (value.isIntList()) {
      v.kind = Kind::IntList;
      v.sizes = value.toIntVector();
    } else if (value.isInt()) {
      v.kind = Kind::Int;
      v.number = static_cast<double>(value.toInt());
      v.sizes = {value.toInt()};
    } else if (value.isDouble()) {
      v.kind = Kind::Double;
      v.number = value.toDouble();
    } else if (value.isBool()) {
      v.kind = Kind::Bool;
      v.number = value.toBool() ? 1 : 0;
    } else if (!value.isNone()) {
      v.kind = Kind::Other;
    }
  } catch (const std::exception&) {
    v = trace::OpValue{};
    v.kind = Kind::Other;  // unreadable (nested tensors): the counter leaves the operator out
  }
  return v;
}

template <class Values>
std::vector<trace::OpValue> describeValues(const Values& values) {
  std::vector<trace::OpValue> out;
  out.reserve(values.size());
  for (const c10::IValue& v : values) out.push_back(describeValue(v));
  return out;
}

// ---- the callbacks -----------------------------------------------------------------------------

std::unique_ptr<at::ObserverContext> onOpStart(const at::RecordFunction& fn) {
  trace::OpListener* listener = t_state.listener;
  if (listener == nullptr || !listener->wantsOps()) return nullptr;
  const std::uint64_t id = nextExternalId();
  const char* name = fn.name();
  if (name == nullptr) name = "";
  if (!t_state.inputs) {
    listener->onOpStart(id, name, nullptr);
    return std::make_unique<OpContext>(id, false);
  }
  const RecordFunctionInputs inputs(fn);
  listener->onOpStart(id, name, &inputs);
  if (listener->wantsArguments()) listener->onOpArguments(id, describeValues(fn.inputs()));
  const bool convolution = isConvolution(name);
  if (convolution) {
    // Only the outermost of aten::convolution → aten::_convolution: one record per call.
    trace::ConvolutionRecord record;
    if (t_state.open_convolutions++ == 0 && listener->wantsConvolutions() &&
        readConvolution(fn, record)) {
      record.external_id = id;
      listener->onConvolution(id, std::move(record));
    }
  }
  return std::make_unique<OpContext>(id, convolution);
}

void onOpEnd(const at::RecordFunction& fn, at::ObserverContext* ctx) {
  // ctx is null for operators the listener did not want (outside the trace window).
  if (ctx == nullptr) return;
  const auto* op = static_cast<const OpContext*>(ctx);
  if (op->convolution && t_state.open_convolutions > 0) --t_state.open_convolutions;
  trace::OpListener* listener = t_state.listener;
  if (listener == nullptr) return;
  if (t_state.outputs && listener->wantsArguments()) {
    listener->onOpResults(op->external_id, describeValues(fn.outputs()));
  }
  listener->onOpEnd(op->external_id);
}

}  // namespace

OpRecorder::OpRecorder(trace::OpListener& listener)
    : previous_listener_(t_state.listener),
      previous_inputs_(t_state.inputs),
      previous_outputs_(t_state.outputs),
      had_callback_(t_state.handle != 0) {
  // One callback per thread: a nested recorder only swaps the listener (and the callback, when it
  // needs inputs the outer one did not ask for), or every operator would reach the innermost
  // listener once per installed callback.
  const bool arguments = listener.wantsArguments();
  install(arguments || listener.wantsInputs() || (had_callback_ && previous_inputs_),
          arguments || (had_callback_ && previous_outputs_));
  t_state.listener = &listener;
}

OpRecorder::~OpRecorder() {
  t_state.listener = previous_listener_;
  if (had_callback_) {
    install(previous_inputs_, previous_outputs_);
  } else {
    uninstall();  // the thread's RecordFunction state is as it was before the first recorder
  }
}

}  // namespace inferscope::torchlayer
