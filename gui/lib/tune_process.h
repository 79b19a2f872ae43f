// The tuner for the GUI: `inferscope-cli tune --events ndjson` as a child process, its lines read
// as tuner::TuneEvent values (core/tuner/tune_event.h). A child process rather than the engine
// thread because the tuner's finalists run in fresh processes anyway, compiles run in helper
// processes, and a crash or a hang of a config cannot take the window down; Cancel sends SIGTERM,
// which the CLI turns into a clean stop.
#pragma once

#include <QObject>
#include <QProcess>
#include <QStringList>

#include "core/tuner/tune_event.h"

namespace inferscope::gui {

class TuneProcess : public QObject {
  Q_OBJECT

 public:
  explicit TuneProcess(QObject* parent = nullptr);
  ~TuneProcess() override;

  // $INFERSCOPE_CLI, else inferscope-cli next to this program (installed), else in the build
  // tree's cli/ folder; empty when there is none.
  static QString cliPath();
  // Starts `inferscope-cli tune --events ndjson ARGUMENTS`; false (and finished() with the reason)
  // when the CLI cannot be found or started.
  bool start(const QStringList& arguments);
  void cancel();
  bool isRunning() const;

 signals:
  void eventReceived(const inferscope::tuner::TuneEvent& event);
  // exit_code 0: a winner; otherwise `error` holds the CLI's last stderr lines.
  void finished(int exit_code, const QString& error);

 private:
  void readLines();

  QProcess* process_;
  QByteArray pending_;
  QByteArray stderr_tail_;
};

}  // namespace inferscope::gui
