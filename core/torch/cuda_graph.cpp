// CUDA graph compile modes: capture the forward (eager, or an AOTInductor package's run) once on
// static inputs, then replay it. Removes per-kernel launch overhead (what torch.compile's
// "reduce-overhead" mode does in Python).
#include <fmt/format.h>

#include "core/common/error.h"
#include "core/torch/iteration_timer.h"
#include "core/torch/prepared_model.h"

#ifdef INFERSCOPE_WITH_CUDA
#include <ATen/autocast_mode.h>
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace inferscope::torchlayer {

#ifdef INFERSCOPE_WITH_CUDA
namespace {

struct CapturedGraph {
  at::cuda::CUDAGraph graph;
  std::vector<torch::Tensor> static_outputs;
  // What the captured forward ran (an AOTInductor package loader owns its weights): the graph's
  // kernels read that memory at every replay.
  std::shared_ptr<void> captured_from;
};

constexpr int kWarmupBeforeCapture =
    3;  // lets cuDNN benchmark and lazy inits happen outside the graph

}  // namespace

void captureCudaGraph(PreparedModel& m, const OptimizationConfig& config,
                      const torch::Device& device) {
  if (!device.is_cuda()) throw Error(ErrorKind::Unsupported, "CUDA graphs need a CUDA device");
  auto eager = m.forward;
  auto captured = std::make_shared<CapturedGraph>();
  captured->captured_from = m.keep_alive;
  {
    // Capture must not run on the legacy default stream.
    auto side = c10::cuda::getStreamFromPool(false, device.index());
    side.synchronize();
    c10::cuda::CUDAStreamGuard guard(side);
    for (int i = 0; i < kWarmupBeforeCapture; ++i) eager(m.inputs);
    side.synchronize();
    // Autocast's weight-cast cache would hold tensors allocated during capture; like
    // torch.cuda.graph in Python, capture with it off.
    const bool cache_was = at::autocast::is_autocast_cache_enabled();
    at::autocast::set_autocast_cache_enabled(false);
    try {
      captured->graph.capture_begin(at::cuda::graph_pool_handle());
      captured->static_outputs = eager(m.inputs);
      captured->graph.capture_end();
    } catch (...) {
      at::autocast::set_autocast_cache_enabled(cache_was);
      throw;
    }
    at::autocast::set_autocast_cache_enabled(cache_was);
    side.synchronize();
  }
  m.keep_alive = captured;
  // Inputs are the static tensors captured above: a caller with new data copies into m.inputs.
  m.forward = [captured](const std::vector<torch::Tensor>&) {
    captured->graph.replay();
    return captured->static_outputs;
  };
}

#else

void captureCudaGraph(PreparedModel&, const OptimizationConfig&, const torch::Device&) {
  throw Error(ErrorKind::Unsupported, "CUDA graphs need a CUDA build of InferScope");
}

#endif

}  // namespace inferscope::torchlayer
