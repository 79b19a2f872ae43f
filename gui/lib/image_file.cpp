#include "gui/lib/image_file.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImageWriter>
#include <string_view>

#include "core/common/error.h"
#include "core/common/file_io.h"

namespace inferscope::gui {

bool saveFileAtomically(const QByteArray& bytes, const QString& path, QString* error) {
  try {
    writeFileAtomically(
        path.toStdString(),
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    return true;
  } catch (const Error& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

bool saveImageFile(const QImage& image, const QString& path, QString* error) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QImageWriter writer(&buffer, QFileInfo(path).suffix().toLower().toLatin1());
  if (image.isNull() || !writer.write(image)) {
    if (error)
      *error = QStringLiteral("cannot encode the picture for %1: %2")
                   .arg(path, image.isNull() ? QStringLiteral("the picture is empty")
                                             : writer.errorString());
    return false;
  }
  buffer.close();
  return saveFileAtomically(bytes, path, error);
}

}  // namespace inferscope::gui
