// MemoryChart: one QCPBars per (config, measure) with a single data point, because QCPBars has one
// brush per plottable and every config keeps its own colour. The bars of a config sit side by side
// around its tick; three neutral legend-only entries explain the shades.
#include "gui/widgets/memory_chart.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/common/units.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {

constexpr double kBarWidth = 0.26;
enum Measure { Parameters, Allocated, Reserved, MeasureCount };

QColor shade(const QColor& base, int measure) {
  if (measure == Parameters) return base.lighter(135);
  if (measure == Reserved) return base.darker(140);
  return base;
}

QString measureName(int measure) {
  switch (measure) {
    case Parameters:
      return MemoryChart::tr("parameters");
    case Allocated:
      return MemoryChart::tr("peak allocated");
    default:
      return MemoryChart::tr("peak reserved (CUDA caching allocator)");
  }
}

double offset(int measure) {
  return (measure - 1) * (kBarWidth + 0.02);
}

}  // namespace

MemoryChart::MemoryChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), plot_(new QCustomPlot(this)) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  plot_->setObjectName(QStringLiteral("memoryPlot"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  log_check_ = newTr<QCheckBox>(this, QT_TR_NOOP("Log scale"));
  log_check_->setObjectName(QStringLiteral("memoryLogScale"));
  bindTr(this, log_check_, "toolTip",
         QT_TR_NOOP("Logarithmic MiB axis: one large config no longer flattens the others"));
  connect(log_check_, &QCheckBox::toggled, this, &MemoryChart::setLogScale);
  auto* controls = new QHBoxLayout;
  controls->setContentsMargins(6, 2, 6, 0);
  controls->addStretch(1);
  controls->addWidget(log_check_);
  layout->addLayout(controls);
  layout->addWidget(plot_);
  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_);
  plot_->yAxis->setLabel(tr("memory (MiB)"));
  plot_->xAxis->setLabel(tr("config"));
  plot_->xAxis->grid()->setVisible(false);
  source_label_ =
      new QCPTextElement(plot_, QString(), QFont(font().family(), font().pointSize() - 1));
  source_label_->setTextColor(palette().color(QPalette::PlaceholderText));
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, source_label_);
  connect(document_, &SessionDocument::reset, deferred_, &DeferredRebuild::request);
  connect(document_, &SessionDocument::resultAdded, deferred_, &DeferredRebuild::request);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
  rebuild();
}

void MemoryChart::setLogScale(bool on) {
  if (log_check_->isChecked() != on) log_check_->setChecked(on);  // toggled() brings us back
  if (log_scale_ == on) return;
  log_scale_ = on;
  rebuild();
}

QStringList MemoryChart::valueLabels() const {
  deferred_->flush();
  QStringList labels;
  for (const auto* label : value_labels_) labels << label->text();
  return labels;
}

