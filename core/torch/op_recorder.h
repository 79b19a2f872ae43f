// Observes the LibTorch operators the engine thread runs (RecordFunction callbacks) and reports
// each one's start and end, name and (on demand) input shapes and convolution arguments to a
// trace::OpListener — the KernelTracer, which pushes the operator's id as a CUPTI external
// correlation id so that its kernels can be traced back to it. The header is plain C++; the
// LibTorch part is in op_recorder.cpp.
#pragma once

#include <cstdint>

#include "core/trace/op_listener.h"

namespace inferscope::torchlayer {

// RAII: installs a thread-local RecordFunction callback on the calling thread for its lifetime;
// construct and destroy it on the same thread (the engine thread), between operators. The
// callback asks LibTorch for the operators' inputs only when the listener wantsInputs() at
// construction: boxing every operator's arguments is most of the observer's cost, so keep a
// recorder alive only while a traced iteration runs. Instances nest (strictly, as RAII scopes):
// the innermost listener receives the operators; at most one callback is installed per thread.
// When the last recorder goes, nothing of it stays registered with LibTorch.
//
// Operators are keyed by an id the recorder assigns at start and hands to the end callback through
// RecordFunction's ObserverContext, rather than by seqNr() (−1 under InferenceMode) or handle()
// (filled only when a callback asks for ids): start and end always pair, nested calls included.
class OpRecorder {
 public:
  explicit OpRecorder(trace::OpListener& listener);
  ~OpRecorder();
  OpRecorder(const OpRecorder&) = delete;
  OpRecorder& operator=(const OpRecorder&) = delete;

 private:
  trace::OpListener* previous_listener_ = nullptr;
  bool previous_inputs_ = false;   // whether the outer recorder's callback had inputs
  bool previous_outputs_ = false;  // … and results
  bool had_callback_ = false;      // an outer recorder is alive
};

}  // namespace inferscope::torchlayer
