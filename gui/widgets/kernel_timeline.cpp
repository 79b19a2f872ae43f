// KernelTimeline: a QCPAbstractPlottable that paints only the rectangles inside the visible key
// range (x in ms from the window start, y = stream row), so zooming into 10 000 kernels stays
// fluid.
#include "gui/widgets/kernel_timeline.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/common/units.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/chart_style.h"

namespace inferscope::gui {
namespace {

constexpr double kRowHeight = 0.7;  // of one stream row

class TimelineRects : public QCPAbstractPlottable {
 public:
  TimelineRects(QCPAxis* key, QCPAxis* value, const trace::TimelineData* data)
      : QCPAbstractPlottable(key, value), data_(data) {}

  double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
  QCPRange getKeyRange(bool& found, QCP::SignDomain) const override {
    found = data_->duration_us > 0;
    return QCPRange(0, units::usToMs(data_->duration_us));
  }
  QCPRange getValueRange(bool& found, QCP::SignDomain, const QCPRange&) const override {
    found = !data_->streams.empty();
    return QCPRange(-0.5, static_cast<double>(data_->streams.size()) - 0.5);
  }

 protected:
  void draw(QCPPainter* painter) override {
    const QCPRange visible = mKeyAxis->range();
    for (std::size_t row = 0; row < data_->streams.size(); ++row) {
      const double top = mValueAxis->coordToPixel(static_cast<double>(row) - kRowHeight / 2);
      const double bottom = mValueAxis->coordToPixel(static_cast<double>(row) + kRowHeight / 2);
      for (const auto& item : data_->streams[row].items) {
        const double start_ms = units::usToMs(item.start_us),
                     end_ms = units::usToMs(item.start_us + item.duration_us);
        if (end_ms < visible.lower || start_ms > visible.upper) continue;
        const double left = mKeyAxis->coordToPixel(start_ms);
        // At least one pixel wide: a 3 µs kernel in a 500 ms view must not vanish.
        const double width = std::max(1.0, mKeyAxis->coordToPixel(end_ms) - left);
        const QColor colour = item.kind == trace::TimelineItemKind::Kernel
                                  ? KernelTimeline::opColour(item.op_colour)
                                  : QColor(90, 90, 90);
        painter->fillRect(QRectF(left, std::min(top, bottom), width, std::abs(bottom - top)),
                          colour);
      }
    }
  }
  void drawLegendIcon(QCPPainter*, const QRectF&) const override {}

 private:
  const trace::TimelineData* data_;
};

}  // namespace

QColor KernelTimeline::opColour(int op_index) {
  if (op_index < 0) return QColor(170, 170, 170);
  // Tableau-like qualitative colours for the heaviest operators, then golden-angle hues.
  static const QColor kFirst[] = {
      QColor(78, 121, 167),  QColor(242, 142, 43), QColor(89, 161, 79),   QColor(225, 87, 89),
      QColor(118, 183, 178), QColor(237, 201, 72), QColor(176, 122, 161), QColor(255, 157, 167),
      QColor(156, 117, 95),  QColor(186, 176, 172)};
  if (op_index < 10) return kFirst[op_index];
  return QColor::fromHsv(static_cast<int>(std::fmod(op_index * 137.508, 360.0)), 140, 200);
}

KernelTimeline::KernelTimeline(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), legend_(new QLabel) {
  plot_->setObjectName(QStringLiteral("kernelTimelinePlot"));
  legend_->setWordWrap(true);
  legend_->setTextFormat(Qt::RichText);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(legend_);
  layout->addWidget(plot_, 1);
  ChartStyle::apply(plot_, this);
  // Zoom and drag along time only: the stream rows stay put.
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal);
  plot_->axisRect()->setRangeZoom(Qt::Horizontal);
  plot_->xAxis->setLabel(tr("time in the trace window (ms) · wheel zooms, drag pans"));
  connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          &KernelTimeline::updateLabels);
  plot_->yAxis->grid()->setVisible(false);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
}

