// Forks (`--forks N`): every config of the plan in N fresh isolation workers, interleaved round by
// round (all configs once, then all again…) so that a host whose level drifts over minutes
// touches every config alike. The result holds one ConfigResult per config: its first process's
// run, the other processes' runs as `forks`, and the across-process statistics (`fork_stats`,
// core/analysis/fork_analysis.h). docs/MEASUREMENT.md, "Forks".
#pragma once

#include "core/runner/isolated_runner.h"

namespace inferscope::runner {

SessionResult runForked(const ProfileRequest& request, int forks, EventSink& sink,
                        const CancelToken& cancel, const IsolationOptions& options);

}  // namespace inferscope::runner
