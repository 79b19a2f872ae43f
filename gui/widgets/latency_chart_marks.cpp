// LatencyChart's marks of the warm-up analysis, the selected config with its forks, and the
// direct labels at the right edge (see latency_chart.h).
#include <qcustomplot.h>

#include <QFontMetrics>
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

#include "gui/lib/config_palette.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/contrast.h"
#include "gui/widgets/latency_chart.h"
#include "gui/widgets/legend_filter.h"

namespace inferscope::gui {
namespace {

constexpr int kLabelGap = 6;  // pixels between the axis rect and a direct label

double median(std::vector<double> values) {
  if (values.empty()) return std::nan("");
  const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  return *mid;
}

// The level a line's label points at: the result's steady median, or while it runs the median of
// its latest points.
double labelValue(const ConfigSeries& s) {
  if (s.result && s.result->stats.median_ms > 0) return s.result->stats.median_ms;
  const std::size_t n = s.latency_ms.size(), tail = std::min<std::size_t>(n, 50);
  return median(std::vector<double>(s.latency_ms.end() - static_cast<std::ptrdiff_t>(tail),
                                    s.latency_ms.end()));
}

}  // namespace

void LatencyChart::createMarks(int series_index) {
  SeriesMarks m;
  m.excluded = plot_->addGraph();
  if (plot_->autoAddPlottableToLegend()) m.excluded->removeFromLegend();
  m.excluded->setLineStyle(QCPGraph::lsNone);
  m.tick = new QCPItemLine(plot_);
  for (auto* p : {m.tick->start, m.tick->end}) {
    p->setTypeX(QCPItemPosition::ptPlotCoords);
    p->setTypeY(QCPItemPosition::ptAxisRectRatio);
  }
  m.tick->setVisible(false);
  m.label = new QCPItemText(plot_);
  m.label->setClipToAxisRect(false);
  m.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  m.label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
  m.label->position->setTypeY(QCPItemPosition::ptAbsolute);
  m.label->setText(document_->series()[static_cast<std::size_t>(series_index)].key);
  m.label->setVisible(false);
  marks_.push_back(m);
}

void LatencyChart::clearMarks() {
  for (auto& m : marks_) {
    plot_->removeItem(m.tick);
    plot_->removeItem(m.label);
  }
  for (auto* leader : leaders_) plot_->removeItem(leader);
  leaders_.clear();
  marks_.clear();  // the excluded graphs went with clearGraphs()
  fork_graphs_.clear();
}

// Points from the end of the configured warm-up to the detected steady start: measured, but left
// out of every statistic. Hollow, in the config's colour, so a spike there reads as excluded.
void LatencyChart::updateSteadyMarks(int series_index) {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return;
  const auto& series = document_->series()[static_cast<std::size_t>(series_index)];
  auto& m = marks_[static_cast<std::size_t>(series_index)];
  const QColor colour = ConfigPalette::onPalette(series.color, palette());
  m.excluded->setPen(QPen(colour, 1.4));
  m.excluded->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(colour, 1.4),
                                              QBrush(palette().color(QPalette::Base)), 6));
  QVector<double> keys, values;
  const bool analysed = series.result && series.result->steady.analysed;
  if (analysed) {
    const std::size_t from = static_cast<std::size_t>(std::max(0, series.warmup_iterations));
    const std::size_t to = std::min(series.result->steady.steady_start, series.latency_ms.size());
    for (std::size_t i = from; i < to; ++i) {
      keys << static_cast<double>(i);
      values << series.latency_ms[i];
    }
  }
  m.excluded->setData(keys, values, /*alreadySorted=*/true);
  m.excluded->setScatterSkip(keys.size() > kMaxMarkers ? keys.size() / kMaxMarkers : 0);
  const bool plotted = static_cast<std::size_t>(series_index) >= plotted_.size() ||
                       plotted_[static_cast<std::size_t>(series_index)];
  m.tick->setVisible(analysed && plotted);
  if (analysed) {
    const double x = static_cast<double>(series.result->steady.steady_start) - 0.5;
    m.tick->setPen(QPen(colour, 2.5));
    m.tick->start->setCoords(x, 1.0);
    m.tick->end->setCoords(x, 0.955);
  }
  m.label_value = labelValue(series);
}

