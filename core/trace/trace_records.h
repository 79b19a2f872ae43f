// The plain records of a kernel-trace window. They carry no CUPTI types so that everything past
// the activity source (tracer, aggregator, Chrome writer, GUI timeline, tests) compiles without
// CUDA. Every timestamp is in nanoseconds of the activity source's clock (ActivitySource::nowNs);
// conversion to microseconds happens only on export, through units::nsToUs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace inferscope::trace {

// CUPTI's CUpti_ActivityMemcpyKind, minus what InferScope never shows apart.
enum class MemcpyKind { Unknown, HtoD, DtoH, HtoA, AtoH, AtoA, AtoD, DtoA, DtoD, HtoH, PtoP };
const char* toString(MemcpyKind kind);

enum class ApiDomain { Runtime, Driver };
const char* toString(ApiDomain domain);

// CUPTI's CUpti_ActivitySynchronizationType.
enum class SyncKind {
  Unknown,
  EventSynchronize,
  StreamWaitEvent,
  StreamSynchronize,
  ContextSynchronize
};
const char* toString(SyncKind kind);

struct KernelRecord {
  std::string name;  // demangled
  std::int64_t start_ns = 0, end_ns = 0;
  std::uint32_t device = 0, stream = 0;
  std::uint32_t correlation_id = 0;  // same id as the runtime/driver call that launched it
  std::int32_t grid_x = 0, grid_y = 0, grid_z = 0;
  std::int32_t block_x = 0, block_y = 0, block_z = 0;
  std::uint32_t registers_per_thread = 0;
  std::int32_t static_shared_bytes = 0, dynamic_shared_bytes = 0;
  std::uint32_t graph_id = 0;  // non-zero when launched by a CUDA graph replay
  // Resolved by the tracer at the end of the window (correlation_resolver.h):
  std::uint64_t external_id = 0;  // innermost operator that launched it; 0 = none
  std::string op_name;            // that operator's name ("aten::cudnn_convolution")
  std::string top_op_name;        // outermost enclosing operator ("aten::conv2d")
  int iteration = -1;             // -1 = outside every traced iteration
  // op_name/top_op_name are those of the kernel at the same place (stream, position, same name)
  // in the iteration this light one replays; external_id stays 0 (no operator call was seen).
  bool op_by_replay = false;

  std::int64_t durationNs() const { return end_ns - start_ns; }
};

struct MemcpyRecord {
  MemcpyKind kind = MemcpyKind::Unknown;
  std::uint64_t bytes = 0;
  std::int64_t start_ns = 0, end_ns = 0;
  std::uint32_t device = 0, stream = 0, correlation_id = 0;
  std::uint64_t external_id = 0;
  int iteration = -1;

  std::int64_t durationNs() const { return end_ns - start_ns; }
};

struct MemsetRecord {
  std::uint64_t bytes = 0;
  std::uint32_t value = 0;
  std::int64_t start_ns = 0, end_ns = 0;
  std::uint32_t device = 0, stream = 0, correlation_id = 0;
  std::uint64_t external_id = 0;
  int iteration = -1;

  std::int64_t durationNs() const { return end_ns - start_ns; }
};

// A CUDA runtime or driver API call on a host thread (cudaLaunchKernel, cuLaunchKernelEx, …).
struct RuntimeApiRecord {
  ApiDomain domain = ApiDomain::Runtime;
  std::uint32_t cbid = 0;
  std::string name;  // without CUPTI's "_v7000" version suffix
  std::int64_t start_ns = 0, end_ns = 0;
  std::uint32_t process_id = 0, thread_id = 0;
  std::uint32_t correlation_id = 0;
};

// A host thread blocked on the GPU (cudaStreamSynchronize, cudaEventSynchronize, …).
struct SyncRecord {
  SyncKind kind = SyncKind::Unknown;
  std::int64_t start_ns = 0, end_ns = 0;
  std::uint32_t stream = 0;
  std::uint32_t correlation_id = 0;
};

// CUPTI's bridge from an operator (external id pushed while it ran) to an API call's correlation
// id.
struct ExternalCorrelation {
  std::uint64_t external_id = 0;
  std::uint32_t correlation_id = 0;
};

