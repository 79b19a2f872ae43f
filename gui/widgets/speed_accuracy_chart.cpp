// SpeedAccuracyChart: ranking through core's rankSession (the CLI prints the same numbers), one
// graph per point so each keeps its colour and error bar, one more graph for the front line.
#include "gui/widgets/speed_accuracy_chart.h"

#include <qcustomplot.h>

#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/engine/accuracy_deviation.h"
#include "core/engine/accuracy_rule.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/chart_tickers.h"
#include "gui/widgets/legend_filter.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {}  // namespace

QString SpeedAccuracyChart::metricAxisLabel() const {
  switch (metric_) {
    case AccuracyMetric::Top1:
      return tr("top-1 classes changed vs FP32 (share of rows, log scale)");
    case AccuracyMetric::Cosine:
      return tr("1 − cosine similarity to FP32 (log scale)");
    default:
      return tr("relative L2 error vs FP32 (log scale)");
  }
}

QString SpeedAccuracyChart::speedAxisLabel() const {
  return reference_.isEmpty() ? tr("speed-up over the reference (×, 95 % CI)")
                              : tr("speed-up over %1 (×, 95 % CI)").arg(reference_);
}

QString SpeedAccuracyChart::exportTitle() const {
  deferred_->flush();
  return reference_.isEmpty() ? tr("Speed-up vs deviation from FP32")
                              : tr("Speed-up over %1 vs deviation from FP32").arg(reference_);
}

SpeedAccuracyChart::SpeedAccuracyChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      plot_(new QCustomPlot(this)),
      tolerance_spin_(new QDoubleSpinBox),
      note_(new QLabel),
      filter_(new LegendFilter(QStringLiteral("speedAccuracy"), this)) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  plot_->setObjectName(QStringLiteral("speedAccuracyPlot"));
  tolerance_spin_->setObjectName(QStringLiteral("toleranceSpin"));
  tolerance_spin_->setDecimals(5);
  tolerance_spin_->setRange(1e-5, 1.0);
  tolerance_spin_->setSingleStep(0.001);
  tolerance_spin_->setValue(1e-2);
  bindTr(this, tolerance_spin_, "toolTip",
         QT_TR_NOOP("t, in the unit of the metric that judges this output: the share of rows whose "
                    "top-1 class changed (classifiers; their relative L2 error may reach 10·t), "
                    "1 − cosine similarity (other outputs), or the relative L2 error. Over it a "
                    "config counts as unsafe."));
  note_->setForegroundRole(QPalette::PlaceholderText);
  // Wrapped: a long note (many unsafe configs, a session's own names) must not widen the window.
  note_->setWordWrap(true);
  auto* controls = new QHBoxLayout;
  controls->setContentsMargins(6, 4, 6, 0);
  controls->addWidget(newTr<QLabel>(this, QT_TR_NOOP("Tolerance t")));
  controls->addWidget(tolerance_spin_);
  controls->addSpacing(12);
  controls->addWidget(note_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(controls);
  layout->addWidget(filter_);
  layout->addWidget(plot_, 1);
  connect(filter_, &LegendFilter::textChanged, this, [this] { rebuild(); });

  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setNumberFormat(QStringLiteral("eb"));
  plot_->xAxis->setNumberPrecision(0);
  plot_->xAxis->setLabel(metricAxisLabel());
  plot_->yAxis->setLabel(speedAxisLabel());
  connect(tolerance_spin_, &QDoubleSpinBox::valueChanged, this, [this](double tolerance) {
    rebuild();
    emit toleranceChanged(tolerance);
  });
  connect(document_, &SessionDocument::reset, deferred_, &DeferredRebuild::request);
  connect(document_, &SessionDocument::resultAdded, deferred_, &DeferredRebuild::request);
  connect(document_, &SessionDocument::rankingChanged, deferred_, &DeferredRebuild::request);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
  rebuild();
}

double SpeedAccuracyChart::tolerance() const {
  return tolerance_spin_->value();
}
void SpeedAccuracyChart::setTolerance(double tolerance) {
  tolerance_spin_->setValue(tolerance);
}

int SpeedAccuracyChart::unsafeCount() const {
  deferred_->flush();
  return static_cast<int>(std::count_if(points_.begin(), points_.end(),
                                        [](const Point& p) { return !p.unsafe_reason.isEmpty(); }));
}

int SpeedAccuracyChart::frontCount() const {
  deferred_->flush();
  return static_cast<int>(
      std::count_if(points_.begin(), points_.end(), [](const Point& p) { return p.front; }));
}

