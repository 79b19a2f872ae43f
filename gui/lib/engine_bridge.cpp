// EngineBridge: engine thread on one side, queued signals and a snapshot timer on the other.
// Only post() and the Sink run on the engine thread; everything else is GUI-thread code.
#include "gui/lib/engine_bridge.h"

#include <QCoreApplication>
#include <QRunnable>
#include <QThreadPool>
#include <condition_variable>
#include <mutex>
#include <utility>

#include "core/common/error.h"
#include "core/runner/profile_run.h"
#include "gui/lib/engine_pool.h"
#include "gui/lib/published_runnable.h"
#include "gui/lib/work_event.h"

namespace inferscope::gui {

struct EngineBridge::Job {
  quint64 generation = 0;
  ProfileRequest request;
  CancelToken cancel;
  SampleCoalescer coalescer;
  // The job's runnable while it is on enginePool(), queued or running; the pool deletes it.
  QRunnable* runnable = nullptr;
  // Between the engine thread and the GUI thread: whether the runnable has begun, and whether it
  // is done with the bridge (it posts nothing more), which ~EngineBridge waits for. Standard
  // types, not QMutex: their pthread calls are what ThreadSanitizer follows (Debian's Qt is not
  // built with it, and a QMutex reused at a freed one's address read as locked twice).
  std::mutex mutex;
  std::condition_variable left_cv;
  bool began = false, left = false;
};

// Runs on the engine thread and must return quickly: samples and progress go to the coalescer
// (a mutex-protected append), everything else is queued to the GUI thread.
class EngineBridge::Sink : public EventSink {
 public:
  Sink(EngineBridge* bridge, Job* job) : bridge_(bridge), job_(job) {}

  void onConfigStart(int index, int count, const OptimizationConfig& config) override {
    const QString key = QString::fromStdString(config.key());
    auto* bridge = bridge_;
    bridge_->post(job_->generation,
                  [bridge, index, count, key] { emit bridge->configStarted(index, count, key); });
  }
  void onSample(const Sample& sample) override { job_->coalescer.push(sample); }
  void onProgress(const Progress& progress) override { job_->coalescer.pushProgress(progress); }
  void onConfigDone(const ConfigResult& result) override {
    auto shared = std::make_shared<const ConfigResult>(result);
    auto* bridge = bridge_;
    bridge_->post(job_->generation, [bridge, shared] { emit bridge->configFinished(shared); });
  }
  void onLog(LogLevel level, const std::string& message) override {
    const QString text = QString::fromStdString(message);
    auto* bridge = bridge_;
    bridge_->post(job_->generation,
                  [bridge, level, text] { emit bridge->logMessage(level, text); });
  }
  // The session is taken from engine::run's return value instead, after the engine is done.

