// A profile or sweep run of a model that only Python can build (an ExportedProgram .pt2 or a
// --model-py entry point), the route runProfile takes for them: the Python worker prepares the
// model once (its example inputs, unless --input overrides them, and its strict-FP32 reference),
// then the session loop (core/engine/session_runner.h) runs the plan through a backend that sends
// each config where it can run: eager and torch.compile configs to the worker (its long-lived
// process; a fresh one per config with isolation, N with forks), AOTInductor configs to the engine
// on the prepared inputs. Every result then gets the same steady-state analysis, the same accuracy
// rule against the same FP32 reference and the same session fields as a zoo model's, so the GUI's
// tabs read it alike. With the roofline on, the worker counts each eager config's work with the
// engine's instruments (python_worker.h, PythonInstruments) and every config is placed under the
// device's ceilings as it finishes, compiled ones on an eager config's count.
#pragma once

#include <string>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"
#include "core/runner/profile_run.h"

namespace inferscope::runner {

// `request.model` is built in Python (builtInPython): runs its plan as described above. Throws
// Error(ModelLoad) with the worker's message when the model cannot be built or run,
// Error(Unsupported) for what the worker's PyTorch cannot load.
SessionResult runPythonProfile(const ProfileRequest& request, const ProfileRunOptions& options,
                               EventSink& sink, const CancelToken& cancel);

}  // namespace inferscope::runner
