// The PyTorch / LibTorch version an export targets. It decides which API the exported code calls:
// the TF32 controls changed in 2.9 (fp32_precision, never mixed with the legacy flags), the C++
// fp32_precision setter took enums from 2.10, autocast got per-device-type functions in 2.4, and
// AOTInductor packages load from C++ since 2.6. Every such threshold lives here.
#pragma once

#include <string>
#include <string_view>

namespace inferscope::advisor {

struct TorchVersion {
  int major = 2;
  int minor = 11;

  // Accepts "2.11", "2.11.0", "2.11.0+cu130", "2.9.0a0+git1234"; throws Error(InvalidInput) for
  // anything else and for versions before 2.0 (the guide assumes PyTorch 2.x).
  static TorchVersion parse(std::string_view text);
  std::string str() const;  // "2.11"

  bool atLeast(int maj, int min) const { return major > maj || (major == maj && minor >= min); }
  bool operator==(const TorchVersion& o) const { return major == o.major && minor == o.minor; }
  bool operator!=(const TorchVersion& o) const { return !(*this == o); }

  // torch.backends.*.fp32_precision / Context::setFloat32Precision (2.9+).
  bool hasFp32PrecisionApi() const { return atLeast(2, 9); }
  // C++: setFloat32Precision(Float32Backend, Float32Op, Float32Precision) enums (2.10+; 2.9 took
  // strings).
  bool hasEnumFp32PrecisionApi() const { return atLeast(2, 10); }
  // C++: at::autocast::set_autocast_enabled(DeviceType, bool) and friends (2.4+).
  bool hasDeviceTypeAutocastApi() const { return atLeast(2, 4); }
  // torch::inductor::AOTIModelPackageLoader (2.6+).
  bool hasAotInductor() const { return atLeast(2, 6); }
  // AOTIModelPackageLoader's run_single_threaded runner, which a CUDA graph can capture (2.7+).
  bool hasCapturableAotInductor() const { return atLeast(2, 7); }
  // "fp32_precision (PyTorch >= 2.9)" or "set_float32_matmul_precision + allow_tf32 (legacy)".
  const char* tf32ApiName() const;
};

// The version exports target when the user names none.
inline constexpr std::string_view kDefaultTargetTorch = "2.11";

}  // namespace inferscope::advisor
