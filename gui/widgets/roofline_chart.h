// The "Roofline" page, next to Speed × accuracy: log-log, arithmetic intensity
// (FLOPs per byte moved) across, achieved TFLOP/s up; the device's measured ceilings as roofs —
// the copy bandwidth's slope meeting each precision's matmul peak at its ridge —, one dot per
// config in its palette colour (hollow when its work is an eager config's count: CUDA graphs,
// AOTInductor). Hovering a dot gives its numbers and its bound. The values are the session's
// (ConfigResult::roofline, SessionResult::ceilings): files recorded with `--roofline` on a GPU
// server draw here as they were measured.
#pragma once

#include <QWidget>
#include <vector>

#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QCustomPlot;
class QLabel;

namespace inferscope::gui {

class SessionDocument;

class RooflineChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit RooflineChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return deferred_->fresh(plot_); }
  QCustomPlot* exportPlot() const override { return deferred_->fresh(plot_); }
  QString exportTitle() const override {
    return tr("Roofline: achieved TFLOP/s vs arithmetic intensity");
  }

  int pointCount() const { return static_cast<int>(deferred_->fresh(points_).size()); }
  // One roof per measured precision.
  int ceilingCount() const { return deferred_->fresh(ceiling_count_); }
  QString pointKey(int i) const {
    return deferred_->fresh(points_).at(static_cast<std::size_t>(i)).key;
  }
  // The hover text of point i, and where it is drawn (widget pixels of the plot).
  QString pointText(int i) const;
  QPointF pointPixel(int i) const;
  QString note() const;
  // The text beside the race's answer on the plot ("★ key (the race's answer)"); empty when the
  // session has no race or its answer has no point. Drawn as the item named "winnerMark".
  QString winnerMarkText() const { return deferred_->fresh(winner_label_); }

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the axes and dots again
  // The legend's columns fit the width: at the default wrap the roofs' long names were cut
  // ("bf1(", "(datasheet 6") at 1024 pixels.
  void resizeEvent(QResizeEvent* event) override;

 private:
  DeferredRebuild* deferred_ = nullptr;  // document changes while hidden: rebuilt when shown
  struct Point {
    QString key, text;
    double intensity = 0, tflops = 0;
  };
  void rebuild();
  QString textAt(const QPointF& pixel) const;

  SessionDocument* document_;
  QCustomPlot* plot_;
  QLabel* note_;
  std::vector<Point> points_;
  int ceiling_count_ = 0;
  QString winner_label_;
};

}  // namespace inferscope::gui
