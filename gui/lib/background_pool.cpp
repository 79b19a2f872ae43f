#include "gui/lib/background_pool.h"

#include <QThread>
#include <QThreadPool>

namespace inferscope::gui {
namespace {

// One ranking and one autosave at a time are all a run produces.
QThreadPool* makeBackgroundPool() {
  auto* pool = new QThreadPool;
  pool->setMaxThreadCount(2);
  pool->setThreadPriority(QThread::IdlePriority);
  return pool;
}

}  // namespace

QThreadPool* backgroundPool() {
  // Like QThreadPool::globalInstance(), never destroyed before the threads: jobs hold only
  // shared state and post their results through the application object.
  static QThreadPool* pool = makeBackgroundPool();
  return pool;
}

}  // namespace inferscope::gui
