#include "gui/lib/tune_process.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/session/event_stream_reader.h"
#include "gui/lib/log_categories.h"

namespace inferscope::gui {

TuneProcess::TuneProcess(QObject* parent) : QObject(parent), process_(new QProcess(this)) {
  connect(process_, &QProcess::readyReadStandardOutput, this, &TuneProcess::readLines);
  connect(process_, &QProcess::readyReadStandardError, this, [this] {
    stderr_tail_ += process_->readAllStandardError();
    if (stderr_tail_.size() > 4096) stderr_tail_ = stderr_tail_.right(4096);
  });
  connect(process_, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
    readLines();
    if (events_) handle(events_->finish());
    auto lines = QString::fromUtf8(stderr_tail_).trimmed().split(QLatin1Char('\n'));
    lines = lines.mid(std::max<qsizetype>(0, lines.size() - 3));
    if (!protocol_error_.isEmpty()) lines.prepend(protocol_error_);
    emit finished(status == QProcess::NormalExit ? code : -1,
                  lines.join(QLatin1Char('\n')).trimmed());
  });
  connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
    if (error == QProcess::FailedToStart)
      emit finished(-1,
                    tr("cannot start %1: %2").arg(process_->program(), process_->errorString()));
  });
}

TuneProcess::~TuneProcess() {
  if (process_->state() != QProcess::NotRunning) {
    process_->terminate();
    if (!process_->waitForFinished(3000)) process_->kill();
  }
}

QString TuneProcess::cliPath() {
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

bool TuneProcess::start(const QStringList& arguments) {
  if (isRunning()) return false;
  const QString cli = cliPath();
  if (cli.isEmpty()) {
    emit finished(
        -1,
        tr("inferscope-cli was not found next to this program; set INFERSCOPE_CLI to its path"));
    return false;
  }
  events_ = std::make_unique<EventStreamReader>("inferscope-cli tune's events");
  protocol_error_.clear();
  stderr_tail_.clear();
  process_->start(cli, QStringList{QStringLiteral("tune"), QStringLiteral("--events"),
                                   QStringLiteral("ndjson")} +
                           arguments);
  return true;
}

void TuneProcess::cancel() {
  if (isRunning()) process_->terminate();  // SIGTERM: the CLI's cancel token, then its clean exit
}

bool TuneProcess::isRunning() const {
  return process_->state() != QProcess::NotRunning;
}

void TuneProcess::readLines() {
  const QByteArray chunk = process_->readAllStandardOutput();
  if (events_)
    handle(
        events_->feed(std::string_view(chunk.constData(), static_cast<std::size_t>(chunk.size()))));
}

void TuneProcess::handle(const std::vector<StreamItem>& items) {
  for (const auto& item : items) {
    if (!item.event) {
      // A model's print() shares the stream and is skipped; another protocol version means
      // another InferScope, which the end of the run reports.
      if (item.problem == StreamItem::Problem::OtherVersion && protocol_error_.isEmpty())
        protocol_error_ = QString::fromStdString(item.error);
      if (item.problem == StreamItem::Problem::NotAnEvent)
        qCDebug(tuneLog).noquote() << QString::fromStdString(item.error);
      else
        qCWarning(tuneLog).noquote() << QString::fromStdString(item.error);
      continue;
    }
    if (auto event = tuner::parseTuneEvent(item.event->text)) emit eventReceived(*event);
  }
}

}  // namespace inferscope::gui
