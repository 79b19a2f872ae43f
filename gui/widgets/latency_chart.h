// The "Latency" page: per-iteration latency of every config of the SessionDocument, one line per
// config in its palette colour, growing live. The configured warm-up sits in a shaded band; what
// the warm-up analysis decided is drawn too — each config's detected steady start as a tick in its
// colour on the axis, and the measured points it left out as hollow markers — so the chart shows
// what the statistics are of. Selecting a config (the results table) brings its line forward with
// its steady start, and overlays its further processes (`--forks`) dashed. Every line carries its
// name at the right edge. Log scale is a toggle because a first iteration can dwarf the rest.
// latency_chart_marks.cpp holds the analysis marks, the selection and the direct labels.
#pragma once

#include <QElapsedTimer>
#include <QLineF>
#include <QPointF>
#include <QWidget>
#include <vector>

#include "gui/lib/config_marks.h"
#include "gui/widgets/chart_style.h"

class QCPGraph;
class QCPLayer;
class QCPRange;
class QCPItemLine;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;

namespace inferscope::gui {

class LatencyTicker;
class LegendFilter;
class SessionDocument;
struct ConfigSeries;

class LatencyChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  // Linear axis only: when the highest point exceeds this multiple of the highest measured
  // (post-warm-up) point, the axis is fitted to the measured points.
  static constexpr double kClipRatio = 3.0;
  // Markers drawn per line at most; the line itself always joins every point.
  static constexpr int kMaxMarkers = 25;
  // When the longest config has more than this multiple of the next one's iterations (an adaptive
  // config that ran to its maximum), the x axis ends at the next one and a note says so.
  static constexpr double kLongRunRatio = 3.0;
  // While a run streams, the growing line is redrawn alone on a buffered layer of its own; the
  // whole chart (axes, the finished lines, the names at the right edge) at most this often, or at
  // once when an axis range must change.
  static constexpr int kFullReplotIntervalMs = 250;
  // Configs the legend and the names at the right edge hold at most: the fastest of those the
  // filter matches, the tuner's winner always (a tuned ResNet-50 of 56 configs had a legend a
  // third of the chart high and most names off its edge). Past it, the filter field shows.
  static constexpr int kLegendTopN = ChartStyle::kLegendTopN;

