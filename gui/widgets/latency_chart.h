// The "Latency" page: per-iteration latency of every config of the SessionDocument, one line per
// config in its palette colour, growing live. The warm-up iterations sit in a shaded band with the
// start of measurement marked, so nobody mistakes a cold start for the steady state. Log scale is
// a toggle because a first iteration can dwarf the rest by orders of magnitude.
#pragma once

#include <QWidget>

#include <vector>

class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;

namespace inferscope::gui {

class LatencyTicker;
class SessionDocument;

class LatencyChart : public QWidget {
  Q_OBJECT

 public:
  // Linear axis only: when the highest point exceeds this multiple of the highest measured
  // (post-warm-up) point, the axis is fitted to the measured points.
  static constexpr double kClipRatio = 3.0;
  // Markers drawn per line at most; the line itself always joins every point.
  static constexpr int kMaxMarkers = 25;

  explicit LatencyChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return plot_; }
  bool logScale() const { return log_scale_; }
  // Number of points the chart holds for one config (tests compare it with the session).
  int pointCount(int series_index) const;
  int graphCount() const { return static_cast<int>(graphs_.size()); }

  // width/height 0: the widget's current size.
  bool exportPng(const QString& path, int width = 0, int height = 0);
  bool exportPdf(const QString& path, int width = 0, int height = 0);

 public slots:
  void setLogScale(bool on);
  // Adaptive runs: the online analysis's current guess of where steady state starts for the
  // running config, drawn dotted and labelled "provisional" until the config's final analysis
  // replaces it (−1 hides it). A plateau that has not ended cannot be seen online.
  void setProvisionalSteadyStart(int series_index, int iteration);

 public:
  // −1 when no provisional mark is shown (tests).
  int provisionalSteadyStart() const { return provisional_iteration_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void recolour();
  void rebuild();
  void onSamplesAppended(int series_index, int first);
  void onResultAdded(int series_index);
  void setSeriesData(int series_index);
  void thinMarkers(QCPGraph* graph);
  void updateWarmupBand();
  void rescale();

  SessionDocument* document_;
  QCustomPlot* plot_;
  std::vector<QCPGraph*> graphs_;
  QCPItemRect* warmup_band_ = nullptr;
  QCPItemText* warmup_label_ = nullptr;
  QCPItemStraightLine* steady_line_ = nullptr;
  QCPItemText* empty_label_ = nullptr;
  QCPItemText* clip_label_ = nullptr;
  QCPItemStraightLine* provisional_line_ = nullptr;
  QCPItemText* provisional_label_ = nullptr;
  int provisional_iteration_ = -1;
  LatencyTicker* y_ticker_ = nullptr;  // owned by the axis through a QSharedPointer
  bool log_scale_ = false;
};

}  // namespace inferscope::gui
