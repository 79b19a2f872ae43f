#include "gui/lib/break_even.h"

namespace inferscope::gui {

std::optional<JobCost> JobCost::of(const ConfigResult& result) {
  if (result.status != ConfigStatus::Ok || !(result.stats.median_ms > 0)) return std::nullopt;
  return JobCost{result.setup_ms, result.stats.median_ms};
}

std::optional<double> breakEvenInferences(const JobCost& eager, const JobCost& compiled) {
  const double extra_setup_ms = compiled.setup_ms - eager.setup_ms;
  const double saved_ms = eager.per_inference_ms - compiled.per_inference_ms;
  if (!(extra_setup_ms > 0) || !(saved_ms > 0)) return std::nullopt;
  return extra_setup_ms / saved_ms;
}

}  // namespace inferscope::gui