void LatencyChart::setSelectedSeries(int series_index) {
  selected_ = series_index >= 0 && series_index < graphCount() ? series_index : -1;
  applyLegend();  // drawn and named even where the filter left it out
  updateDirectLabelMargin();
  updateSelection();
  rescale();
}

bool LatencyChart::fastLines() const {
  if (document_->state() == SessionDocument::State::Running) return true;
  std::size_t points = 0;
  for (const auto& s : document_->series()) points += s.latency_ms.size();
  return points > kFastLinesPoints;
}

void LatencyChart::applyLineStyle() {
  const bool fast = fastLines();
  plot_->setNotAntialiasedElements(fast ? QCP::aePlottables : QCP::aeNone);
  for (std::size_t i = 0; i < graphs_.size(); ++i) {
    const bool chosen = static_cast<int>(i) == selected_;
    QPen pen = graphs_[i]->pen();
    pen.setWidthF(fast ? (chosen ? 2.0 : 1.0) : (chosen ? 2.6 : 1.6));
    graphs_[i]->setPen(pen);
  }
}

// The selected line in front and thicker, the others faded; its steady start across the plot;
// its forks dashed.
void LatencyChart::updateSelection() {
  for (auto* g : fork_graphs_) plot_->removeGraph(g);
  fork_graphs_.clear();
  const auto& series = document_->series();
  for (std::size_t i = 0; i < graphs_.size() && i < series.size(); ++i) {
    QColor colour = ConfigPalette::onPalette(series[i].color, palette());
    const bool chosen = static_cast<int>(i) == selected_;
    // Faded behind the selected line, still read at 4.5:1 on the plot (at alpha 70 a slide showed
    // them at 2.0:1): greyer and thinner (applyLineStyle), not transparent.
    if (selected_ >= 0 && !chosen)
      colour = contrast::faded(colour, palette().color(QPalette::Base));
    graphs_[i]->setPen(QPen(colour));  // its width: applyLineStyle, below
    if (chosen) graphs_[i]->setLayer(QStringLiteral("main"));
    if (i < marks_.size()) {
      QFont font = plot_->font();
      font.setBold(chosen);
      marks_[i].label->setFont(font);
      marks_[i].label->setColor(colour);
    }
  }
  if (selected_ >= 0)
    graphs_[static_cast<std::size_t>(selected_)]->setLayer(QStringLiteral("main"));
  applyLineStyle();
  const ConfigSeries* chosen =
      selected_ >= 0 ? &series[static_cast<std::size_t>(selected_)] : nullptr;
  const bool analysed = chosen && chosen->result && chosen->result->steady.analysed;
  selected_line_->setVisible(analysed);
  selected_label_->setVisible(analysed);
  if (analysed) {
    const QColor colour = ConfigPalette::onPalette(chosen->color, palette());
    const double x = static_cast<double>(chosen->result->steady.steady_start) - 0.5;
    selected_line_->setPen(QPen(colour, 1.5, Qt::DashDotLine));
    selected_line_->point1->setCoords(x, 0);
    selected_line_->point2->setCoords(x, 1);
    selected_label_->setColor(colour);
    selected_label_->setText(tr("%1: steady from iteration %2 (detected)")
                                 .arg(chosen->key)
                                 .arg(chosen->result->steady.steady_start));
    selected_label_->position->setCoords(x, 0.12);  // which side: layoutDirectLabels
  }
  if (chosen && chosen->result) {
    QColor colour = ConfigPalette::onPalette(chosen->color, palette());
    colour.setAlpha(150);
    for (const auto& fork : chosen->result->forks) {
      auto* g = plot_->addGraph();
      g->removeFromLegend();
      g->setPen(QPen(colour, 1.2, Qt::DashLine));
      g->setAdaptiveSampling(true);
      QVector<double> keys(static_cast<int>(fork.latency_ms.size())), values(keys.size());
      for (int i = 0; i < keys.size(); ++i) {
        keys[i] = i;
        values[i] = fork.latency_ms[static_cast<std::size_t>(i)];
      }
      g->setData(keys, values, /*alreadySorted=*/true);
      fork_graphs_.push_back(g);
    }
  }
  updateNote();
}

