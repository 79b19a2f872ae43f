#include "core/engine/fault_injection.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace inferscope {

bool faultInjectedOom(const std::string& config_key) {
  const char* list = std::getenv("INFERSCOPE_FAULT_OOM");
  if (!list) return false;
  const std::string padded = fmt::format(",{},", list);
  return padded.find(fmt::format(",{},", config_key)) != std::string::npos;
}

bool faultInjectedOom(const std::string& config_key, std::int64_t batch) {
  if (faultInjectedOom(config_key)) return true;
  const char* list = std::getenv("INFERSCOPE_FAULT_OOM_ABOVE_BATCH");
  if (!list) return false;
  std::string_view rest = list;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const auto entry = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const auto eq = entry.rfind('=');
    if (eq == std::string_view::npos) continue;
    const auto key = entry.substr(0, eq);
    if (key != "*" && key != config_key) continue;
    std::int64_t limit = 0;
    const auto number = entry.substr(eq + 1);
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), limit);
    if (ec == std::errc() && end == number.data() + number.size() && batch > limit) return true;
  }
  return false;
}

}  // namespace inferscope
