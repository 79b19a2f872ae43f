// LatencyChart: QCustomPlot set-up, live appends, the warm-up band and exports. Replots are
// queued (rpQueuedReplot), so a burst of snapshots and results costs one repaint per frame.
#include "gui/widgets/latency_chart.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/chart_tickers.h"
#include "gui/widgets/legend_filter.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

namespace {

// Marker shapes by position within a precision family: two greens that look alike on a
// projector still differ in shape.
QCPScatterStyle markerFor(int family_rank) {
  static const QCPScatterStyle::ScatterShape kShapes[] = {
      QCPScatterStyle::ssDisc,    QCPScatterStyle::ssSquare,           QCPScatterStyle::ssTriangle,
      QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssCross};
  constexpr int kCount = sizeof(kShapes) / sizeof(kShapes[0]);
  const auto shape = kShapes[((family_rank % kCount) + kCount) % kCount];
  return QCPScatterStyle(shape, shape == QCPScatterStyle::ssDisc ? 4.0 : 5.0);
}

}  // namespace

LatencyChart::LatencyChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      filter_(new LegendFilter(QStringLiteral("latency"), this)),
      plot_(new QCustomPlot(this)) {
  plot_->setObjectName(QStringLiteral("latencyPlot"));
  // Above the plot: the filter (past kLegendTopN configs) and what the legend holds.
  // A filter rescales to the lines it keeps: a slow config filtered out left the axis its range.
  connect(filter_, &LegendFilter::textChanged, this, [this] {
    applyLegend();
    updateDirectLabelMargin();
    rescale();
  });
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(filter_);
  layout->addWidget(plot_, 1);

  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  // Lines of tens of thousands of noisy points: stroked as one antialiased 1.6 px polyline, Qt's
  // raster engine took ~200 ms per replot at 15 000 points (bench/gui/bench_gui_stall); drawn as
  // segments it is a few ms, the joins of a 1.6 px line look the same.
  plot_->setPlottingHint(QCP::phFastPolylines, true);
  plot_->xAxis->setLabel(tr("iteration"));
  plot_->yAxis->setLabel(tr("latency (ms)"));
  plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new IterationTicker));
  auto ticker = QSharedPointer<LatencyTicker>::create();
  ticker->setTickCount(6);
  y_ticker_ = ticker.data();
  plot_->yAxis->setTicker(ticker);
  ChartStyle::apply(plot_, this);

  // The legend sits in a row of its own above the plot: inside the axis rect it would hide the
  // first iterations or the steady band, whichever corner it took.
  plot_->legend->setVisible(true);
  plot_->legend->setBrush(Qt::NoBrush);
  plot_->legend->setBorderPen(Qt::NoPen);
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

  // The running config's line on a buffered layer of its own, above the others: a new batch of
  // samples redraws that line alone (bench_gui_stall: a whole-chart replot of three 20 000-point
  // lines took 6–10 ms per batch on the 2-core VM).
  plot_->addLayer(QStringLiteral("live"), plot_->layer(QStringLiteral("main")),
                  QCustomPlot::limAbove);
  live_layer_ = plot_->layer(QStringLiteral("live"));
  live_layer_->setMode(QCPLayer::lmBuffered);

  // The warm-up band lives on a layer below the lines; x in iterations, y spanning the axis rect.
  plot_->addLayer(QStringLiteral("warmup"), plot_->layer(QStringLiteral("grid")),
                  QCustomPlot::limBelow);
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
  // Right of the line that ends the band, pointing back into it: centred in a narrow band the
  // word was cut by the axis.
  bindTr(this, warmup_label_, "text", QT_TR_NOOP("◂ configured warm-up"));
  warmup_label_->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
  warmup_label_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  warmup_label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  steady_line_ = new QCPItemStraightLine(plot_);
  steady_line_->setLayer(QStringLiteral("warmup"));
  provisional_line_ = new QCPItemStraightLine(plot_);
  provisional_line_->setVisible(false);
  provisional_label_ = new QCPItemText(plot_);
  provisional_label_->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
  provisional_label_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  provisional_label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  provisional_label_->setVisible(false);
  clip_label_ = new QCPItemText(plot_);
  clip_label_->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
  clip_label_->position->setType(QCPItemPosition::ptAxisRectRatio);
  clip_label_->position->setCoords(0.995, 0.01);
  clip_label_->setVisible(false);
  selected_line_ = new QCPItemStraightLine(plot_);
  selected_line_->setVisible(false);
  selected_label_ = new QCPItemText(plot_);
  selected_label_->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
  selected_label_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  selected_label_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  selected_label_->setVisible(false);
  connect(plot_, &QCustomPlot::afterLayout, this, &LatencyChart::layoutDirectLabels);
  empty_label_ = new QCPItemText(plot_);
  empty_label_->setText(tr("Press Start to measure, or open a session file"));
  empty_label_->position->setType(QCPItemPosition::ptAxisRectRatio);
  empty_label_->position->setCoords(0.5, 0.5);

  recolour();
  connect(document_, &SessionDocument::reset, this, &LatencyChart::rebuild);
  connect(document_, &SessionDocument::samplesAppended, this, &LatencyChart::onSamplesAppended);
  connect(document_, &SessionDocument::resultAdded, this, &LatencyChart::onResultAdded);
  // While a run streams the series are fast lines (applyLineStyle); a short run's end draws them
  // smooth again.
  connect(document_, &SessionDocument::stateChanged, this, [this] {
    if (document_->state() != SessionDocument::State::Running) setLiveSeries(-1);
    applyLineStyle();
    replotAll();
  });
  rebuild();
}

