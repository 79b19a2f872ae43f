// RooflineChart: the roofs from SessionResult::ceilings, the dots from each ConfigResult::roofline
// (computed by core/roofline; the CLI prints the same numbers), one graph per dot so each keeps
// its colour.
#include "gui/widgets/roofline_chart.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/engine/tune_answer.h"
#include "gui/lib/config_marks.h"
#include "gui/lib/config_palette.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/ui_lang.h"
#include "gui/lib/value_format.h"
#include "text/answer_text.h"

namespace inferscope::gui {
namespace {

// Roof colours per precision, the same in light and dark themes (drawn as lines, not fills).
QColor roofColor(const std::string& precision) {
  if (precision == "fp32") return QColor(90, 120, 200);
  if (precision == "tf32") return QColor(60, 160, 170);
  if (precision == "fp16") return QColor(200, 140, 40);
  if (precision == "bf16") return QColor(200, 80, 80);
  return QColor(140, 140, 140);
}

QString boundWords(roofline::Bound bound) {
  switch (bound) {
    case roofline::Bound::Compute:
      return RooflineChart::tr("compute-bound");
    case roofline::Bound::Memory:
      return RooflineChart::tr("memory-bound");
    case roofline::Bound::LaunchHost:
      return RooflineChart::tr("launch/host-bound");
    case roofline::Bound::Mixed:
      return RooflineChart::tr("mixed (near the ridge)");
    case roofline::Bound::Unknown:
      break;
  }
  return RooflineChart::tr("bound not known");
}

// The race's place for its answer in the UI language, from its fields: the winner's share of
// its ceiling where it was placed, else the "roofline-unplaced" reason with its cause; a race saved
// before its reasons were codes has only its sentence, read back into the reason where it is one
// of the catalogue's, shown as written in English only (never English in another language).
QString racePlace(const TuneRecord& race, const SessionResult* session) {
  const text::Lang lang = uiLang();
  const TuneAnswer answer = answerOf(race, session);
  if (const auto placed = text::rooflineText(answer, lang); !placed.empty()) return uiText(placed);
  for (const auto* reasons : {&answer.why, &answer.notes}) {
    for (const auto& r : *reasons) {
      if (r.code == "roofline-unplaced") return uiText(text::reasonText(r, lang));
    }
  }
  if (race.roofline.empty()) return {};
  if (const auto legacy = text::rooflineReasonOfClause(race.roofline))
    return uiText(text::reasonText(*legacy, lang));
  return lang == text::Lang::En ? QString::fromStdString(race.roofline) : QString();
}

}  // namespace

RooflineChart::RooflineChart(SessionDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), plot_(new QCustomPlot(this)), note_(new QLabel) {
  deferred_ = new DeferredRebuild(this, [this] { rebuild(); });
  plot_->setObjectName(QStringLiteral("rooflinePlot"));
  note_->setObjectName(QStringLiteral("rooflineNote"));
  note_->setForegroundRole(QPalette::PlaceholderText);
  note_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* top = new QHBoxLayout;
  top->setContentsMargins(6, 4, 6, 0);
  top->addWidget(note_, 1);
  layout->addLayout(top);
  layout->addWidget(plot_, 1);

  ChartStyle::apply(plot_, this);
  ChartStyle::legendAbove(plot_);
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    axis->setNumberFormat(QStringLiteral("gb"));
  }
  plot_->xAxis->setLabel(tr("arithmetic intensity (FLOPs per byte moved, log scale)"));
  plot_->yAxis->setLabel(tr("achieved TFLOP/s (log scale)"));
  connect(document_, &SessionDocument::reset, deferred_, &DeferredRebuild::request);
  connect(document_, &SessionDocument::resultAdded, deferred_, &DeferredRebuild::request);
  new ChartHover(plot_, [this](const QPointF& p) { return textAt(p); });
  rebuild();
}

QString RooflineChart::note() const {
  return deferred_->fresh(note_)->text();
}

QString RooflineChart::pointText(int i) const {
  return deferred_->fresh(points_).at(static_cast<std::size_t>(i)).text;
}

QPointF RooflineChart::pointPixel(int i) const {
  deferred_->flush();
  const auto& p = points_.at(static_cast<std::size_t>(i));
  return {plot_->xAxis->coordToPixel(p.intensity), plot_->yAxis->coordToPixel(p.tflops)};
}

