#include "gui/widgets/lesson_stage.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFontInfo>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTimer>
#include <cmath>
#include <memory>

#include "core/common/units.h"
#include "gui/lib/cudnn_layer_table_model.h"
#include "gui/lib/lesson_catalog.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/break_even_chart.h"
#include "gui/widgets/cudnn_chart.h"
#include "gui/widgets/kernel_timeline.h"
#include "gui/widgets/kernels_view.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/memory_chart.h"
#include "gui/widgets/speed_accuracy_chart.h"

namespace inferscope::gui {

using lessons::TargetKind;
using lessons::View;

QColor LessonStage::highlightColour() {
  return QColor(255, 204, 0);
}

LessonStage::LessonStage(const lessons::LoadedLesson& lesson, QWidget* parent)
    : QStackedWidget(parent), lesson_(lesson) {}

SessionDocument* LessonStage::document(const std::string& source) {
  auto& doc = documents_[source];
  if (doc) return doc;
  doc = new SessionDocument(this);
  auto session = std::make_shared<SessionResult>();
  if (const auto it = lesson_.data.sessions.find(source); it != lesson_.data.sessions.end()) {
    *session = it->second;
  } else if (const auto l = lesson_.data.ledgers.find(source); l != lesson_.data.ledgers.end()) {
    // A ledger recorded alone (`inferscope-cli cudnn --json`) is shown as a session holding it.
    session->cudnn_ledgers.push_back(l->second);
    session->request.model.name = l->second.model;
    session->device.name = l->second.device;
  }
  doc->setSession(std::move(session));
  return doc;
}

LessonStage::Page& LessonStage::page(const std::string& source, View view) {
  auto& p = pages_[{source, static_cast<int>(view)}];
  if (p.chart) return p;
  p.document = document(source);
  // Created as children of the stage: they take its (large, high-contrast) font and palette.
  switch (view) {
    case View::Latency: {
      auto* chart = new LatencyChart(p.document, this);
      chart->setLogScale(true);  // cold starts and steady states on one axis
      p.chart = chart;
      break;
    }
    case View::Memory:
      p.chart = new MemoryChart(p.document, this);
      break;
    case View::Speed: {
      auto* chart = new SpeedAccuracyChart(p.document, this);
      // The text beside a point clears the ring a step draws around it.
      chart->setPointClearance(kRingSizePx / 2 + 8);
      p.chart = chart;
      break;
    }
    case View::Cudnn:
      p.chart = new CudnnChart(p.document, this);
      break;
    case View::Kernels:
      p.chart = new KernelsView(p.document, this);
      break;
    case View::Cumulative: {
      auto* chart = new BreakEvenChart(p.document, this);
      chart->setPointClearance(kRingSizePx / 2 + 8);  // its label clears the ring
      p.chart = chart;
      break;
    }
  }
  addWidget(p.chart);
  return p;
}

std::vector<QCustomPlot*> LessonStage::plots() const {
  std::vector<QCustomPlot*> out;
  for (const auto& [key, p] : pages_)
    for (auto* plot : p.chart->findChildren<QCustomPlot*>()) out.push_back(plot);
  return out;
}

int LessonStage::highlightItemCount() const {
  int n = 0;
  for (const auto& item : items_) n += item ? 1 : 0;
  return n;
}

void LessonStage::clearHighlight() {
  for (auto& item : items_) {
    // On the highlighted plot, or (a note) on another plot of the same page.
    if (item && item->parentPlot()) {
      QCustomPlot* on = item->parentPlot();
      on->removeItem(item.data());
      if (on != highlight_plot_) on->replot(QCustomPlot::rpQueuedReplot);
    }
  }
  items_.clear();
  note_text_.clear();
  band_iterations_ = QCPRange();
  for (const auto& [key, p] : pages_)
    if (auto* latency = qobject_cast<LatencyChart*>(p.chart)) latency->setLabelKeepOut({});
  scroll_table_ = nullptr;
  if (highlight_plot_) highlight_plot_->replot(QCustomPlot::rpQueuedReplot);
  highlight_plot_ = nullptr;
}

void LessonStage::addItem(QCPAbstractItem* item) {
  item->setClipToAxisRect(true);
  item->setSelectable(false);
  items_.emplace_back(item);
}

int LessonStage::seriesIndex(const SessionDocument* doc, const std::string& key) const {
  const auto& series = doc->series();
  const QString k = QString::fromStdString(key);
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& s = series[i];
    if (s.key == k ||
        (s.result && (s.result->config.key() == key || s.result->fallback_from == key)))
      return static_cast<int>(i);
  }
  return -1;
}

