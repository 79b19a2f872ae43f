// A profile or sweep run as the user asked for it: in this process (engine::run), or each config
// in a fresh worker (isolation), or in N fresh workers each (forks); the session completed with
// the roofline values only the whole session has. The CLI's profile and sweep call it. A model
// only Python can build (an ExportedProgram, a --model-py entry point) takes the Python route
// (python_profile.h) with the same options.
#pragma once

#include <string>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"
#include "core/runner/isolated_runner.h"

namespace inferscope::runner {

struct ProfileRunOptions {
  bool isolate = false;        // each config in a fresh worker (true cold starts)
  int forks = 1;               // > 1: each config in this many fresh workers (implies isolation)
  IsolationOptions isolation;  // the workers' launcher and timeout, when they run
};

SessionResult runProfile(const ProfileRequest& request, const ProfileRunOptions& options,
                         EventSink& sink, const CancelToken& cancel);

// The request in this process (engine::run), with a compile queue of its own for the AOTInductor
// packages its configs need (compile_queue.h; a compile still running when the run ends is
// stopped). What the profile run above, an isolation worker, `trace` and the GUI's engine thread
// call: a run owns its compiles, so nothing is shared between runs but the package cache. A model
// only Python can build that is not prepared yet takes the Python route (python_profile.h).
SessionResult runInProcess(const ProfileRequest& request, EventSink& sink,
                           const CancelToken& cancel);

// Roofline values that need the whole session (isolated workers and merged shards ran their configs
// apart): the device's cached ceilings, and compiled configs' work from an eager config. No-op
// without RunSettings::roofline. Returns why the ceilings are missing ("" when they are there):
// they are read from the cache, never measured here, so this process opens no device.
std::string completeRoofline(SessionResult& session);

}  // namespace inferscope::runner
