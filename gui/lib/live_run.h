// "Run it live" for a lesson: the lesson's `inferscope-cli` command as a child process (never
// through a shell), found by cliPath() below, with `--events ndjson`
// and `-o SESSION` added. Progress comes from the command's run events on stdout, read by the one
// event reader (core/session/event_stream_reader.h): config_start says which config runs. The
// headline of a finished run comes from the session file it wrote. Cancel sends SIGTERM, which the
// CLI turns into a clean stop (exit 130), and kills it if it is still there a few seconds later.
#pragma once

#include <QDir>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <memory>
#include <string>
#include <vector>

namespace inferscope {
class EventStreamReader;
struct StreamItem;
}  // namespace inferscope

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
    int exit_code = -1;
    QString error;         // the CLI's last stderr lines, or why it did not start
    QString session_path;  // set on success
    std::vector<ConfigLine> configs;
    // The CLI's events could not be read (another protocol version: another InferScope), so no
    // progress was shown; empty when they could. Lines that are not events (a model's print())
    // are skipped without a word here.
    QString notice;
  };

  explicit LiveRun(QObject* parent = nullptr);
  ~LiveRun() override;

  // The model files the command reads (--model-file, --trust) given as relative paths that do not
  // exist in `dir` (the folder the command runs in).
  static QStringList missingFiles(const std::vector<std::string>& cli_args, const QDir& dir);
  // The inferscope-cli that runs a lesson's command: $INFERSCOPE_CLI, else the one next to this
  // program (installed), else the build tree's cli/ folder; empty when there is none.
  static QString cliPath();

  // Starts `inferscope-cli ARGUMENTS -o session_path` in `dir`; false (and finished() with the
  // reason) when the CLI cannot be found.
  bool start(const QStringList& arguments, const QString& session_path,
             const QDir& dir = QDir::current());
  void cancel();
  bool isRunning() const;

 signals:
  // index counts from 0.
  void configStarted(int index, int count, const QString& key, const QString& description);
  void finished(const inferscope::gui::LiveRun::Result& result);

 private:
  void readStdout();
  void readStderr();
  void handle(const std::vector<StreamItem>& items);
  void onFinished(int code, QProcess::ExitStatus status);
  Result resultFromSession(int exit_code) const;

  QProcess* process_;
  QString session_path_;
  std::unique_ptr<EventStreamReader> events_;
  QString notice_;
  QByteArray stderr_tail_;
  bool cancelled_ = false;
};

}  // namespace inferscope::gui