// Room at the right for the longest name; the labels themselves are placed after each layout.
void LatencyChart::updateDirectLabelMargin() {
  int widest = 0;
  for (std::size_t i = 0; i < marks_.size(); ++i) {
    if (document_->series()[i].latency_ms.empty() || i >= listed_.size() || !listed_[i]) continue;
    QFont bold = plot_->font();
    bold.setBold(true);
    widest = std::max(widest, QFontMetrics(bold).horizontalAdvance(marks_[i].label->text()));
  }
  QMargins margins = plot_->axisRect()->margins();
  const int right = widest > 0 ? widest + 2 * kLabelGap : 12;
  if (margins.right() == right) return;
  plot_->axisRect()->setAutoMargins(QCP::msLeft | QCP::msTop | QCP::msBottom);
  margins.setRight(right);
  plot_->axisRect()->setMargins(margins);
}

// Each label at its line's level, pushed apart so that none overlaps the next: with 16 configs
// several sit at the same few milliseconds. Called after every layout (resize, range change).
void LatencyChart::layoutDirectLabels() {
  struct Placed {
    std::size_t index;
    double y;
  };
  std::vector<Placed> placed;
  const QRect rect = plot_->axisRect()->rect();
  for (std::size_t i = 0; i < marks_.size(); ++i) {
    auto& m = marks_[i];
    // Only the configs the legend lists are named: sixty names stacked at the edge fell off it.
    const bool has_value = std::isfinite(m.label_value) && m.label_value > 0 &&
                           !document_->series()[i].latency_ms.empty() && i < listed_.size() &&
                           listed_[i];
    m.label->setVisible(has_value);
    if (has_value)
      placed.push_back({i, std::clamp(plot_->yAxis->coordToPixel(m.label_value), double(rect.top()),
                                      double(rect.bottom()))});
  }
  const double step = QFontMetrics(plot_->font()).height();
  // More names than the plot's height holds (16 at 768 lines): the winner, its ties and the
  // fastest keep theirs, as the legend orders them; the legend still lists the rest.
  const auto capacity = static_cast<std::size_t>(std::max(1.0, (rect.height() + 1) / step));
  if (placed.size() > capacity) {
    auto rank = [&](const Placed& p) {
      const auto mark = config_marks_.markOf(document_->series()[p.index].key);
      return std::make_pair(mark == ConfigMarks::Mark::Winner ? 0
                            : mark == ConfigMarks::Mark::Tied ? 1
                                                              : 2,
                            marks_[p.index].label_value);
    };
    std::stable_sort(placed.begin(), placed.end(),
                     [&](const Placed& a, const Placed& b) { return rank(a) < rank(b); });
    for (std::size_t k = capacity; k < placed.size(); ++k)
      marks_[placed[k].index].label->setVisible(false);
    placed.resize(capacity);
  }
  std::sort(placed.begin(), placed.end(),
            [](const Placed& a, const Placed& b) { return a.y < b.y; });
  for (std::size_t k = 1; k < placed.size(); ++k)
    placed[k].y = std::max(placed[k].y, placed[k - 1].y + step);
  // Pushed past the bottom: shift the whole stack up as far as the top allows.
  if (!placed.empty() && placed.back().y > rect.bottom()) {
    const double overflow = placed.back().y - rect.bottom();
    for (auto& p : placed) p.y -= overflow;
    for (std::size_t k = 0; k < placed.size(); ++k) {
      const double floor = k == 0 ? double(rect.top()) : placed[k - 1].y + step;
      placed[k].y = std::max(placed[k].y, floor);
    }
  }
  // From a line's last point to its name, where the two are apart: a name pushed off its level by
  // its neighbours, or at the edge of a plot that runs past the line's end (a config of fewer
  // iterations), still reads as its line's. Only named lines get one: a pool as large as the
  // names shown, not an item per config (sessions of 10 000 configs).
  for (auto& m : marks_) m.leader = -1;
  for (auto* leader : leaders_) leader->setVisible(false);
  std::size_t used = 0;
  for (const auto& p : placed) {
    auto& m = marks_[p.index];
    m.label->position->setCoords(1.0, p.y);
    m.label->setPadding(QMargins(kLabelGap, 0, 0, 0));
    const QPointF from = lineEnd(static_cast<int>(p.index));
    const QPointF to(rect.right() + kLabelGap - 1, p.y);
    if (to.x() - from.x() <= 3 * kLabelGap && std::abs(to.y() - from.y()) <= step / 2) continue;
    if (used == leaders_.size()) {
      auto* leader = new QCPItemLine(plot_);
      leader->setClipToAxisRect(false);
      leader->setSelectable(false);
      leader->start->setType(QCPItemPosition::ptAbsolute);
      leader->end->setType(QCPItemPosition::ptAbsolute);
      leaders_.push_back(leader);
    }
    auto* leader = leaders_[used];
    m.leader = static_cast<int>(used++);
    leader->start->setCoords(from);
    leader->end->setCoords(to);
    leader->setPen(QPen(m.label->color(), 1, Qt::DotLine));
    leader->setVisible(true);
  }
  // The selected config's "steady from iteration N" reads right of its line, or left of it where
  // the plot's right edge would cut it ("tf32: s" of a steady start near the end).
  if (selected_label_->visible()) {
    const double line_x = selected_line_->point1->pixelPosition().x();
    const int width =
        QFontMetrics(selected_label_->font()).horizontalAdvance(selected_label_->text());
    const bool left =
        line_x + width + kLabelGap > rect.right() && line_x - width - kLabelGap >= rect.left();
    double anchor = selected_line_->point1->coords().x();
    int gap = kLabelGap;
    bool leftward = left;
    // A lesson's band or ring over the first iterations: the label ran across the band's edge or
    // under the ring. It goes right of them (left where the plot's edge would cut it), unless it
    // fits inside the band.
    if (keep_out_to_ > keep_out_from_) {
      constexpr int kEdgePx = 3;  // half the band's outline, and a pixel
      const double from_px = plot_->xAxis->coordToPixel(keep_out_from_) - kEdgePx,
                   to_px = plot_->xAxis->coordToPixel(keep_out_to_) + kEdgePx;
      const double x0 = left ? line_x - width - kLabelGap : line_x,
                   x1 = left ? line_x : line_x + width + kLabelGap;
      const bool inside = x0 >= from_px + 2 * kEdgePx && x1 <= to_px - 2 * kEdgePx;
      if (!inside && x1 > from_px && x0 < to_px) {
        leftward =
            to_px + width + kLabelGap > rect.right() && from_px - width - kLabelGap >= rect.left();
        anchor = leftward ? keep_out_from_ : keep_out_to_;
        gap = kLabelGap + kEdgePx;
      }
    }
    selected_label_->setPositionAlignment(Qt::AlignTop |
                                          (leftward ? Qt::AlignRight : Qt::AlignLeft));
    selected_label_->setPadding(leftward ? QMargins(0, 0, gap, 0) : QMargins(gap, 0, 0, 0));
    selected_label_->position->setCoords(anchor, 0.12);
  }
}