// The marks and notes in the palette's muted text colour, so they read on light and dark themes.
void LatencyChart::recolour() {
  const QColor muted = ChartStyle::muted(palette());
  warmup_label_->setColor(muted);
  steady_line_->setPen(QPen(muted, 1, Qt::DashLine));
  provisional_label_->setColor(muted);
  clip_label_->setColor(muted);
  empty_label_->setColor(muted);
}

void LatencyChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) {
    recolour();
    replotAll();
  }
  if (event->type() == QEvent::LanguageChange) {
    plot_->xAxis->setLabel(tr("iteration"));
    plot_->yAxis->setLabel(log_scale_ ? tr("latency (ms, log scale)") : tr("latency (ms)"));
    const int selected = selected_;
    rebuild();
    setSelectedSeries(selected);
  }
}

int LatencyChart::pointCount(int series_index) const {
  if (series_index < 0 || series_index >= graphCount()) return 0;
  return graphs_[static_cast<std::size_t>(series_index)]->data()->size();
}

void LatencyChart::rebuild() {
  // The session a run ended with holds the samples its lines were drawn from (each config's result
  // replaced its live samples as it finished): redrawing 60 000 points there made the session's
  // end the GUI's longest stall (bench_gui_stall, docs/PERFORMANCE.md).
  if (document_->showsEndedRun() && drawsSeriesAsTheyAre()) {
    finishRun();
    return;
  }
  setProvisionalSteadyStart(-1, -1);  // a new run or file: no provisional mark yet
  clearMarks();
  plot_->clearGraphs();
  graphs_.clear();
  live_series_ = -1;
  selected_ = -1;
  const auto& series = document_->series();
  // Legend entries are added by applyLegend, at most kLegendTopN: QCustomPlot refills the legend's
  // grid on every removal, which made a 10 000-config session's lines take minutes.
  plot_->legend->clearItems();
  plot_->setAutoAddPlottableToLegend(false);
  config_marks_ = ConfigMarks::of(document_->session().get());
  fallbacks_ = groupFallbacks(series);  // before the lines are named
  for (std::size_t i = 0; i < series.size(); ++i) {
    auto* graph = plot_->addGraph();
    graph->setName(series[i].key);
    graph->setPen(
        QPen(ConfigPalette::onPalette(series[i].color, palette())));  // width: applyLineStyle
    graph->setScatterStyle(markerFor(series[i].family_rank));
    graph->setAdaptiveSampling(true);
    graphs_.push_back(graph);
  }
  plotted_.assign(series.size(), true);
  listed_.assign(series.size(), false);
  for (std::size_t i = 0; i < series.size(); ++i) {
    createMarks(static_cast<int>(i));
    setSeriesData(static_cast<int>(i));
  }
  layOut(applyLegend());
}

