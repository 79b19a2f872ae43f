// The "Speed × accuracy" page: each finished config as a point at (relative L2 error vs FP32, log
// scale; speed-up over FP32 with its 95 % CI as an error bar), in its palette colour. The Pareto
// front (rankSession: no safe config both faster and more accurate) is joined by a line. Unsafe
// configs — NaN/Inf outputs, error over the tolerance — stay on the chart, greyed, with the reason
// on hover (UI.md: never silently hidden). The tolerance is a spin box: moving it re-ranks.
#pragma once

#include <QPointF>
#include <QWidget>
#include <vector>

#include "core/engine/session_ranking.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QCustomPlot;
class QCPTextElement;
class QDoubleSpinBox;
class QLabel;

namespace inferscope::gui {

class SessionDocument;

class SpeedAccuracyChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  // Where an error of exactly 0 (the FP32 reference itself) sits on the log axis, relative to
  // the smallest non-zero error: a decade below it.
  static constexpr double kZeroErrorFactor = 0.1;

  explicit SpeedAccuracyChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return deferred_->fresh(plot_); }
  QCustomPlot* exportPlot() const override { return deferred_->fresh(plot_); }
  QString exportTitle() const override { return tr("Speed-up over FP32 vs relative error"); }
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

 signals:
  void toleranceChanged(double tolerance);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the plot's texts again

 private:
  DeferredRebuild* deferred_ = nullptr;  // document changes while hidden: rebuilt when shown
  struct Point {
    int config_index = 0;  // into the ranked session's configs
    QString key;
    QString asked;  // the config asked for when the engine ran a fallback in its place, else empty
    double error = 0, x = 0, speedup = 0, low = 0, high = 0;
    QString unsafe_reason;
    bool front = false;
  };
  void rebuild();
  QString textAt(const QPointF& pixel) const;

  SessionDocument* document_;
  QCustomPlot* plot_;
  QDoubleSpinBox* tolerance_spin_;
  QLabel* note_;
  SessionRanking ranking_;
  std::vector<Point> points_;
};

}  // namespace inferscope::gui
