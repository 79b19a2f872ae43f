// What InferScope knows about a device it can run on: identity, capabilities and the versions of
// every library in the path (they go into every session file, so a number is never without
// context).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace inferscope {

enum class DeviceKind { Cpu, Cuda };

const char* toString(DeviceKind kind);

struct DeviceInfo {
  DeviceKind kind = DeviceKind::Cpu;
  int index = 0;     // CUDA ordinal; 0 for the CPU
  std::string name;  // "NVIDIA H200" or the CPU model name
  int cc_major = 0;  // compute capability (CUDA only)
  int cc_minor = 0;
  std::int64_t total_memory_bytes = 0;
  int multiprocessors = 0;     // SMs (CUDA) or logical cores (CPU)
  std::string driver_version;  // e.g. "580.95.05" (CUDA) — empty when unknown
  std::string cuda_runtime_version;
  std::string cudnn_version;
  std::string libtorch_version;
  int cpu_threads = 0;  // intra-op threads LibTorch uses

  // "cuda:0" / "cpu": the device string the CLI and LibTorch accept.
  std::string deviceString() const;
  // "9.0" or "" for the CPU.
  std::string computeCapability() const;
  // "Hopper", "Ampere", … from the compute capability; "CPU" for the CPU.
  std::string generation() const;
};

// Hardware features that decide whether a setting can run (OptimizationConfig validation).
struct DeviceCaps {
  DeviceKind kind = DeviceKind::Cpu;
  int cc_major = 0;
  int cc_minor = 0;
  bool has_cudnn = false;

  static DeviceCaps from(const DeviceInfo& info);
  int ccTimesTen() const { return cc_major * 10 + cc_minor; }
  bool isCuda() const { return kind == DeviceKind::Cuda; }
  bool hasTensorCores() const { return isCuda() && ccTimesTen() >= 70; }
  bool supportsBf16() const { return isCuda() && ccTimesTen() >= 80; }
  bool supportsTf32() const { return isCuda() && ccTimesTen() >= 80; }
  bool supportsFp8() const { return isCuda() && ccTimesTen() >= 89; }
};

// Generation name for a compute capability (Volta 7.0, Turing 7.5, Ampere 8.0–8.7, Ada 8.9,
// Hopper 9.0, Blackwell 10.x/12.x); "sm_XY" for anything the table does not know.
std::string gpuGenerationName(int cc_major, int cc_minor);

}  // namespace inferscope
