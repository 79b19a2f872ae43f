#include "core/engine/config_result.h"

#include <algorithm>

#include "core/engine/session_result.h"

namespace inferscope {

const char* toString(ConfigStatus status) {
  switch (status) {
    case ConfigStatus::Ok:
      return "ok";
    case ConfigStatus::Unsupported:
      return "unsupported";
    case ConfigStatus::OutOfMemory:
      return "oom";
    case ConfigStatus::Error:
      return "error";
    case ConfigStatus::Cancelled:
      return "cancelled";
  }
  return "error";
}

std::optional<ConfigStatus> parseConfigStatus(std::string_view text) {
  for (auto s : {ConfigStatus::Ok, ConfigStatus::Unsupported, ConfigStatus::OutOfMemory,
                 ConfigStatus::Error, ConfigStatus::Cancelled}) {
    if (text == toString(s)) return s;
  }
  return std::nullopt;
}

std::vector<double> ConfigResult::steadyLatencies() const {
  std::size_t start =
      steady.analysed ? steady.steady_start : static_cast<std::size_t>(warmup_iterations);
  start = std::min(start, latency_ms.size());
  return {latency_ms.begin() + static_cast<std::ptrdiff_t>(start), latency_ms.end()};
}

const ConfigResult* SessionResult::find(const std::string& key) const {
  for (const auto& c : configs) {
    if (c.config.key() == key) return &c;
  }
  return nullptr;
}

}  // namespace inferscope
