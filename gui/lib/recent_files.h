// The File ▸ Open Recent list, kept in QSettings so it survives restarts. Most recent first,
// no duplicates, at most kMaxFiles; files that vanished are pruned when the list is read.
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
};

}  // namespace inferscope::gui
