// DevicesView: DeviceTableModel for the numbers and words, one QCPGraph (points) with its
// QCPErrorBars per device for the chart.
#include "gui/widgets/devices_view.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStringList>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "gui/lib/config_palette.h"
#include "gui/lib/device_table_model.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

constexpr int kLabelGap = 6;

}  // namespace

QColor DevicesView::deviceColor(int place) {
  // Okabe & Ito's qualitative palette: distinct for the common colour-vision deficiencies.
  static const QColor kColors[] = {
      QColor(0, 114, 178),   QColor(230, 159, 0),  QColor(0, 158, 115),  QColor(213, 94, 0),
      QColor(204, 121, 167), QColor(86, 180, 233), QColor(240, 228, 66), QColor(90, 90, 90)};
  return kColors[static_cast<std::size_t>(place) % std::size(kColors)];
}

DevicesView::DevicesView(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      model_(new DeviceTableModel(document, this)),
      devices_(new QLabel),
      note_(new QLabel),
      split_(new QSplitter(Qt::Horizontal)),
      table_(new QTableView),
      plot_(new QCustomPlot) {
  devices_->setObjectName(QStringLiteral("devicesLabel"));
  devices_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  devices_->setWordWrap(true);
  // Hosts and device names come from files: bounded (display_text.h), and never the window's width.
  devices_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  note_->setObjectName(QStringLiteral("devicesNote"));
  note_->setWordWrap(true);
  table_->setObjectName(QStringLiteral("devicesTable"));
  table_->setModel(model_);
  table_->setWordWrap(false);
  table_->setAlternatingRowColors(false);  // the tints are the marks: nothing else shades rows
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
  table_->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
  table_->horizontalHeader()->setStretchLastSection(
      true);  // the verdict takes what is left; whole on hover
  plot_->setObjectName(QStringLiteral("devicesPlot"));
  split_->addWidget(table_);
  split_->addWidget(plot_);
  split_->setSizes({600, 400});  // kept in proportion as the page resizes
  split_->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 0);
  layout->addWidget(devices_);
  layout->addWidget(note_);
  layout->addWidget(split_, 1);
  layout->addStretch(0);  // takes the page below the note while the split is hidden (rebuild)

  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_, 4);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  // Configs down the side (in the table's order, top to bottom), the difference across: config
  // names read level however many there are.
  plot_->axisRect()->setRangeZoom(Qt::Horizontal);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal);
  plot_->yAxis->setRangeReversed(true);
  plot_->yAxis->grid()->setVisible(false);
  plot_->xAxis->setLabel(tr("median vs the first GPU of its model (%, 95 % CI)"));
  connect(plot_, &QCustomPlot::afterLayout, this, &DevicesView::layoutDeviceLabels);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
  connect(model_, &DeviceTableModel::tableChanged, this, &DevicesView::rebuild);
  rebuild();
}

void DevicesView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  plot_->xAxis->setLabel(tr("median vs the first GPU of its model (%, 95 % CI)"));
  rebuild();
}

bool DevicesView::comparing() const {
  return model_->placeCount() > 1;
}

QCPGraph* DevicesView::deviceGraph(int place) const {
  return place >= 0 && place < static_cast<int>(graphs_.size())
             ? graphs_[static_cast<std::size_t>(place)]
             : nullptr;
}

void DevicesView::rebuild() {
  const auto& t = model_->table();
  QStringList lines;
  for (std::size_t p = 0; p < t.places.size(); ++p) {
    lines << tr("<b>%1</b> — %2")
                 .arg(display_text::line(t.labels[p]).toHtmlEscaped(),
                      display_text::line(DeviceTableModel::placeDescription(t.places[p]))
                          .toHtmlEscaped());
  }
  devices_->setText(lines.join(QStringLiteral("<br>")));
  devices_->setVisible(!lines.isEmpty());
  split_->setVisible(comparing());
  if (auto* box = qobject_cast<QVBoxLayout*>(layout()))
    box->setStretch(box->count() - 1, comparing() ? 0 : 1);
  if (t.places.empty()) {
    note_->setText(
        tr("No results yet. Sessions measured on several GPUs (<code>sweep --devices</code>, or "
           "<code>merge</code> of several hosts' sessions) show their devices side by side here."));
  } else if (!comparing()) {
    note_->setText(tr(
        "This session has one device, so there is nothing to compare side by side. Sessions "
        "measured on several GPUs (<code>sweep --devices</code>, or <code>merge</code> of several "
        "hosts' sessions) show each config on each device here."));
  } else {
    int marked = 0, compared = 0;
    for (const auto& row : t.rows) {
      marked += row.differences.empty() ? 0 : 1;
      compared += t.measuredPlaces(row) > 1 ? 1 : 0;
    }
    note_->setText(
        model_->comparisonPending()
            ? tr("%1 devices · %2 of %3 configs measured on more than one · comparing the GPUs of "
                 "each model…")
                  .arg(t.places.size())
                  .arg(compared)
                  .arg(t.rows.size())
            : tr("%1 devices · %2 of %3 configs measured on more than one · %4 differ beyond their "
                 "intervals between GPUs of one model (▲ slower, ▼ faster; hover for the "
                 "comparison)")
                  .arg(t.places.size())
                  .arg(compared)
                  .arg(t.rows.size())
                  .arg(marked));
  }
  table_->resizeColumnsToContents();
  rebuildChart();
}