void LessonStage::band(QCustomPlot* plot, double low, double high, bool vertical) {
  auto* rect = new QCPItemRect(plot);
  for (auto* pos : {rect->topLeft, rect->bottomRight}) {
    pos->setAxes(plot->xAxis, plot->yAxis);
    if (vertical) {
      pos->setTypeX(QCPItemPosition::ptPlotCoords);
      pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
    } else {
      pos->setTypeX(QCPItemPosition::ptAxisRectRatio);
      pos->setTypeY(QCPItemPosition::ptPlotCoords);
    }
  }
  if (vertical) {
    rect->topLeft->setCoords(low, 0);
    rect->bottomRight->setCoords(high, 1);
  } else {
    rect->topLeft->setCoords(0, low);
    rect->bottomRight->setCoords(1, high);
  }
  QColor fill = highlightColour();
  fill.setAlpha(56);
  rect->setPen(QPen(highlightColour(), 4));
  rect->setBrush(fill);
  addItem(rect);
}

void LessonStage::ring(QCustomPlot* plot, double x, double y) {
  auto* tracer = new QCPItemTracer(plot);
  tracer->position->setAxes(plot->xAxis, plot->yAxis);
  tracer->position->setCoords(x, y);
  tracer->setStyle(QCPItemTracer::tsCircle);
  tracer->setSize(kRingSizePx);
  tracer->setPen(QPen(highlightColour(), 5));
  tracer->setBrush(Qt::NoBrush);
  addItem(tracer);
  // A point at the plot's edge keeps its whole ring (it was cut by the plot's top).
  tracer->setClipToAxisRect(false);
}

void LessonStage::note(QCustomPlot* plot, const QString& text, Qt::Alignment corner) {
  // Dark text on the highlight colour, in a corner of the axis rect, a fifth larger than the
  // chart's text: the step's point, on the chart the room is looking at.
  auto* label = new QCPItemText(plot);
  label->position->setType(QCPItemPosition::ptAxisRectRatio);
  label->position->setAxisRect(plot->axisRect());
  const bool bottom = corner & Qt::AlignBottom, left = corner & Qt::AlignLeft;
  label->position->setCoords(left ? 0.01 : 0.99, bottom ? 0.97 : 0.03);
  label->setPositionAlignment((bottom ? Qt::AlignBottom : Qt::AlignTop) |
                              (left ? Qt::AlignLeft : Qt::AlignRight));
  label->setTextAlignment(Qt::AlignLeft);
  QFont f = font();
  f.setPixelSize(minimumTextPx() * 6 / 5);
  f.setBold(true);
  label->setFont(f);
  label->setColor(Qt::black);
  label->setBrush(highlightColour());
  label->setPen(Qt::NoPen);
  label->setPadding(QMargins(12, 6, 12, 6));
  label->setText(text);
  addItem(label);
  note_text_ = text;
  note_item_ = label;
}

void LessonStage::zoomToReference(QCustomPlot* plot, const QPointF& at) {
  const double low = std::min(at.y(), 1.0), high = std::max(at.y(), 1.0);
  const double pad = std::max((high - low) * 1.5, 0.01);
  plot->yAxis->setRange(low - pad, high + pad);
  // The gap itself, from ×1 (the reference) to the point, in the highlight colour.
  auto* gap = new QCPItemLine(plot);
  gap->start->setCoords(at.x(), 1.0);
  gap->end->setCoords(at.x(), at.y());
  gap->setPen(QPen(highlightColour(), 4));
  gap->setHead(QCPLineEnding::esSpikeArrow);
  gap->setTail(QCPLineEnding(QCPLineEnding::esBar, 18));
  addItem(gap);
}

