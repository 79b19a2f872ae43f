// The one engine thread of this process. A run changes torch's process-global settings — TF32 and
// the matmul precision, cuDNN's benchmark and deterministic flags — for as long as it measures
// (GlobalSettingsGuard restores them at the end), so two runs at once would each measure under
// the other's settings, and the guard of the one that ends first would reset them under the other.
// Every job of the GUI that runs the engine — the main window's run (EngineBridge), the wizard's
// Validate (TuneJob), a lesson's live run (LiveRun) — therefore runs on this pool: one thread, the
// jobs in the order they were started. A job started while another runs waits for it, and its
// view says behind what (engineWaitText), until it starts.
#pragma once

#include <QString>
#include <optional>

class QThreadPool;

namespace inferscope::gui {

enum class EngineJob { MainWindowRun, Validation, LessonLiveRun };

// The pool every engine job runs on: one thread, jobs in the order started; at the program's end
// it waits for the job still running.
QThreadPool* enginePool();

// Held by an engine job while it runs on the engine thread, so that a job queued behind it can say
// what it waits for.
class EngineJobScope {
 public:
  explicit EngineJobScope(EngineJob job);
  ~EngineJobScope();
  EngineJobScope(const EngineJobScope&) = delete;
  EngineJobScope& operator=(const EngineJobScope&) = delete;
};

// The job the engine thread runs now; nothing when it is idle. Any thread.
std::optional<EngineJob> runningEngineJob();

// "the wizard's validation", in the UI's language.
QString engineJobName(EngineJob job);

// What a job queued behind `ahead` says until it starts: that it waits, for what, and why.
QString engineWaitText(EngineJob ahead);

// Waits until no engine job runs or waits; false when `timeout_ms` passed first. For tests and
// the program's end.
bool waitForEngineIdle(int timeout_ms);

}  // namespace inferscope::gui
