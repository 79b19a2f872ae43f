// "Run it live" for a lesson: the lesson's command line (`profile …`, `trace …` or `cudnn …`, as
// inferscope-cli takes it) run in this process through the run layer. The command line is read by
// inferscope-cli's own option definitions (cli/options/run_options.h: the same checks, the same
// errors naming the option, the same trust rule for --model-file and --trust), and the run is
// runner::runCommand (core/runner/command_run.h) on the engine thread (engine_pool.h), never the
// GUI thread; behind another engine job (the wizard's Validate, the main window's run) it waits,
// and hasStarted() says whether it still does. In process for profile and trace, in the one worker
// program for --isolate and the cuDNN ledger's modes (runner::defaultWorkerLauncher). No executable
// is searched for and no console text is read.
//
// Progress and each config's result are delivered on the GUI thread as values, in order, and the
// finished run last; the session is written to the path start() names and read back for the
// headline. Cancel sets the run's CancelToken: the engine stops within one iteration and the run
// layer stops its workers. Destroying a LiveRun cancels its run without waiting and delivers
// nothing more (JobTracker).
#pragma once

#include <QDir>
#include <QObject>
#include <QStringList>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/config_result.h"
#include "core/engine/event_sink.h"
#include "gui/lib/job_tracker.h"

namespace inferscope::gui {

class LiveRun : public QObject {
  Q_OBJECT

 public:
  enum class Outcome { Succeeded, Failed, Cancelled };
  struct ConfigLine {
    QString key;
    bool ok = false;
    double median_ms = 0;
    QString status;  // "unsupported", "error", … when not ok
  };
  struct Result {
    Outcome outcome = Outcome::Failed;
    // As inferscope-cli would have exited: 0 ok, 1 a config failed (still Succeeded: the failure
    // is a row of the session), 2 invalid input (a bad option, an untrusted model file), 3 model
    // not loadable, 4 unsupported here, 5 runtime error, 130 cancelled.
    int exit_code = -1;
    QString error;         // why the run failed, naming the option or file where there is one
    QString session_path;  // set on success
    std::vector<ConfigLine> configs;
  };

  // runLiveCommand's signature; tests hand in a fake.
  using RunFunction = std::function<Result(
      const std::vector<std::string>& arguments, const std::string& session_path,
      const std::string& folder, EventSink& sink, const CancelToken& cancel)>;

  explicit LiveRun(QObject* parent = nullptr);
  explicit LiveRun(RunFunction run, QObject* parent = nullptr);
  ~LiveRun() override;  // cancels a running run, without waiting for it

  // The model files the command reads (--model-file, --trust) given as relative paths that do not
  // exist in `dir` (the folder the command runs in).
  static QStringList missingFiles(const std::vector<std::string>& cli_args, const QDir& dir);

  // Starts the command line `arguments` (the command first: "profile", "-m", …) as if started in
  // `dir` (its relative paths are taken there), its session written to `session_path` (any -o in
  // `arguments` is replaced). False when a run is still going (its finished() has not come yet).
  bool start(const QStringList& arguments, const QString& session_path,
             const QDir& dir = QDir::current());
  void cancel();
  bool isRunning() const;
  // Whether the running run has reached the engine thread (false while it waits behind another
  // engine job).
  bool hasStarted() const { return started_; }

  // Waits until every engine job this process started (live runs, tunes, the main window's runs)
  // has left the engine thread (after a cancel, about one iteration); false when `timeout_ms`
  // passed first. For tests and the program's end.
  static bool waitForIdle(int timeout_ms);

 signals:
  // The run left the queue and runs on the engine thread.
  void started();
  // index counts from 0; `description` is the config's settings in the UI's language
  // (configDescription).
  void configStarted(int index, int count, const QString& key, const QString& description);
  // The running config's iterations, a few times a second at most.
  void progressed(const inferscope::Progress& progress);
  void configFinished(std::shared_ptr<const inferscope::ConfigResult> result);
  void finished(const inferscope::gui::LiveRun::Result& result);

 private:
  RunFunction run_;
  std::shared_ptr<CancelToken> cancel_;  // shared with the running job, which may outlive this
  bool started_ = false;
  JobTracker tracker_;  // last: its jobs post to the members above
};

// The run itself, as the job runs it on its thread: the command line parsed and run, its events
// to `sink` as they happen (on this thread), the session written to `session_path` and read back.
// `folder`: where the command's relative paths are taken ("" for the working folder).
LiveRun::Result runLiveCommand(const std::vector<std::string>& arguments,
                               const std::string& session_path, const std::string& folder,
                               EventSink& sink, const CancelToken& cancel);

}  // namespace inferscope::gui
