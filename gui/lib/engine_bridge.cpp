// EngineBridge: engine thread on one side, queued signals and a snapshot timer on the other.
// Only post() and the Sink run on the engine thread; everything else is GUI-thread code.
#include "gui/lib/engine_bridge.h"

#include <QThread>
#include <utility>

#include "core/common/error.h"
#include "core/runner/profile_run.h"

namespace inferscope::gui {

struct EngineBridge::Job {
  quint64 generation = 0;
  ProfileRequest request;
  CancelToken cancel;
  SampleCoalescer coalescer;
  QThread* thread = nullptr;
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

// The run layer's in-process run: the engine with a compile queue of the run's own, for the
// AOTInductor packages a plan's configs need.
EngineBridge::EngineBridge(QObject* parent)
    : EngineBridge(RunFunction(&runner::runInProcess), parent) {}

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
  if (active_ && active_->thread) {
    active_->cancel.cancel();
    active_->thread->wait();
    // Its finished() was queued to this object and dies with it: delete the thread here.
    delete active_->thread;
    active_->thread = nullptr;
  }
}

quint64 EngineBridge::start(const ProfileRequest& request) {
  auto job = std::make_shared<Job>();
  job->generation = ++generation_;  // from here on, the previous run's events are stale
  job->request = request;
  if (current_) current_->cancel.cancel();
  current_ = job;
  const bool was_running = running_;
  running_ = true;
  if (active_) {
    active_->cancel.cancel();
    pending_ = job;  // launched by onThreadFinished()
  } else {
    launch(job);
  }
  snapshot_timer_.start();
  if (!was_running) emit runningChanged(true);
  return job->generation;
}

void EngineBridge::cancel() {
  if (!running_ || !current_) return;
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
  job->thread = QThread::create([this, job, generation] {
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
  });
  job->thread->setObjectName(QStringLiteral("inferscope-engine-%1").arg(generation));
  connect(job->thread, &QThread::finished, this, [this, job] { onThreadFinished(job); });
  active_ = job;
  job->thread->start();
}

void EngineBridge::onThreadFinished(const std::shared_ptr<Job>& job) {
  if (job->thread) job->thread->deleteLater();
  job->thread = nullptr;
  if (active_ == job) active_.reset();
  if (pending_) launch(std::exchange(pending_, nullptr));
}

void EngineBridge::flushSnapshot() {
  if (!current_) return;
  if (auto snapshot = current_->coalescer.take()) emit snapshotReady(std::move(snapshot));
}

void EngineBridge::post(quint64 generation, std::function<void()> event) {
  QMetaObject::invokeMethod(
      this,
      [this, generation, event = std::move(event)] {
        if (generation != generation_) return;  // a restarted run's leftovers
        flushSnapshot();
        event();
      },
      Qt::QueuedConnection);
}

void EngineBridge::finishRun(quint64 generation) {
  if (generation != generation_) return;
  running_ = false;
  snapshot_timer_.stop();
}

}  // namespace inferscope::gui
