// LatencyChart: QCustomPlot set-up, live appends, the warm-up band and exports. Replots are
// queued (rpQueuedReplot), so a burst of snapshots and results costs one repaint per frame.
#include "gui/widgets/latency_chart.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "gui/lib/session_document.h"
#include "gui/widgets/chart_tickers.h"

namespace inferscope::gui {

LatencyChart::LatencyChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), plot_(new QCustomPlot(this)) {
  plot_->setObjectName(QStringLiteral("latencyPlot"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);

  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->xAxis->setLabel(tr("iteration"));
  plot_->yAxis->setLabel(tr("latency (ms)"));
  plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IterationTicker));
  auto ticker = QSharedPointer<LatencyTicker>::create();
  ticker->setTickCount(6);
  y_ticker_ = ticker.data();
  plot_->yAxis->setTicker(ticker);
  for (auto* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->grid()->setSubGridVisible(false);
    axis->setTickLabelColor(palette().color(QPalette::WindowText));
    axis->setLabelColor(palette().color(QPalette::WindowText));
  }
  plot_->setBackground(palette().brush(QPalette::Base));

  // The legend sits in a row of its own above the plot: inside the axis rect it would hide the
  // first iterations or the steady band, whichever corner it took.
  plot_->legend->setVisible(true);
  plot_->legend->setBrush(Qt::NoBrush);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setTextColor(palette().color(QPalette::WindowText));
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setWrap(6);
  plot_->legend->setColumnSpacing(16);
  plot_->legend->setMargins(QMargins(4, 2, 4, 0));
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->legend->setLayer(QStringLiteral("legend"));
  // Legend and an empty stretching element side by side keep the entries together at the left
  // (a legend alone in the row spreads them over the whole width). The spacer also keeps the
  // row wide when the legend is empty: a grid column is capped at its narrowest element's
  // maximum width, and an empty legend's is just its margins.
  auto* legend_row = new QCPLayoutGrid;
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, legend_row);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->plotLayout()->setRowSpacing(0);
  legend_row->addElement(0, 0, plot_->legend);
  legend_row->addElement(0, 1, new QCPLayoutElement(plot_));
  legend_row->setColumnStretchFactor(0, 0.001);
  legend_row->setColumnSpacing(0);
  legend_row->setMargins(QMargins(plot_->axisRect()->margins().left(), 0, 0, 0));

  // The warm-up band lives on a layer below the lines; x in iterations, y spanning the axis rect.
  plot_->addLayer(QStringLiteral("warmup"), plot_->layer(QStringLiteral("grid")), QCustomPlot::limBelow);
  warmup_band_ = new QCPItemRect(plot_);
  warmup_band_->setLayer(QStringLiteral("warmup"));
  warmup_band_->setPen(Qt::NoPen);
  warmup_band_->setBrush(QColor(128, 128, 128, 40));
  warmup_band_->setClipToAxisRect(true);
  for (auto* p : {warmup_band_->topLeft, warmup_band_->bottomRight}) {
    p->setTypeX(QCPItemPosition::ptPlotCoords);
    p->setTypeY(QCPItemPosition::ptAxisRectRatio);
  }
  warmup_label_ = new QCPItemText(plot_);
  warmup_label_->setLayer(QStringLiteral("warmup"));
  warmup_label_->setText(tr("warm-up"));
  warmup_label_->setColor(QColor(100, 100, 100));
  warmup_label_->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
  warmup_label_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  warmup_label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  steady_line_ = new QCPItemStraightLine(plot_);
  steady_line_->setLayer(QStringLiteral("warmup"));
  steady_line_->setPen(QPen(QColor(100, 100, 100), 1, Qt::DashLine));
  empty_label_ = new QCPItemText(plot_);
  empty_label_->setText(tr("Press Start to measure, or open a session file"));
  empty_label_->setColor(QColor(128, 128, 128));
  empty_label_->position->setType(QCPItemPosition::ptAxisRectRatio);
  empty_label_->position->setCoords(0.5, 0.5);

  connect(document_, &SessionDocument::reset, this, &LatencyChart::rebuild);
  connect(document_, &SessionDocument::samplesAppended, this, &LatencyChart::onSamplesAppended);
  connect(document_, &SessionDocument::resultAdded, this, &LatencyChart::onResultAdded);
  rebuild();
}

int LatencyChart::pointCount(int series_index) const {
  if (series_index < 0 || series_index >= graphCount()) return 0;
  return graphs_[static_cast<std::size_t>(series_index)]->data()->size();
}

void LatencyChart::rebuild() {
  plot_->clearGraphs();
  graphs_.clear();
  const auto& series = document_->series();
  for (std::size_t i = 0; i < series.size(); ++i) {
    auto* graph = plot_->addGraph();
    graph->setName(series[i].key);
    graph->setPen(QPen(series[i].color, 1.6));
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 3.5));
    graph->setAdaptiveSampling(true);
    graphs_.push_back(graph);
    setSeriesData(static_cast<int>(i));
  }
  empty_label_->setVisible(series.empty());
  plot_->legend->setVisible(!series.empty());
  updateWarmupBand();
  rescale();
}