QString LatencyChart::seriesName(int series_index) const {
  const auto& s = document_->series()[static_cast<std::size_t>(series_index)];
  // Groups of another session or of fewer results (a result just added): the row's own label.
  const bool grouped = fallbacks_.into.size() == document_->series().size();
  QString name =
      grouped ? config_marks_.label(s, document_->series(), fallbacks_.membersOf(series_index))
              : config_marks_.label(s);
  // A config that did not end Ok says so in the legend, not only in the table.
  if (s.result && s.result->status != ConfigStatus::Ok)
    name = QStringLiteral("%1 (%2)").arg(name, QString::fromUtf8(toString(s.result->status)));
  return name;
}

int LatencyChart::applyLegend() {
  const auto& series = document_->series();
  const bool live = document_->state() == SessionDocument::State::Running;
  fallbacks_ = groupFallbacks(series);
  std::vector<bool> eligible(series.size());
  int may_list = 0;
  for (std::size_t i = 0; i < series.size(); ++i) {
    eligible[i] = inLegend(series[i], live) && !fallbacks_.merged(static_cast<int>(i));
    may_list += eligible[i] ? 1 : 0;
  }
  LegendChoice choice = filter_->choose(series, eligible, config_marks_);
  // A merged run is drawn as the row it joined: the filter ("fallback" finds it) or the race's
  // answer that picked it picks that row, which is listed (first when it holds the answer).
  const bool unfiltered = filter_->text().trimmed().isEmpty();
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (!fallbacks_.merged(static_cast<int>(i)) || !choice.plotted[i]) continue;
    const int into = fallbacks_.into[i];
    choice.plotted[i] = false;
    choice.plotted[static_cast<std::size_t>(into)] = true;
    if (!eligible[static_cast<std::size_t>(into)]) continue;
    auto& listed = choice.listed;
    const bool winner = config_marks_.markOf(series[i].key) == ConfigMarks::Mark::Winner;
    const bool present = std::find(listed.begin(), listed.end(), into) != listed.end();
    if (winner) {
      listed.erase(std::remove(listed.begin(), listed.end(), into), listed.end());
      listed.insert(listed.begin(), into);
      if (listed.size() > static_cast<std::size_t>(ChartStyle::kLegendTopN))
        listed.pop_back();  // the legend's limit holds
    } else if (!present && !unfiltered &&
               listed.size() < static_cast<std::size_t>(ChartStyle::kLegendTopN)) {
      listed.push_back(into);
    }
  }
  plotted_ = choice.plotted;
  listed_.assign(series.size(), false);
  for (const int i : choice.listed) listed_[static_cast<std::size_t>(i)] = true;
  // The config selected in the table is drawn and named whatever the filter says.
  if (selected_ >= 0 && static_cast<std::size_t>(selected_) < series.size()) {
    plotted_[static_cast<std::size_t>(selected_)] = true;
    listed_[static_cast<std::size_t>(selected_)] = eligible[static_cast<std::size_t>(selected_)];
  }
  plot_->legend->clearItems();  // at most kLegendTopN + 1 entries: cheap to refill
  for (std::size_t i = 0; i < graphs_.size() && i < series.size(); ++i) {
    graphs_[i]->setName(seriesName(static_cast<int>(i)));
    graphs_[i]->setVisible(plotted_[i]);
    if (i < marks_.size()) {
      marks_[i].excluded->setVisible(plotted_[i]);
      marks_[i].tick->setVisible(plotted_[i] && series[i].result &&
                                 series[i].result->steady.analysed);
      marks_[i].label->setText(graphs_[i]->name());
    }
  }
  for (const int i : choice.listed) graphs_[static_cast<std::size_t>(i)]->addToLegend();
  for (const int i : choice.listed)
    graphs_[static_cast<std::size_t>(i)]->setProperty(ChartStyle::kLegendKeep, false);
  if (selected_ >= 0 && listed_[static_cast<std::size_t>(selected_)]) {
    // The config selected in the table keeps its entry when a short chart lists fewer.
    auto* selected = graphs_[static_cast<std::size_t>(selected_)];
    selected->setProperty(ChartStyle::kLegendKeep, true);
    if (!plot_->legend->hasItemWithPlottable(selected)) selected->addToLegend();
  }

  // Not the legend's itemCount(): a wrapped grid counts its empty cells too.
  filter_->describe(static_cast<int>(std::count(listed_.begin(), listed_.end(), true)));
  fitLegend();
  return may_list;
}

