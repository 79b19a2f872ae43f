// The tuner for the GUI, in this process: runner::runTuning (core/runner/tuning.h) on the engine
// thread (engine_pool.h: behind another engine job it waits, and hasStarted() says whether it still
// does), never the GUI thread, its observer calls turned into the tuner::TuneEvent values
// the race view renders (runner::TuneEventWriter's lines, decoded by parseTuneEvent: the very
// events `inferscope-cli tune --events ndjson` prints) and delivered on the GUI thread, in order,
// with the finished run last, as a value. Crash isolation is the run layer's: a model file's
// configs run in isolation workers and the finalists in fresh processes (the one worker program,
// runner::defaultWorkerLauncher()), so a config that crashes or hangs costs that config.
//
// Cancel sets the run layer's CancelToken: the race stops within one measurement, the run layer
// kills its workers, and finished() still comes with the cancelled run. Destroying the job cancels
// it without waiting: the run ends on its pool thread and nothing is delivered (JobTracker).
#pragma once

#include <QObject>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/profile_request.h"
#include "core/runner/tuning.h"
#include "core/tuner/tune_event.h"
#include "gui/lib/job_tracker.h"

namespace inferscope::gui {

// What to tune: runTuning's arguments, and where to write the session ("" for nowhere).
struct TuneJobRequest {
  ProfileRequest request;
  std::vector<OptimizationConfig> seeds;  // lead the race (the wizard's recommendation)
  tuner::RaceOptions race;
  runner::TuneSettings settings;  // its launcher: defaultWorkerLauncher() unless a test names one
  std::string session_path;
};

// How a tune ended, as values.
struct TuneOutcome {
  runner::TuningRun run;     // the answer and the session (empty when the run failed as a whole)
  std::string session_path;  // where the session was written; "" when nothing was
  std::string error;         // why the whole run failed (model, inputs, device); "" otherwise
  int exit_code = 0;         // as inferscope-cli tune's: 0 a winner, 1 none, 130 cancelled, 2–5
};

class TuneJob : public QObject {
  Q_OBJECT

 public:
  // runTuneJob's signature; tests hand in a fake.
  using RunFunction = std::function<TuneOutcome(const TuneJobRequest&, const CancelToken&,
                                                const std::function<void(tuner::TuneEvent)>&)>;

  explicit TuneJob(QObject* parent = nullptr);
  explicit TuneJob(RunFunction run, QObject* parent = nullptr);
  ~TuneJob() override;  // cancels a running tune, without waiting for it

  // A request for `request`'s model with inferscope-cli tune's defaults: the race's options
  // (warm-up 10, 20 screening iterations, 3 finalists in 3 fresh processes of 100 iterations),
  // the budget of setTuneBudget(budget_s, the model's source), the accuracy rule, the default
  // worker launcher.
  static TuneJobRequest defaults(const ProfileRequest& request, double budget_s,
                                 const AccuracyRule& rule);

  // Starts the tune; false when one is still running (its finished() has not come yet).
  bool start(TuneJobRequest request);
  void cancel();
  bool isRunning() const;
  // Whether the running tune has reached the engine thread (false while it waits behind another
  // engine job).
  bool hasStarted() const { return started_; }

  // Waits until every engine job this process started (tunes, live runs, the main window's runs)
  // has left the engine thread (after a cancel, about one measurement); false when `timeout_ms`
  // passed first. For tests and the program's end.
  static bool waitForIdle(int timeout_ms);

 signals:
  // The tune left the queue and runs on the engine thread.
  void started();
  void eventReceived(const inferscope::tuner::TuneEvent& event);
  void finished(std::shared_ptr<const inferscope::gui::TuneOutcome> outcome);

 private:
  RunFunction run_;
  std::shared_ptr<CancelToken> cancel_;  // shared with the running tune, which may outlive this
  bool started_ = false;
  JobTracker tracker_;  // last: its jobs post to the members above
};

// The tune itself, as the job runs it on its thread: events to `deliver` as they happen (on this
// thread), the session written to request.session_path, the outcome returned.
TuneOutcome runTuneJob(const TuneJobRequest& request, const CancelToken& cancel,
                       const std::function<void(tuner::TuneEvent)>& deliver);

}  // namespace inferscope::gui