void LatencyChart::onSamplesAppended(int series_index, int first) {
  if (series_index < 0 || series_index >= graphCount()) return;
  const auto& latency = document_->series()[static_cast<std::size_t>(series_index)].latency_ms;
  QVector<double> keys, values;
  for (std::size_t i = static_cast<std::size_t>(first); i < latency.size(); ++i) {
    keys << static_cast<double>(i);
    values << latency[i];
  }
  graphs_[static_cast<std::size_t>(series_index)]->addData(keys, values, /*alreadySorted=*/true);
  rescale();
}

void LatencyChart::onResultAdded(int series_index) {
  setSeriesData(series_index);
  updateWarmupBand();
  rescale();
}

void LatencyChart::setSeriesData(int series_index) {
  const auto& series = document_->series()[static_cast<std::size_t>(series_index)];
  const auto& latency = series.latency_ms;
  auto* graph = graphs_[static_cast<std::size_t>(series_index)];
  // A config that did not end Ok says so in the legend, not only in the table.
  if (series.result && series.result->status != ConfigStatus::Ok) {
    graph->setName(QStringLiteral("%1 (%2)").arg(series.key, QString::fromUtf8(toString(series.result->status))));
  }
  QVector<double> keys(static_cast<int>(latency.size())), values(static_cast<int>(latency.size()));
  for (int i = 0; i < keys.size(); ++i) {
    keys[i] = i;
    values[i] = latency[static_cast<std::size_t>(i)];
  }
  graph->setData(keys, values, /*alreadySorted=*/true);
}

void LatencyChart::updateWarmupBand() {
  // One band for the session: every config of a plan has the same warm-up count.
  int warmup = document_->warmupIterations();
  for (const auto& s : document_->series()) warmup = std::max(warmup, s.warmup_iterations);
  const bool visible = warmup > 0 && !document_->series().empty();
  warmup_band_->setVisible(visible);
  warmup_label_->setVisible(visible);
  steady_line_->setVisible(visible);
  if (!visible) return;
  const double edge = warmup - 0.5;  // between the last warm-up and the first measured iteration
  warmup_band_->topLeft->setCoords(-0.5, 0);
  warmup_band_->bottomRight->setCoords(edge, 1);
  warmup_label_->position->setCoords((edge - 0.5) / 2, 0.02);
  steady_line_->point1->setCoords(edge, 0);
  steady_line_->point2->setCoords(edge, 1);
}

void LatencyChart::rescale() {
  bool found = false;
  QCPRange keys, values;
  for (auto* graph : graphs_) {
    bool ok = false;
    const auto k = graph->getKeyRange(ok);
    if (!ok) continue;
    const auto v = graph->getValueRange(ok, QCP::sdBoth);
    if (!ok) continue;
    keys = found ? QCPRange(std::min(keys.lower, k.lower), std::max(keys.upper, k.upper)) : k;
    values = found ? QCPRange(std::min(values.lower, v.lower), std::max(values.upper, v.upper)) : v;
    found = true;
  }
  if (!found) {
    plot_->xAxis->setRange(0, std::max(10, document_->warmupIterations() + 10));
    plot_->yAxis->setRange(log_scale_ ? 1 : 0, log_scale_ ? 100 : 10);
  } else {
    plot_->xAxis->setRange(-0.5, std::max(keys.upper + 0.5, document_->warmupIterations() + 0.5));
    if (log_scale_) {
      const double lower = std::max(values.lower, 1e-6);
      plot_->yAxis->setRange(lower / 1.1, std::max(values.upper, lower * 1.01) * 1.1);
    } else {
      // The lower edge stays near the data so steady-state jitter is visible instead of
      // flattened against zero.
      const double span = std::max(values.upper - values.lower, values.upper * 0.05);
      plot_->yAxis->setRange(std::max(0.0, values.lower - 0.08 * span), values.upper + 0.08 * span);
    }
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LatencyChart::setLogScale(bool on) {
  if (log_scale_ == on) return;
  log_scale_ = on;
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  y_ticker_->setLogarithmic(on);
  plot_->yAxis->setLabel(on ? tr("latency (ms, log scale)") : tr("latency (ms)"));
  rescale();
}

bool LatencyChart::exportPng(const QString& path, int width, int height) {
  return plot_->savePng(path, width, height, /*scale=*/1.0, /*quality=*/-1, /*resolution=*/96);
}

bool LatencyChart::exportPdf(const QString& path, int width, int height) {
  return plot_->savePdf(path, width, height, QCP::epAllowCosmetic, QStringLiteral("InferScope"),
                        tr("Latency per iteration"));
}

}  // namespace inferscope::gui
