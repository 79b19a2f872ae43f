// BreakEvenChart: two lines of total time over a log axis of inferences, sampled geometrically
// (a straight line a + b·N is a curve on log axes), the crossing marked by an item whose label
// keeps to the side of the marker where no line runs.
#include "gui/widgets/break_even_chart.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/common/units.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

constexpr int kSamplesPerLine = 160;

QColor seriesColour(const SessionDocument* document, const QString& key, const QPalette& palette) {
  for (const auto& s : document->series())
    if (s.key == key) return ConfigPalette::onPalette(s.color, palette);
  return ConfigPalette::onPalette(QColor(160, 160, 160), palette);
}

}  // namespace

BreakEvenChart::BreakEvenChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), plot_(new QCustomPlot(this)) {
  plot_->setObjectName(QStringLiteral("breakEvenPlot"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_, 1);
  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_);
  for (auto* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    // Powers of ten as 10⁴ (the 'b'), in every language.
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
  }
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  // The side of the marker its label takes depends on the plot's size, known at each replot.
  connect(plot_, &QCustomPlot::beforeReplot, this, &BreakEvenChart::placeMarkerLabel);
  connect(document_, &SessionDocument::reset, this, &BreakEvenChart::rebuild);
  rebuild();
}

QString BreakEvenChart::exportTitle() const {
  return tr("Total time of a job of N inferences: %1 against %2").arg(compiled_, eager_);
}

void BreakEvenChart::setConfigs(const QString& compiled, const QString& eager) {
  compiled_ = compiled;
  eager_ = eager;
  rebuild();
}

