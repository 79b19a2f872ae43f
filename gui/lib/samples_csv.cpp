// SamplesCsv: '.' decimal point and full precision whatever the locale — a CSV is for programs.
#include "gui/lib/samples_csv.h"

#include "core/common/error.h"
#include "core/common/file_io.h"

namespace inferscope::gui {

QString SamplesCsv::header() {
  return QStringLiteral("config,key,iteration,warmup,latency_ms,host_ms\n");
}

QString SamplesCsv::toText(const SessionResult& session, int* rows) {
  QString text = header();
  int n = 0;
  for (const auto& c : session.configs) {
    // Keys are [a-z0-9+-]; quoting keeps the file valid should that ever change.
    const QString key = QStringLiteral("\"%1\"").arg(
        QString::fromStdString(c.config.key()).replace(QLatin1Char('"'), QStringLiteral("\"\"")));
    for (std::size_t i = 0; i < c.latency_ms.size(); ++i) {
      const QString host =
          i < c.host_ms.size() ? QString::number(c.host_ms[i], 'g', 10) : QString();
      text += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                  .arg(c.index)
                  .arg(key)
                  .arg(i)
                  .arg(static_cast<int>(i) < c.warmup_iterations ? 1 : 0)
                  .arg(QString::number(c.latency_ms[i], 'g', 10), host);
      ++n;
    }
  }
  if (rows) *rows = n;
  return text;
}

int SamplesCsv::write(const SessionResult& session, const QString& path, QString* error) {
  int rows = 0;
  const QByteArray bytes = toText(session, &rows).toUtf8();
  try {  // the project's one safe writer: never onto a device, mode and symlinks kept
    writeFileAtomically(
        path.toStdString(),
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
  } catch (const Error& e) {
    if (error) *error = QString::fromStdString(e.what());
    return -1;
  }
  return rows;
}

}  // namespace inferscope::gui
