// Time budgets of a run (RunSettings): how much of the session's budget the next config may use.
#pragma once

#include <cstddef>

#include "core/engine/profile_request.h"

namespace inferscope {

// The time budget of the next config in ms (0: none): its own budget, capped by an equal share of
// what is left of the session's budget, `session_elapsed_ms` into it, over the `configs_left`
// still to run (a slow config leaves less for the rest).
double configBudgetMs(const RunSettings& run, double session_elapsed_ms, std::size_t configs_left);

}  // namespace inferscope
