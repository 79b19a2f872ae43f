#include "gui/lib/engine_pool.h"

#include <QCoreApplication>
#include <QMutex>
#include <QMutexLocker>
#include <QThreadPool>

namespace inferscope::gui {
namespace {

QMutex running_mutex;
std::optional<EngineJob> running_job;  // guarded by running_mutex

}  // namespace

QThreadPool* enginePool() {
  // An object, not a leaked pointer: at the program's end its destructor waits for a job still
  // winding down after its cancel (about one iteration), so that no engine thread is inside
  // LibTorch while the process's static objects are destroyed.
  static QThreadPool pool;
  static const bool configured = [] {
    pool.setMaxThreadCount(1);
    pool.setObjectName(QStringLiteral("inferscope engine"));
    return true;
  }();
  (void)configured;
  return &pool;
}

EngineJobScope::EngineJobScope(EngineJob job) {
  QMutexLocker lock(&running_mutex);
  running_job = job;
}

EngineJobScope::~EngineJobScope() {
  QMutexLocker lock(&running_mutex);
  running_job.reset();
}

std::optional<EngineJob> runningEngineJob() {
  QMutexLocker lock(&running_mutex);
  return running_job;
}

QString engineJobName(EngineJob job) {
  switch (job) {
    case EngineJob::MainWindowRun:
      return QCoreApplication::translate("EnginePool", "the main window's run");
    case EngineJob::Validation:
      return QCoreApplication::translate("EnginePool", "the wizard's validation");
    case EngineJob::LessonLiveRun:
      return QCoreApplication::translate("EnginePool", "a lesson's live run");
  }
  return {};
}

QString engineWaitText(EngineJob ahead) {
  return QCoreApplication::translate(
             "EnginePool",
             "Waiting for %1 to finish: the engine runs one job at a time, because torch's "
             "settings are process-wide.")
      .arg(engineJobName(ahead));
}

bool waitForEngineIdle(int timeout_ms) {
  return enginePool()->waitForDone(timeout_ms);
}

}  // namespace inferscope::gui
