// ShapesView: three QCustomPlots over a base-2 log axis of batch sizes (a shape set is usually
// 1, 2, 4 … 256, evenly spread on it), one graph per curve on the latency and throughput plots in
// its config's colour, a knee mark per curve (a graph of one diamond, so a test reads it back from
// the plot), the winner drawn thicker; one graph per precision on the memory plot with a dashed
// vertical line at the precision's largest batch; the router's table and the texts beside them.
#include "gui/widgets/shapes_view.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QFontMetricsF>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/common/units.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {

constexpr const char* kKneeOf = "inferscopeKneeOf";        // a knee mark's curve
constexpr const char* kCurveOf = "inferscopeCurveOf";      // a curve's throughput line
constexpr const char* kWinner = "inferscopeWinner";        // the single config's line
constexpr const char* kLargestOf = "inferscopeLargestOf";  // a largest-batch line's precision
constexpr const char* kMemoryOf = "inferscopeMemoryOf";    // a memory line's precision

QString curveName(const ThroughputCurve& curve) {
  const auto key = QString::fromStdString(curve.config_key);
  return curve.fixed_dims.empty()
             ? key
             : QStringLiteral("%1 · %2").arg(key, QString::fromStdString(curve.fixed_dims));
}

QColor configColour(const SessionResult& session, const std::string& key, const QPalette& palette) {
  const auto colours = ConfigPalette::forPlan(session.request.plan);
  for (std::size_t i = 0; i < session.request.plan.size(); ++i) {
    if (session.request.plan[i].key() == key) return ConfigPalette::onPalette(colours[i], palette);
  }
  try {
    return ConfigPalette::onPalette(ConfigPalette::color(OptimizationConfig::parse(key)), palette);
  } catch (const std::exception&) {
    return ConfigPalette::onPalette(QColor(160, 160, 160), palette);
  }
}

void batchAxis(QCPAxis* axis) {
  axis->setScaleType(QCPAxis::stLogarithmic);
  auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
  ticker->setLogBase(2);
  ticker->setSubTickCount(0);
  axis->setTicker(ticker);
  axis->setNumberFormat(QStringLiteral("f"));
  axis->setNumberPrecision(0);
}

void fitBatchRange(QCustomPlot* plot, double lowest, double highest) {
  if (!(lowest > 0)) {
    lowest = 1;
    highest = 2;
  }
  plot->xAxis->setRange(lowest / 1.5, std::max(highest, lowest * 2) * 1.5);
}

QCPGraph* lineGraph(QCustomPlot* plot, const QString& name, const QColor& colour, bool wide) {
  auto* g = plot->addGraph();
  g->setName(name);
  g->setPen(QPen(colour, wide ? 3.2 : 1.6));
  g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, colour, wide ? 7 : 5));
  return g;
}

// A graph of one point, drawn as a marker and kept out of the legend.
QCPGraph* markGraph(QCustomPlot* plot, double x, double y, const QColor& colour) {
  auto* g = plot->addGraph();
  g->removeFromLegend();
  g->setLineStyle(QCPGraph::lsNone);
  g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(colour.darker(160), 1.5),
                                     QBrush(colour), 13));
  g->addData(x, y);
  return g;
}

}  // namespace

bool ShapesView::applies(const SessionResult* session) {
  if (session == nullptr) return false;
  if (session->shape_record) return true;
  return sessionShapes(*session).size() > 1;
}