void MemoryChart::rebuild() {
  plot_->clearPlottables();
  if (winner_mark_) plot_->removeItem(winner_mark_);  // before the label it hangs from
  winner_mark_ = nullptr;
  for (auto* label : value_labels_) plot_->removeItem(label);
  value_labels_.clear();
  winner_label_.clear();
  rows_.clear();
  const auto& series = document_->series();
  // A config that ran twice as a fallback is one group, as it is one row of the table.
  const FallbackGroups groups = groupFallbacks(series);
  bool any_cuda = false, any_cpu = false;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const auto& result = series[i].result;
    if (!result || result->status != ConfigStatus::Ok || groups.merged(static_cast<int>(i)))
      continue;
    const auto& m = result->memory;
    if (m.parameter_bytes <= 0 && m.peak_allocated_bytes <= 0) continue;
    Row row;
    row.series_index = static_cast<int>(i);
    row.parameter_mib = units::bytesToMiB(m.parameter_bytes);
    row.allocated_mib = units::bytesToMiB(m.peak_allocated_bytes);
    row.reserved_mib = units::bytesToMiB(m.peak_reserved_bytes);
    row.has_reserved = m.source == "cuda-caching-allocator";
    any_cuda |= row.has_reserved;
    any_cpu |= m.source == "cpu-allocator-hook";
    rows_.push_back(row);
  }

  // Legend: what the three shades mean, in a neutral grey (the x axis names the configs).
  const QColor neutral(120, 120, 120);
  for (int measure = 0; measure < MeasureCount; ++measure) {
    if (measure == Reserved && !any_cuda) continue;
    auto* legend_only = new QCPBars(plot_->xAxis, plot_->yAxis);
    legend_only->setName(measureName(measure));
    legend_only->setBrush(measure == Parameters ? QBrush(shade(neutral, measure), Qt::Dense3Pattern)
                                                : QBrush(shade(neutral, measure)));
    legend_only->setPen(QPen(neutral.darker(150)));
  }

  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  // Configs named as every view names them: the tuner's winner ★, its ties ≈, a fallback asked →
  // ran.
  const ConfigMarks marks = ConfigMarks::of(document_->session().get());
  double highest = 0, lowest = std::numeric_limits<double>::infinity();
  for (std::size_t r = 0; r < rows_.size(); ++r) {
    const auto& row = rows_[r];
    const auto& s = series[static_cast<std::size_t>(row.series_index)];
    const QString name = marks.label(s, series, groups.membersOf(row.series_index));
    ticker->addTick(static_cast<double>(r), name);
    const double values[MeasureCount] = {row.parameter_mib, row.allocated_mib, row.reserved_mib};
    for (int measure = 0; measure < MeasureCount; ++measure) {
      if (measure == Reserved && !row.has_reserved) continue;
      plot_->setAutoAddPlottableToLegend(false);  // never in the legend: added and taken out, each
                                                  // refilled the legend (10 000 configs: minutes)
      auto* bars = new QCPBars(plot_->xAxis, plot_->yAxis);
      plot_->setAutoAddPlottableToLegend(true);
      bars->setWidth(kBarWidth);
      // Parameters also get a hatch: a light shade alone washes out for the palest configs.
      const QColor color = ConfigPalette::onPalette(s.color, palette());
      bars->setBrush(measure == Parameters ? QBrush(shade(color, measure), Qt::Dense3Pattern)
                                           : QBrush(shade(color, measure)));
      bars->setPen(QPen(color.darker(150)));
      bars->addData(static_cast<double>(r) + offset(measure), values[measure]);
      highest = std::max(highest, values[measure]);
      if (values[measure] > 0) lowest = std::min(lowest, values[measure]);
    }
    // The peak allocated MiB over the group, upright, or turned when the groups are narrow.
    auto* label = new QCPItemText(plot_);
    label->setText(ValueFormat::number(row.allocated_mib));
    label->setColor(palette().color(QPalette::WindowText));
    label->position->setCoords(static_cast<double>(r),
                               std::max({row.parameter_mib, row.allocated_mib, row.reserved_mib}));
    label->setPadding(QMargins(3, 0, 3, 3));
    label->setClipToAxisRect(false);
    if (rows_.size() > 8) {
      label->setRotation(-90);
      label->setPositionAlignment(Qt::AlignVCenter | Qt::AlignLeft);
    } else {
      label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
    }
    value_labels_.push_back(label);
    // The race's answer, marked over its group as on the Speed × accuracy plot: with dozens of
    // turned names under the axis, a ★ in one of them is easily missed.
    if (marks.any() && name.startsWith(QStringLiteral("★ ")) && !winner_mark_) {
      winner_mark_ = new QCPItemText(plot_);
      winner_mark_->setObjectName(QStringLiteral("winnerMark"));
      winner_label_ = tr("★ the race's answer");
      winner_mark_->setText(winner_label_);
      QFont bold = font();
      bold.setBold(true);
      winner_mark_->setFont(bold);
      winner_mark_->setColor(palette().color(QPalette::WindowText));
      winner_mark_->setClipToAxisRect(false);
      winner_mark_->setPadding(QMargins(3, 3, 3, 3));
      // Above the group's value label (upright: its height; turned: its length, over the top).
      const QFontMetrics metrics(label->font());
      const int over =
          rows_.size() > 8 ? metrics.horizontalAdvance(label->text()) + 6 : metrics.height() + 3;
      winner_mark_->position->setParentAnchor(label->position);
      winner_mark_->position->setCoords(0, -over);
      winner_mark_->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
      winner_group_ = static_cast<int>(r);
    }
  }

  plot_->xAxis->setTicker(ticker);
  // Turned labels lean left of their tick: leaning right, the last one ran past the plot's edge.
  // Turned too where a name is wider than its group's share of the width: four configs named
  // "asked → ran (fallback)" ran into each other upright at 1024 pixels.
  int widest_name = 0;
  const QFontMetrics names(plot_->xAxis->tickLabelFont());
  for (const auto& name : ticker->ticks())
    widest_name = std::max(widest_name, names.horizontalAdvance(name));
  const double group_px =
      rows_.empty() ? 0.0 : 0.85 * plot_->width() / static_cast<double>(rows_.size());
  plot_->xAxis->setTickLabelRotation(rows_.size() > 6 || widest_name > group_px ? -35 : 0);
  plot_->xAxis->setRange(-0.6, std::max<double>(static_cast<double>(rows_.size()), 1.0) - 0.4);
  plot_->yAxis->setScaleType(log_scale_ ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  plot_->yAxis->setLabel(log_scale_ ? tr("memory (MiB, log scale)") : tr("memory (MiB)"));
  if (log_scale_) {
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    const double floor = std::isfinite(lowest) ? lowest / 2 : 1;
    // Bars rise from the axis floor: a log axis has no zero.
    for (int i = 0; i < plot_->plottableCount(); ++i) {
      if (auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i))) bars->setBaseValue(floor);
    }
    plot_->yAxis->setRange(
        floor, highest > 0 ? highest * (rows_.size() > 8 ? 8 : 3) * (winner_mark_ ? 2 : 1) : 100);
  } else {
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    // Head room for the labels over the tallest group (turned ones need more).
    // The answer's mark over its group needs a line more.
    plot_->yAxis->setRange(
        0,
        highest > 0 ? highest * (rows_.size() > 8 ? 1.3 : 1.15) * (winner_mark_ ? 1.12 : 1) : 100);
  }

  QString source;
  if (rows_.empty()) {
    source = tr("No memory figures yet: they appear as configs finish");
  } else if (any_cuda) {
    source =
        tr("Source: CUDA caching allocator (torch.cuda.max_memory_allocated / reserved), per "
           "config after reset");
  } else if (any_cpu) {
    source =
        tr("CPU: allocator hook (peak bytes allocated by LibTorch's CPU allocator); no reserved "
           "pool on the CPU");
  }
  source_label_->setText(source);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString MemoryChart::sourceText() const {
  return deferred_->fresh(source_label_)->text();
}

