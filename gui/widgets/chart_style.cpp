// ChartStyle and ChartHover: the look and hover behaviour every chart page shares.
#include "gui/widgets/chart_style.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>
#include <algorithm>

namespace inferscope::gui {
namespace {

QColor mix(const QColor& a, const QColor& b, double a_share) {
  return QColor::fromRgbF(static_cast<float>(a.redF() * a_share + b.redF() * (1 - a_share)),
                          static_cast<float>(a.greenF() * a_share + b.greenF() * (1 - a_share)),
                          static_cast<float>(a.blueF() * a_share + b.blueF() * (1 - a_share)));
}

void style(QCustomPlot* plot, const QPalette& palette) {
  const QColor text = palette.color(QPalette::WindowText);
  const QColor axis_colour = ChartStyle::muted(palette);
  for (auto* axis : {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2}) {
    axis->grid()->setSubGridVisible(false);
    axis->grid()->setPen(QPen(ChartStyle::grid(palette), 0, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(ChartStyle::grid(palette), 0, Qt::SolidLine));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->setBasePen(QPen(axis_colour));
    axis->setTickPen(QPen(axis_colour));
    axis->setSubTickPen(QPen(axis_colour));
  }
  plot->setBackground(palette.brush(QPalette::Base));
  plot->legend->setTextColor(text);
}

// Re-styles a plot when its palette changes; charts that rebuild take their other colours anew.
class PaletteFollower : public QObject {
 public:
  explicit PaletteFollower(QCustomPlot* plot) : QObject(plot), plot_(plot) {
    plot->installEventFilter(this);
  }
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == plot_ && event->type() == QEvent::PaletteChange) {
      style(plot_, plot_->palette());
      plot_->replot(QCustomPlot::rpQueuedReplot);
    }
    return false;
  }

 private:
  QCustomPlot* plot_;
};

}  // namespace

QColor ChartStyle::muted(const QPalette& palette) {
  return mix(palette.color(QPalette::WindowText), palette.color(QPalette::Base), 0.6);
}

QColor ChartStyle::grid(const QPalette& palette) {
  return mix(palette.color(QPalette::WindowText), palette.color(QPalette::Base), 0.25);
}

void ChartStyle::apply(QCustomPlot* plot, const QWidget* source) {
  style(plot, source->palette());
  // Axis numbers in one format whatever the window's language: QCustomPlot writes a log axis's
  // powers as 10⁻⁴ only from a lowercase 'e', which only the C locale's numbers have (Qt 6 writes
  // "1E-04" for English and Japanese alike). Set on the plot itself, so that a later switch of the
  // window's language does not reach it; group separators as the user's locale has them.
  QLocale numbers = QLocale::c();
  numbers.setNumberOptions(QLocale().numberOptions());
  plot->setLocale(numbers);
  if (!plot->findChild<QObject*>(QStringLiteral("paletteFollower"), Qt::FindDirectChildrenOnly)) {
    (new PaletteFollower(plot))->setObjectName(QStringLiteral("paletteFollower"));
  }
}

void ChartStyle::legendAbove(QCustomPlot* plot, int wrap) {
  plot->legend->setVisible(true);
  plot->legend->setBrush(Qt::NoBrush);
  plot->legend->setBorderPen(Qt::NoPen);
  plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot->legend->setWrap(wrap);
  plot->legend->setColumnSpacing(16);
  plot->legend->setMargins(QMargins(4, 2, 4, 0));
  plot->axisRect()->insetLayout()->take(plot->legend);
  plot->legend->setLayer(QStringLiteral("legend"));
  // Legend plus an empty stretching element: entries stay together at the left, and the row keeps
  // its width when the legend is empty (same layout as the Latency page).
  auto* row = new QCPLayoutGrid;
  plot->plotLayout()->insertRow(0);
  plot->plotLayout()->addElement(0, 0, row);
  plot->plotLayout()->setRowStretchFactor(0, 0.001);
  plot->plotLayout()->setRowSpacing(0);
  row->addElement(0, 0, plot->legend);
  row->addElement(0, 1, new QCPLayoutElement(plot));
  row->setColumnStretchFactor(0, 0.001);
  row->setColumnSpacing(0);
}

void ChartStyle::fitLegendColumns(QCustomPlot* plot, int width_px) {
  int widest = 0;
  for (int i = 0; i < plot->legend->elementCount(); ++i)
    if (auto* item = plot->legend->elementAt(i))
      widest = std::max(widest, item->minimumOuterSizeHint().width());
  if (widest == 0) return;
  const int room = width_px - plot->axisRect()->margins().left() - 16;
  const int columns = std::clamp(room / (widest + plot->legend->columnSpacing()), 1, 8);
  if (plot->legend->wrap() == columns) return;
  plot->legend->setWrap(columns);
  plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, /*rearrange=*/true);
}

bool ChartStyle::exportPlot(QCustomPlot* plot, const QString& path, const QString& title,
                            const QString& caption, int width, int height) {
  // The caption (what was measured, on which device) goes into the picture for the export only: a
  // chart pasted into a report must say where its numbers come from.
  QCPTextElement* line = nullptr;
  if (!caption.isEmpty()) {
    plot->plotLayout()->insertRow(plot->plotLayout()->rowCount());
    QFont font = plot->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    line = new QCPTextElement(plot, caption, font);
    line->setTextColor(muted(plot->palette()));
    plot->plotLayout()->addElement(plot->plotLayout()->rowCount() - 1, 0, line);
  }
  bool ok = false;
  if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
    ok = plot->savePdf(path, width, height, QCP::epAllowCosmetic, QStringLiteral("InferScope"),
                       title);
  } else {
    ok = plot->savePng(path, width, height, /*scale=*/1.0, /*quality=*/-1, /*resolution=*/96);
  }
  if (line) {
    plot->plotLayout()->remove(line);
    plot->plotLayout()->simplify();
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
  return ok;
}

ChartHover::ChartHover(QCustomPlot* plot, TextAt text_at)
    : QObject(plot), plot_(plot), text_at_(std::move(text_at)) {
  plot_->setMouseTracking(true);
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
    const QString text = text_at_(event->position());
    if (text.isEmpty()) {
      QToolTip::hideText();
    } else {
      QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
    }
  });
}

}  // namespace inferscope::gui
