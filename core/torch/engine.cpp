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
#include "core/roofline/ceiling_cache.h"
#include "core/roofline/roofline_place.h"
#include "core/torch/accuracy.h"
#include "core/torch/ceiling_probe.h"
#include "core/torch/prepared_model.h"
#include "core/torch/torch_backend.h"

namespace inferscope::engine {
namespace tl = torchlayer;
namespace {

std::string hostName() {
  char buf[256] = {};
  return ::gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : std::string();
}

}  // namespace

std::optional<roofline::DeviceCeilings> cachedCeilings(const DeviceInfo& device, std::string* why) {
  const std::string dir = roofline::defaultCeilingCacheDir();
  if (dir.empty()) {
    if (why != nullptr) *why = "neither XDG_CACHE_HOME nor HOME is set";
    return std::nullopt;
  }
  auto c = roofline::loadCachedCeilings(dir, tl::ceilingKey(device), why);
  if (c) roofline::addDatasheetFigures(*c);
  return c;
}

std::optional<roofline::DeviceCeilings> deviceCeilings(DeviceKind kind, int index, EventSink& sink,
                                                       std::string* why) {
  const DeviceInfo info = deviceInfo(kind, index);
  const torch::Device device =
      kind == DeviceKind::Cuda ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(index))
                               : torch::Device(torch::kCPU);
  try {
    std::string log;
    auto c = roofline::ceilingsFor(
        roofline::defaultCeilingCacheDir(), tl::ceilingKey(info),
        [&] {
          sink.onLog(LogLevel::Info,
                     fmt::format("measuring the {} ceilings (matmul per precision, copy bandwidth)",
                                 info.name));
          return tl::measureCeilings(device, info);
        },
        &log);
    if (!log.empty()) sink.onLog(LogLevel::Info, fmt::format("roofline ceilings: {}", log));
    return c;
  } catch (const std::exception& e) {
    if (why != nullptr)
      *why = fmt::format("measuring the {} ceilings failed: {}", info.name, e.what());
    return std::nullopt;
  }
}

SessionResult run(const ProfileRequest& request_in, EventSink& sink, const CancelToken& cancel,
                  PackageCompiler* compiler) {
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
  tl::TorchBackend backend(request, device, sink, cancel, {}, compiler);
  SessionEnvironment environment;
  environment.caps = DeviceCaps::from(session.device);
  environment.aot_inductor_available = aotInductorAvailable();
  environment.device_is_cuda = device.is_cuda();
  if (request.run.roofline) {
    // Once per device and software stack: the cache holds them (ceiling_cache.h).
    std::string why;
    session.ceilings = roofline::ceilingsFor(
        roofline::defaultCeilingCacheDir(), tl::ceilingKey(session.device),
        [&] {
          sink.onLog(LogLevel::Info,
                     fmt::format("measuring the {} ceilings (matmul per precision, copy bandwidth)",
                                 session.device.name));
          return tl::measureCeilings(device, session.device);
        },
        &why);
    if (!why.empty()) sink.onLog(LogLevel::Info, fmt::format("roofline ceilings: {}", why));
    environment.finish_config = [](ConfigResult& r, const SessionResult& s) {
      roofline::placeConfig(r, s.configs, s.ceilings ? &*s.ceilings : nullptr);
    };
  }
  runSession(session, backend, environment, sink, cancel);
  return session;
}

AccuracyStats compareOutputArchives(const std::string& candidate_path,
                                    const std::string& reference_path) {
  return torchlayer::compareOutputs(torchlayer::loadTensorArchive(candidate_path),
                                    torchlayer::loadTensorArchive(reference_path));
}

}  // namespace inferscope::engine
