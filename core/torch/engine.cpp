// engine::run — a session on this machine through LibTorch: the session's header (device, host,
// versions), its inputs resolved, then the session loop (core/engine/session_runner.h) over the
// LibTorch backend (torch_backend.h).
#include "core/engine/engine.h"

#include <fmt/format.h>
#include <unistd.h>

#include "core/common/error.h"
#include "core/common/time_format.h"
#include "core/common/version.h"
#include "core/engine/session_runner.h"
#include "core/model/model_zoo.h"
#include "core/torch/torch_backend.h"

namespace inferscope::engine {
namespace tl = torchlayer;
namespace {

std::string hostName() {
  char buf[256] = {};
  return ::gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : std::string();
}

}  // namespace

SessionResult run(const ProfileRequest& request_in, EventSink& sink, const CancelToken& cancel) {
  SessionResult session;
  session.generator = fmt::format("inferscope {}", kInferScopeVersion);
  session.created_utc = utcTimestamp();
  session.host = hostName();
  session.request = request_in;
  auto& request = session.request;
  if (request.device == DeviceKind::Cuda && !cudaAvailable()) {
#ifdef INFERSCOPE_WITH_CUDA
    throw Error(ErrorKind::Unsupported,
                "--device cuda: no CUDA device is visible (check nvidia-smi "
                "and CUDA_VISIBLE_DEVICES), or use --device cpu");
#else
    throw Error(ErrorKind::Unsupported,
                fmt::format("--device cuda: this InferScope is built against the CPU-only LibTorch "
                            "{}; rebuild against a CUDA LibTorch (README, 'Building with CUDA') or "
                            "use --device cpu",
                            libtorchVersion()));
#endif
  }
  session.device = deviceInfo(request.device, request.device_index);
  if (request.inputs.empty()) request.inputs = defaultInputs(request.model, request.batch);
  request.batch = request.inputs.front().batch();

  const torch::Device device =
      request.device == DeviceKind::Cuda
          ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(request.device_index))
          : torch::Device(torch::kCPU);
  tl::TorchBackend backend(request, device, sink, cancel);
  const SessionEnvironment environment{DeviceCaps::from(session.device), aotInductorAvailable(),
                                       device.is_cuda()};
  runSession(session, backend, environment, sink, cancel);
  return session;
}

}  // namespace inferscope::engine
