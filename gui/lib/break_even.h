// What a compile costs a job and when it pays for itself. A job of N inferences on one config
// takes its set-up once (model copy, settings and any compile, before iteration 0: the session's
// setup_ms) and then N inferences at its steady median; a compiled config starts later and runs
// faster, so its total catches up with its eager twin's after some number of inferences — the
// break-even the compilation lesson draws (BreakEvenChart) and states (its `break_even` metric).
#pragma once

#include <optional>

#include "core/engine/config_result.h"

namespace inferscope::gui {

struct JobCost {
  double setup_ms = 0;
  double per_inference_ms = 0;

  // The whole job of `inferences`, set-up included.
  double totalMs(double inferences) const { return setup_ms + inferences * per_inference_ms; }
  // A finished config's set-up and steady median; nullopt when it has no median to run at.
  static std::optional<JobCost> of(const ConfigResult& result);
};

// The number of inferences after which `compiled` has taken as long in all as `eager`:
// (extra set-up) / (time saved per inference). nullopt when there is nothing to win back (no
// extra set-up: the compiled config is ahead from the start, or not faster: it never catches up).
std::optional<double> breakEvenInferences(const JobCost& eager, const JobCost& compiled);

}  // namespace inferscope::gui
