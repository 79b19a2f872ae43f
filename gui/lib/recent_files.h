// The File ▸ Open Recent list, kept in QSettings so it survives restarts. Most recent first,
// no duplicates, at most kMaxFiles; files that vanished are pruned when the list is read. Beside
// it the folder the last file dialog was in, where open, save and export dialogs all start.
#pragma once

#include <QString>
#include <QStringList>

namespace inferscope::gui {

class RecentFiles {
 public:
  static constexpr int kMaxFiles = 8;

  static QStringList files();
  static void add(const QString& path);
  static void remove(const QString& path);
  static void clear();

  // The last folder a file was opened from or written to; Documents when there is none (or it
  // vanished).
  static QString lastDirectory();
  static void rememberDirectory(const QString& file_path);
};

}  // namespace inferscope::gui
