#include "gui/lib/live_run.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTimer>
#include <variant>

#include "core/session/event_stream_reader.h"
#include "core/session/session_file.h"
#include "gui/lib/log_categories.h"

namespace inferscope::gui {

namespace {

constexpr int kCancelled = 130;     // the CLI's exit status after SIGINT/SIGTERM
constexpr int kKillAfterMs = 5000;  // a CLI that has not stopped by then is killed
constexpr int kStderrTailBytes = 4096;

}  // namespace

LiveRun::LiveRun(QObject* parent) : QObject(parent), process_(new QProcess(this)) {
  // stdout: the run's events (--events ndjson); stderr: the CLI's messages, kept for a failure.
  connect(process_, &QProcess::readyReadStandardOutput, this, &LiveRun::readStdout);
  connect(process_, &QProcess::readyReadStandardError, this, &LiveRun::readStderr);
  connect(process_, &QProcess::finished, this, &LiveRun::onFinished);
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart) return;
    Result r;
    r.error = tr("cannot start %1: %2").arg(process_->program(), process_->errorString());
    emit finished(r);
  });
}

LiveRun::~LiveRun() {
  if (process_->state() != QProcess::NotRunning) {
    process_->disconnect(this);
    process_->terminate();
    if (!process_->waitForFinished(3000)) process_->kill();
  }
}

QStringList LiveRun::missingFiles(const std::vector<std::string>& cli_args, const QDir& dir) {
  QStringList missing;
  for (std::size_t i = 0; i + 1 < cli_args.size(); ++i) {
    if (cli_args[i] != "--model-file" && cli_args[i] != "--trust") continue;
    const QString file = QString::fromStdString(cli_args[i + 1]);
    if (QFileInfo(file).isRelative() && !QFileInfo::exists(dir.filePath(file)) &&
        !missing.contains(file))
      missing << file;
  }
  return missing;
}

QString LiveRun::cliPath() {
  const QString configured = qEnvironmentVariable("INFERSCOPE_CLI");
  if (!configured.isEmpty()) return QFileInfo(configured).isExecutable() ? configured : QString();
  const QDir app(QCoreApplication::applicationDirPath());
  for (const auto& candidate :
       {QStringLiteral("inferscope-cli"), QStringLiteral("../cli/inferscope-cli"),
        QStringLiteral("../../cli/inferscope-cli")}) {
    const QFileInfo file(app.filePath(candidate));
    if (file.isFile() && file.isExecutable()) return file.canonicalFilePath();
  }
  return {};
}

bool LiveRun::start(const QStringList& arguments, const QString& session_path, const QDir& dir) {
  if (isRunning()) return false;
  const QString cli = cliPath();
  if (cli.isEmpty()) {
    Result r;
    r.error =
        tr("inferscope-cli was not found next to this program; set INFERSCOPE_CLI to its path");
    emit finished(r);
    return false;
  }
  session_path_ = session_path;
  events_ = std::make_unique<EventStreamReader>("inferscope-cli's events");
  notice_.clear();
  stderr_tail_.clear();
  cancelled_ = false;
  process_->setWorkingDirectory(dir.absolutePath());
  process_->start(cli, arguments + QStringList{QStringLiteral("--events"), QStringLiteral("ndjson"),
                                               QStringLiteral("-o"), session_path});
  return true;
}

void LiveRun::cancel() {
  if (!isRunning() || cancelled_) return;
  cancelled_ = true;
  process_->terminate();  // SIGTERM: the CLI's cancel token, then its clean exit (130)
  QTimer::singleShot(kKillAfterMs, process_, [p = process_] {
    if (p->state() != QProcess::NotRunning) p->kill();
  });
}

bool LiveRun::isRunning() const {
  return process_->state() != QProcess::NotRunning;
}

void LiveRun::readStdout() {
  const QByteArray chunk = process_->readAllStandardOutput();
  if (events_)
    handle(
        events_->feed(std::string_view(chunk.constData(), static_cast<std::size_t>(chunk.size()))));
}

void LiveRun::handle(const std::vector<StreamItem>& items) {
  for (const auto& item : items) {
    if (!item.event) {
      // Another version's events say nothing this window can trust: progress stays blank, and
      // the run's end says why. Anything else (a model's print() on the same stdout) is skipped.
      if (item.problem == StreamItem::Problem::OtherVersion && notice_.isEmpty())
        notice_ = QString::fromStdString(item.error);
      if (item.problem == StreamItem::Problem::NotAnEvent)
        qCDebug(liveLog).noquote() << QString::fromStdString(item.error);
      else
        qCWarning(liveLog).noquote() << QString::fromStdString(item.error);
      continue;
    }
    if (!item.event->run) continue;  // an event a newer CLI added
    if (const auto* start = std::get_if<ConfigStartEvent>(&*item.event->run)) {
      emit configStarted(start->index, start->count, QString::fromStdString(start->config.key()),
                         QString::fromStdString(start->config.describe()));
    }
  }
}

void LiveRun::readStderr() {
  stderr_tail_ += process_->readAllStandardError();
  if (stderr_tail_.size() > kStderrTailBytes) stderr_tail_ = stderr_tail_.right(kStderrTailBytes);
}

void LiveRun::onFinished(int code, QProcess::ExitStatus status) {
  readStdout();
  readStderr();
  if (events_) handle(events_->finish());
  const int exit_code = status == QProcess::NormalExit ? code : -1;
  Result r;
  if (cancelled_ || exit_code == kCancelled) {
    r.outcome = Outcome::Cancelled;
    r.exit_code = exit_code;
  } else if (exit_code == 0 || exit_code == 1) {
    // 1: a config failed; the others' results are in the session, and the failure is a row of it.
    r = resultFromSession(exit_code);
  } else {
    r.exit_code = exit_code;
  }
  if (r.outcome != Outcome::Succeeded) {
    QStringList lines = QString::fromUtf8(stderr_tail_).trimmed().split(QLatin1Char('\n'));
    lines = lines.mid(std::max<qsizetype>(0, lines.size() - 3));
    if (!r.error.isEmpty()) lines.prepend(r.error);
    r.error = lines.join(QLatin1Char('\n')).trimmed();
    if (status == QProcess::CrashExit && !cancelled_)
      r.error = tr("inferscope-cli crashed") +
                (r.error.isEmpty() ? QString() : QLatin1Char('\n') + r.error);
  }
  if (!notice_.isEmpty()) r.notice = tr("Progress was not shown: %1").arg(notice_);
  emit finished(r);
}

LiveRun::Result LiveRun::resultFromSession(int exit_code) const {
  Result r;
  r.exit_code = exit_code;
  try {
    const SessionResult session = loadSession(session_path_.toStdString());
    for (const auto& c : session.configs) {
      ConfigLine line{QString::fromStdString(c.config.key()), c.status == ConfigStatus::Ok,
                      c.stats.median_ms, QString::fromUtf8(toString(c.status))};
      r.configs.push_back(line);
    }
    r.outcome = Outcome::Succeeded;
    r.session_path = session_path_;
  } catch (const std::exception& e) {
    r.outcome = Outcome::Failed;
    r.error =
        tr("the run ended but its session could not be read: %1").arg(QString::fromUtf8(e.what()));
  }
  return r;
}

}  // namespace inferscope::gui
