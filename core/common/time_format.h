// Wall-clock timestamps for session files (ISO 8601, UTC).
#pragma once

#include <ctime>
#include <string>

namespace inferscope {

inline std::string utcTimestamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace inferscope