 private:
  EngineBridge* bridge_;
  Job* job_;
};

// The run layer's run as `inferscope-cli profile` makes it, in this process: the engine with a
// compile queue of the run's own (the AOTInductor packages a plan's configs need), and a model
// only Python can build through the Python worker; a model file pinned to the bytes the user
// trusted (pinned_model.h), so a file changed after the trust prompt is never run.
EngineBridge::EngineBridge(QObject* parent)
    : EngineBridge(RunFunction([](const ProfileRequest& request, EventSink& sink,
                                  const CancelToken& cancel) {
                     return runner::runProfile(request, runner::ProfileRunOptions{}, sink, cancel);
                   }),
                   parent) {}

EngineBridge::EngineBridge(RunFunction run, QObject* parent)
    : QObject(parent), run_(std::move(run)) {
  qRegisterMetaType<std::shared_ptr<const SampleSnapshot>>();
  qRegisterMetaType<std::shared_ptr<const ConfigResult>>();
  qRegisterMetaType<std::shared_ptr<const SessionResult>>();
  qRegisterMetaType<LogLevel>();
  snapshot_timer_.setInterval(kSnapshotIntervalMs);
  connect(&snapshot_timer_, &QTimer::timeout, this, &EngineBridge::flushSnapshot);
}

EngineBridge::~EngineBridge() {
  pending_.reset();
  if (current_) current_->cancel.cancel();
  if (active_ && active_->runnable) {
    active_->cancel.cancel();
    // Queued behind another engine job: it never runs. Running: it stops within one iteration,
    // and its posts need this object until it has left.
    if (!takeIfQueued(*active_)) {
      std::unique_lock lock(active_->mutex);
      active_->left_cv.wait(lock, [this] { return active_->left; });
    }
    // Its "left" event was queued to this object and dies with it.
    active_->runnable = nullptr;
  }
}

bool EngineBridge::takeIfQueued(Job& job) {
  // Under the job's mutex the runnable cannot begin, so it is alive: in the pool's queue (taken
  // here) or waiting for this mutex at its start (then it runs, and finds itself cancelled).
  const std::lock_guard lock(job.mutex);
  if (job.began || !job.runnable) return false;
  if (!enginePool()->tryTake(job.runnable)) return false;
  delete job.runnable;  // tryTake hands a queued runnable back to its caller
  job.runnable = nullptr;
  return true;
}

quint64 EngineBridge::start(const ProfileRequest& request) {
  auto job = std::make_shared<Job>();
  job->generation = ++generation_;  // from here on, the previous run's events are stale
  job->request = request;
  if (current_) current_->cancel.cancel();
  current_ = job;
  const bool was_running = running_;
  running_ = true;
  // A run still queued behind another engine job never starts; a running one stops within one
  // iteration, and the new one waits for it.
  if (active_ && takeIfQueued(*active_)) active_.reset();
  if (active_) {
    active_->cancel.cancel();
    pending_ = job;  // launched by onEngineLeft()
  } else {
    launch(job);
  }
  snapshot_timer_.start();
  if (!was_running) emit runningChanged(true);
  return job->generation;
}

void EngineBridge::cancel() {
  if (!running_ || !current_) return;
  if (active_ == current_ && takeIfQueued(*current_)) {
    // It waited behind another engine job and never started: nothing to stop.
    active_.reset();
    emit logMessage(LogLevel::Info, tr("run cancelled before it started"));
    finishRun(current_->generation);
    emit runningChanged(false);
    return;
  }
  if (pending_ == current_) {
    // It never started: nothing to stop, and no session will come.
    pending_.reset();
    emit logMessage(LogLevel::Info, tr("run cancelled before it started"));
    finishRun(current_->generation);
    emit runningChanged(false);
    return;
  }
  current_->cancel.cancel();
}

void EngineBridge::launch(const std::shared_ptr<Job>& job) {
  const quint64 generation = job->generation;
  // Another engine job (a lesson's live run, the wizard's Validate) holds the engine thread: this
  // run waits for it, and says so until its first config starts.
  if (const auto ahead = runningEngineJob()) emit waitingForEngine(engineWaitText(*ahead));
  job->runnable = new PublishedRunnable([this, job, generation] {
    {
      const std::lock_guard lock(job->mutex);
      job->began = true;
    }
    {
      const EngineJobScope engine(EngineJob::MainWindowRun);
      Sink sink(this, job.get());
      try {
        auto session = std::make_shared<const SessionResult>(run_(job->request, sink, job->cancel));
        post(generation, [this, session, generation] {
          finishRun(generation);
          emit sessionFinished(session);
          emit runningChanged(false);
        });
      } catch (const std::exception& e) {
        // engine::run throws Error with a message written for the user; anything else is a bug
        // worth showing as it is rather than losing.
        const QString message = QString::fromStdString(e.what());
        post(generation, [this, message, generation] {
          finishRun(generation);
          emit runFailed(message);
          emit runningChanged(false);
        });
      }
    }
    postToGui([this, job] { onEngineLeft(job); });
    // The last touch of the bridge: from here ~EngineBridge may run.
    const std::lock_guard lock(job->mutex);
    job->left = true;
    job->left_cv.notify_all();
  });
  active_ = job;
  enginePool()->start(job->runnable);
}

void EngineBridge::onEngineLeft(const std::shared_ptr<Job>& job) {
  job->runnable = nullptr;
  if (active_ == job) active_.reset();
  if (pending_) launch(std::exchange(pending_, nullptr));
}

void EngineBridge::flushSnapshot() {
  if (!current_) return;
  if (auto snapshot = current_->coalescer.take()) emit snapshotReady(std::move(snapshot));
}

void EngineBridge::post(quint64 generation, std::function<void()> event) {
  postToGui([this, generation, event = std::move(event)] {
    if (generation != generation_) return;  // a restarted run's leftovers
    flushSnapshot();
    event();
  });
}

void EngineBridge::postToGui(std::function<void()> work) {
  auto* e = new WorkEvent(std::move(work));
  // Qt's event queue hands the event over through a mutex inside libQt6Core, which is not built
  // with ThreadSanitizer: the GUI thread's reads of an event the engine thread made then look
  // unordered (QMetaObject::invokeMethod's queued functor failed tst_enginebridge under TSan in
  // one run in twenty). This release, and the acquire that event() makes before it reads any
  // event, give the order Qt's queue gives where the sanitizer sees it, as PublishedRunnable does
  // for the other direction. An event still queued when the bridge goes is deleted after
  // ~EngineBridge has waited for the engine job (a std::mutex, which TSan follows).
  posted_events_.fetch_add(1, std::memory_order_release);
  QCoreApplication::postEvent(this, e);
}

bool EngineBridge::event(QEvent* e) {
  static_cast<void>(posted_events_.load(std::memory_order_acquire));
  if (e->type() != WorkEvent::eventType()) return QObject::event(e);
  static_cast<WorkEvent*>(e)->run();
  return true;
}

void EngineBridge::finishRun(quint64 generation) {
  if (generation != generation_) return;
  running_ = false;
  snapshot_timer_.stop();
}

}  // namespace inferscope::gui