  explicit LatencyChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return plot_; }
  bool logScale() const { return log_scale_; }
  // Number of points the chart holds for one config (tests compare it with the session).
  int pointCount(int series_index) const;
  int graphCount() const { return static_cast<int>(graphs_.size()); }
  // The config whose line is drawn on the live layer (−1: none; tests check the hand-over).
  int liveSeries() const { return live_series_; }
  // Whole-chart replots requested since the chart was built, and replots of the live line alone.
  int fullReplotCount() const { return full_replots_; }
  int liveReplotCount() const { return live_replots_; }

  QCustomPlot* exportPlot() const override { return plot_; }
  QString exportTitle() const override { return tr("Latency per iteration"); }

 public slots:
  void setLogScale(bool on);
  // Adaptive runs: the online analysis's current guess of where steady state starts for the
  // running config, drawn dotted and labelled "provisional" until the config's final analysis
  // replaces it (−1 hides it). A plateau that has not ended cannot be seen online.
  void setProvisionalSteadyStart(int series_index, int iteration);

 public:
  // −1 when no provisional mark is shown (tests).
  int provisionalSteadyStart() const { return provisional_iteration_; }
  // The config brought forward (−1: none): its line in front and thicker, the others faded, its
  // detected steady start labelled across the plot and its forks overlaid.
  void setSelectedSeries(int series_index);
  int selectedSeries() const { return selected_; }
  // For the tests: what the analysis marks hold.
  int excludedPointCount(int series_index) const;
  double steadyMarkIteration(int series_index) const;  // NaN: no mark
  int forkGraphCount() const { return static_cast<int>(fork_graphs_.size()); }
  QString directLabel(int series_index) const;
  // The dotted leader from a line's end to its name at the right edge, in plot pixels (a null
  // line where the name sits beside the end already or is not shown), and the line's end there.
  QLineF directLabelLeader(int series_index) const;
  QPointF directLabelAnchor(int series_index) const;  // where the name's left edge is centred
  QPointF lineEnd(int series_index) const;
  bool legendHasEntry(int series_index) const;
  QString noteText() const;
  // The filter above the plot (words the config's key must contain): the lines, the legend and
  // the names at the right edge narrow to the matching configs, the winner kept.
  void setFilter(const QString& text);
  QString filter() const;
  bool filterShown() const;
  bool seriesPlotted(int series_index) const;
  QStringList legendNames() const;
  // The line above the plot: how many configs the legend lists of how many, the marks' meaning.
  QString legendNoteText() const;
  // Iterations a lesson's highlight band or ring covers (an empty range: none): the selected
  // config's "steady from iteration N" keeps off them instead of running across a band's edge or
  // under a ring.
  void setLabelKeepOut(const QCPRange& iterations);
  QCPItemText* selectedLabel() const { return selected_label_; }

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void fitLegend();  // fitLegendColumns, and the line above says what it hid
  void recolour();
  void rebuild();
  // The run's own end: every line is drawn already; only what depends on the run being over.
  void finishRun();
  // Whether every graph holds as many points as its series: the lines show the document's samples.
  bool drawsSeriesAsTheyAre() const;
  static bool inLegend(const ConfigSeries& series, bool live);
  void layOut(int shown);  // everything after the lines, given how many are in the legend
  // Which configs are drawn, listed and named (chooseLegend over the filter), their names marked
  // as every view marks them (ConfigMarks); returns how many configs may be listed at all.
  int applyLegend();
  QString seriesName(int series_index) const;
  void onSamplesAppended(int series_index, int first);
  void onResultAdded(int series_index);
  void setSeriesData(int series_index);
  void thinMarkers(QCPGraph* graph);
  void updateWarmupBand();
  void rescale();
  // Sets both axes' ranges from the data; true when either changed.
  bool updateRanges();
  void replotAll();
  // The running config's line goes to the live layer; a finished one back to the main layer.
  void setLiveSeries(int series_index);
  // latency_chart_marks.cpp
  void createMarks(int series_index);
  void clearMarks();
  void updateSteadyMarks(int series_index);
  void updateSelection();
  // A series' line: 1.6 px (2.6 px selected), antialiased; 1 px (2 px) and aliased, Qt's raster
  // engine's fast path, while a run streams or when the series hold more than kFastLinesPoints
  // (bench_gui_stall: antialiased 1.6 px lines of 20 000 points cost 6-18 ms per replot, ~25
  // replots a second during a run; a band that dense looks the same aliased).
  static constexpr std::size_t kFastLinesPoints = 10'000;
  bool fastLines() const;
  // The series' widths and antialiasing for fastLines(), their colours kept (updateSelection's).
  void applyLineStyle();
  void updateDirectLabelMargin();
  void layoutDirectLabels();
  void updateNote();

  struct SeriesMarks {
    QCPGraph* excluded = nullptr;  // measured points before the detected steady start
    QCPItemLine* tick = nullptr;   // the detected steady start, on the x axis
    QCPItemText* label = nullptr;  // the config's name at the right edge
    int leader = -1;               // its leader in leaders_ (−1: its name sits beside its end)
    double label_value = 0;        // latency the label points at (its steady median)
  };
  std::vector<SeriesMarks> marks_;
  std::vector<QCPGraph*> fork_graphs_;
  std::vector<QCPItemLine*> leaders_;  // dotted lines from lines' ends to their names (a pool)
  QCPItemStraightLine* selected_line_ = nullptr;
  QCPItemText* selected_label_ = nullptr;
  QString note_text_;  // under the x axis: what the marks mean, forks, a long run cut off
  QString long_run_note_;
  int selected_ = -1;
  SessionDocument* document_;
  LegendFilter* filter_;  // the filter field and the line above the plot
  ConfigMarks config_marks_;
  // Runs of one config as a fallback of another: drawn once, as the table lists them once, under
  // the row that stays (its own run where there is one), named for every config merged into it.
  FallbackGroups fallbacks_;
  std::vector<bool> plotted_, listed_;  // per series: drawn; in the legend and named at the edge
  QCustomPlot* plot_;
  std::vector<QCPGraph*> graphs_;
  QCPLayer* live_layer_ = nullptr;
  int live_series_ = -1;
  QElapsedTimer since_full_replot_;
  int full_replots_ = 0;
  int live_replots_ = 0;
  QCPItemRect* warmup_band_ = nullptr;
  QCPItemText* warmup_label_ = nullptr;
  QCPItemStraightLine* steady_line_ = nullptr;
  QCPItemText* empty_label_ = nullptr;
  QCPItemText* clip_label_ = nullptr;
  QCPItemStraightLine* provisional_line_ = nullptr;
  QCPItemText* provisional_label_ = nullptr;
  int provisional_iteration_ = -1;
  double keep_out_from_ = 0, keep_out_to_ = 0;  // setLabelKeepOut; empty when to <= from
  LatencyTicker* y_ticker_ = nullptr;           // owned by the axis through a QSharedPointer
  bool log_scale_ = false;
};

}  // namespace inferscope::gui
