#include "core/engine/run_budget.h"

#include <algorithm>

namespace inferscope {

double configBudgetMs(const RunSettings& run, double session_elapsed_ms, std::size_t configs_left) {
  double budget = run.config_time_budget_ms;
  if (run.session_time_budget_ms > 0 && configs_left > 0) {
    const double left = std::max(0.0, run.session_time_budget_ms - session_elapsed_ms);
    const double share = left / static_cast<double>(configs_left);
    budget = budget > 0 ? std::min(budget, share) : share;
  }
  return budget;
}

}  // namespace inferscope