void DevicesView::rebuildChart() {
  plot_->clearPlottables();
  plot_->clearItems();
  graphs_.assign(model_->table().places.size(), nullptr);
  group_rows_.clear();
  marks_.clear();
  labels_.clear();
  label_places_.clear();
  label_values_.clear();
  points_.clear();
  const auto& t = model_->table();
  if (!comparing()) {
    plot_->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  const int n = model_->placeCount();
  // A group per config that two GPUs of one model measured; in it, each such GPU's median over
  // the first one of its model in that config, with its own interval scaled alike.
  struct Drawn {
    int place;
    double key, percent, low, high;  // key: the chart row
  };
  std::vector<Drawn> drawn;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    std::vector<int> reference(static_cast<std::size_t>(n), -1);  // per place: its model's first
    bool any = false;
    for (std::size_t p = 0; p < row.cells.size(); ++p) {
      if (!row.cells[p].measured()) continue;
      bool partner = false;
      for (std::size_t q = 0; q < row.cells.size(); ++q) {
        partner = partner || (q != p && row.cells[q].measured() && t.comparable(p, q));
      }
      if (!partner)
        continue;  // the only GPU of its model in this config: nothing to draw it against
      for (std::size_t o = 0; o <= p; ++o) {
        if (row.cells[o].measured() && (o == p || t.comparable(o, p))) {
          reference[p] = static_cast<int>(o);
          break;
        }
      }
      any = true;
    }
    if (!any) continue;
    group_rows_.push_back(static_cast<int>(r));
    const double center = static_cast<double>(group_rows_.size());
    const double width = 0.7 / n;
    for (int p = 0; p < n; ++p) {
      if (reference[static_cast<std::size_t>(p)] < 0) continue;
      const auto& c = row.cells[static_cast<std::size_t>(p)];
      const double ref =
          row.cells[static_cast<std::size_t>(reference[static_cast<std::size_t>(p)])].median_ms;
      const double low = c.ci_low_ms > 0 ? c.ci_low_ms : c.median_ms;
      const double high = c.ci_high_ms > 0 ? c.ci_high_ms : c.median_ms;
      const double key = center + (p - (n - 1) / 2.0) * width;
      drawn.push_back(
          {p, key, (c.median_ms / ref - 1) * 100, (low / ref - 1) * 100, (high / ref - 1) * 100});
      points_.push_back({static_cast<int>(r), p, drawn.back().percent, key});
      const QString m = model_->cellMark(row, p);
      if (!m.isEmpty()) {
        auto* text = new QCPItemText(plot_);
        text->setText(m);
        QFont bold = plot_->font();
        bold.setBold(true);
        text->setFont(bold);
        text->setColor(ConfigPalette::onPalette(deviceColor(p), palette()));
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        text->position->setCoords(drawn.back().high, key);
        text->setPadding(QMargins(kLabelGap, 0, 0, 0));  // moved clear of the others after layout
        text->setClipToAxisRect(false);
        marks_.push_back(text);
      }
    }
  }

  double lowest = 0, highest = 0;  // %, 0 always in view
  for (int p = 0; p < n; ++p) {
    const QColor color = ConfigPalette::onPalette(deviceColor(p), palette());
    QCPGraph* graph = nullptr;
    QCPErrorBars* bars = nullptr;
    double last = std::numeric_limits<double>::quiet_NaN();
    for (const auto& d : drawn) {
      if (d.place != p) continue;
      if (!graph) {
        graph = plot_->addGraph(plot_->yAxis, plot_->xAxis);  // key: the config row
        graph->setName(display_text::line(t.labels[static_cast<std::size_t>(p)]));
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc,
                                               QPen(color.darker(120), 1.2), QBrush(color), 9));
        plot_->setAutoAddPlottableToLegend(
            false);  // never in the legend: added and taken out, each refilled the legend (10 000
                     // configs: minutes)
        bars = new QCPErrorBars(plot_->yAxis, plot_->xAxis);
        plot_->setAutoAddPlottableToLegend(true);
        bars->setDataPlottable(graph);
        bars->setPen(QPen(color, 1.5));
        bars->setWhiskerWidth(8);
      }
      graph->addData(d.key, d.percent);
      bars->addData(d.percent - d.low, d.high - d.percent);
      lowest = std::min(lowest, d.low);
      highest = std::max(highest, d.high);
      last = d.key;
    }
    graphs_[static_cast<std::size_t>(p)] = graph;
    if (!graph) continue;
    auto* label = new QCPItemText(plot_);
    label->setText(graph->name());
    label->setColor(color);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setTypeY(QCPItemPosition::ptAbsolute);
    label->setClipToAxisRect(false);
    labels_.push_back(label);
    label_places_.push_back(p);
    label_values_.push_back(last);
  }

  auto* zero = new QCPItemStraightLine(plot_);
  zero->setPen(QPen(ChartStyle::muted(palette()), 1, Qt::DotLine));
  zero->point1->setCoords(0, 0);
  zero->point2->setCoords(0, 1);

  QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
  for (std::size_t g = 0; g < group_rows_.size(); ++g) {
    ticker->addTick(
        static_cast<double>(g + 1),
        QString::fromStdString(t.rows[static_cast<std::size_t>(group_rows_[g])].config_key));
  }
  plot_->yAxis->setTicker(ticker);
  plot_->yAxis->setRange(0.4, static_cast<double>(group_rows_.size()) + 0.6);
  const double pad = std::max(0.5, (highest - lowest) * 0.1);
  plot_->xAxis->setRange(lowest - pad,
                         highest + pad * 4);  // room right of the last point for its mark

  // The device names at the right edge: a margin as wide as the widest.
  int widest = 0;
  for (const auto* l : labels_)
    widest = std::max(widest, QFontMetrics(plot_->font()).horizontalAdvance(l->text()));
  QMargins margins = plot_->axisRect()->margins();
  plot_->axisRect()->setAutoMargins(QCP::msLeft | QCP::msTop | QCP::msBottom);
  margins.setRight(widest + 2 * kLabelGap);
  plot_->axisRect()->setMargins(margins);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