void RooflineChart::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  plot_->xAxis->setLabel(tr("arithmetic intensity (FLOPs per byte moved, log scale)"));
  plot_->yAxis->setLabel(tr("achieved TFLOP/s (log scale)"));
  rebuild();
}

void RooflineChart::rebuild() {
  plot_->clearPlottables();
  plot_->clearItems();
  points_.clear();
  ceiling_count_ = 0;
  winner_label_.clear();
  const SessionResult session = document_->resultsSoFar();
  const ConfigMarks marks = ConfigMarks::of(document_->session().get());
  int winner_point = -1;  // the point of the race's answer
  const auto* ceilings = session.ceilings ? &*session.ceilings : nullptr;
  const auto& series = document_->series();

  double x_min = std::numeric_limits<double>::infinity(), x_max = 0;
  double y_min = std::numeric_limits<double>::infinity(), y_max = 0;
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const auto& c = session.configs[i];
    if (!c.roofline || c.roofline->achieved_tflops <= 0 || c.roofline->intensity <= 0) continue;
    const auto& r = *c.roofline;
    Point p;
    p.key = display_text::line(c.config.key());
    // The race's answer is its own run, not a fallback of another config that ran the same.
    if (marks.any() && c.fallback_from.empty() && p.key == marks.winner() && winner_point < 0)
      winner_point = static_cast<int>(points_.size());
    p.intensity = r.intensity;
    p.tflops = r.achieved_tflops;
    p.text = tr("<b>%1</b><br>%2 TFLOP/s · %3 GB/s · %4 FLOP/B")
                 .arg(p.key, ValueFormat::number(r.achieved_tflops),
                      ValueFormat::number(r.achieved_gbps), ValueFormat::number(r.intensity));
    if (r.ceiling_tflops > 0) {
      p.text += tr("<br>%1 % of the %2 ceiling (%3 TFLOP/s), %4 % of the copy bandwidth")
                    .arg(ValueFormat::number(r.pct_of_compute_ceiling),
                         display_text::line(r.precision), ValueFormat::number(r.ceiling_tflops),
                         ValueFormat::number(r.pct_of_memory_ceiling));
    }
    p.text += tr("<br>%1 GFLOP and %2 MB per iteration, median %3")
                  .arg(ValueFormat::number(r.work.flops / 1e9),
                       ValueFormat::number(r.work.bytes / 1e6), ValueFormat::ms(r.median_ms));
    p.text +=
        tr("<br><b>%1</b>: %2")
            .arg(boundWords(r.bound),
                 display_text::line(r.reason, display_text::kDetailsChars / 4).toHtmlEscaped());
    if (r.work_source == "eager") {
      p.text += tr("<br>work: the eager count of %1%2 (this config's operators are not observed)")
                    .arg(display_text::line(r.work_from),
                         r.bytes_scaled ? tr(", bytes rescaled") : QString());
    }
    const bool eager = r.work_source == "eager";
    QColor color = i < series.size() ? ConfigPalette::onPalette(series[i].color, palette())
                                     : QColor(160, 160, 160);
    auto* graph = plot_->addGraph();
    const QString name = marks.label(p.key, display_text::line(c.fallback_from));  // ★, ≈, →
    graph->setName(eager ? tr("%1 (eager count)").arg(name) : name);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QPen(color.darker(120), 1.5),
                                           eager ? Qt::NoBrush : QBrush(color), 10));
    graph->addData(p.intensity, p.tflops);
    x_min = std::min(x_min, p.intensity);
    x_max = std::max(x_max, p.intensity);
    y_min = std::min(y_min, p.tflops);
    y_max = std::max(y_max, p.tflops);
    points_.push_back(std::move(p));
  }
  // The race's answer, marked on the plot itself as on Speed × accuracy: the legend's ★ is one
  // entry of many.
  if (winner_point >= 0) {
    const Point& w = points_[static_cast<std::size_t>(winner_point)];
    auto* star = new QCPItemText(plot_);
    star->setObjectName(QStringLiteral("winnerMark"));
    winner_label_ = tr("★ %1 (the race's answer)").arg(w.key);
    star->setText(winner_label_);
    QFont bold = font();
    bold.setBold(true);
    star->setFont(bold);
    star->setColor(palette().color(QPalette::WindowText));
    star->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    star->position->setCoords(w.intensity, w.tflops);
    star->setPadding(QMargins(8, 4, 0, 0));  // clear of the 10-pixel dot
  }

  // The roofs: bandwidth × intensity up to each precision's ridge, its matmul peak beyond.
  if (ceilings != nullptr && ceilings->copy_gbps > 0) {
    for (const auto& peak : ceilings->matmul) {
      if (peak.measured_tflops <= 0) continue;
      const double ridge = peak.measured_tflops * 1e3 / ceilings->copy_gbps;
      x_min = std::min(x_min, ridge / 30);
      x_max = std::max(x_max, ridge * 10);
      y_max = std::max(y_max, peak.measured_tflops);
    }
    if (!std::isfinite(x_min)) x_min = 0.1;
    for (const auto& peak : ceilings->matmul) {
      if (peak.measured_tflops <= 0) continue;
      const double ridge = peak.measured_tflops * 1e3 / ceilings->copy_gbps;
      auto* roof = plot_->addGraph();
      roof->setName(
          tr("%1 roof: %2 TFLOP/s%3")
              .arg(display_text::line(peak.precision), ValueFormat::number(peak.measured_tflops),
                   peak.datasheet_tflops > 0
                       ? tr(" (datasheet %1)").arg(ValueFormat::number(peak.datasheet_tflops))
                       : QString()));
      roof->setPen(QPen(roofColor(peak.precision), 1.6));
      roof->setSelectable(QCP::stNone);
      const double left = x_min / 3;
      roof->addData(left, ceilings->copy_gbps * left / 1e3);
      roof->addData(ridge, peak.measured_tflops);
      roof->addData(x_max * 3, peak.measured_tflops);
      y_min = std::min(y_min, ceilings->copy_gbps * left / 1e3);
      ++ceiling_count_;
    }
  }
  if (!std::isfinite(x_min)) {
    x_min = 1;
    x_max = 100;
  }
  if (!std::isfinite(y_min) || y_min <= 0) {
    y_min = 1e-3;
    y_max = std::max(y_max, 1.0);
  }
  plot_->xAxis->setRange(x_min / 3, x_max * 3);
  plot_->yAxis->setRange(y_min / 3, y_max * 3);

  QString text;
  const auto opened = document_->session();
  const TuneRecord* race = opened && !opened->races.empty() ? &opened->races.front() : nullptr;
  if (points_.empty() && race != nullptr && !race->winner.empty()) {
    // A tuned session: the tuner places its answer itself, or records why it could not (a model
    // in the Python worker has no operators to count). "Run profile/sweep --roofline" was no
    // advice there: it cannot place such a model either.
    const QString winner = display_text::line(race->winner);
    const QString place = racePlace(*race, opened.get());
    if (!place.isEmpty()) {
      text = tr("The race's answer %1 — %2")
                 .arg(winner, display_text::line(place, display_text::kDetailsChars / 4));
    } else if (race->roofline.empty()) {
      text = tr("The race recorded no roofline for its answer %1: profile it with the roofline "
                "on (inferscope-cli profile --config %1 --roofline)")
                 .arg(winner);
    } else {
      text = tr("The race's answer %1").arg(winner);
    }
  } else if (points_.empty()) {
    text = session.request.run.roofline || ceilings != nullptr
               ? tr("No config placed yet: each one is placed when it finishes")
               : tr("Needs a session run with the roofline on (inferscope-cli profile/sweep "
                    "--roofline)");
  } else {
    text = tr("%1 configs").arg(pointCount());
    if (ceilings != nullptr) {
      text += tr(" · ceilings of %1 measured %2 · copy %3 GB/s")
                  .arg(display_text::line(ceilings->key.device_name),
                       display_text::line(ceilings->measured_utc),
                       ValueFormat::number(ceilings->copy_gbps));
      if (ceilings->datasheet_gbps > 0)
        text += tr(" (datasheet %1)").arg(ValueFormat::number(ceilings->datasheet_gbps));
    } else {
      text += tr(" · no ceilings in this session");
    }
    text += tr(" · hollow dot: work from an eager config's count");
  }
  note_->setText(text);
  ChartStyle::fitLegendColumns(plot_, width(), height());
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void RooflineChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  ChartStyle::fitLegendColumns(plot_, width(), height());
}

QString RooflineChart::textAt(const QPointF& pixel) const {
  deferred_->flush();
  for (std::size_t i = 0; i < points_.size(); ++i) {
    const QPointF at = pointPixel(static_cast<int>(i));
    if (std::hypot(at.x() - pixel.x(), at.y() - pixel.y()) <= 9) return points_[i].text;
  }
  return {};
}

}  // namespace inferscope::gui
