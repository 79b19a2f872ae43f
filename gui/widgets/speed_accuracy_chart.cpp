// SpeedAccuracyChart: ranking through core's rankSession (the CLI prints the same numbers), one
// graph per point so each keeps its colour and error bar, one more graph for the front line.
#include "gui/widgets/speed_accuracy_chart.h"
#include "gui/widgets/translated_text.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {

SpeedAccuracyChart::SpeedAccuracyChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), plot_(new QCustomPlot(this)), tolerance_spin_(new QDoubleSpinBox),
      note_(new QLabel) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  plot_->setObjectName(QStringLiteral("speedAccuracyPlot"));
  tolerance_spin_->setObjectName(QStringLiteral("toleranceSpin"));
  tolerance_spin_->setDecimals(5);
  tolerance_spin_->setRange(1e-5, 1.0);
  tolerance_spin_->setSingleStep(0.001);
  tolerance_spin_->setValue(1e-2);
  bindTr(this, tolerance_spin_, "toolTip", QT_TR_NOOP("Relative L2 error against the FP32 output above which a config counts as unsafe"));
  note_->setForegroundRole(QPalette::PlaceholderText);
  auto* controls = new QHBoxLayout;
  controls->setContentsMargins(6, 4, 6, 0);
  controls->addWidget(newTr<QLabel>(this, QT_TR_NOOP("Tolerance (rel. L2 error)")));
  controls->addWidget(tolerance_spin_);
  controls->addSpacing(12);
  controls->addWidget(note_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(controls);
  layout->addWidget(plot_, 1);

  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
  plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
  plot_->xAxis->setNumberFormat(QStringLiteral("eb"));
  plot_->xAxis->setNumberPrecision(0);
  plot_->xAxis->setLabel(tr("relative L2 error vs FP32 (log scale)"));
  plot_->yAxis->setLabel(tr("speed-up over FP32 (×, 95 % CI)"));
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

double SpeedAccuracyChart::tolerance() const { return tolerance_spin_->value(); }
void SpeedAccuracyChart::setTolerance(double tolerance) { tolerance_spin_->setValue(tolerance); }

int SpeedAccuracyChart::unsafeCount() const {
  deferred_->flush();
  return static_cast<int>(std::count_if(points_.begin(), points_.end(), [](const Point& p) { return !p.unsafe_reason.isEmpty(); }));
}

int SpeedAccuracyChart::frontCount() const {
  deferred_->flush();
  return static_cast<int>(std::count_if(points_.begin(), points_.end(), [](const Point& p) { return p.front; }));
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

  double smallest_error = std::numeric_limits<double>::infinity();
  for (const auto& ranked : ranking_.configs) {
    const auto& c = session.configs[static_cast<std::size_t>(ranked.index)];
    if (c.status != ConfigStatus::Ok || !c.accuracy.measured || ranked.speedup <= 0) continue;
    Point p;
    p.config_index = ranked.index;
    p.key = QString::fromStdString(c.config.key());
    p.asked = QString::fromStdString(c.fallback_from);
    p.error = c.accuracy.rel_l2_error;
    p.speedup = ranked.speedup;
    p.low = ranked.speedup_low > 0 ? ranked.speedup_low : ranked.speedup;
    p.high = ranked.speedup_high > 0 ? ranked.speedup_high : ranked.speedup;
    p.unsafe_reason = QString::fromStdString(ranked.unsafe_reason);
    p.front = ranked.on_pareto_front;
    if (std::isfinite(p.error) && p.error > 0) smallest_error = std::min(smallest_error, p.error);
    points_.push_back(p);
  }
  const double zero_x = std::isfinite(smallest_error) ? smallest_error * kZeroErrorFactor : 1e-6;
  double x_max = std::max(tolerance(), zero_x * 10), y_min = 1, y_max = 1;
  for (auto& p : points_) {
    p.x = std::isfinite(p.error) && p.error > 0 ? p.error : (std::isfinite(p.error) ? zero_x : x_max * 10);
    x_max = std::max(x_max, p.x);
    y_min = std::min(y_min, p.low);
    y_max = std::max(y_max, p.high);
  }

  const auto& series = document_->series();
  const QColor grey(160, 160, 160);
  for (const auto& p : points_) {
    const int series_index = r.series_index[static_cast<std::size_t>(p.config_index)];
    QColor color = series_index >= 0 && series_index < static_cast<int>(series.size())
                       ? ConfigPalette::onPalette(series[static_cast<std::size_t>(series_index)].color, palette()) : grey;
    const bool unsafe = !p.unsafe_reason.isEmpty();
    if (unsafe) color = grey;
    auto* graph = plot_->addGraph();
    graph->setName(unsafe ? tr("%1 (unsafe)").arg(p.key) : p.key);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(unsafe ? QCPScatterStyle::ssCross : QCPScatterStyle::ssDisc,
                                           QPen(color.darker(120), 1.5), unsafe ? Qt::NoBrush : QBrush(color), 10));
    graph->addData(p.x, p.speedup);
    auto* bars = new QCPErrorBars(plot_->xAxis, plot_->yAxis);
    bars->removeFromLegend();
    bars->setDataPlottable(graph);
    bars->setPen(QPen(color, 1.5));
    bars->addData(p.speedup - p.low, p.high - p.speedup);
  }

  // The front: safe configs no other safe one beats on both axes, joined from accurate to fast.
  std::vector<const Point*> front;
  for (const auto& p : points_) if (p.front) front.push_back(&p);
  std::sort(front.begin(), front.end(), [](const Point* a, const Point* b) { return a->x < b->x; });
  if (front.size() > 1) {
    auto* line = plot_->addGraph();
    line->setName(tr("Pareto front"));
    line->setPen(QPen(palette().color(QPalette::WindowText), 1.2, Qt::DashLine));
    for (const auto* p : front) line->addData(p->x, p->speedup);
    line->setSelectable(QCP::stNone);
  }

  // Reference lines: FP32 speed (×1) and the tolerance.
  auto* one = new QCPItemStraightLine(plot_);
  one->setPen(QPen(ChartStyle::muted(palette()), 1, Qt::DotLine));
  one->point1->setCoords(zero_x, 1);
  one->point2->setCoords(x_max, 1);
  auto* tol = new QCPItemStraightLine(plot_);
  tol->setPen(QPen(QColor(200, 60, 60), 1, Qt::DashLine));
  tol->point1->setCoords(tolerance(), 0);
  tol->point2->setCoords(tolerance(), 1);
  auto* tol_label = new QCPItemText(plot_);
  tol_label->setText(tr("tolerance %1").arg(ValueFormat::relativeError(tolerance())));
  tol_label->setColor(QColor(200, 60, 60));
  tol_label->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
  tol_label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  tol_label->position->setCoords(tolerance() / 1.05, 0.02);

  // Error exactly 0 has no place on a log axis: those points sit a decade left of the smallest
  // error, and say so.
  for (const auto& p : points_) {
    if (p.error != 0) continue;
    auto* label = new QCPItemText(plot_);
    label->setText(tr("= FP32 output"));
    label->setColor(ChartStyle::muted(palette()));
    // Left of the point, where neither the ×1 line nor the front runs (below it the label ran into
    // the x axis).
    label->setPositionAlignment(Qt::AlignVCenter | Qt::AlignRight);
    label->position->setCoords(p.x, p.speedup);
    label->setPadding(QMargins(0, 0, 10, 0));
    break;
  }
  plot_->xAxis->setRange(zero_x / 3, x_max * 3);
  const double pad = std::max(0.1, (y_max - y_min) * 0.1);
  plot_->yAxis->setRange(std::max(0.0, y_min - pad), y_max + pad);

  const int unsafe = unsafeCount();
  note_->setText(points_.empty() ? tr("Needs finished configs with “Compare outputs with FP32” on")
                                 : tr("%1 configs · %2 on the Pareto front · %3 unsafe (grey ✕, reason on hover)")
                                       .arg(pointCount()).arg(frontCount()).arg(unsafe));
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString SpeedAccuracyChart::textAt(const QPointF& pixel) const {
  deferred_->flush();
  for (const auto& p : points_) {
    const double px = plot_->xAxis->coordToPixel(p.x), py = plot_->yAxis->coordToPixel(p.speedup);
    if (std::hypot(px - pixel.x(), py - pixel.y()) > 9) continue;
    QString text = tr("<b>%1</b><br>speed-up %2× (95 % CI %3–%4×)<br>rel. L2 error %5")
                       .arg(p.key, ValueFormat::number(p.speedup), ValueFormat::number(p.low), ValueFormat::number(p.high),
                            p.error == 0 ? tr("0 (identical to FP32)") : ValueFormat::relativeError(p.error));
    if (p.front) text += tr("<br>on the Pareto front");
    if (!p.unsafe_reason.isEmpty()) text += tr("<br><b>unsafe:</b> %1").arg(p.unsafe_reason.toHtmlEscaped());
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

void SpeedAccuracyChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  plot_->xAxis->setLabel(tr("relative L2 error vs FP32 (log scale)"));
  plot_->yAxis->setLabel(tr("speed-up over FP32 (×, 95 % CI)"));
  rebuild();
}

}  // namespace inferscope::gui