QString MemoryChart::textAt(const QPointF& pixel) const {
  deferred_->flush();
  for (int i = 0; i < plot_->plottableCount(); ++i) {
    auto* bars = qobject_cast<QCPBars*>(plot_->plottable(i));
    if (!bars || bars->data()->isEmpty() || bars->selectTest(pixel, false) < 0 ||
        bars->selectTest(pixel, false) > 1)
      continue;
    const double key = bars->data()->begin()->key;
    const int r = static_cast<int>(std::lround(key));
    if (r < 0 || r >= configCount()) continue;
    const int measure = static_cast<int>(std::lround((key - r) / (kBarWidth + 0.02))) + 1;
    const auto& s =
        document_
            ->series()[static_cast<std::size_t>(rows_[static_cast<std::size_t>(r)].series_index)];
    return tr("<b>%1</b><br>%2: %3 MiB")
        .arg(s.key, measureName(measure), ValueFormat::number(bars->data()->begin()->value));
  }
  return {};
}

QString MemoryChart::winnerMarkText() const {
  deferred_->flush();
  return winner_label_;
}

int MemoryChart::winnerGroup() const {
  deferred_->flush();
  return winner_mark_ ? winner_group_ : -1;
}

int MemoryChart::groupOf(int series_index) const {
  deferred_->flush();
  for (std::size_t r = 0; r < rows_.size(); ++r)
    if (rows_[r].series_index == series_index) return static_cast<int>(r);
  return -1;
}

void MemoryChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  plot_->xAxis->setLabel(tr("config"));
  plot_->yAxis->setLabel(log_scale_ ? tr("memory (MiB, log scale)") : tr("memory (MiB)"));
  rebuild();
}

}  // namespace inferscope::gui
