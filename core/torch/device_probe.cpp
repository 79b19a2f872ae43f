// DeviceInfo for the CPU and each CUDA device, with the versions of every library in the path.
#include <ATen/Parallel.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/common/error.h"
#include "core/engine/engine.h"
#include "core/torch/torch_compat.h"
#include "core/torch/torch_pch.h"

#ifdef INFERSCOPE_WITH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <cuda_runtime_api.h>
#endif

namespace inferscope::engine {
namespace {

std::string cpuModelName() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "CPU";
}

#ifdef INFERSCOPE_WITH_CUDA
// "580.95.05" from the kernel module's banner ("NVRM version: NVIDIA UNIX [Open] Kernel Module
// [for x86_64]  580.95.05  …"): the first token after "Module" made of digits and dots.
std::string nvidiaDriverVersion() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string line;
  if (!std::getline(in, line)) return {};
  const auto pos = line.find("Module");
  if (pos == std::string::npos) return {};
  std::istringstream tokens(line.substr(pos + 6));
  std::string token;
  while (tokens >> token) {
    if (!token.empty() && std::isdigit(static_cast<unsigned char>(token[0])) &&
        token.find('.') != std::string::npos &&
        token.find_first_not_of("0123456789.") == std::string::npos) {
      return token;
    }
  }
  return {};
}

std::string cudaVersionString(int v) {
  return fmt::format("{}.{}", v / 1000, (v % 1000) / 10);
}

#endif

DeviceInfo cpuInfo() {
  DeviceInfo d;
  d.kind = DeviceKind::Cpu;
  d.name = cpuModelName();
  d.multiprocessors = static_cast<int>(std::thread::hardware_concurrency());
  d.total_memory_bytes =
      static_cast<std::int64_t>(::sysconf(_SC_PHYS_PAGES)) * ::sysconf(_SC_PAGESIZE);
  d.cpu_threads = at::get_num_threads();
  d.libtorch_version = TORCH_VERSION;
  return d;
}

}  // namespace

std::string libtorchVersion() {
  return TORCH_VERSION;
}

bool cudaAvailable() {
  return torch::cuda::is_available();
}

bool aotInductorAvailable() {
#if defined(INFERSCOPE_WITH_CUDA) && INFERSCOPE_TORCH_AT_LEAST(2, 6)
  return true;
#else
  return false;
#endif
}

DeviceInfo deviceInfo(DeviceKind kind, int index) {
  if (kind == DeviceKind::Cpu) return cpuInfo();
#ifdef INFERSCOPE_WITH_CUDA
  const int count = static_cast<int>(torch::cuda::device_count());
  if (index < 0 || index >= count) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("no CUDA device {} (this machine has {})", index, count));
  }
  const auto* p = at::cuda::getDeviceProperties(index);
  DeviceInfo d;
  d.kind = DeviceKind::Cuda;
  d.index = index;
  d.name = p->name;
  d.cc_major = p->major;
  d.cc_minor = p->minor;
  d.total_memory_bytes = static_cast<std::int64_t>(p->totalGlobalMem);
  d.multiprocessors = p->multiProcessorCount;
  d.driver_version = nvidiaDriverVersion();
  int runtime = 0;
  if (cudaRuntimeGetVersion(&runtime) == cudaSuccess)
    d.cuda_runtime_version = cudaVersionString(runtime);
  if (at::detail::getCUDAHooks().hasCuDNN()) {
    d.cudnn_version = std::to_string(at::detail::getCUDAHooks().versionCuDNN());
  }
  d.libtorch_version = TORCH_VERSION;
  d.cpu_threads = at::get_num_threads();
  return d;
#else
  throw Error(
      ErrorKind::Unsupported,
      fmt::format("CUDA device {} requested, but this InferScope was built against a CPU-only "
                  "LibTorch {} (see README, 'Building with CUDA')",
                  index, TORCH_VERSION));
#endif
}

std::vector<DeviceInfo> listDevices() {
  std::vector<DeviceInfo> out{cpuInfo()};
#ifdef INFERSCOPE_WITH_CUDA
  if (torch::cuda::is_available()) {
    for (int i = 0; i < static_cast<int>(torch::cuda::device_count()); ++i)
      out.push_back(deviceInfo(DeviceKind::Cuda, i));
  }
#endif
  return out;
}

}  // namespace inferscope::engine
