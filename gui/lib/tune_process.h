// The tuner for the GUI: `inferscope-cli tune --events ndjson` as a child process, its stdout read
// by the one event reader (core/session/event_stream_reader.h: envelope, version, bounded lines)
// and each event decoded as a tuner::TuneEvent value (core/tuner/tune_event.h). A child process
// rather than the engine thread because the tuner's finalists run in fresh processes anyway,
// compiles run in helper processes, and a crash or a hang of a config cannot take the window down;
// Cancel sends SIGTERM, which the CLI turns into a clean stop.
#pragma once

#include <QObject>
#include <QProcess>
#include <QStringList>
#include <memory>

#include "core/tuner/tune_event.h"

namespace inferscope {
class EventStreamReader;
struct StreamItem;
}  // namespace inferscope

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
  // exit_code 0: a winner; otherwise `error` holds the CLI's last stderr lines, after why its
  // events could not be read when they could not (another protocol version).
  void finished(int exit_code, const QString& error);

 private:
  void readLines();
  void handle(const std::vector<StreamItem>& items);

  QProcess* process_;
  std::unique_ptr<EventStreamReader> events_;
  QString protocol_error_;  // the first line of another protocol version
  QByteArray stderr_tail_;
};

}  // namespace inferscope::gui
