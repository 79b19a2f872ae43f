// The engine's instruments as a native module of the Python worker (resources/python/
// inferscope_instruments.py builds it on first use with torch.utils.cpp_extension.load, against
// the worker's own PyTorch, from this file and the engine's own sources: op_recorder.cpp,
// work_recorder.cpp, op_calls_json.cpp, memory_probe.cpp, and core/trace's kernel tracer with the
// CUPTI source or, where CUPTI's headers were not found, cupti_unavailable.cpp). A model that only
// Python can build — an ExportedProgram or a --model-py entry point — is then observed by the same
// recorder the engine uses, never by a second implementation in Python.
//
// The module is a plain shared library that registers operators with the dispatcher
// (TORCH_LIBRARY), not a pybind11 extension: it needs LibTorch's headers only (Debian's
// libtorch-dev has no pybind11), and Python calls it as torch.ops.inferscope_instruments.*.
// Not part of the CMake build: the engine links the same sources directly.
#include <torch/library.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/roofline/op_calls_json.h"
#include "core/roofline/work_recorder.h"
#include "core/torch/memory_probe.h"
#include "core/torch/op_recorder.h"
#include "core/trace/kernel_tracer.h"
#include "core/trace/trace_window_json.h"

namespace {

using inferscope::roofline::OpCall;

// The interface version the Python loader checks: a cached build of an older source set with
// another interface is rebuilt rather than called wrongly.
constexpr std::int64_t kInstrumentsAbi = 3;

constexpr const char* kOwnPrefix = "inferscope_instruments::";

// One recording of the calling thread: the recorder installs a thread-local RecordFunction
// callback, so start and stop are called on the thread that runs the model (the worker's).
struct Recording {
  inferscope::roofline::WorkRecorder calls;
  std::unique_ptr<inferscope::torchlayer::OpRecorder> observer;
};
thread_local std::unique_ptr<Recording> t_recording;

std::int64_t abi() {
  return kInstrumentsAbi;
}

void startOps() {
  if (t_recording)
    throw std::runtime_error("start_ops: this thread is recording operators already");
  auto recording = std::make_unique<Recording>();
  recording->observer = std::make_unique<inferscope::torchlayer::OpRecorder>(recording->calls);
  t_recording = std::move(recording);
}

// Ends the recording and writes its calls to `path` (op_calls_json.h); returns how many. The
// module's own operators (stop_ops itself is seen starting) are not the model's and are left out.
std::int64_t stopOps(const std::string& path) {
  if (!t_recording) throw std::runtime_error("stop_ops: no recording was started on this thread");
  std::unique_ptr<Recording> recording = std::move(t_recording);
  recording->observer.reset();
  std::vector<OpCall> calls;
  for (auto& c : recording->calls.takeCalls()) {
    if (c.name.rfind(kOwnPrefix, 0) != 0) calls.push_back(std::move(c));
  }
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("stop_ops: cannot write " + partial);
    out << inferscope::roofline::opCallsToJson(calls);
    if (!out.flush()) throw std::runtime_error("stop_ops: writing " + partial + " failed");
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0)
    throw std::runtime_error("stop_ops: cannot move " + partial + " to " + path);
  return static_cast<std::int64_t>(calls.size());
}

// Whether the CUDA probe is built in (INFERSCOPE_WITH_CUDA: a CUDA build of PyTorch whose CUDA
// runtime headers were found); without it a CUDA config has no probe here.
bool builtWithCuda() {
#ifdef INFERSCOPE_WITH_CUDA
  return true;
#else
  return false;
#endif
}

// The engine's memory probe for one config (memory_probe.h, the same code and semantics): CUDA:
// the caching allocator's peaks, reset when it starts; CPU: the largest total the CPU allocator
// reported on this thread above what was allocated when it started. Thread-local, as the CPU
// probe's allocator hook is.
thread_local std::unique_ptr<inferscope::MemoryProbe> t_memory;

void startMemory(const std::string& device) {
  if (t_memory) throw std::runtime_error("start_memory: this thread is probing memory already");
  t_memory = inferscope::torchlayer::makeMemoryProbe(torch::Device(device));
}

// Ends the probe: (peak allocated bytes, peak reserved bytes, the probe's source).
std::tuple<std::int64_t, std::int64_t, std::string> stopMemory() {
  if (!t_memory) throw std::runtime_error("stop_memory: no probe was started on this thread");
  const std::unique_ptr<inferscope::MemoryProbe> probe = std::move(t_memory);
  const auto stats = probe->read();
  return {stats.peak_allocated_bytes, stats.peak_reserved_bytes, stats.source};
}

