// A fixture's config turned into one that ran out of memory, as the engine records it: the
// allocator's message, no series and no statistics (the views must not draw a level it never had).
#pragma once

#include <string>
#include <utility>

#include "core/engine/config_result.h"

namespace inferscope {

inline void markOutOfMemory(ConfigResult& config, std::string message) {
  config.status = ConfigStatus::OutOfMemory;
  config.message = std::move(message);
  config.latency_ms.clear();
  config.host_ms.clear();
  config.stats = {};
  config.steady = {};
}

}  // namespace inferscope
