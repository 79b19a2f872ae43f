// The engine's instruments as a native module of the Python worker (resources/python/
// inferscope_instruments.py builds it on first use with torch.utils.cpp_extension.load, against
// the worker's own PyTorch, from this file and the engine's own sources: op_recorder.cpp,
// work_recorder.cpp, op_calls_json.cpp). A model that only Python can build — an ExportedProgram
// or a --model-py entry point — is then observed by the same recorder the engine uses, never by a
// second implementation in Python.
//
// The module is a plain shared library that registers operators with the dispatcher
// (TORCH_LIBRARY), not a pybind11 extension: it needs LibTorch's headers only (Debian's
// libtorch-dev has no pybind11), and Python calls it as torch.ops.inferscope_instruments.*.
// Not part of the CMake build: the engine links the same sources directly.
#include <torch/library.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/roofline/op_calls_json.h"
#include "core/roofline/work_recorder.h"
#include "core/torch/op_recorder.h"

namespace {

using inferscope::roofline::OpCall;

// The interface version the Python loader checks: a cached build of an older source set with
// another interface is rebuilt rather than called wrongly.
constexpr std::int64_t kInstrumentsAbi = 1;

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

}  // namespace

TORCH_LIBRARY(inferscope_instruments, m) {
  m.def("abi() -> int", &abi);
  m.def("start_ops() -> ()", &startOps);
  m.def("stop_ops(str path) -> int", &stopOps);
}