// The kernel tracer of one config (core/trace/kernel_tracer.h), driven from the worker's
// iteration loop exactly as the engine's loop drives it (core/torch/iteration_loop.cpp):
// begin_iteration before the iteration's timer starts, the operator observer installed for a
// traced iteration that wants operators, end_iteration after the timer waited for the GPU.
//
// The module's own operators are not the model's: end_iteration is itself seen starting by the
// observer it removes, so a filter between the observer and the tracer leaves them out.
class ModelOpsOnly final : public inferscope::trace::OpListener {
 public:
  explicit ModelOpsOnly(inferscope::trace::KernelTracer& tracer) : tracer_(tracer) {}
  bool wantsOps() const override { return tracer_.wantsOps(); }
  bool wantsInputs() const override { return tracer_.wantsInputs(); }
  void onOpStart(std::uint64_t id, const char* name,
                 const inferscope::trace::OpInputs* inputs) override {
    if (std::string_view(name).rfind(kOwnPrefix, 0) == 0) {
      own_.insert(id);
      return;
    }
    tracer_.onOpStart(id, name, inputs);
  }
  void onOpEnd(std::uint64_t id) override {
    if (own_.erase(id) == 0) tracer_.onOpEnd(id);
  }
  bool wantsConvolutions() const override { return tracer_.wantsConvolutions(); }
  void onConvolution(std::uint64_t id, inferscope::trace::ConvolutionRecord record) override {
    tracer_.onConvolution(id, std::move(record));
  }

 private:
  inferscope::trace::KernelTracer& tracer_;
  std::unordered_set<std::uint64_t> own_;
};

struct Tracing {
  std::unique_ptr<inferscope::trace::KernelTracer> tracer;
  std::unique_ptr<ModelOpsOnly> filter;
  std::optional<inferscope::torchlayer::OpRecorder> ops;  // inside a traced iteration
};
thread_local std::unique_ptr<Tracing> t_tracing;

// "" where this build traces kernels (the CUPTI source compiled in; a start can still fail and
// says why in the window), else why not.
std::string tracerStatus() {
  return inferscope::trace::cuptiCompiledIn() || inferscope::trace::hostOnlyTraceRequested()
             ? std::string()
             : "untraced: CUPTI not available in this build";
}

// Starts a config's tracer with the engine's window policy: the first `warmup_traced` warm-up
// iterations and `steady_traced` steady ones; `convolutions`: convolution records for the cuDNN
// ledger; `shapes_every_iteration`: input sizes that vary between iterations. The environment's
// ablation knobs apply as in the engine (INFERSCOPE_TRACE_*); what cannot be parsed is returned.
std::string startTrace(std::int64_t warmup_traced, std::int64_t steady_traced, bool convolutions,
                       bool shapes_every_iteration) {
  if (t_tracing) throw std::runtime_error("start_trace: this thread is tracing already");
  inferscope::trace::TraceWindowPolicy policy;
  policy.warmup_iterations_traced = static_cast<int>(std::max<std::int64_t>(0, warmup_traced));
  policy.steady_iterations_traced = static_cast<int>(std::max<std::int64_t>(0, steady_traced));
  policy.capture_convolutions = convolutions;
  if (shapes_every_iteration) policy.input_shapes = inferscope::trace::InputShapes::EveryIteration;
  std::string problems;
  policy = inferscope::trace::applyTraceEnvironment(policy, &problems);
  auto tracing = std::make_unique<Tracing>();
  tracing->tracer = std::make_unique<inferscope::trace::KernelTracer>(
      inferscope::trace::makeTraceActivitySource(), policy);
  tracing->filter = std::make_unique<ModelOpsOnly>(*tracing->tracer);
  t_tracing = std::move(tracing);
  return problems;
}

bool beginIteration(std::int64_t iteration, bool warmup) {
  if (!t_tracing) throw std::runtime_error("begin_iteration: no tracer was started on this thread");
  Tracing& t = *t_tracing;
  const bool traced = t.tracer->beginIteration(static_cast<int>(iteration), warmup);
  if (traced && t.tracer->wantsOps()) t.ops.emplace(*t.filter);
  return traced;
}

void endIteration(std::int64_t iteration) {
  if (!t_tracing) throw std::runtime_error("end_iteration: no tracer was started on this thread");
  t_tracing->ops.reset();
  t_tracing->tracer->endIteration(static_cast<int>(iteration));
}

// Ends the window (flush, stop, resolve) and writes it to `path` (trace_window_json.h); returns
// "" when traced, else the reason it is not.
std::string finishTrace(const std::string& path) {
  if (!t_tracing) throw std::runtime_error("finish_trace: no tracer was started on this thread");
  const std::unique_ptr<Tracing> tracing = std::move(t_tracing);
  tracing->ops.reset();
  const auto window = tracing->tracer->finish();
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("finish_trace: cannot write " + partial);
    out << inferscope::trace::traceWindowToJson(window);
    if (!out.flush()) throw std::runtime_error("finish_trace: writing " + partial + " failed");
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0)
    throw std::runtime_error("finish_trace: cannot move " + partial + " to " + path);
  return window.traced() ? std::string() : window.untraced_reason;
}

}  // namespace

TORCH_LIBRARY(inferscope_instruments, m) {
  m.def("abi() -> int", &abi);
  m.def("start_ops() -> ()", &startOps);
  m.def("stop_ops(str path) -> int", &stopOps);
  m.def("cuda() -> bool", &builtWithCuda);
  m.def("tracer_status() -> str", &tracerStatus);
  m.def(
      "start_trace(int warmup_traced, int steady_traced, bool convolutions, "
      "bool shapes_every_iteration) -> str",
      &startTrace);
  m.def("begin_iteration(int iteration, bool warmup) -> bool", &beginIteration);
  m.def("end_iteration(int iteration) -> ()", &endIteration);
  m.def("finish_trace(str path) -> str", &finishTrace);
  m.def("start_memory(str device) -> ()", &startMemory);
  m.def("stop_memory() -> (int, int, str)", &stopMemory);
}
