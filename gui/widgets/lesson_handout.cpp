#include "gui/widgets/lesson_handout.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>

#include "core/common/error.h"
#include "core/common/run_files.h"
#include "gui/lib/image_file.h"
#include "gui/widgets/presentation_window.h"

namespace inferscope::gui {
namespace {

// Calls `each(slide, pixmap)` for every slide, then goes back to the slide shown before.
template <class Each>
bool forEachSlide(PresentationWindow& window, Each each) {
  const int before = window.currentSlide();
  bool ok = true;
  for (int i = 0; ok && i < static_cast<int>(window.slides().size()); ++i) {
    window.showSlide(i);
    window.renderNow();
    ok = each(i, window.grab());
  }
  window.showSlide(before);
  return ok;
}

}  // namespace

QStringList exportHandoutPngs(PresentationWindow& window, const QString& directory,
                              QString* error) {
  QStringList written;
  if (!QDir().mkpath(directory)) {
    if (error)
      *error = QCoreApplication::translate("LessonHandout", "cannot create the folder %1")
                   .arg(directory);
    return {};
  }
  const QString id = QString::fromStdString(window.lesson().lesson.id);
  const bool ok = forEachSlide(window, [&](int i, const QPixmap& pixmap) {
    const QString path = QDir(directory).filePath(
        QStringLiteral("%1-%2.png").arg(id).arg(i + 1, 2, 10, QLatin1Char('0')));
    // A slide replaces only a picture of that name (a previous hand-out), never another file.
    try {
      checkReplaceable("the hand-out", path.toStdString(), OutputKind::Image);
    } catch (const Error& e) {
      if (error) *error = QString::fromStdString(e.what());
      return false;
    }
    QString why;
    if (!saveImageFile(pixmap.toImage(), path, &why)) {
      if (error)
        *error = QCoreApplication::translate("LessonHandout", "cannot write %1").arg(path) +
                 QStringLiteral(": ") + why;
      return false;
    }
    written << path;
    return true;
  });
  return ok ? written : QStringList{};
}

bool exportHandoutPdf(PresentationWindow& window, const QString& path, QString* error) {
  // Drawn into memory and written in one atomic step: a failed write (a full disk, a device at the
  // end of a symlink) is reported, and the file that was there stays as it was.
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QPdfWriter pdf(&buffer);
  pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter));
  pdf.setResolution(200);
  pdf.setTitle(QString::fromStdString(window.lesson().lesson.title.en));
  pdf.setCreator(QStringLiteral("InferScope"));
  QPainter painter;
  if (!painter.begin(&pdf)) {
    if (error) *error = QCoreApplication::translate("LessonHandout", "cannot write %1").arg(path);
    return false;
  }
  const bool ok = forEachSlide(window, [&](int i, const QPixmap& pixmap) {
    if (i > 0) pdf.newPage();
    const QRect page = painter.viewport();
    const QSize fitted = pixmap.size().scaled(page.size(), Qt::KeepAspectRatio);
    painter.drawPixmap(
        QRect(QPoint(page.x() + (page.width() - fitted.width()) / 2, page.y()), fitted), pixmap);
    return true;
  });
  painter.end();
  buffer.close();
  QString why;
  if (ok && !saveFileAtomically(bytes, path, &why)) {
    if (error)
      *error = QCoreApplication::translate("LessonHandout", "cannot write %1").arg(path) +
               QStringLiteral(": ") + why;
    return false;
  }
  return ok;
}

}  // namespace inferscope::gui
