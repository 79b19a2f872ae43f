#include "gui/lib/recent_files.h"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace inferscope::gui {
namespace {

const QString kKey = QStringLiteral("recentFiles");

void store(const QStringList& files) {
  QSettings().setValue(kKey, files);
}

}  // namespace

QStringList RecentFiles::files() {
  QStringList files;
  for (const auto& path : QSettings().value(kKey).toStringList()) {
    if (QFileInfo::exists(path) && !files.contains(path)) files << path;
  }
  return files.mid(0, kMaxFiles);
}

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(absolute);
  list.prepend(absolute);
  store(list.mid(0, kMaxFiles));
}

void RecentFiles::remove(const QString& path) {
  QStringList list = files();
  list.removeAll(QFileInfo(path).absoluteFilePath());
  store(list);
}

void RecentFiles::clear() {
  store({});
}

QString RecentFiles::lastDirectory() {
  const QString dir = QSettings().value(QStringLiteral("files/lastDirectory")).toString();
  return QFileInfo(dir).isDir()
             ? dir
             : QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

void RecentFiles::rememberDirectory(const QString& file_path) {
  QSettings().setValue(QStringLiteral("files/lastDirectory"), QFileInfo(file_path).absolutePath());
}

}  // namespace inferscope::gui