void SpeedAccuracyChart::rebuild() {
  plot_->clearPlottables();
  plot_->clearItems();
  points_.clear();
  // The document's shared ranking; during a run possibly an older one until rankingChanged().
  const auto shared = document_->ranking(tolerance());
  static const RankedResults kNone;
  const RankedResults& r = shared ? *shared : kNone;
  const SessionResult& session = r.session;
  ranking_ = r.ranking;
  // The reference the speed-ups are over: rankSession's baseline, fp32 where the session has it,
  // else the first config that ran (named, never called FP32).
  reference_.clear();
  if (ranking_.baseline_index &&
      static_cast<std::size_t>(*ranking_.baseline_index) < session.configs.size())
    reference_ = QString::fromStdString(
        session.configs[static_cast<std::size_t>(*ranking_.baseline_index)].config.key());
  // The metric that judges safety (the rule the ranking applied: auto resolves per output to top-1
  // agreement or cosine), so that the tolerance line is drawn where the judgement falls.
  AccuracyRule rule;
  rule.tolerance = tolerance();
  metric_ = AccuracyMetric::RelL2;
  bool metric_found = false;
  not_measured_ = 0;

  for (const auto& ranked : ranking_.configs) {
    const auto& c = session.configs[static_cast<std::size_t>(ranked.index)];
    if (c.status != ConfigStatus::Ok || ranked.speedup <= 0) continue;
    // Not measured is "—" in the table and no point here: nothing was checked, so nothing can be
    // drawn as safe.
    if (!c.accuracy.measured || ranked.accuracy_state == AccuracyState::NotMeasured) {
      ++not_measured_;
      continue;
    }
    const AccuracyJudgement judged = judgeAccuracy(c.accuracy, c.config, rule);
    if (!metric_found) {
      metric_ = judged.metric;
      metric_found = true;
    }
    Point p;
    p.config_index = ranked.index;
    p.key = QString::fromStdString(c.config.key());
    p.asked = QString::fromStdString(c.fallback_from);
    p.error = judgedDeviation(c.accuracy, metric_);
    p.rel_l2 = c.accuracy.rel_l2_error;
    p.judged = QString::fromStdString(judged.summary);
    p.unjudgeable = ranked.accuracy_state == AccuracyState::Unjudgeable;
    p.speedup = ranked.speedup;
    p.low = ranked.speedup_low > 0 ? ranked.speedup_low : ranked.speedup;
    p.high = ranked.speedup_high > 0 ? ranked.speedup_high : ranked.speedup;
    p.unsafe_reason = QString::fromStdString(ranked.unsafe_reason);
    p.front = ranked.on_pareto_front;
    points_.push_back(p);
  }

  const auto& series = document_->series();
  const QColor grey(160, 160, 160);
  // The legend chooses as the Latency page's does (LegendFilter, chooseLegend): the winner of a
  // tuned session and its ties first, then the fastest, at most kLegendTopN; past that many
  // configs the filter narrows the points and the legend to the configs that match, the winner
  // kept. Every point the filter keeps is drawn, its name on hover.
  const ConfigMarks marks = ConfigMarks::of(document_->session().get());
  std::vector<bool> eligible(series.size(), false);
  for (const auto& p : points_) {
    const int series_index = r.series_index[static_cast<std::size_t>(p.config_index)];
    if (series_index >= 0 && series_index < static_cast<int>(series.size()))
      eligible[static_cast<std::size_t>(series_index)] = true;
  }
  const LegendChoice choice = filter_->choose(series, eligible, marks);
  for (auto& p : points_) {
    const int series_index = r.series_index[static_cast<std::size_t>(p.config_index)];
    const bool has_series = series_index >= 0 && series_index < static_cast<int>(series.size());
    p.shown = !has_series || choice.plotted[static_cast<std::size_t>(series_index)];
  }

  // The axes fit the points the filter keeps, and the tolerance line is always on the x axis.
  // Deviations above 0 sit at their value; an error of exactly 0 has no place on a log axis, so
  // those points get a lane of their own left of the values, its tick reading "= FP32" and a
  // line between (placed a decade left of the smallest deviation, they read as one: "10 % of
  // rows changed" beside a config that changed every row). NaN/Inf sit right of every value.
  double smallest = std::numeric_limits<double>::infinity(), largest = 0;
  bool any_zero = false;
  for (const auto& p : points_) {
    if (!p.shown || !std::isfinite(p.error)) continue;
    if (p.error > 0) {
      smallest = std::min(smallest, p.error);
      largest = std::max(largest, p.error);
    } else {
      any_zero = true;
    }
  }
  values_from_ = std::min(tolerance(), smallest) / 3;
  const double non_finite_x = std::max(tolerance(), largest) * 10;
  zero_lane_x_ = values_from_ / 10;
  double x_max = std::max(tolerance(), largest), y_min = 1, y_max = 1;
  for (auto& p : points_) {
    p.x = !std::isfinite(p.error) ? non_finite_x : p.error > 0 ? p.error : zero_lane_x_;
    if (!p.shown) continue;
    x_max = std::max(x_max, p.x);
    y_min = std::min(y_min, p.low);
    y_max = std::max(y_max, p.high);
  }

  // Entries added, never added and taken out: each removal refilled the legend (10 000 configs:
  // minutes).
  plot_->setAutoAddPlottableToLegend(false);
  std::vector<QCPGraph*> graph_of(series.size(), nullptr);
  const Point* winner = nullptr;
  // A point that stands for runs merged into it (a config that also ran as another's fallback)
  // is named as the table names its row, "ran ← asked (fallback)".
  const FallbackGroups fallbacks = groupFallbacks(series);
  for (auto& p : points_) {
    const int series_index = r.series_index[static_cast<std::size_t>(p.config_index)];
    const bool has_series = series_index >= 0 && series_index < static_cast<int>(series.size());
    QColor color = has_series ? ConfigPalette::onPalette(
                                    series[static_cast<std::size_t>(series_index)].color, palette())
                              : grey;
    const bool unsafe = !p.unsafe_reason.isEmpty();
    if (unsafe) color = grey;
    auto* graph = plot_->addGraph();
    const QString name = has_series && !fallbacks.membersOf(series_index).empty()
                             ? marks.label(series[static_cast<std::size_t>(series_index)], series,
                                           fallbacks.membersOf(series_index))
                             : marks.label(p.key, p.asked);
    graph->setName(unsafe          ? tr("%1 (unsafe)").arg(name)
                   : p.unjudgeable ? tr("%1 (cannot be judged)").arg(name)
                                   : name);
    if (has_series) graph_of[static_cast<std::size_t>(series_index)] = graph;
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(
        QCPScatterStyle(unsafe ? QCPScatterStyle::ssCross : QCPScatterStyle::ssDisc,
                        QPen(color.darker(120), 1.5), unsafe ? Qt::NoBrush : QBrush(color), 10));
    graph->addData(p.x, p.speedup);
    graph->setVisible(p.shown);
    auto* bars = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
    bars->setDataPlottable(graph);
    bars->setPen(QPen(color, 1.5));
    bars->addData(p.speedup - p.low, p.high - p.speedup);
    bars->setVisible(p.shown);
    // The race's answer, marked on the plot itself: a short chart's legend may not list it. A
    // fallback's point is the config that ran, not the winner asked for.
    if (p.shown && marks.any() && p.key == marks.winner() && p.asked.isEmpty()) winner = &p;
  }
  for (const int i : choice.listed)
    if (auto* graph = graph_of[static_cast<std::size_t>(i)]) graph->addToLegend();

  // The front: safe configs no other safe one beats on both axes, joined from accurate to fast,
  // through the points the filter keeps (a line through hidden points drew configs not shown).
  std::vector<const Point*> front;
  for (const auto& p : points_)
    if (p.front && p.shown) front.push_back(&p);
  std::sort(front.begin(), front.end(), [](const Point* a, const Point* b) { return a->x < b->x; });
  front_line_points_ = 0;
  if (front.size() > 1) {
    auto* line = plot_->addGraph();
    line->setName(tr("Pareto front"));
    line->setProperty(ChartStyle::kLegendKeep, true);  // not a config: a short legend keeps it
    line->addToLegend();
    line->setPen(QPen(palette().color(QPalette::WindowText), 1.2, Qt::DashLine));
    for (const auto* p : front) line->addData(p->x, p->speedup);
    line->setSelectable(QCP::stNone);
    front_line_points_ = static_cast<int>(front.size());
  }
  fitLegend();

  // Reference lines: FP32 speed (×1) and the tolerance.
  auto* one = new QCPItemStraightLine(plot_);
  one->setPen(QPen(ChartStyle::muted(palette()), 1, Qt::DotLine));
  one->point1->setCoords(zero_lane_x_, 1);
  one->point2->setCoords(x_max, 1);
  auto* tol = new QCPItemStraightLine(plot_);
  tol->setPen(QPen(QColor(200, 60, 60), 1, Qt::DashLine));
  tol->point1->setCoords(tolerance(), 0);
  tol->point2->setCoords(tolerance(), 1);
  auto* tol_label = new QCPItemText(plot_);
  tol_label->setText(tr("tolerance t = %1").arg(ValueFormat::relativeError(tolerance())));
  tol_label->setColor(QColor(200, 60, 60));
  tol_label->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
  tol_label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  tol_label->position->setCoords(tolerance() / 1.05, 0.02);

  auto ticker = QSharedPointer<ZeroLaneLogTicker>::create();
  ticker->setLane(any_zero ? zero_lane_x_ : 0, values_from_, tr("= FP32"));
  plot_->xAxis->setTicker(ticker);
  if (any_zero) {
    // The lane's edge: a solid line from the bottom to the top of the plot.
    auto* edge = new QCPItemLine(plot_);
    edge->setObjectName(QStringLiteral("zeroLaneEdge"));
    edge->setPen(QPen(ChartStyle::muted(palette()), 1));
    for (auto* end : {edge->start, edge->end}) {
      end->setTypeX(QCPItemPosition::ptPlotCoords);
      end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    edge->start->setCoords(values_from_, 0);
    edge->end->setCoords(values_from_, 1);
  }

  const int gap = point_clearance_px_;
  winner_label_.clear();
  if (winner) {
    auto* star = new QCPItemText(plot_);
    star->setObjectName(QStringLiteral("winnerMark"));
    winner_label_ = tr("★ %1 (the race's answer)").arg(winner->key);
    star->setText(winner_label_);
    star->setColor(palette().color(QPalette::WindowText));
    star->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    star->position->setCoords(winner->x, winner->speedup);
    star->setPadding(QMargins(gap, gap / 2, 0, 0));
  }
  plot_->xAxis->setRange(any_zero ? zero_lane_x_ / 3 : values_from_, x_max * 3);
  const double pad = std::max(0.1, (y_max - y_min) * 0.1);
  plot_->yAxis->setRange(std::max(0.0, y_min - pad), y_max + pad);

  const int unsafe = unsafeCount();
  plot_->xAxis->setLabel(metricAxisLabel());
  plot_->yAxis->setLabel(speedAxisLabel());
  QString note =
      points_.empty()
          ? tr("Needs finished configs with “Compare outputs with FP32” on")
          : tr("%1 configs · %2 on the Pareto front · %3 unsafe (grey ✕, reason on hover)")
                .arg(pointCount())
                .arg(frontCount())
                .arg(unsafe);
  if (not_measured_ > 0)
    note += tr(" · %1 with accuracy not measured (not drawn)").arg(not_measured_);
  note_->setText(note);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString SpeedAccuracyChart::textAt(const QPointF& pixel) const {
  deferred_->flush();
  for (const auto& p : points_) {
    if (!p.shown) continue;
    const double px = plot_->xAxis->coordToPixel(p.x), py = plot_->yAxis->coordToPixel(p.speedup);
    if (std::hypot(px - pixel.x(), py - pixel.y()) > 9) continue;
    QString text =
        tr("<b>%1</b><br>speed-up %2× over %3 (95 % CI %4–%5×)<br>judged: %6<br>rel. L2 error %7")
            .arg(
                p.key, ValueFormat::number(p.speedup), reference_, ValueFormat::number(p.low),
                ValueFormat::number(p.high), p.judged.toHtmlEscaped(),
                p.rel_l2 == 0 ? tr("0 (identical to FP32)") : ValueFormat::relativeError(p.rel_l2));
    if (p.front) text += tr("<br>on the Pareto front");
    if (!p.unsafe_reason.isEmpty())
      text += tr("<br><b>unsafe:</b> %1").arg(p.unsafe_reason.toHtmlEscaped());
    return text;
  }
  return {};
}

bool SpeedAccuracyChart::pointOf(const QString& key, QPointF* at) const {
  deferred_->flush();
  for (const auto& p : points_) {
    // A lesson names the config it asked for ("fp16"); a failed cast's point is its fallback's.
    if (p.key != key && p.asked != key) continue;
    *at = QPointF(p.x, p.speedup);
    return true;
  }
  return false;
}

int SpeedAccuracyChart::shownPointCount() const {
  deferred_->flush();
  return static_cast<int>(
      std::count_if(points_.begin(), points_.end(), [](const Point& p) { return p.shown; }));
}

void SpeedAccuracyChart::setFilter(const QString& text) {
  filter_->setText(text);
}

QString SpeedAccuracyChart::filter() const {
  return filter_->text();
}

bool SpeedAccuracyChart::filterShown() const {
  deferred_->flush();
  return filter_->filterShown();
}

QString SpeedAccuracyChart::legendNoteText() const {
  deferred_->flush();
  return filter_->noteText();
}

QStringList SpeedAccuracyChart::legendNames() const {
  deferred_->flush();
  QStringList names;
  for (int i = 0; i < plot_->legend->itemCount(); ++i)
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot_->legend->item(i)))
      names << item->plottable()->name();
  return names;
}

void SpeedAccuracyChart::setPointClearance(int px) {
  if (px == point_clearance_px_) return;
  point_clearance_px_ = px;
  deferred_->request();
}

// The legend's columns and rows for the chart's size, and the line above it told how many
// entries a short chart hid.
void SpeedAccuracyChart::fitLegend() {
  ChartStyle::fitLegendColumns(plot_, width(), height());
  filter_->setHiddenEntries(ChartStyle::hiddenLegendEntries(plot_));
}

void SpeedAccuracyChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitLegend();
}

void SpeedAccuracyChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  rebuild();
}

}  // namespace inferscope::gui
