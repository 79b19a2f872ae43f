// ChartStyle and ChartHover: the look and hover behaviour every chart page shares.
#include "gui/widgets/chart_style.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <QToolTip>

namespace inferscope::gui {

void ChartStyle::apply(QCustomPlot* plot, const QWidget* source) {
  const QPalette& palette = source->palette();
  for (auto* axis : {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2}) {
    axis->grid()->setSubGridVisible(false);
    axis->setTickLabelColor(palette.color(QPalette::WindowText));
    axis->setLabelColor(palette.color(QPalette::WindowText));
    axis->setBasePen(QPen(palette.color(QPalette::Mid)));
    axis->setTickPen(QPen(palette.color(QPalette::Mid)));
    axis->setSubTickPen(QPen(palette.color(QPalette::Mid)));
  }
  plot->setBackground(palette.brush(QPalette::Base));
  plot->legend->setTextColor(palette.color(QPalette::WindowText));
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

bool ChartStyle::exportPlot(QCustomPlot* plot, const QString& path, const QString& title, int width, int height) {
  if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
    return plot->savePdf(path, width, height, QCP::epAllowCosmetic, QStringLiteral("InferScope"), title);
  }
  return plot->savePng(path, width, height, /*scale=*/1.0, /*quality=*/-1, /*resolution=*/96);
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
