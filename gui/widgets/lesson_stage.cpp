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

void LessonStage::note(QCustomPlot* plot, const QString& text, bool bottom) {
  // Dark text on the highlight colour, in the axis rect's top right corner, a fifth larger than
  // the chart's text: the step's point, on the chart the room is looking at.
  auto* label = new QCPItemText(plot);
  label->position->setType(QCPItemPosition::ptAxisRectRatio);
  label->position->setAxisRect(plot->axisRect());
  // Top right over the latency and cuDNN charts, where slow warm-ups and rarely-chosen algorithms
  // leave room; bottom right on speed × accuracy (the tolerance's label is at the top) and on the
  // timeline (its iterations are labelled along the top).
  label->position->setCoords(0.99, bottom ? 0.97 : 0.03);
  label->setPositionAlignment((bottom ? Qt::AlignBottom : Qt::AlignTop) | Qt::AlignRight);
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

void LessonStage::settle() {
  if (scroll_table_ && scroll_index_.isValid())
    scroll_table_->scrollTo(scroll_index_, QAbstractItemView::PositionAtCenter);
  if (currentWidget())
    for (auto* plot : currentWidget()->findChildren<QCustomPlot*>()) keepTextsInside(plot);
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
        band(plot, number(target.from, 0) - 0.5, number(target.to, 0) + 0.5, true);
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
  }
  if (plot && highlight && !target.note.en.empty()) {
    // The kernels page's bars are two rows high: its note goes on the timeline under them.
    QCustomPlot* on = plot;
    if (target.view == View::Kernels) {
      auto* timeline = static_cast<KernelsView*>(p.chart)->timeline();
      if (timeline && timeline->isVisibleTo(p.chart)) on = timeline->plot();
    }
    note(on, lessonText(target.note, lesson_.values), target.view == View::Speed || on != plot);
    if (on != plot) on->replot(QCustomPlot::rpQueuedReplot);
  }
  fitForRoom(p.chart);
  if (plot) {
    highlight_plot_ = plot;
    plot->replot(QCustomPlot::rpQueuedReplot);
  }
}

}  // namespace inferscope::gui