ShapesView::ShapesView(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      latency_plot_(new QCustomPlot(this)),
      throughput_plot_(new QCustomPlot(this)),
      memory_plot_(new QCustomPlot(this)) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  latency_plot_->setObjectName(QStringLiteral("shapesLatencyPlot"));
  throughput_plot_->setObjectName(QStringLiteral("shapesThroughputPlot"));
  memory_plot_->setObjectName(QStringLiteral("shapesMemoryPlot"));
  for (auto* plot : {latency_plot_, throughput_plot_, memory_plot_}) {
    ChartStyle::apply(plot, this);
    ChartStyle::legendAbove(plot, 4);
    batchAxis(plot->xAxis);
  }
  heading_ = new QLabel;
  heading_->setObjectName(QStringLiteral("shapesHeading"));
  heading_->setWordWrap(true);
  heading_->setTextFormat(Qt::RichText);
  heading_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

  routing_ = new QTableWidget(0, 4);
  routing_->setObjectName(QStringLiteral("shapesRouting"));
  bindTrHeaders(
      this, routing_,
      {QT_TR_NOOP("shape"), QT_TR_NOOP("batch"), QT_TR_NOOP("config"), QT_TR_NOOP("median ms")});
  routing_->verticalHeader()->setVisible(false);
  routing_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  routing_->setSelectionMode(QAbstractItemView::NoSelection);
  routing_->horizontalHeader()->setStretchLastSection(true);
  answer_ = new QLabel;
  answer_->setObjectName(QStringLiteral("shapesAnswer"));
  answer_->setWordWrap(true);
  answer_->setTextFormat(Qt::RichText);
  answer_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  answer_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  answer_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

  auto* answers = new QWidget;
  auto* answers_layout = new QVBoxLayout(answers);
  answers_layout->setContentsMargins(6, 0, 6, 0);
  auto* routing_title =
      newTr<QLabel>(this, QT_TR_NOOP("<b>Per shape, the fastest safe config</b> (a router's "
                                     "table)"));
  routing_title->setObjectName(QStringLiteral("shapesRoutingTitle"));
  answers_layout->addWidget(routing_title);
  answers_layout->addWidget(routing_, 1);
  answers_layout->addWidget(answer_);

  auto* grid = new QGridLayout;
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(latency_plot_, 0, 0);
  grid->addWidget(throughput_plot_, 0, 1);
  grid->addWidget(memory_plot_, 1, 0);
  grid->addWidget(answers, 1, 1);
  // At 1024×768 the page gets about 350 pixels: the plots keep a readable height and the table,
  // which scrolls, gives way (its rows' size hint had squeezed the upper plots to nothing).
  latency_plot_->setMinimumHeight(150);
  throughput_plot_->setMinimumHeight(150);
  memory_plot_->setMinimumHeight(120);
  routing_->setMinimumHeight(60);
  routing_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
  grid->setColumnStretch(0, 1);
  grid->setColumnStretch(1, 1);
  grid->setRowStretch(0, 3);
  grid->setRowStretch(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 0);
  layout->addWidget(heading_);
  layout->addLayout(grid, 1);

  connect(document_, &SessionDocument::reset, deferred_, &DeferredRebuild::request);
  connect(throughput_plot_, &QCustomPlot::afterLayout, this, &ShapesView::layoutKneeLabels);
  rebuild();
}

// Each knee's label just below and right of its diamond (left of it at the curve's last batch,
// where the plot ends). Knees close together (fp32 and fp32+cl both at B=16, 22 and 20 items/s)
// had their labels drawn over each other: a label that would cover one placed before it moves
// down past it, or, past the plot's bottom, above its knee; one moved off its diamond gets a dotted
// line to it, so that every label still reads as its knee's.
void ShapesView::layoutKneeLabels() {
  if (knee_labels_.empty()) return;
  constexpr double kGap = 7;   // from the diamond's centre: past its half-width of 6.5 px
  constexpr double kNear = 4;  // a label this close to its knee needs no line to it
  const QRectF area = throughput_plot_->axisRect()->rect();
  struct Box {
    std::size_t index;
    QPointF knee;
    QRectF rect;
  };
  std::vector<Box> boxes;
  for (std::size_t i = 0; i < knee_labels_.size(); ++i) {
    const auto& k = knee_labels_[i];
    const QPointF knee(throughput_plot_->xAxis->coordToPixel(k.batch),
                       throughput_plot_->yAxis->coordToPixel(k.items_per_s));
    const QSizeF size =
        QFontMetricsF(k.text->font())
            .boundingRect(QRectF(), Qt::TextDontClip | Qt::AlignLeft, k.text->text())
            .size();
    const double left = k.last ? knee.x() - kGap - size.width() : knee.x() + kGap;
    boxes.push_back({i, knee, QRectF(QPointF(left, knee.y() + kGap / 2), size)});
  }
  std::stable_sort(boxes.begin(), boxes.end(),
                   [](const Box& a, const Box& b) { return a.knee.y() < b.knee.y(); });
  std::vector<QRectF> placed;
  const auto covering = [&](const QRectF& rect) -> const QRectF* {
    for (const auto& p : placed)
      if (p.intersects(rect)) return &p;
    return nullptr;
  };
  for (auto& box : boxes) {
    QRectF rect = box.rect;
    while (const QRectF* other = covering(rect)) rect.moveTop(other->bottom() + 1);
    if (rect.bottom() > area.bottom()) {
      rect.moveBottom(box.knee.y() - kGap / 2);
      while (const QRectF* other = covering(rect)) rect.moveBottom(other->top() - 1);
    }
    rect.moveLeft(
        std::clamp(rect.left(), area.left(), std::max(area.left(), area.right() - rect.width())));
    placed.push_back(rect);
    auto& k = knee_labels_[box.index];
    k.text->position->setCoords(rect.topLeft());
    k.placed = rect;
    k.knee = box.knee;
    // The nearest point of the label to its knee: a line from the diamond's edge to it.
    const QPointF nearest(std::clamp(box.knee.x(), rect.left(), rect.right()),
                          std::clamp(box.knee.y(), rect.top(), rect.bottom()));
    const QLineF line(box.knee, nearest);
    k.leader->setVisible(line.length() > kGap + kNear);
    if (k.leader->visible()) {
      QLineF from_edge = line;
      from_edge.setP1(line.pointAt(kGap / line.length()));
      k.leader->start->setCoords(from_edge.p1());
      k.leader->end->setCoords(nearest);
    }
  }
}