// Each device's name at the right edge, level with its point in the lowest config row, pushed
// apart where two sit close; and the marks moved clear of each other. Called after every layout.
void DevicesView::layoutDeviceLabels() {
  const QRect rect = plot_->axisRect()->rect();
  std::vector<std::pair<double, std::size_t>> placed;
  for (std::size_t i = 0; i < labels_.size(); ++i) {
    placed.emplace_back(std::clamp(plot_->yAxis->coordToPixel(label_values_[i]), double(rect.top()),
                                   double(rect.bottom())),
                        i);
  }
  std::sort(placed.begin(), placed.end());
  const double step = QFontMetrics(plot_->font()).height();
  for (std::size_t k = 1; k < placed.size(); ++k)
    placed[k].first = std::max(placed[k].first, placed[k - 1].first + step);
  if (!placed.empty() && placed.back().first > rect.bottom()) {
    const double overflow = placed.back().first - rect.bottom();
    for (auto& p : placed) p.first = std::max(double(rect.top()), p.first - overflow);
  }
  for (const auto& [y, i] : placed) {
    labels_[i]->position->setCoords(1.0, y);
    labels_[i]->setPadding(QMargins(kLabelGap, 0, 0, 0));
  }
  // The marks beside their points: GPUs of one config sit a fraction of a row apart, so a mark
  // that would cover an earlier one moves right of it (they read as a list, each in its colour).
  std::vector<QRectF> taken;
  for (auto* mark : marks_) {
    QFont font = mark->font();
    const QFontMetricsF metrics(font);
    const QPointF anchor = mark->position->pixelPosition();
    QRectF box(anchor.x() + kLabelGap, anchor.y() - metrics.height() / 2,
               metrics.horizontalAdvance(mark->text()), metrics.height());
    for (bool moved = true; moved;) {
      moved = false;
      for (const auto& other : taken) {
        if (!box.intersects(other)) continue;
        box.moveLeft(other.right() + kLabelGap);
        moved = true;
      }
    }
    mark->setPadding(QMargins(static_cast<int>(box.left() - anchor.x()), 0, 0, 0));
    taken.push_back(box);
  }
}

QString DevicesView::textAt(const QPointF& pixel) const {
  for (const auto& p : points_) {
    const double px = plot_->xAxis->coordToPixel(p.x),
                 py = plot_->yAxis->coordToPixel(p.y);  // x: %, y: row
    if (std::hypot(px - pixel.x(), py - pixel.y()) > 9) continue;
    return model_->data(model_->index(p.row, model_->placeColumn(p.place)), Qt::ToolTipRole)
        .toString();
  }
  return {};
}

}  // namespace inferscope::gui