void LessonStage::zoomToSteady(KernelTimeline* timeline) {
  double from = -1, to = -1;
  for (const auto& it : timeline->data().iterations) {
    if (it.warmup) continue;
    if (from < 0) from = it.start_us;
    to = std::max(to, it.end_us);
  }
  if (from < 0 || to <= from) return;
  const double pad = (to - from) * 0.03;
  timeline->plot()->xAxis->setRange(units::usToMs(from - pad), units::usToMs(to + pad));
  timeline->plot()->replot(QCustomPlot::rpQueuedReplot);
}

// Columns as wide as their header at the room's size: sized for the desktop's font (or refilled
// by their chart after the stage's fit), the cuDNN table's headers read "ain (µs/call"; the table
// scrolls sideways for the rest.
void LessonStage::widenToHeaders(QTableView* table) {
  auto* header = table->horizontalHeader();
  for (int c = 0; c < header->count(); ++c) {
    if (header->isSectionHidden(c) || header->sectionResizeMode(c) != QHeaderView::Interactive)
      continue;
    if (const int needs = header->sectionSizeHint(c); header->sectionSize(c) < needs)
      header->resizeSection(c, needs);
  }
}

void LessonStage::settle() {
  if (currentWidget())
    for (auto* table : currentWidget()->findChildren<QTableView*>()) widenToHeaders(table);
  if (scroll_table_ && scroll_index_.isValid())
    scroll_table_->scrollTo(scroll_index_, QAbstractItemView::PositionAtCenter);
  if (currentWidget()) {
    for (auto* plot : currentWidget()->findChildren<QCustomPlot*>()) {
      keepTextsInside(plot);
      keepRingsInside(plot);
      keepNoteOffRows(plot);
    }
  }
  // A latency chart's "steady from iteration N" keeps off the ring too (a first iteration's ring,
  // once inside the plot, lay over it), along with the band: the iterations both cover.
  if (auto* latency = qobject_cast<LatencyChart*>(currentWidget())) {
    QCPRange keep_out = band_iterations_;
    QCPAxis* x = latency->plot()->xAxis;
    for (const auto& item : items_) {
      auto* ring = qobject_cast<QCPItemTracer*>(item.data());
      if (!ring || ring->parentPlot() != latency->plot()) continue;
      const double centre = ring->position->pixelPosition().x(),
                   r = ring->size() / 2.0 + ring->pen().widthF();
      const QCPRange covered(x->pixelToCoord(centre - r), x->pixelToCoord(centre + r));
      keep_out = keep_out.size() > 0 ? QCPRange(std::min(keep_out.lower, covered.lower),
                                                std::max(keep_out.upper, covered.upper))
                                     : covered;
    }
    if (keep_out.size() > 0) latency->setLabelKeepOut(keep_out);
  }
}

namespace {

// An axis coordinate in the space its pixels are linear in.
double scaled(const QCPAxis* axis, double value) {
  return axis->scaleType() == QCPAxis::stLogarithmic ? std::log(value) : value;
}
double unscaled(const QCPAxis* axis, double value) {
  return axis->scaleType() == QCPAxis::stLogarithmic ? std::exp(value) : value;
}

// Widens `axis` so that `value` lies at least `margin_px` inside either end of it; false when it
// already did (or cannot: a margin of half the axis or more).
bool widenToHold(QCPAxis* axis, double value, double margin_px) {
  const double length_px = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width()
                                                                 : axis->axisRect()->height();
  if (length_px <= 2 * margin_px || (axis->scaleType() == QCPAxis::stLogarithmic && !(value > 0)))
    return false;
  const double share = margin_px / length_px;
  const double v = scaled(axis, value);
  double lower = scaled(axis, axis->range().lower), upper = scaled(axis, axis->range().upper);
  if (upper <= lower || v < lower || v > upper) return false;
  bool widened = false;
  if ((upper - v) < share * (upper - lower)) {
    upper = (v - lower * share) / (1 - share);
    widened = true;
  }
  if ((v - lower) < share * (upper - lower)) {
    lower = (v - upper * share) / (1 - share);
    widened = true;
  }
  if (widened) axis->setRange(unscaled(axis, lower), unscaled(axis, upper));
  return widened;
}

}  // namespace

