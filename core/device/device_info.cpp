#include "core/device/device_info.h"

#include <fmt/format.h>

namespace inferscope {

const char* toString(DeviceKind kind) {
  return kind == DeviceKind::Cuda ? "cuda" : "cpu";
}

std::string DeviceInfo::deviceString() const {
  return kind == DeviceKind::Cuda ? fmt::format("cuda:{}", index) : std::string("cpu");
}

std::string DeviceInfo::computeCapability() const {
  return kind == DeviceKind::Cuda ? fmt::format("{}.{}", cc_major, cc_minor) : std::string();
}

std::string DeviceInfo::generation() const {
  return kind == DeviceKind::Cuda ? gpuGenerationName(cc_major, cc_minor) : std::string("CPU");
}

DeviceCaps DeviceCaps::from(const DeviceInfo& info) {
  DeviceCaps caps;
  caps.kind = info.kind;
  caps.cc_major = info.cc_major;
  caps.cc_minor = info.cc_minor;
  caps.has_cudnn = info.kind == DeviceKind::Cuda && !info.cudnn_version.empty();
  return caps;
}

std::string gpuGenerationName(int cc_major, int cc_minor) {
  const int cc = cc_major * 10 + cc_minor;
  if (cc == 70 || cc == 72) return "Volta";
  if (cc == 75) return "Turing";
  if (cc >= 80 && cc <= 87) return "Ampere";
  if (cc == 89) return "Ada Lovelace";
  if (cc == 90) return "Hopper";
  if (cc_major == 10 || cc_major == 11 || cc_major == 12) return "Blackwell";
  return fmt::format("sm_{}{}", cc_major, cc_minor);
}

}  // namespace inferscope
