// ChartStyle and ChartHover: the look and hover behaviour every chart page shares.
#include "gui/widgets/chart_style.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QEvent>
#include <QFontMetrics>
#include <QLocale>
#include <QMouseEvent>
#include <QPointer>
#include <QToolTip>
#include <algorithm>
#include <vector>

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

// A legend is at most this share of its chart's height (1/4): above it the plot loses what the
// legend is there to explain.
constexpr int kLegendHeightShare = 4;

// The last cell of a legend that holds fewer entries than it lists ("+5 more — see the table"):
// the names it stands for are the chart's lines and the table's rows. It keeps every entry the
// legend lists, in order, so that a taller chart shows them again.
class MoreEntriesItem : public QCPAbstractLegendItem {
 public:
  MoreEntriesItem(QCPLegend* legend, const std::vector<QCPAbstractPlottable*>& entries, int hidden)
      : QCPAbstractLegendItem(legend), hidden_(hidden) {
    setObjectName(QStringLiteral("moreLegendEntries"));
    setSelectable(false);
    for (auto* p : entries) entries_.emplace_back(p);
  }
  const std::vector<QPointer<QCPAbstractPlottable>>& entries() const { return entries_; }
  int hidden() const { return hidden_; }
  QString text() const {
    return QCoreApplication::translate("ChartStyle", "+%n more (see the table)", nullptr, hidden_);
  }

 protected:
  void draw(QCPPainter* painter) override {
    painter->setFont(mFont);
    painter->setPen(QPen(mTextColor));
    painter->drawText(mRect, Qt::AlignLeft | Qt::AlignVCenter, text());
  }
  QSize minimumOuterSizeHint() const override {
    const QSize text_size = QFontMetrics(mFont).size(0, text());
    return text_size +
           QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
  }

 private:
  std::vector<QPointer<QCPAbstractPlottable>> entries_;
  int hidden_;
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
  // A plot's minimum width is its layout's (legend, axis labels) unless set: a legend laid out in
  // one row while the window was wide, or a session's long tick labels, then held the window at
  // that width, and each such session left it wider (the GUI fuzz harness: the window 885 px wide
  // after bert.json and a mutated file, memoryPlot and cudnnPlot grown by 270 and 258 px). The
  // charts fit their legends and labels to the width they get instead.
  plot->setMinimumWidth(kPlotMinimumWidthPx);
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

void ChartStyle::fitLegendColumns(QCustomPlot* plot, int width_px, int height_px) {
  QCPLegend* legend = plot->legend;
  // Every entry the legend lists, in its order, hidden ones included: what to fit this time.
  std::vector<QCPAbstractPlottable*> entries;
  const MoreEntriesItem* more = nullptr;
  for (int i = 0; i < legend->itemCount(); ++i) {
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
      entries.push_back(item->plottable());
    else if (auto* m = dynamic_cast<MoreEntriesItem*>(legend->item(i)))
      more = m;
  }
  if (more) {
    // What it hid, then entries added since (a chart that rebuilt its plottables took the old
    // ones away, and its "+N more" stayed).
    std::vector<QCPAbstractPlottable*> listed;
    for (const auto& p : more->entries())
      if (p) listed.push_back(p);
    for (auto* p : entries)
      if (std::find(listed.begin(), listed.end(), p) == listed.end()) listed.push_back(p);
    entries = std::move(listed);
    legend->clearItems();  // at most kLegendTopN + 2 entries: cheap to refill
    for (auto* p : entries) p->addToLegend(legend);
  }
  int widest = 0, tallest = 0;
  for (int i = 0; i < legend->itemCount(); ++i) {
    if (auto* item = legend->item(i)) {
      const QSize hint = item->minimumOuterSizeHint();
      widest = std::max(widest, hint.width());
      tallest = std::max(tallest, hint.height());
    }
  }
  if (widest == 0) return;
  const int room = width_px - plot->axisRect()->margins().left() - 16;
  const int columns = std::clamp(room / (widest + legend->columnSpacing()), 1, 8);
  if (legend->wrap() != columns) {
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, /*rearrange=*/true);
  }
  // Rows a quarter of the chart holds, at least one. A chart not shown (a tab behind another, not
  // laid out: 640×480 or less) keeps them all until it is shown and fitted again.
  const int count = static_cast<int>(entries.size());
  const int row_px = tallest + legend->rowSpacing();
  const int max_rows = std::max(
      1, (height_px / kLegendHeightShare - legend->margins().top() - legend->margins().bottom()) /
             std::max(1, row_px));
  if (height_px <= 0 || !plot->isVisible() || (count + columns - 1) / columns <= max_rows) return;
  int room_for = max_rows * columns - 1;  // the last cell says how many more
  std::vector<QCPAbstractPlottable*> shown;
  for (auto* p : entries)
    if (p->property(kLegendKeep).toBool()) --room_for;
  for (auto* p : entries) {
    if (p->property(kLegendKeep).toBool() || room_for-- > 0) shown.push_back(p);
  }
  const int hidden = count - static_cast<int>(shown.size());
  if (hidden <= 0) return;
  legend->clearItems();
  for (auto* p : shown) p->addToLegend(legend);
  auto* item = new MoreEntriesItem(legend, entries, hidden);
  legend->addItem(item);
  legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, /*rearrange=*/true);
}

int ChartStyle::hiddenLegendEntries(const QCustomPlot* plot) {
  for (int i = 0; i < plot->legend->itemCount(); ++i)
    if (auto* more = dynamic_cast<MoreEntriesItem*>(plot->legend->item(i))) return more->hidden();
  return 0;
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
