#include "core/runner/profile_run.h"

#include <fmt/format.h>

#include "core/engine/engine.h"
#include "core/roofline/roofline_place.h"
#include "core/runner/compile_queue.h"
#include "core/runner/fork_runner.h"
#include "core/runner/pinned_model.h"
#include "core/runner/python_profile.h"

namespace inferscope::runner {

SessionResult runInProcess(const ProfileRequest& request, EventSink& sink,
                           const CancelToken& cancel) {
  // A model only Python can build, not yet prepared (the GUI's profile run calls this directly):
  // the Python route, in this process and the worker. Prepared, it is one of that route's
  // AOTInductor configs, which the engine runs.
  if (builtInPython(request.model.source) && request.model.prepared_dir.empty())
    return runPythonProfile(request, ProfileRunOptions{}, sink, cancel);
  CompileQueue compiles;
  return engine::run(request, sink, cancel, &compiles);
}

SessionResult runProfile(const ProfileRequest& given, const ProfileRunOptions& options,
                         EventSink& sink, const CancelToken& cancel) {
  // What the user trusted is what this run loads, in this process or in every isolation worker
  // and fork (pinned_model.h): a file changed during the run stops it before the next worker.
  ProfileRequest request = given;
  PinnedModel pinned(request.model);
  const auto namedAsGiven = [&](SessionResult session) {
    // The session names the file the user gave, not this run's private copy.
    if (pinned.active()) session.request.model.path = given.model.path;
    return session;
  };
  // A model only Python can build runs its plan through the Python worker (and the engine for its
  // AOTInductor configs): one route for profile, sweep and the GUI's live run.
  if (builtInPython(request.model.source))
    return namedAsGiven(runPythonProfile(request, options, sink, cancel));
  if (!options.isolate && options.forks <= 1)
    return namedAsGiven(runInProcess(request, sink, cancel));
  SessionResult session = namedAsGiven(
      options.forks > 1 ? runForked(request, options.forks, sink, cancel, options.isolation)
                        : runIsolated(request, sink, cancel, options.isolation));
  if (const auto why = completeRoofline(session); !why.empty())
    sink.onLog(LogLevel::Warning, "roofline: " + why);
  return session;
}

std::string completeRoofline(SessionResult& session) {
  if (!session.request.run.roofline) return {};
  // Each worker placed its own config; compiled ones take an eager count only the whole session
  // has. The ceilings are the workers' (they measured them into the cache).
  std::string missing;
  if (!session.ceilings) {
    std::string why;
    session.ceilings = engine::cachedCeilings(session.device, &why);
    if (!session.ceilings)
      missing = fmt::format("no ceilings for {} ({})", session.device.name, why);
  }
  roofline::placeSession(session);
  return missing;
}

}  // namespace inferscope::runner
