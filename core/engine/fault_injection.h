// Fault injection for tests and demos, through the environment so that it reaches isolation
// workers too: INFERSCOPE_FAULT_OOM=key1,key2 makes those configs fail with an out-of-memory error
// after their model is prepared, exercising the recovery path on machines that never run out.
#pragma once

#include <string>

namespace inferscope {

// Whether INFERSCOPE_FAULT_OOM lists `config_key` (a whole key of its comma-separated list).
bool faultInjectedOom(const std::string& config_key);

}  // namespace inferscope