void KernelTimeline::setData(trace::TimelineData data) {
  data_ = std::move(data);
  plot_->clearPlottables();
  plot_->clearItems();
  labels_.clear();
  new TimelineRects(plot_->xAxis, plot_->yAxis, &data_);
  QSharedPointer<QCPAxisTickerText> rows(new QCPAxisTickerText);
  for (std::size_t i = 0; i < data_.streams.size(); ++i)
    rows->addTick(static_cast<double>(i), QString::fromStdString(data_.streams[i].label));
  plot_->yAxis->setTicker(rows);
  plot_->yAxis->setRangeReversed(true);
  for (const auto& it : data_.iterations) {
    auto* line = new QCPItemStraightLine(plot_);
    line->setPen(QPen(ChartStyle::muted(palette()), 1, it.warmup ? Qt::DotLine : Qt::DashLine));
    line->point1->setCoords(units::usToMs(it.start_us), 0);
    line->point2->setCoords(units::usToMs(it.start_us), 1);
    auto* label = new QCPItemText(plot_);
    label->setText(tr("it %1%2 · %3 kernels · %4 % busy")
                       .arg(it.iteration)
                       .arg(it.warmup ? tr(" (warm-up)") : QString())
                       .arg(it.kernel_count)
                       .arg(it.gpu_busy_pct, 0, 'f', 0));
    labels_.push_back({label, units::usToMs(it.start_us), units::usToMs(it.end_us)});
    label->setColor(ChartStyle::muted(palette()));
    label->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(units::usToMs(it.start_us), 0.0);
    label->setClipToAxisRect(true);
  }
  // The heaviest operators get a swatch each; the rest share "other" (hover names them).
  constexpr int kLegendOps = 8;
  QStringList entries;
  for (int i = 0; i < static_cast<int>(data_.op_names.size()) && i < kLegendOps; ++i) {
    entries << QStringLiteral("<span style='color:%1'>■</span>&nbsp;%2")
                   .arg(opColour(i).name(),
                        QString::fromStdString(data_.op_names[static_cast<std::size_t>(i)])
                            .toHtmlEscaped());
  }
  if (static_cast<int>(data_.op_names.size()) > kLegendOps)
    entries << tr("%1 more (hover)").arg(data_.op_names.size() - kLegendOps);
  entries << QStringLiteral("<span style='color:%1'>■</span>&nbsp;%2")
                 .arg(opColour(-1).name(), tr("no operator"));
  QString text = entries.join(QStringLiteral(" &nbsp; "));
  if (data_.items_left_out > 0 || data_.iterations_left_out > 0) {
    // A session file's bounded copy: say what the window had beyond it.
    text += QStringLiteral("<br><i>%1</i>")
                .arg(tr("from the session file: %1 iterations, %2 kernels and copies; %3 more "
                        "iterations (%4 items) were traced but not kept")
                         .arg(data_.iterations.size())
                         .arg(QLocale().toString(itemCount()))
                         .arg(data_.iterations_left_out)
                         .arg(QLocale().toString(static_cast<qulonglong>(data_.items_left_out))));
  }
  legend_->setText(text);
  plot_->xAxis->setRange(0, std::max(units::usToMs(data_.duration_us), 0.001));
  updateLabels();
  plot_->yAxis->setRange(-0.7,
                         std::max<double>(static_cast<double>(data_.streams.size()), 1.0) - 0.3);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void KernelTimeline::updateLabels() {
  const QFontMetrics metrics(font());
  for (const auto& l : labels_) {
    const double width_px =
        plot_->xAxis->coordToPixel(l.end_ms) - plot_->xAxis->coordToPixel(l.start_ms);
    l.item->setVisible(width_px > metrics.horizontalAdvance(l.item->text()) + 8);
  }
}

QString KernelTimeline::legendText() const {
  return legend_->text();
}

int KernelTimeline::itemCount() const {
  std::size_t n = 0;
  for (const auto& stream : data_.streams) n += stream.items.size();
  return static_cast<int>(n);
}

QString KernelTimeline::textAt(const QPointF& pixel) const {
  const int row = static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(pixel.y())));
  if (row < 0 || row >= streamCount()) return {};
  const double t_us = units::msToUs(plot_->xAxis->pixelToCoord(pixel.x()));  // the axis is in ms
  const double slack_us = units::msToUs(
      std::abs(plot_->xAxis->pixelToCoord(pixel.x() + 2) - plot_->xAxis->pixelToCoord(pixel.x())));
  for (const auto& item : data_.streams[static_cast<std::size_t>(row)].items) {
    if (t_us < item.start_us - slack_us || t_us > item.start_us + item.duration_us + slack_us)
      continue;
    return tr("<b>%1</b><br>%2<br>%3 µs · iteration %4")
        .arg(QString::fromStdString(item.name).toHtmlEscaped().left(200),
             item.op_name.empty() ? tr("(no operator)")
                                  : QString::fromStdString(item.op_name).toHtmlEscaped(),
             ValueFormat::number(item.duration_us))
        .arg(item.iteration);
  }
  return {};
}

void KernelTimeline::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  plot_->xAxis->setLabel(tr("time in the trace window (ms) · wheel zooms, drag pans"));
  setData(trace::TimelineData(data_));  // labels and legend in the new language
}

}  // namespace inferscope::gui
