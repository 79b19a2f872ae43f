// File names the GUI writes: the extension a save dialog's filter implies, added when the user
// typed a name without it (Qt's dialogs do not add it on every platform).
#pragma once

#include <QString>

namespace inferscope::gui {

inline QString withSuffix(QString path, const QString& suffix) {
  if (!path.endsWith(suffix, Qt::CaseInsensitive)) path += suffix;
  return path;
}

}  // namespace inferscope::gui