void BreakEvenChart::setPointClearance(int px) {
  point_clearance_px_ = px;
  placeMarkerLabel();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void BreakEvenChart::rebuild() {
  plot_->clearPlottables();
  plot_->clearItems();
  marker_ = nullptr;
  marker_label_ = nullptr;
  break_even_.reset();
  message_.clear();
  plot_->xAxis->setLabel(tr("inferences since the program started (log scale)"));
  plot_->yAxis->setLabel(tr("total time, set-up included (s, log scale)"));

  const auto session = document_->session();
  const ConfigResult* compiled = session ? session->find(compiled_.toStdString()) : nullptr;
  const ConfigResult* eager = session ? session->find(eager_.toStdString()) : nullptr;
  const auto compiled_cost = compiled ? JobCost::of(*compiled) : std::nullopt;
  const auto eager_cost = eager ? JobCost::of(*eager) : std::nullopt;
  if (!compiled_cost || !eager_cost) {
    const QString missing = !compiled_cost ? compiled_ : eager_;
    message_ = missing.isEmpty()
                   ? tr("Pick a compiled config and the config to weigh it against")
                   : tr("%1 has no finished result with a steady median in this session: there "
                        "is no time to add up")
                         .arg(missing);
  } else {
    break_even_ = breakEvenInferences(*eager_cost, *compiled_cost);
    if (!break_even_) {
      message_ =
          compiled_cost->setup_ms <= eager_cost->setup_ms
              ? tr("This session recorded no compile time for %1: its set-up took %2 s, "
                   "no longer than %3's %4 s, so there is nothing to win back")
                    .arg(compiled_, ValueFormat::number(units::msToS(compiled->setup_ms)), eager_,
                         ValueFormat::number(units::msToS(eager->setup_ms)))
              : tr("%1 is not faster than %2 (%3 ms against %4 ms per inference): its "
                   "compile never pays for itself")
                    .arg(compiled_, eager_, ValueFormat::number(compiled_cost->per_inference_ms),
                         ValueFormat::number(eager_cost->per_inference_ms));
    }
  }

  // Two decades past the crossing: far enough to see the compiled line stay below, near enough
  // that the crossing sits left of the middle of the axis with room for its label.
  const double n_max =
      break_even_ ? std::pow(10.0, std::ceil(std::log10(std::max(*break_even_, 10.0))) + 2) : 1e6;
  double y_low = HUGE_VAL, y_high = 0;
  // Each line in its config's colour; a compiled config and its eager twin share a precision and
  // so a colour family (two greens for BF16): the eager one is dashed.
  // The lower line's offset is written under its start: it rises to the right, away from it.
  auto add_line = [&](const QString& key, const JobCost& cost, const QString& name,
                      Qt::PenStyle style, bool label_under) {
    auto* graph = plot_->addGraph();
    graph->setName(name);
    graph->setPen(QPen(seriesColour(document_, key, palette()), 3, style));
    for (int i = 0; i <= kSamplesPerLine; ++i) {
      const double n = std::pow(n_max, static_cast<double>(i) / kSamplesPerLine);
      graph->addData(n, units::msToS(cost.totalMs(n)));
    }
    y_low = std::min(y_low, units::msToS(cost.totalMs(1)));
    y_high = std::max(y_high, units::msToS(cost.totalMs(n_max)));
    // Its offset at the first inference, over its start: the compiled line's is its compile.
    auto* offset = new QCPItemText(plot_);
    offset->setText(tr("%1: %2 s before the first result")
                        .arg(key, ValueFormat::number(units::msToS(cost.setup_ms))));
    offset->setColor(seriesColour(document_, key, palette()));
    offset->position->setCoords(1, units::msToS(cost.totalMs(1)));
    offset->setPositionAlignment((label_under ? Qt::AlignTop : Qt::AlignBottom) | Qt::AlignLeft);
    offset->setPadding(label_under ? QMargins(8, 6, 0, 0) : QMargins(8, 0, 0, 6));
    offset->setClipToAxisRect(true);
  };
  const bool eager_lower =
      !compiled_cost || (eager_cost && eager_cost->totalMs(1) < compiled_cost->totalMs(1));
  if (eager_cost)
    add_line(eager_, *eager_cost, tr("%1 (eager)").arg(eager_), Qt::DashLine, eager_lower);
  if (compiled_cost) add_line(compiled_, *compiled_cost, compiled_, Qt::SolidLine, !eager_lower);
  if (y_high <= 0) {
    y_low = 0.1;
    y_high = 100;
  }
  plot_->xAxis->setRange(1, n_max);
  // A decade under the lower start, for its label.
  plot_->yAxis->setRange(y_low / 10, y_high * 3);

  const QColor ink = palette().color(QPalette::WindowText);
  if (break_even_) {
    const double total_s = units::msToS(eager_cost->totalMs(*break_even_));
    marker_ = new QCPItemTracer(plot_);
    marker_->position->setCoords(*break_even_, total_s);
    marker_->setStyle(QCPItemTracer::tsCircle);
    marker_->setSize(12);
    marker_->setPen(QPen(ink, 2));
    marker_->setBrush(ink);
    auto* drop = new QCPItemLine(plot_);
    drop->start->setTypeY(QCPItemPosition::ptAxisRectRatio);
    drop->start->setCoords(*break_even_, 1);
    drop->end->setCoords(*break_even_, total_s);
    drop->setPen(QPen(ChartStyle::muted(palette()), 1.5, Qt::DashLine));
    marker_label_ = new QCPItemText(plot_);
    marker_label_->setText(
        tr("break-even after\n%1 inferences").arg(QLocale().toString(std::llround(*break_even_))));
    marker_label_->setTextAlignment(Qt::AlignLeft);
    marker_label_->setColor(ink);
    QFont bold = font();
    bold.setBold(true);
    marker_label_->setFont(bold);
    marker_label_->position->setType(QCPItemPosition::ptAbsolute);
    marker_label_->position->setParentAnchor(marker_->position);
    marker_label_->setClipToAxisRect(true);
    placeMarkerLabel();
  } else {
    auto* why = new QCPItemText(plot_);
    why->setText(message_);
    why->setColor(ink);
    why->position->setType(QCPItemPosition::ptAxisRectRatio);
    why->position->setCoords(0.5, 0.5);
    why->setClipToAxisRect(true);
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void BreakEvenChart::placeMarkerLabel() {
  if (!marker_ || !marker_label_) return;
  const QRect rect = plot_->axisRect()->rect();
  const QPointF at(plot_->xAxis->coordToPixel(marker_->position->key()),
                   plot_->yAxis->coordToPixel(marker_->position->value()));
  const QFontMetrics metrics(marker_label_->font());
  const QMargins pad = marker_label_->padding();
  const QSize size = metrics.boundingRect(QRect(), Qt::AlignLeft, marker_label_->text()).size() +
                     QSize(pad.left() + pad.right(), pad.top() + pad.bottom());
  const int clear = std::max(point_clearance_px_, static_cast<int>(marker_->size() / 2) + 4);
  const bool right_fits = at.x() + clear + size.width() <= rect.right() - 2 &&
                          at.y() + 4 + size.height() <= rect.bottom() - 2;
  if (right_fits) {
    marker_label_->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    marker_label_->position->setCoords(clear, 4);
  } else {
    marker_label_->setPositionAlignment(Qt::AlignBottom | Qt::AlignRight);
    marker_label_->position->setCoords(-clear, -4);
  }
}

void BreakEvenChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange) rebuild();
}

}  // namespace inferscope::gui
