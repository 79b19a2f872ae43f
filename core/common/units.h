// The one place where time and size units are converted. Names elsewhere carry their unit
// (latency_ms, peak_bytes, start_ns); convert only through these helpers.
#pragma once

#include <chrono>
#include <cstdint>

namespace inferscope::units {

constexpr double kBytesPerMiB = 1024.0 * 1024.0;
constexpr double kBytesPerGiB = 1024.0 * kBytesPerMiB;

constexpr double nsToMs(std::int64_t ns) {
  return static_cast<double>(ns) / 1.0e6;
}
constexpr double nsToUs(std::int64_t ns) {
  return static_cast<double>(ns) / 1.0e3;
}
constexpr double msToS(double ms) {
  return ms / 1.0e3;
}
constexpr double sToMs(double s) {
  return s * 1.0e3;
}
constexpr double usToMs(double us) {
  return us / 1.0e3;
}
constexpr double msToUs(double ms) {
  return ms * 1.0e3;
}
constexpr double bytesToMiB(std::int64_t bytes) {
  return static_cast<double>(bytes) / kBytesPerMiB;
}
constexpr double bytesToGiB(std::int64_t bytes) {
  return static_cast<double>(bytes) / kBytesPerGiB;
}

template <class Duration>
double toMs(Duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

}  // namespace inferscope::units
