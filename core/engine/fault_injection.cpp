#include "core/engine/fault_injection.h"

#include <fmt/format.h>

#include <cstdlib>

namespace inferscope {

bool faultInjectedOom(const std::string& config_key) {
  const char* list = std::getenv("INFERSCOPE_FAULT_OOM");
  if (!list) return false;
  const std::string padded = fmt::format(",{},", list);
  return padded.find(fmt::format(",{},", config_key)) != std::string::npos;
}

}  // namespace inferscope