void LessonStage::keepRingsInside(QCustomPlot* plot) {
  bool widened = false;
  for (const auto& item : items_) {
    auto* ring = qobject_cast<QCPItemTracer*>(item.data());
    if (!ring || ring->parentPlot() != plot) continue;
    const double margin = ring->size() / 2.0 + ring->pen().widthF() + 2;
    const QPointF at = ring->position->coords();
    widened = widenToHold(ring->position->keyAxis(), at.x(), margin) || widened;
    widened = widenToHold(ring->position->valueAxis(), at.y(), margin) || widened;
  }
  if (widened) plot->replot(QCustomPlot::rpQueuedReplot);
}

// The timeline's rows are its only data: the value axis (reversed, row 0 at the top) grows at the
// bottom until the last row ends above the note.
void LessonStage::keepNoteOffRows(QCustomPlot* plot) {
  if (!note_item_ || note_item_->parentPlot() != plot || plot->plottableCount() == 0) return;
  auto* timeline = qobject_cast<KernelTimeline*>(plot->parentWidget());
  if (!timeline || !(note_item_->positionAlignment() & Qt::AlignBottom)) return;
  QCPAxis* rows = plot->yAxis;
  bool found = false;
  const QCPRange extent = plot->plottable(0)->getValueRange(found);
  if (!found || !rows->rangeReversed()) return;
  const double note_top = note_item_->topLeft->pixelPosition().y() - 8;
  const double top = plot->axisRect()->top();
  const double last_row_px = rows->coordToPixel(extent.upper);
  if (last_row_px <= note_top || note_top <= top + 20) return;
  const QCPRange range = rows->range();
  rows->setRangeUpper(range.lower +
                      (extent.upper - range.lower) * plot->axisRect()->height() / (note_top - top));
  plot->replot(QCustomPlot::rpQueuedReplot);
}

// A chart sized its x axis for its notes at the desktop's text size ("traced 8.79 ms · median
// 4.76 ms" beside each kernels bar): at the room's size on a 4:3 projector they ran past the
// plot's edge. The axis grows until each unclipped note at a data x fits.
void LessonStage::keepTextsInside(QCustomPlot* plot) {
  QCPAxis* x = plot->xAxis;
  if (!x || x->scaleType() != QCPAxis::stLinear || x->rangeReversed()) return;
  const double left = plot->axisRect()->left(), width = plot->axisRect()->width();
  const double edge = plot->width() - 2.0;
  const QCPRange range = x->range();
  double upper = range.upper;
  for (int i = 0; i < plot->itemCount(); ++i) {
    auto* text = qobject_cast<QCPItemText*>(plot->item(i));
    if (!text || !text->visible() || text->clipToAxisRect() || text->rotation() != 0 ||
        text->position->typeX() != QCPItemPosition::ptPlotCoords || text->position->keyAxis() != x)
      continue;
    const double at = text->position->coords().x();
    const double spill = text->topRight->pixelPosition().x() - x->coordToPixel(at);
    const double room = edge - spill - left;  // pixels the anchor may sit right of the axis rect
    if (room <= 0 || x->coordToPixel(at) + spill <= edge) continue;
    upper = std::max(upper, range.lower + (at - range.lower) * width / room);
  }
  if (upper <= range.upper) return;
  x->setRangeUpper(upper);
  plot->replot(QCustomPlot::rpQueuedReplot);
}

int LessonStage::minimumTextPx() const {
  return std::max(12, QFontInfo(font()).pixelSize());
}

namespace {

QFont atLeast(QFont f, int px) {
  if (QFontInfo(f).pixelSize() < px) f.setPixelSize(px);
  return f;
}

}  // namespace

