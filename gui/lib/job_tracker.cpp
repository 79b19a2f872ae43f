// JobTracker: jobs on a pool, deliveries posted to the owner under a mutex its destructor takes.
#include "gui/lib/job_tracker.h"

#include <QMutex>
#include <QMutexLocker>
#include <atomic>
#include <exception>

#include "gui/lib/log_categories.h"
#include "gui/lib/published_runnable.h"

namespace inferscope::gui {

struct JobTracker::State {
  QString name;
  std::atomic<JobId> latest{0};  // the job whose result is wanted; bumped to make the rest stale
  bool running = false;          // owner's thread only
  QMutex mutex;
  QObject* owner = nullptr;  // guarded by mutex; null once the tracker is gone
};

// Posts `f` to the owner's thread, where it runs if `job` is still the latest.
void JobTracker::postToOwner(const std::shared_ptr<State>& state, JobId job,
                             std::function<void()> f) {
  QMutexLocker lock(&state->mutex);
  if (!state->owner) {
    qCDebug(jobsLog) << state->name << "job" << job << "dropped: its owner is gone";
    return;
  }
  QMetaObject::invokeMethod(
      state->owner,
      [state, job, f = std::move(f)] {
        if (state->latest.load() != job) {
          qCDebug(jobsLog) << state->name << "job" << job << "dropped on delivery: stale";
          return;
        }
        f();
      },
      Qt::QueuedConnection);
}

JobTracker::JobTracker(QObject* owner, QString name, QThreadPool* pool)
    : state_(std::make_shared<State>()), pool_(pool ? pool : QThreadPool::globalInstance()) {
  state_->name = std::move(name);
  state_->owner = owner;
}

JobTracker::~JobTracker() {
  // A job still running finds itself stale; one already posted is removed with the owner (or, if
  // the owner outlives this tracker, finds itself stale on delivery).
  ++state_->latest;
  QMutexLocker lock(&state_->mutex);
  state_->owner = nullptr;
}

JobTracker::JobId JobTracker::startErased(
    std::function<std::function<void()>(const Channel&)> job) {
  const JobId id = ++state_->latest;
  state_->running = true;
  qCDebug(jobsLog) << state_->name << "job" << id << "started";
  pool_->start(new PublishedRunnable([state = state_, id, job = std::move(job)] {
    if (state->latest.load() != id) {
      qCDebug(jobsLog) << state->name << "job" << id << "dropped before it ran: stale";
      return;
    }
    std::function<void()> delivery;
    try {
      delivery = job(Channel(state, id));
    } catch (const std::exception& e) {
      qCWarning(jobsLog) << state->name << "job" << id << "failed:" << e.what();
    } catch (...) {
      qCWarning(jobsLog) << state->name << "job" << id << "failed with an unknown exception";
    }
    if (state->latest.load() != id) {
      qCDebug(jobsLog) << state->name << "job" << id << "dropped after it ran: stale";
      return;
    }
    postToOwner(state, id, [state, delivery = std::move(delivery)] {
      state->running = false;
      if (delivery) delivery();
    });
  }));
  return id;
}

void JobTracker::Channel::post(std::function<void()> f) const {
  if (isStale()) return;
  postToOwner(state_, job_, std::move(f));
}

bool JobTracker::Channel::isStale() const {
  return state_->latest.load() != job_;
}

void JobTracker::cancel() {
  if (state_->running) qCDebug(jobsLog) << state_->name << "job" << latest() << "cancelled";
  ++state_->latest;
  state_->running = false;
}

bool JobTracker::isRunning() const {
  return state_->running;
}

JobTracker::JobId JobTracker::latest() const {
  return state_->latest.load();
}

bool JobTracker::isStale(JobId job) const {
  return state_->latest.load() != job;
}

}  // namespace inferscope::gui