// One LibTorch operator call seen by the RecordFunction observer (core/torch/op_recorder.h).
struct OpRecord {
  std::uint64_t external_id = 0;
  std::string name;          // "aten::conv2d"
  std::string input_shapes;  // "32x3x224x224, 64x3x7x7, 64"
  std::int64_t start_ns = 0, end_ns = 0;
  int iteration = -1;
  std::uint64_t parent_external_id = 0;  // enclosing operator, 0 at the top level
  int depth = 0;                         // 0 = called by the model, not by another operator
};

// One convolution call's arguments (aten::convolution), captured by the operator observer for the
// cuDNN ledger (core/cudnn/). Sizes are logical (NCHW) whatever the memory format.
struct ConvolutionRecord {
  std::uint64_t external_id = 0;  // the aten::convolution call; its kernels lie beneath it
  int iteration = -1;
  std::vector<std::int64_t> input_sizes, weight_sizes;
  std::vector<std::int64_t> stride, padding, dilation;
  std::int64_t groups = 1;
  bool transposed = false;
  bool has_bias = false;
  std::string dtype;                      // "float32", "float16", "bfloat16"
  bool channels_last = false;             // the input is contiguous in channels_last (NHWC) format
  std::int64_t start_ns = 0, end_ns = 0;  // host time of the call (autotune shows here)
};

// One argument or result of an operator call, as the work counter (core/roofline/) needs it:
// tensors by logical sizes and dtype, integer lists (stride, kernel_size, …) by their values.
// Captured only in the roofline's observed iteration (OpListener::wantsArguments).
struct OpValue {
  enum class Kind { None, Tensor, TensorList, Int, IntList, Double, Bool, Other };
  Kind kind = Kind::None;
  std::vector<std::int64_t> sizes;  // Tensor: its sizes; IntList: the values; Int: the one value
  std::int64_t elements = 0;        // Tensor / TensorList: elements in all (a list's summed)
  std::int64_t bytes = 0;           // Tensor / TensorList: elements × element size
  std::string dtype;                // Tensor / TensorList: "float32", "bfloat16", …
  double number = 0;                // Int / Double / Bool as a number
};

struct IterationMark {
  int iteration = 0;
  std::int64_t start_ns = 0, end_ns = 0;
  bool warmup = false;
  // A light iteration (GPU records only, no operators or API calls: TraceWindowPolicy::
  // full_detail_every_iteration): the full iteration whose kernel order names its kernels'
  // operators. -1 for a full iteration.
  int replay_of = -1;
};

// What one source delivery holds. CUPTI hands over whole buffers; so does the fake.
struct ActivityBatch {
  std::vector<KernelRecord> kernels;
  std::vector<MemcpyRecord> memcpys;
  std::vector<MemsetRecord> memsets;
  std::vector<RuntimeApiRecord> api_calls;
  std::vector<SyncRecord> syncs;
  std::vector<ExternalCorrelation> correlations;
  std::uint64_t dropped_records = 0;  // lost by the source itself (buffers capped)

  std::size_t recordCount() const {
    return kernels.size() + memcpys.size() + memsets.size() + api_calls.size() + syncs.size() +
           correlations.size();
  }
};

enum class TraceStatus { Traced, Untraced };
const char* toString(TraceStatus status);

// Everything recorded for one config: its traced iterations and what ran in them.
struct TraceWindow {
  TraceStatus status = TraceStatus::Untraced;
  std::string untraced_reason = "untraced: tracing was not requested";
  std::string source;  // "cupti", "fake", "unavailable"
  std::vector<IterationMark> iterations;
  std::vector<KernelRecord> kernels;
  std::vector<MemcpyRecord> memcpys;
  std::vector<MemsetRecord> memsets;
  std::vector<RuntimeApiRecord> api_calls;
  std::vector<SyncRecord> syncs;
  std::vector<ExternalCorrelation> correlations;
  std::vector<OpRecord> ops;
  std::vector<ConvolutionRecord> convolutions;  // only when the policy asks for them
  std::uint64_t dropped_records = 0;  // by the source's buffer cap and the tracer's record cap
  // Light iterations whose kernels did not follow their full iteration's order (other kernels, or
  // a different count on a stream): their kernels keep no operator.
  int replay_mismatches = 0;

  bool traced() const { return status == TraceStatus::Traced; }
};

}  // namespace inferscope::trace