std::vector<ShapesView::KneeLabelPlace> ShapesView::kneeLabelPlaces() const {
  deferred_->flush();
  throughput_plot_->replot();  // laid out at the plot's present size
  std::vector<KneeLabelPlace> out;
  for (const auto& k : knee_labels_)
    out.push_back({k.text->text(), k.placed, k.knee, k.leader->visible()});
  return out;
}

void ShapesView::rebuild() {
  for (auto* plot : {latency_plot_, throughput_plot_, memory_plot_}) {
    plot->clearPlottables();
    plot->clearItems();
  }
  knee_labels_.clear();
  routing_->setRowCount(0);
  answer_->clear();
  winner_.clear();
  latency_plot_->yAxis->setLabel(tr("latency per item (ms)"));
  throughput_plot_->yAxis->setLabel(tr("throughput (items/s)"));
  memory_plot_->yAxis->setLabel(tr("peak memory (MiB)"));
  for (auto* plot : {latency_plot_, throughput_plot_, memory_plot_})
    plot->xAxis->setLabel(tr("batch size (log₂ scale)"));

  const auto session = document_->session();
  if (!applies(session.get())) {
    heading_->setText(
        tr("No shape set in this session: measure one with <tt>inferscope-cli sweep --batch "
           "1,8,32</tt> (or <tt>--dims</tt>, <tt>--max-batch</tt>) and open its file."));
    for (auto* plot : {latency_plot_, throughput_plot_, memory_plot_})
      plot->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  const auto record = shapeRecordOrDerived(*session);
  if (!record) return;
  if (record->best_single) winner_ = QString::fromStdString(record->best_single->config_key);
  const auto shapes = sessionShapes(*session);
  heading_->setText(
      tr("<b>%n shapes</b>, each a whole run of the plan. ◆ knee: the smallest batch reaching "
         "%1 % of the config's peak items/s; past it, a larger batch buys little throughput and "
         "every request waits longer.",
         "", static_cast<int>(shapes.size()))
          .arg(std::lround(100.0 * record->knee_fraction)) +
      (session->shape_record
           ? QString()
           : QStringLiteral(" ") + tr("(Answers derived on opening: this file was written before "
                                      "sessions kept them.)")));
  buildCurves(*record, *session);
  buildMemory(*record);
  buildAnswers(*record);
}

void ShapesView::buildCurves(const ShapeRecord& record, const SessionResult& session) {
  double lowest = 0, highest = 0, top_latency = 0, top_items = 0;
  const bool label_knees = record.curves.size() <= 4;
  for (const auto& curve : record.curves) {
    if (curve.points.empty()) continue;
    const QString name = curveName(curve);
    const bool winner = !winner_.isEmpty() && QString::fromStdString(curve.config_key) == winner_;
    const QColor colour = configColour(session, curve.config_key, palette());
    const QString shown = winner ? QStringLiteral("★ ") + name : name;
    auto* latency = lineGraph(latency_plot_, shown, colour, winner);
    auto* items = lineGraph(throughput_plot_, shown, colour, winner);
    items->setProperty(kCurveOf, name);
    if (winner) items->setProperty(kWinner, true);
    for (const auto& p : curve.points) {
      const auto batch = static_cast<double>(p.batch);
      latency->addData(batch, p.per_item_ms);
      items->addData(batch, p.items_per_s);
      lowest = lowest > 0 ? std::min(lowest, batch) : batch;
      highest = std::max(highest, batch);
      top_latency = std::max(top_latency, p.per_item_ms);
      top_items = std::max(top_items, p.items_per_s);
    }
    if (!curve.knee_batch) continue;
    const auto knee =
        std::find_if(curve.points.begin(), curve.points.end(),
                     [&](const ThroughputPoint& p) { return p.batch == *curve.knee_batch; });
    if (knee == curve.points.end()) continue;
    const auto x = static_cast<double>(knee->batch);
    markGraph(throughput_plot_, x, knee->items_per_s, colour)->setProperty(kKneeOf, name);
    markGraph(latency_plot_, x, knee->per_item_ms, colour);
    if (label_knees) {
      // Placed by layoutKneeLabels once the plot's size is known.
      KneeLabel k;
      k.text = new QCPItemText(throughput_plot_);
      k.text->setText(tr("◆ knee B=%1").arg(knee->batch));
      k.text->setColor(colour.darker(120));
      k.text->setClipToAxisRect(false);
      k.text->position->setType(QCPItemPosition::ptAbsolute);
      k.text->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
      k.text->setPadding(QMargins());
      k.leader = new QCPItemLine(throughput_plot_);
      k.leader->start->setType(QCPItemPosition::ptAbsolute);
      k.leader->end->setType(QCPItemPosition::ptAbsolute);
      k.leader->setPen(QPen(colour.darker(120), 1, Qt::DotLine));
      k.leader->setVisible(false);
      k.batch = x;
      k.items_per_s = knee->items_per_s;
      k.last = knee->batch == curve.points.back().batch;
      knee_labels_.push_back(k);
    }
  }
  fitBatchRange(latency_plot_, lowest, highest);
  fitBatchRange(throughput_plot_, lowest, highest);
  latency_plot_->yAxis->setRange(0, top_latency > 0 ? top_latency * 1.15 : 1);
  throughput_plot_->yAxis->setRange(0, top_items > 0 ? top_items * 1.15 : 1);
  latency_plot_->replot(QCustomPlot::rpQueuedReplot);
  throughput_plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ShapesView::buildMemory(const ShapeRecord& record) {
  double lowest = 0, highest = 0, top = 0;
  std::map<std::string, QColor> colours;
  for (const auto& m : record.memory) {
    if (m.points.empty()) continue;
    QColor colour(120, 120, 120);
    try {
      colour = ConfigPalette::onPalette(
          ConfigPalette::color(OptimizationConfig::parse(m.precision)), palette());
    } catch (const std::exception&) {
    }
    colours.emplace(m.precision, colour);
    const auto name = m.fixed_dims.empty()
                          ? QString::fromStdString(m.precision)
                          : QStringLiteral("%1 · %2").arg(QString::fromStdString(m.precision),
                                                          QString::fromStdString(m.fixed_dims));
    auto* g = lineGraph(memory_plot_, name, colour, false);
    g->setProperty(kMemoryOf, name);
    for (const auto& p : m.points) {
      const auto batch = static_cast<double>(p.batch);
      const double mib = units::bytesToMiB(p.peak_bytes);
      g->addData(batch, mib);
      lowest = lowest > 0 ? std::min(lowest, batch) : batch;
      highest = std::max(highest, batch);
      top = std::max(top, mib);
    }
  }
  // The largest batch per precision: a search's answer where the run searched, else the largest
  // batch that ran of a curve that also ran out of memory (below it, the set did not probe).
  std::map<std::string, std::int64_t> largest;
  for (const auto& s : record.max_batch) {
    if (!s.search.largest_fitting) continue;
    auto& at = largest[s.precision];
    at = std::max(at, *s.search.largest_fitting);
  }
  if (record.max_batch.empty()) {
    for (const auto& curve : record.curves) {
      if (!curve.first_oom_batch || !curve.largest_ok_batch) continue;
      try {
        auto& at = largest[precisionKey(OptimizationConfig::parse(curve.config_key))];
        at = std::max(at, *curve.largest_ok_batch);
      } catch (const std::exception&) {
      }
    }
  }
  int stacked = 0;  // labels of several precisions one under the other
  for (const auto& [precision, batch] : largest) {
    const auto x = static_cast<double>(batch);
    const QColor colour = colours.count(precision) ? colours[precision] : QColor(120, 120, 120);
    auto* line = new QCPItemStraightLine(memory_plot_);
    line->setPen(QPen(colour, 1.4, Qt::DashLine));
    line->point1->setCoords(x, 0);
    line->point2->setCoords(x, 1);
    line->setProperty(kLargestOf, QString::fromStdString(precision));
    auto* label = new QCPItemText(memory_plot_);
    label->setText(tr("%1: largest batch %2").arg(QString::fromStdString(precision)).arg(batch));
    label->setColor(colour.darker(120));
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(x, 0.04 + 0.08 * stacked++);
    label->setPositionAlignment(Qt::AlignTop | Qt::AlignRight);
    label->setPadding(QMargins(0, 0, 4, 0));
    highest = std::max(highest, x);
    lowest = lowest > 0 ? std::min(lowest, x) : x;
  }
  fitBatchRange(memory_plot_, lowest, highest);
  // Head room for the largest-batch labels, stacked from the top of the plot.
  const double room = 1.15 + 0.12 * static_cast<double>(stacked);
  memory_plot_->yAxis->setRange(0, top > 0 ? top * room : 1);
  memory_plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ShapesView::buildAnswers(const ShapeRecord& record) {
  // A largest-batch session has no routes (each config probed its own batches): no empty table.
  routing_->setVisible(!record.routing.empty());
  findChild<QLabel*>(QStringLiteral("shapesRoutingTitle"))->setVisible(!record.routing.empty());
  routing_->setRowCount(static_cast<int>(record.routing.size()));
  for (std::size_t i = 0; i < record.routing.size(); ++i) {
    const auto& e = record.routing[i];
    const int row = static_cast<int>(i);
    const auto key = QString::fromStdString(e.config_key);
    routing_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(e.shape_label)));
    routing_->setItem(row, 1, new QTableWidgetItem(QString::number(e.batch)));
    routing_->setItem(
        row, 2,
        new QTableWidgetItem(key.isEmpty() ? tr("(none ran safely)")
                                           : (key == winner_ ? QStringLiteral("★ ") + key : key)));
    routing_->setItem(row, 3,
                      new QTableWidgetItem(key.isEmpty() ? QStringLiteral("–")
                                                         : ValueFormat::number(e.median_ms)));
  }
  routing_->resizeColumnsToContents();

  QStringList parts;
  const QString mix =
      record.shape_mix.empty()
          ? tr("uniform over the shapes")
          : tr("mix %1").arg(QString::fromStdString(record.shape_mix).toHtmlEscaped());
  if (record.best_single) {
    const auto& b = *record.best_single;
    parts << tr("<b>One config for every shape</b> (%1): ★ <b>%2</b>, weighted median %3, "
                "×%4 of the router's %5.")
                 .arg(mix, QString::fromStdString(b.config_key).toHtmlEscaped(),
                      ValueFormat::ms(b.weighted_median_ms),
                      QString::number(b.ratio_to_oracle, 'f', 3), ValueFormat::ms(b.oracle_ms));
  } else if (!record.routing.empty()) {
    parts << (record.weights.empty()
                  ? tr("<b>One config for every shape</b>: the mix %1 names a shape this session "
                       "did not measure.")
                        .arg(QString::fromStdString(record.shape_mix).toHtmlEscaped())
                  : tr("<b>One config for every shape</b> (%1): none ran safely at every shape.")
                        .arg(mix));
  }
  if (!record.max_batch.empty()) {
    QStringList rows;
    for (const auto& s : record.max_batch) {
      const auto& search = s.search;
      const QString found =
          search.largest_fitting ? QString::number(*search.largest_fitting) : tr("none");
      const QString oom = search.smallest_oom
                              ? tr("out of memory at %1").arg(*search.smallest_oom)
                              : tr("no out-of-memory stop up to %1").arg(s.limit_batch);
      rows << tr("%1 (%2): <b>%3</b> — %4; %n probe(s), ended: %5", "",
                 static_cast<int>(search.probes.size()))
                  .arg(QString::fromStdString(s.config_key).toHtmlEscaped(),
                       QString::fromStdString(s.precision).toHtmlEscaped(), found, oom,
                       QString::fromStdString(search.stop_reason).toHtmlEscaped());
    }
    const auto& first = record.max_batch.front();
    parts << tr("<b>Largest batch per config</b> (doubling from %1, then bisection; limit %2; "
                "each probe a whole run through the out-of-memory path):")
                     .arg(first.start_batch)
                     .arg(first.limit_batch) +
                 QStringLiteral("<br>") + rows.join(QStringLiteral("<br>"));
  }
  answer_->setText(parts.join(QStringLiteral("<br><br>")));
}

QStringList ShapesView::curveNames() const {
  deferred_->flush();
  QStringList names;
  for (int i = 0; i < throughput_plot_->graphCount(); ++i) {
    const auto curve = throughput_plot_->graph(i)->property(kCurveOf);
    if (curve.isValid()) names << curve.toString();
  }
  return names;
}

std::optional<double> ShapesView::kneeMarkBatch(const QString& curve) const {
  deferred_->flush();
  for (int i = 0; i < throughput_plot_->graphCount(); ++i) {
    auto* g = throughput_plot_->graph(i);
    if (g->property(kKneeOf).toString() == curve && !g->data()->isEmpty())
      return g->data()->begin()->key;
  }
  return std::nullopt;
}

std::optional<double> ShapesView::kneeMarkItemsPerSecond(const QString& curve) const {
  deferred_->flush();
  for (int i = 0; i < throughput_plot_->graphCount(); ++i) {
    auto* g = throughput_plot_->graph(i);
    if (g->property(kKneeOf).toString() == curve && !g->data()->isEmpty())
      return g->data()->begin()->value;
  }
  return std::nullopt;
}

QString ShapesView::winnerCurve() const {
  deferred_->flush();
  for (int i = 0; i < throughput_plot_->graphCount(); ++i) {
    auto* g = throughput_plot_->graph(i);
    if (g->property(kWinner).toBool()) return g->property(kCurveOf).toString();
  }
  return {};
}

QStringList ShapesView::memoryLineNames() const {
  deferred_->flush();
  QStringList names;
  for (int i = 0; i < memory_plot_->graphCount(); ++i) {
    const auto name = memory_plot_->graph(i)->property(kMemoryOf);
    if (name.isValid()) names << name.toString();
  }
  return names;
}

std::optional<double> ShapesView::largestBatchMark(const QString& precision) const {
  deferred_->flush();
  for (int i = 0; i < memory_plot_->itemCount(); ++i) {
    auto* line = qobject_cast<QCPItemStraightLine*>(memory_plot_->item(i));
    if (line && line->property(kLargestOf).toString() == precision) return line->point1->key();
  }
  return std::nullopt;
}

QStringList ShapesView::routingRows() const {
  deferred_->flush();
  QStringList rows;
  for (int r = 0; r < routing_->rowCount(); ++r) {
    QStringList cells;
    for (int c = 0; c < routing_->columnCount(); ++c)
      cells << (routing_->item(r, c) ? routing_->item(r, c)->text() : QString());
    rows << cells.join(QStringLiteral(" | "));
  }
  return rows;
}

QString ShapesView::answerText() const {
  deferred_->flush();
  QTextDocument doc;
  doc.setHtml(answer_->text());
  return doc.toPlainText();
}

void ShapesView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) deferred_->request();
}

}  // namespace inferscope::gui