// The legend's columns and rows for the chart's size, and the line above it told how many
// entries a short chart hid.
void LatencyChart::fitLegend() {
  ChartStyle::fitLegendColumns(plot_, width(), height());
  filter_->setHiddenEntries(ChartStyle::hiddenLegendEntries(plot_));
}

void LatencyChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitLegend();
}

// A live run lists every planned config (they are on their way); a finished session those that
// ran — a file with no results must not show a legend of nine configs, and a config that ran and
// failed keeps its entry (the legend says "(unsupported)" and why).
bool LatencyChart::inLegend(const ConfigSeries& series, bool live) {
  return live || !series.latency_ms.empty() || series.result;
}

// What follows the lines: the empty-state note, the legend, the warm-up band, the selection, the
// right margin for the direct labels, the axes.
void LatencyChart::layOut(int shown) {
  const auto& series = document_->series();
  if (series.empty()) {
    empty_label_->setText(tr("Press Start to measure, or open a session file"));
  } else if (shown == 0) {
    empty_label_->setText(
        tr("This session holds no measured iterations (%1 configs planned, none ran)")
            .arg(series.size()));
  }
  empty_label_->setVisible(shown == 0);
  plot_->legend->setVisible(shown > 0);
  updateWarmupBand();
  updateSelection();
  updateDirectLabelMargin();
  rescale();
}

bool LatencyChart::drawsSeriesAsTheyAre() const {
  const auto& series = document_->series();
  if (graphs_.size() != series.size()) return false;
  for (std::size_t i = 0; i < series.size(); ++i) {
    if (graphs_[i]->data()->size() != static_cast<int>(series[i].latency_ms.size())) return false;
  }
  return true;
}

void LatencyChart::finishRun() {
  setProvisionalSteadyStart(-1, -1);
  setLiveSeries(-1);
  // Planned configs that never started leave the legend, as they would in the file's view; the
  // session's race (a tune run's end) marks its winner.
  config_marks_ = ConfigMarks::of(document_->session().get());
  layOut(applyLegend());
}

void LatencyChart::onSamplesAppended(int series_index, int first) {
  if (series_index < 0 || series_index >= graphCount()) return;
  const auto& latency = document_->series()[static_cast<std::size_t>(series_index)].latency_ms;
  QVector<double> keys, values;
  for (std::size_t i = static_cast<std::size_t>(first); i < latency.size(); ++i) {
    keys << static_cast<double>(i);
    values << latency[i];
  }
  auto* graph = graphs_[static_cast<std::size_t>(series_index)];
  graph->addData(keys, values, /*alreadySorted=*/true);
  thinMarkers(graph);
  if (first == 0) updateDirectLabelMargin();  // its name appears at the right edge
  marks_[static_cast<std::size_t>(series_index)].label_value = latency.empty() ? 0 : latency.back();
  const bool moved =
      document_->state() == SessionDocument::State::Running && live_series_ != series_index;
  if (moved) setLiveSeries(series_index);
  const bool ranges_changed = updateRanges();
  // The rest of the chart (the finished lines, the names at the right edge, the notes) is as it
  // was unless an axis moved: redraw the live line alone, and everything a few times a second.
  if (!moved && !ranges_changed && live_series_ == series_index && since_full_replot_.isValid() &&
      since_full_replot_.elapsed() < kFullReplotIntervalMs) {
    ++live_replots_;
    live_layer_->replot();
  } else {
    replotAll();
  }
}

