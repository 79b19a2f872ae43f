#include "gui/widgets/lesson_handout.h"

#include <QCoreApplication>
#include <QDir>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>

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
    if (!pixmap.save(path)) {
      if (error) *error = QCoreApplication::translate("LessonHandout", "cannot write %1").arg(path);
      return false;
    }
    written << path;
    return true;
  });
  return ok ? written : QStringList{};
}

bool exportHandoutPdf(PresentationWindow& window, const QString& path, QString* error) {
  QPdfWriter pdf(path);
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
  return ok;
}

}  // namespace inferscope::gui
