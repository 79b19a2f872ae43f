#include "gui/app/app_output.h"

#include <QPixmap>
#include <cstdio>

#include "core/common/printable.h"
#include "gui/lib/image_file.h"

namespace inferscope::gui {

void say(const QString& message) {
  std::fprintf(stderr, "inferscope: %s\n", printable(message.toStdString()).c_str());
}

int refuse(const QString& message) {
  say(message);
  return 2;
}

int savePicture(const QPixmap& picture, const QString& path, const char* what) {
  QString error;
  if (!saveImageFile(picture.toImage(), path, &error)) {
    say(QStringLiteral("could not write the %1: %2").arg(QString::fromLatin1(what), error));
    return 1;
  }
  say(QStringLiteral("%1 written to %2").arg(QString::fromLatin1(what), path));
  return 0;
}

}  // namespace inferscope::gui
