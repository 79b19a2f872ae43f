// The GUI's one door to the engine (hotspot's PerfParser facade, for InferScope). start() runs
// the run layer's runner::runProfile (engine::run with the run's own compile queue; an entry point
// or ExportedProgram through the Python worker; a model file pinned to its trusted bytes) on the
// GUI's one engine thread (engine_pool.h: a lesson's live run or the wizard's Validate that holds
// it is waited for, and waitingForEngine() says so), which owns every LibTorch call, and turns the
// EventSink calls made there into signals emitted on the GUI thread:
//   - samples and progress are coalesced (SampleCoalescer) and leave as one snapshotReady() per
//     frame, at most ~30 per second however fast the model runs;
//   - config start/finish, log lines and the final session are queued as they happen;
//   - results cross as std::shared_ptr<const …>: immutable values, never shared mutable state.
// Every run gets a generation id. Events of an older generation (a run that was restarted or
// cancelled) are dropped on arrival, so a late result never lands in a newer run's view.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "core/common/cancel_token.h"
#include "core/engine/event_sink.h"
#include "core/engine/profile_request.h"
#include "core/engine/session_result.h"
#include "gui/lib/sample_coalescer.h"

namespace inferscope::gui {

class EngineBridge : public QObject {
  Q_OBJECT

 public:
  // runner::runInProcess's signature; tests inject a fake that streams synthetic samples.
  using RunFunction =
      std::function<SessionResult(const ProfileRequest&, EventSink&, const CancelToken&)>;

  // 34 ms: the snapshot timer's period, keeping snapshots at ≤ 30 Hz.
  static constexpr int kSnapshotIntervalMs = 34;

  explicit EngineBridge(QObject* parent = nullptr);
  explicit EngineBridge(RunFunction run, QObject* parent = nullptr);
  // Cancels a running session and waits for it to leave the engine thread (at most one
  // iteration); one still queued behind another engine job is taken off the queue.
  ~EngineBridge() override;

  // Starts a session and returns its generation. A session still running is cancelled first;
  // the new one starts as soon as the old one has left the engine thread, because torch's
  // process-global settings (cuDNN flags, matmul precision) allow one engine job at a time.
  quint64 start(const ProfileRequest& request);
  // Sets the running session's CancelToken: the engine stops within one iteration and still
  // reports a (cancelled) session.
  void cancel();

  bool isRunning() const { return running_; }
  quint64 generation() const { return generation_; }

 signals:
  void runningChanged(bool running);
  // The run waits behind another engine job (a lesson's live run, the wizard's Validate); `why`
  // names it. Its first configStarted() says it has started.
  void waitingForEngine(const QString& why);
  void configStarted(int index, int count, const QString& key);
  void snapshotReady(std::shared_ptr<const inferscope::gui::SampleSnapshot> snapshot);
  void configFinished(std::shared_ptr<const inferscope::ConfigResult> result);
  void logMessage(inferscope::LogLevel level, const QString& message);
  // The engine's final word: complete (or cancelled) session with every sample.
  void sessionFinished(std::shared_ptr<const inferscope::SessionResult> session);
  // The session could not start (unknown model, bad input, no CUDA): nothing ran.
  void runFailed(const QString& message);

 protected:
  // Runs the engine thread's posted events (WorkEvent) on the GUI thread.
  bool event(QEvent* e) override;

 private:
  struct Job;
  class Sink;

  void launch(const std::shared_ptr<Job>& job);
  // The job's runnable has left the engine thread: the next job may start.
  void onEngineLeft(const std::shared_ptr<Job>& job);
  // Takes the job's runnable off the engine pool's queue when it has not begun; false otherwise.
  static bool takeIfQueued(Job& job);
  // Emits whatever the current job's coalescer holds. Also called before each queued event, so
  // a config's samples always reach the GUI before that config's result.
  void flushSnapshot();
  // Posted from the engine thread (a WorkEvent, FIFO with the bridge's other posted events);
  // runs `event` on the GUI thread unless `generation` is stale.
  void post(quint64 generation, std::function<void()> event);
  // Posts `work` to run on the GUI thread, in the order posted (any thread).
  void postToGui(std::function<void()> work);
  void finishRun(quint64 generation);

  RunFunction run_;
  std::atomic<quint64> posted_events_{0};  // see postToGui()
  QTimer snapshot_timer_;
  std::shared_ptr<Job> current_;  // the job whose events are delivered
  std::shared_ptr<Job> pending_;  // waits for the previous job to leave the engine thread
  std::shared_ptr<Job> active_;   // the job on the engine pool (may be older than current_)
  quint64 generation_ = 0;
  bool running_ = false;
};

}  // namespace inferscope::gui

Q_DECLARE_METATYPE(std::shared_ptr<const inferscope::ConfigResult>)
Q_DECLARE_METATYPE(std::shared_ptr<const inferscope::SessionResult>)
Q_DECLARE_METATYPE(inferscope::LogLevel)
