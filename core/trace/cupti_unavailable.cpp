// The CUPTI factory of builds without CUPTI (the CPU flavour, CI): a source that never starts and
// says why, so that the engine's tracing path is the same in every build.
#include "core/trace/activity_source.h"

namespace inferscope::trace {

std::unique_ptr<ActivitySource> makeCuptiActivitySource() {
  return std::make_unique<RecordlessActivitySource>(
      "unavailable", StartStatus::failure("untraced: CUPTI not available in this build"));
}

bool cuptiCompiledIn() {
  return false;
}

}  // namespace inferscope::trace