void LatencyChart::setLabelKeepOut(const QCPRange& iterations) {
  keep_out_from_ = iterations.lower;
  keep_out_to_ = iterations.upper;
  layoutDirectLabels();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

// Under the x axis: what the analysis marks mean (once there are any), the forks of
// the selected config, and an x axis cut short for a long run.
void LatencyChart::updateNote() {
  QStringList lines;
  bool any_excluded = false, any_tick = false;
  for (const auto& m : marks_) {
    any_excluded = any_excluded || !m.excluded->data()->isEmpty();
    any_tick = any_tick || m.tick->visible();
  }
  if (any_tick) {
    lines << (any_excluded ? tr("ticks on the axis: each config's detected steady start · hollow: "
                                "measured but left out by the warm-up analysis")
                           : tr("ticks on the axis: each config's detected steady start"));
  }
  if (selected_ >= 0) {
    const auto& s = document_->series()[static_cast<std::size_t>(selected_)];
    if (s.result && !s.result->forks.empty()) {
      QString forks = tr("%1: %2 further processes dashed").arg(s.key).arg(s.result->forks.size());
      if (const auto& f = s.result->fork_stats) {
        forks += tr(" · across processes %1 ms (95 % CI %2 – %3)")
                     .arg(ValueFormat::number(f->median_ms), ValueFormat::number(f->ci_low_ms),
                          ValueFormat::number(f->ci_high_ms));
      }
      lines << forks;
    }
  }
  if (!long_run_note_.isEmpty()) lines << long_run_note_;
  // Under the axis title, where it never covers a line.
  lines.prepend(tr("iteration"));
  note_text_ = lines.mid(1).join(QLatin1Char('\n'));
  plot_->xAxis->setLabel(lines.join(QLatin1Char('\n')));
}

int LatencyChart::excludedPointCount(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return 0;
  return marks_[static_cast<std::size_t>(series_index)].excluded->data()->size();
}

double LatencyChart::steadyMarkIteration(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return std::nan("");
  const auto& m = marks_[static_cast<std::size_t>(series_index)];
  return m.tick->visible() ? m.tick->start->coords().x() + 0.5 : std::nan("");
}

QLineF LatencyChart::directLabelLeader(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return {};
  const int leader = marks_[static_cast<std::size_t>(series_index)].leader;
  if (leader < 0) return {};
  const auto* line = leaders_[static_cast<std::size_t>(leader)];
  return {line->start->pixelPosition(), line->end->pixelPosition()};
}

QPointF LatencyChart::directLabelAnchor(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return {};
  return marks_[static_cast<std::size_t>(series_index)].label->position->pixelPosition();
}

QPointF LatencyChart::lineEnd(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return {};
  const auto& latency = document_->series()[static_cast<std::size_t>(series_index)].latency_ms;
  if (latency.empty()) return {};
  // As drawn: an x axis cut short for a long run ends the line at the axis, and a level off the
  // axis (a clipped first iteration) at the plot's edge.
  const double end_x =
      std::min(static_cast<double>(latency.size()) - 1, plot_->xAxis->range().upper);
  const QRect rect = plot_->axisRect()->rect();
  const double y =
      plot_->yAxis->coordToPixel(marks_[static_cast<std::size_t>(series_index)].label_value);
  return {plot_->xAxis->coordToPixel(end_x),
          std::clamp(y, double(rect.top()), double(rect.bottom()))};
}

QString LatencyChart::directLabel(int series_index) const {
  if (series_index < 0 || series_index >= static_cast<int>(marks_.size())) return {};
  const auto* label = marks_[static_cast<std::size_t>(series_index)].label;
  return label->visible() ? label->text() : QString();
}

bool LatencyChart::legendHasEntry(int series_index) const {
  return series_index >= 0 && series_index < graphCount() &&
         plot_->legend->hasItemWithPlottable(graphs_[static_cast<std::size_t>(series_index)]);
}

QString LatencyChart::noteText() const {
  return note_text_;
}

void LatencyChart::setFilter(const QString& text) {
  filter_->setText(text);
}

QString LatencyChart::filter() const {
  return filter_->text();
}

bool LatencyChart::filterShown() const {
  return filter_->filterShown();
}

bool LatencyChart::seriesPlotted(int series_index) const {
  return series_index >= 0 && static_cast<std::size_t>(series_index) < plotted_.size() &&
         plotted_[static_cast<std::size_t>(series_index)];
}

QStringList LatencyChart::legendNames() const {
  QStringList names;
  for (int i = 0; i < plot_->legend->itemCount(); ++i)
    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot_->legend->item(i)))
      names << item->plottable()->name();
  return names;
}

QString LatencyChart::legendNoteText() const {
  return filter_->noteText();
}

}  // namespace inferscope::gui