void LessonStage::fitPlotTexts(QCustomPlot* plot) {
  const int px = minimumTextPx();
  for (auto* rect : plot->axisRects()) {
    for (auto* axis : rect->axes()) {
      axis->setTickLabelFont(atLeast(axis->tickLabelFont(), px));
      axis->setSelectedTickLabelFont(atLeast(axis->selectedTickLabelFont(), px));
      axis->setLabelFont(atLeast(axis->labelFont(), px));
      axis->setSelectedLabelFont(atLeast(axis->selectedLabelFont(), px));
    }
  }
  for (auto* element : plot->plotLayout()->elements(true)) {
    if (auto* text = qobject_cast<QCPTextElement*>(element)) {
      text->setFont(atLeast(text->font(), px));
    } else if (auto* legend = qobject_cast<QCPLegend*>(element)) {
      legend->setFont(atLeast(legend->font(), px));
      for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = legend->item(i)) item->setFont(atLeast(item->font(), px));
    }
  }
  for (int i = 0; i < plot->itemCount(); ++i)
    if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
      text->setFont(atLeast(text->font(), px));
}

void LessonStage::fitForRoom(QWidget* chart) {
  const int px = minimumTextPx();
  QList<QWidget*> widgets = chart->findChildren<QWidget*>();
  widgets.prepend(chart);
  for (auto* w : widgets) {
    if (QFontInfo(w->font()).pixelSize() < px) w->setFont(atLeast(w->font(), px));
    if (auto* table = qobject_cast<QTableView*>(w)) {
      // A row a line high plus room for descenders: at the desktop's row height a 20 px kernel
      // name lost its underscores.
      const int row = QFontMetrics(table->font()).height() + std::max(6, px / 3);
      table->verticalHeader()->setMinimumSectionSize(row);
      table->verticalHeader()->setDefaultSectionSize(row);
      for (int r = 0; table->model() && r < table->model()->rowCount(); ++r)
        if (table->rowHeight(r) < row) table->setRowHeight(r, row);
      widenToHeaders(table);
    }
    if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
      // A one-row legend would otherwise set the page's minimum width (1171 px at 20 px text);
      // the charts wrap their legends to the width they get.
      plot->setMinimumWidth(120);
      fitPlotTexts(plot);
    }
  }
}

