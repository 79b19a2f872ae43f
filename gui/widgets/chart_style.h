// What every chart page shares, so the pages look and behave alike (one learned, all read):
// palette-aware axes, the legend in a row of its own above the plot, hover tooltips computed by the
// page, and the PNG/PDF export the File menu calls for whichever tab is current.
#pragma once

#include <QColor>
#include <QObject>
#include <QPalette>
#include <QString>
#include <functional>

class QCustomPlot;
class QWidget;

namespace inferscope::gui {

class ChartStyle {
 public:
  // Axis, grid, legend and background colours from `source`'s palette (light and dark themes), no
  // sub-grid; applied again when the plot's palette changes (a desktop switching to dark). Sets
  // the plot's minimum width to kPlotMinimumWidthPx, so that what it shows never sizes the window.
  static void apply(QCustomPlot* plot, const QWidget* source);
  // Secondary text and reference lines (labels, warm-up marks): between the text and the
  // background, readable on either. The grid is fainter still.
  static QColor muted(const QPalette& palette);
  static QColor grid(const QPalette& palette);
  // Moves the legend out of the axis rect into a row above it, entries packed to the left: a
  // legend inside the axis rect would hide bars or points whichever corner it took.
  static void legendAbove(QCustomPlot* plot, int wrap = 6);
  // As many legend columns as `width_px` holds entries of the widest name, filled row by row: six
  // fixed columns cut names to "amp-fp1" at 1024 pixels. And no more rows than a quarter of
  // `height_px` (the chart's height) holds: 16 configs in three columns at 1024×768 took six rows
  // and squeezed the plot to 40 % of the chart. The entries that do not fit are the last ones (a
  // legend lists the winner and the fastest first); a "+N more" entry in the last cell stands in
  // for them, and a plottable with the property kLegendKeep stays (the Pareto front, the config
  // selected in the table). Charts call it when their legend or their size changes; what it hid
  // comes back when there is room.
  static void fitLegendColumns(QCustomPlot* plot, int width_px, int height_px);
  // The dynamic property of a plottable whose legend entry fitLegendColumns never hides.
  static constexpr const char* kLegendKeep = "inferscopeLegendKeep";
  // The legend entries fitLegendColumns hid for lack of height (0: none).
  static int hiddenLegendEntries(const QCustomPlot* plot);
  // Entries a legend holds at most (the first ones in plan order; the table lists every config):
  // QCustomPlot refills a legend's grid on each entry it removes, so clearing or destroying a chart
  // with 10 000 entries took minutes, and such a legend is no help to read anyway.
  static constexpr int kMaxLegendEntries = 48;
  // Configs a per-config legend lists at most (chooseLegend, gui/lib/config_marks.h): the fastest,
  // the tuner's winner always; a legend of 56 configs took a third of the chart.
  static constexpr int kLegendTopN = 16;
  // A plot's minimum width, whatever its legend and labels would ask for.
  static constexpr int kPlotMinimumWidthPx = 160;
  // .png or .pdf by extension; width/height 0 = the widget's size. `caption` (the session's model
  // and device) is drawn under the chart in the file only.
  static bool exportPlot(QCustomPlot* plot, const QString& path, const QString& title,
                         const QString& caption = {}, int width = 0, int height = 0);
};

// Shows a tooltip while the mouse moves over a plot. The page answers "what is under this pixel"
// (empty = nothing); QCustomPlot has no per-point tooltips of its own.
class ChartHover : public QObject {
  Q_OBJECT

 public:
  using TextAt = std::function<QString(const QPointF& pixel)>;
  ChartHover(QCustomPlot* plot, TextAt text_at);

 private:
  QCustomPlot* plot_;
  TextAt text_at_;
};

// A page with a plot the File → Export Chart actions can write.
class ExportableChart {
 public:
  virtual ~ExportableChart() = default;
  virtual QCustomPlot* exportPlot() const = 0;
  virtual QString exportTitle() const = 0;
};

}  // namespace inferscope::gui
