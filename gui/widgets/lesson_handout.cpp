#include "gui/widgets/lesson_handout.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFontDatabase>
#include <QImage>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>

#include "core/common/error.h"
#include "core/common/run_files.h"
#include "gui/lib/image_file.h"
#include "gui/widgets/lesson_stage.h"
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

namespace {

// The paper window's chart width in pixels (its text at 20 px, ~9 pt on the page) and the scale
// it is rendered at: 2700 px over the page's 273 mm, about 250 dpi.
constexpr int kPaperChartWidthPx = 1800;
constexpr int kPaperTextScreenHeight = 1080;
constexpr qreal kPaperRenderScale = 1.5;

// The chart of the paper window's current slide, `scale` times its size, on white.
QImage renderChart(PresentationWindow& paper) {
  paper.renderNow();
  QWidget* chart = paper.stage() ? static_cast<QWidget*>(paper.stage()) : &paper;
  QImage image(chart->size() * kPaperRenderScale, QImage::Format_RGB32);
  image.setDevicePixelRatio(kPaperRenderScale);
  image.fill(Qt::white);
  chart->render(&image);
  return image;
}

}  // namespace

bool exportHandoutPdf(PresentationWindow& window, const QString& path, QString* error) {
  // Drawn into memory and written in one atomic step: a failed write (a full disk, a device at the
  // end of a symlink) is reported, and the file that was there stays as it was.
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QPdfWriter pdf(&buffer);
  pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter));
  pdf.setResolution(300);
  // The title as the room saw it: in the UI's language.
  const QString title = window.titleText();
  pdf.setTitle(title);
  pdf.setCreator(QStringLiteral("InferScope"));
  // A page is a document, not a screenshot: the chart comes from a copy of the lesson drawn black
  // on white at a size in the page's proportions, and the title, the step's heading, its
  // narration and the command to run are written as text (selectable, searchable, copyable).
  PresentationWindow paper(window.lesson(), kPaperTextScreenHeight, nullptr,
                           PresentationWindow::Look::Paper);
  paper.setAttribute(Qt::WA_DontShowOnScreen);
  paper.resize(kPaperChartWidthPx, kPaperChartWidthPx / 2);
  paper.show();
  QPainter painter;
  if (!painter.begin(&pdf)) {
    if (error) *error = QCoreApplication::translate("LessonHandout", "cannot write %1").arg(path);
    return false;
  }
  auto font = [&](qreal points, bool bold, bool fixed = false) {
    QFont f = fixed ? QFontDatabase::systemFont(QFontDatabase::FixedFont) : window.font();
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
  };
  const int slides = static_cast<int>(paper.slides().size());
  const QRect page = painter.viewport();
  const int gap = page.height() / 60;
  for (int i = 0; i < slides; ++i) {
    if (i > 0) pdf.newPage();
    paper.showSlide(i);
    // The title line: the lesson's title, and where this page is in it.
    painter.setPen(Qt::black);
    painter.setFont(font(16, true));
    const QRect title_rect =
        painter.boundingRect(page, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
    painter.drawText(page, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, title);
    painter.setFont(font(10, false));
    painter.setPen(QColor(90, 90, 90));
    painter.drawText(
        page, Qt::AlignRight | Qt::AlignBottom,
        QStringLiteral("%1 / %2").arg(QLocale().toString(i + 1), QLocale().toString(slides)));
    // The narration at the bottom, the command on "run it live" in a fixed-width font.
    QStringList paragraphs = paper.captionText().split(QLatin1Char('\n'));
    const QString heading = paper.stepTitleText();
    int text_height = 0;
    struct Block {
      QString text;
      QFont font;
    };
    std::vector<Block> blocks{{heading, font(13, true)}};
    for (const auto& line : paragraphs) {
      const bool command = line.startsWith(QStringLiteral("inferscope-cli"));
      blocks.push_back({line, command ? font(10.5, false, true) : font(12, false)});
    }
    const QRect text_area(page.left(), page.top(), page.width(), page.height());
    for (const auto& b : blocks) {
      painter.setFont(b.font);
      text_height += painter.boundingRect(text_area, Qt::TextWordWrap, b.text).height();
    }
    painter.setFont(font(10, false));
    const int footer = painter.fontMetrics().height();
    int y = page.bottom() - footer - text_height;
    painter.setPen(Qt::black);
    for (const auto& b : blocks) {
      painter.setFont(b.font);
      const QRect r = painter.boundingRect(QRect(page.left(), y, page.width(), page.height()),
                                           Qt::TextWordWrap, b.text);
      painter.drawText(QRect(page.left(), y, page.width(), r.height()), Qt::TextWordWrap, b.text);
      y += r.height();
    }
    // The chart takes the rest, in its proportions, the window resized to them.
    const QRect chart_rect(page.left(), title_rect.bottom() + gap, page.width(),
                           page.bottom() - footer - text_height - gap - title_rect.bottom() - gap);
    if (chart_rect.height() > 0) {
      paper.resize(kPaperChartWidthPx,
                   std::max(200, kPaperChartWidthPx * chart_rect.height() / chart_rect.width()));
      const QImage chart = renderChart(paper);
      const QSize fitted = chart.size().scaled(chart_rect.size(), Qt::KeepAspectRatio);
      painter.drawImage(
          QRect(QPoint(chart_rect.x() + (chart_rect.width() - fitted.width()) / 2, chart_rect.y()),
                fitted),
          chart);
    }
  }
  painter.end();
  buffer.close();
  QString why;
  if (!saveFileAtomically(bytes, path, &why)) {
    if (error)
      *error = QCoreApplication::translate("LessonHandout", "cannot write %1").arg(path) +
               QStringLiteral(": ") + why;
    return false;
  }
  return true;
}

}  // namespace inferscope::gui