void LessonStage::showTarget(const lessons::Target& target, bool highlight) {
  clearHighlight();
  Page& p = page(target.source, target.view);
  setCurrentWidget(p.chart);
  // The stack asks for the largest minimum of its pages; the pages not shown ask for none, so
  // that one page's legend (speed × accuracy's, wrapped to the width) cannot make a slide with a
  // long caption taller than the screen.
  for (auto& [key, other] : pages_)
    other.chart->setSizePolicy(other.chart == p.chart
                                   ? QSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred)
                                   : QSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored));
  const auto& values = lesson_.values;
  auto number = [&](const std::optional<lessons::NumberRef>& ref, double fallback) {
    return ref ? lessons::resolve(*ref, values) : fallback;
  };
  const int series = seriesIndex(p.document, target.config);
  QCustomPlot* plot = nullptr;
  switch (target.view) {
    case View::Latency: {
      auto* chart = static_cast<LatencyChart*>(p.chart);
      chart->setSelectedSeries(highlight ? series : -1);
      plot = chart->plot();
      if (!highlight || series < 0) break;
      const auto& latency = p.document->series()[static_cast<std::size_t>(series)].latency_ms;
      if (target.kind == TargetKind::Region) {
        const double low = number(target.from, 0) - 0.5, high = number(target.to, 0) + 0.5;
        band(plot, low, high, true);
        // The chart's "steady from iteration N" keeps off the band's edges.
        band_iterations_ = QCPRange(low, high);
        chart->setLabelKeepOut(band_iterations_);
      } else if (target.kind == TargetKind::Point) {
        const auto i = static_cast<std::size_t>(number(target.from, 0));
        if (i < latency.size()) ring(plot, static_cast<double>(i), latency[i]);
      }
      break;
    }
    case View::Memory: {
      auto* chart = static_cast<MemoryChart*>(p.chart);
      plot = chart->plot();
      const int group = chart->groupOf(series);
      if (highlight && group >= 0) band(plot, group - 0.5, group + 0.5, true);
      break;
    }
    case View::Speed: {
      auto* chart = static_cast<SpeedAccuracyChart*>(p.chart);
      plot = chart->plot();
      QPointF at;
      if (highlight && chart->pointOf(QString::fromStdString(target.config), &at)) {
        // A step whose note is about this point's distance from the reference (deterministic's
        // +3.9 %) zooms the speed-up axis to the two: on a 1–7× axis 4 % is a pixel or two.
        if (!target.note.en.empty()) zoomToReference(plot, at);
        ring(plot, at.x(), at.y());
      }
      break;
    }
    case View::Cudnn: {
      auto* chart = static_cast<CudnnChart*>(p.chart);
      plot = chart->plot();
      chart->table()->clearSelection();
      if (!highlight || target.kind != TargetKind::Row || !target.row) break;
      const int row = static_cast<int>(std::lround(lessons::resolve(*target.row, values)));
      band(plot, row - 0.5, row + 0.5, true);
      // The same layer in the table under the chart, through its sorting proxy.
      auto* proxy = qobject_cast<QSortFilterProxyModel*>(chart->table()->model());
      const QModelIndex source = chart->tableModel()->index(row, 0);
      const QModelIndex shown = proxy ? proxy->mapFromSource(source) : source;
      if (shown.isValid()) {
        chart->table()->selectRow(shown.row());
        scroll_table_ = chart->table();
        scroll_index_ = shown;
        settle();
        QTimer::singleShot(0, this, &LessonStage::settle);
      }
      break;
    }
    case View::Kernels: {
      auto* view = static_cast<KernelsView*>(p.chart);
      plot = view->plot();
      const int row = view->configCombo()->findText(QString::fromStdString(target.config));
      if (row >= 0) view->configCombo()->setCurrentIndex(row);
      if (highlight && row >= 0) band(plot, row - 0.5, row + 0.5, false);
      // The timeline shows the steady iterations the step talks about, not the whole trace
      // window, where a cold first iteration left them slivers at its right edge.
      if (highlight && row >= 0 && view->timeline()) zoomToSteady(view->timeline());
      break;
    }
    case View::Cumulative: {
      auto* chart = static_cast<BreakEvenChart*>(p.chart);
      chart->setConfigs(QString::fromStdString(target.config),
                        QString::fromStdString(target.against));
      plot = chart->plot();
      if (highlight && chart->marker()) {
        const QPointF at = chart->marker()->position->coords();
        ring(plot, at.x(), at.y());
      }
      break;
    }
  }
  if (plot && highlight && !target.note.en.empty()) {
    // The kernels page's bars are two rows high: its note goes on the timeline under them.
    QCustomPlot* on = plot;
    if (target.view == View::Kernels) {
      auto* timeline = static_cast<KernelsView*>(p.chart)->timeline();
      if (timeline && timeline->isVisibleTo(p.chart)) on = timeline->plot();
    }
    // Top right over the latency and cuDNN charts, where slow warm-ups and rarely-chosen
    // algorithms leave room; bottom right on speed × accuracy (the tolerance's label is at the top)
    // and on the timeline (its iterations are labelled along the top); top left over a compile's
    // total time, above both lines before they rise.
    const Qt::Alignment corner = target.view == View::Cumulative ? Qt::AlignTop | Qt::AlignLeft
                                 : target.view == View::Speed || on != plot
                                     ? Qt::AlignBottom | Qt::AlignRight
                                     : Qt::AlignTop | Qt::AlignRight;
    note(on, lessonText(target.note, lesson_.values), corner);
    if (on != plot) on->replot(QCustomPlot::rpQueuedReplot);
  }
  fitForRoom(p.chart);
  if (plot) {
    highlight_plot_ = plot;
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
  // Rings, notes and labels are placed against the laid-out plot: once the slide has its size
  // (a grab calls it itself, before it renders).
  QTimer::singleShot(0, this, &LessonStage::settle);
}

}  // namespace inferscope::gui