void LatencyChart::setLiveSeries(int series_index) {
  if (live_series_ == series_index) return;
  if (live_series_ >= 0 && live_series_ < graphCount())
    graphs_[static_cast<std::size_t>(live_series_)]->setLayer(QStringLiteral("main"));
  live_series_ = series_index >= 0 && series_index < graphCount() ? series_index : -1;
  if (live_series_ >= 0) graphs_[static_cast<std::size_t>(live_series_)]->setLayer(live_layer_);
}

void LatencyChart::replotAll() {
  ++full_replots_;
  since_full_replot_.restart();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void LatencyChart::setProvisionalSteadyStart(int series_index, int iteration) {
  const bool show = iteration >= 0 && series_index >= 0 && series_index < graphCount();
  provisional_iteration_ = show ? iteration : -1;
  provisional_line_->setVisible(show);
  provisional_label_->setVisible(show);
  if (show) {
    const QColor colour = graphs_[static_cast<std::size_t>(series_index)]->pen().color();
    provisional_line_->setPen(QPen(colour, 1.5, Qt::DotLine));
    provisional_line_->point1->setCoords(iteration, 0);
    provisional_line_->point2->setCoords(iteration, 1);
    provisional_label_->setColor(colour);
    provisional_label_->setText(tr("steady from %1 (provisional)").arg(iteration));
    provisional_label_->position->setCoords(iteration + 0.5, 0.06);
  }
  replotAll();
}

void LatencyChart::onResultAdded(int series_index) {
  if (series_index == live_series_) setLiveSeries(-1);  // finished: back among the others
  setProvisionalSteadyStart(-1, -1);                    // the final analysis is in the result now
  setSeriesData(series_index);
  updateWarmupBand();
  applyLegend();  // its median places it among the fastest, or not
  updateSelection();
  updateDirectLabelMargin();
  rescale();
}

void LatencyChart::setSeriesData(int series_index) {
  const auto& series = document_->series()[static_cast<std::size_t>(series_index)];
  const auto& latency = series.latency_ms;
  auto* graph = graphs_[static_cast<std::size_t>(series_index)];
  graph->setName(seriesName(series_index));
  QVector<double> keys(static_cast<int>(latency.size())), values(static_cast<int>(latency.size()));
  for (int i = 0; i < keys.size(); ++i) {
    keys[i] = i;
    values[i] = latency[static_cast<std::size_t>(i)];
  }
  graph->setData(keys, values, /*alreadySorted=*/true);
  thinMarkers(graph);
  updateSteadyMarks(series_index);
}

void LatencyChart::thinMarkers(QCPGraph* graph) {
  // A marker per iteration helps over tens of points and turns 500 into a smear: beyond
  // kMaxMarkers, every n-th point keeps its marker (the line still joins them all).
  const int n = graph->data()->size();
  graph->setScatterSkip(n > kMaxMarkers ? n / kMaxMarkers : 0);
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
  warmup_label_->position->setCoords(edge + 0.3, 0.02);
  steady_line_->point1->setCoords(edge, 0);
  steady_line_->point2->setCoords(edge, 1);
}

void LatencyChart::rescale() {
  updateRanges();
  replotAll();
}

bool LatencyChart::updateRanges() {
  const QCPRange x_before = plot_->xAxis->range(), y_before = plot_->yAxis->range();
  // Ranges over every point, and over the measured (post-warm-up) points alone.
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double lowest = kInf, highest = -kInf, steady_highest = -kInf;
  std::vector<std::size_t> lengths;
  const auto& all = document_->series();
  for (std::size_t k = 0; k < all.size(); ++k) {
    // Over the lines drawn: a filter or a merged fallback leaves its points out of the axes.
    if (k < plotted_.size() && !plotted_[k]) continue;
    const auto& s = all[k];
    lengths.push_back(s.latency_ms.size());
    for (std::size_t i = 0; i < s.latency_ms.size(); ++i) {
      const double v = s.latency_ms[i];
      if (!std::isfinite(v)) continue;
      lowest = std::min(lowest, v);
      highest = std::max(highest, v);
      if (i >= static_cast<std::size_t>(std::max(0, s.warmup_iterations)))
        steady_highest = std::max(steady_highest, v);
    }
  }
  // One adaptive config that ran 9,800 iterations would squash every other line against the left
  // edge: the axis ends a little past the next-longest one (unless the long one is selected), and
  // the note says where the long one goes. Dragging or the wheel reaches the rest.
  std::sort(lengths.begin(), lengths.end(), std::greater<>());
  std::size_t longest = lengths.empty() ? 0 : lengths.front();
  long_run_note_.clear();
  const bool selected_long = selected_ >= 0 && document_->sampleCount(selected_) == longest;
  if (lengths.size() > 1 && lengths[1] > 0 && longest > kLongRunRatio * lengths[1] &&
      !selected_long) {
    for (const auto& s : document_->series()) {
      if (s.latency_ms.size() != longest) continue;
      long_run_note_ =
          tr("▶ %1 runs to iteration %2 — drag or zoom the axis, or select it in the table")
              .arg(s.key, QLocale().toString(static_cast<qulonglong>(longest)));
      break;
    }
    longest = static_cast<std::size_t>(std::ceil(lengths[1] * 1.1));
  }
  updateNote();
  double x_upper =
      std::max<double>(static_cast<double>(longest), document_->warmupIterations() + 1.0);
  // While a run streams, the axis grows in steps of a quarter: moved at every batch, it would make
  // every batch redraw the whole chart rather than the live line.
  if (document_->state() == SessionDocument::State::Running) {
    double step = 10;
    while (step < x_upper) step *= 1.25;
    x_upper = step;
  }
  plot_->xAxis->setRange(-0.5, std::max(x_upper, 10.0) - 0.5);
  // On a linear axis a cold start 100× the steady state would flatten every line into the
  // floor: the axis then ends just above the measured iterations, and a note says what is
  // above it. The log axis always shows every point.
  const bool clipped =
      !log_scale_ && std::isfinite(steady_highest) && highest > kClipRatio * steady_highest;
  clip_label_->setVisible(clipped);
  if (clipped) {
    clip_label_->setText(
        tr("▲ warm-up reaches %1 ms, above this axis — Log Scale shows every point")
            .arg(QLocale().toString(highest, 'f', highest >= 100 ? 0 : 1)));
  }
  if (!std::isfinite(lowest)) {
    plot_->yAxis->setRange(log_scale_ ? 1 : 0, log_scale_ ? 100 : 10);
  } else if (log_scale_) {
    const double lower = std::max(lowest, 1e-6);
    plot_->yAxis->setRange(lower / 1.1, std::max(highest, lower * 1.01) * 1.1);
  } else {
    const double upper = clipped ? steady_highest : highest;
    // The lower edge stays near the data so steady-state jitter is visible instead of
    // flattened against zero.
    const double span = std::max(upper - lowest, upper * 0.05);
    plot_->yAxis->setRange(std::max(0.0, lowest - 0.08 * span),
                           upper + (clipped ? 0.15 : 0.08) * span);
  }
  return plot_->xAxis->range() != x_before || plot_->yAxis->range() != y_before;
}

void LatencyChart::setLogScale(bool on) {
  if (log_scale_ == on) return;
  log_scale_ = on;
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  y_ticker_->setLogarithmic(on);
  plot_->yAxis->setLabel(on ? tr("latency (ms, log scale)") : tr("latency (ms)"));
  rescale();
}

}  // namespace inferscope::gui
