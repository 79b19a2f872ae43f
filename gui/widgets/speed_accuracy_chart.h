// The "Speed × accuracy" page: each finished config as a point at (its deviation from the FP32
// output in the metric that judges it — share of top-1 classes changed, 1 − cosine, or relative L2
// error —, log scale; speed-up over the ranking's reference with its 95 % CI as an error bar), in
// its palette colour; the tolerance line sits on that metric. The Pareto
// front (rankSession: no safe config both faster and more accurate) is joined by a line. Unsafe
// configs — NaN/Inf outputs, error over the tolerance — stay on the chart, greyed, with the reason
// on hover (hidden, they would read as never tried). The tolerance is a spin box: moving it
// re-ranks.
#pragma once

#include <QPointF>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/engine/accuracy_rule.h"
#include "core/engine/session_ranking.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QCustomPlot;
class QCPTextElement;
class QDoubleSpinBox;
class QLabel;

namespace inferscope::gui {

class LegendFilter;
class SessionDocument;

class SpeedAccuracyChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit SpeedAccuracyChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return deferred_->fresh(plot_); }
  QCustomPlot* exportPlot() const override { return deferred_->fresh(plot_); }
  QString exportTitle() const override;
  // The metric on the x axis: the one that judged this session's outputs (top-1 agreement or
  // cosine under the auto rule), in the tolerance's unit; and the config the speed-ups are over.
  AccuracyMetric metric() const { return deferred_->fresh(metric_); }
  QString referenceKey() const { return deferred_->fresh(reference_); }
  // Ok configs whose accuracy was not measured: counted in the note, never drawn.
  int notMeasuredCount() const { return deferred_->fresh(not_measured_); }
  // Points drawn (finished Ok configs with a measured accuracy), unsafe ones included.
  int pointCount() const { return static_cast<int>(deferred_->fresh(points_).size()); }
  int unsafeCount() const;
  int frontCount() const;
  double tolerance() const;
  void setTolerance(double tolerance);
  const SessionRanking& ranking() const { return deferred_->fresh(ranking_); }
  // Where a config's point sits in plot coordinates (x: the error as drawn, y: speed-up); false
  // when it has none (not finished, no accuracy). Lessons highlight it there. `key` may also be
  // the config asked for when a fallback ran in its place (a failed FP16 cast: its autocast).
  bool pointOf(const QString& key, QPointF* at) const;
  // The x of the lane where points of error exactly 0 sit (its tick reads "= FP32"), and the
  // first x the axis shows as a value (the lane's edge): every deviation above 0 and the
  // tolerance are at or right of it, and the lane is left of it.
  double zeroLaneX() const { return deferred_->fresh(zero_lane_x_); }
  double valuesFromX() const { return deferred_->fresh(values_from_); }
  // The points the Pareto front's line is drawn through (those the filter keeps); 0: no line.
  int frontLinePointCount() const { return deferred_->fresh(front_line_points_); }
  // The text beside the race's answer on the plot ("★ key …"); empty when the session has no
  // race or the answer has no point.
  QString winnerMarkText() const { return deferred_->fresh(winner_label_); }
  // Points the filter leaves drawn (all of them while the session has few configs).
  int shownPointCount() const;
  // The filter above the plot, shown past ChartStyle::kLegendTopN configs (LegendFilter, as on the
  // Latency page): words a config's name must contain; the points and the legend narrow to the
  // configs that match, the tuner's winner kept.
  void setFilter(const QString& text);
  QString filter() const;
  bool filterShown() const;
  // The legend's entries (configs, then the Pareto front) and the line above the plot.
  QStringList legendNames() const;
  QString legendNoteText() const;
  // Pixels kept between a point and the text beside it (the race's answer, "★ key …"): a lesson
  // rings its point, and the ring covered the text.
  void setPointClearance(int px);

 signals:
  void toleranceChanged(double tolerance);

 protected:
  void changeEvent(QEvent* event) override;        // LanguageChange: the plot's texts again
  void resizeEvent(QResizeEvent* event) override;  // the legend's columns fit the width

 private:
  void fitLegend();                      // fitLegendColumns, and the line above says what it hid
  DeferredRebuild* deferred_ = nullptr;  // document changes while hidden: rebuilt when shown
  struct Point {
    int config_index = 0;  // into the ranked session's configs
    QString key;
    QString asked;  // the config asked for when the engine ran a fallback in its place, else empty
    double error = 0;   // the deviation in the judging metric's unit (the x axis)
    double rel_l2 = 0;  // the relative L2 error, on hover whatever the metric
    double x = 0, speedup = 0, low = 0, high = 0;
    QString judged;  // judgeAccuracy's summary, "top-1 32/32 rows, rel. L2 …"
    bool unjudgeable = false;
    QString unsafe_reason;
    bool front = false;
    bool shown = true;  // the filter keeps it
  };
  void rebuild();
  QString metricAxisLabel() const;
  QString speedAxisLabel() const;
  QString textAt(const QPointF& pixel) const;

  SessionDocument* document_;
  QCustomPlot* plot_;
  QDoubleSpinBox* tolerance_spin_;
  QLabel* note_;
  LegendFilter* filter_;  // the filter field and the line above the plot
  SessionRanking ranking_;
  AccuracyMetric metric_ = AccuracyMetric::RelL2;
  QString reference_;
  int not_measured_ = 0;
  int point_clearance_px_ = 10;
  double zero_lane_x_ = 0;
  double values_from_ = 0;
  int front_line_points_ = 0;
  QString winner_label_;
  std::vector<Point> points_;
};

}  // namespace inferscope::gui
