// How numbers look in the GUI: units always named, thousands separators from the locale, and no
// more significant digits than a latency measurement supports (three). Conversions between units
// go through core/common/units.h; this file only decides the text.
#pragma once

#include <QString>
#include <cstdint>

#include "core/device/device_info.h"

namespace inferscope::gui {

class ValueFormat {
 public:
  // 3 significant digits, grouped: 0.0452, 4.52, 45.2, 452, 4,520.
  static QString number(double value, int significant_digits = 3);
  // "45.2 ms" — values of a column whose header names the unit use number() instead.
  static QString ms(double latency_ms);
  static QString mib(std::int64_t bytes);             // "265.3"
  static QString itemsPerSecond(double items_per_s);  // "1,234"
  // Relative error in scientific notation ("3.1e-03"); exactly zero stays "0".
  static QString relativeError(double error);
  // "NVIDIA H200 (sm_90, Hopper)", or the CPU's model name ("CPU" when unknown).
  static QString deviceName(const DeviceInfo& device);
  // "driver 580.95 · CUDA 12.8 · cuDNN 9.19 · LibTorch 2.11": the versions a result depends on,
  // those that are known.
  // cuDNN's version number as it reads: 91900 → "9.19.0" (cuDNN 9: major·10000 + minor·100 +
  // patch), 8902 → "8.9.2" (cuDNN 8 and older: major·1000 + minor·100 + patch); text that is not a
  // number comes back as it is.
  static QString cudnnVersion(const std::string& version);
  static QString deviceVersions(const DeviceInfo& device);
  // "00:41", or "1:02:05" past an hour.
  static QString elapsed(double elapsed_ms);
};

}  // namespace inferscope::gui
