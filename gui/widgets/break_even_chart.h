// A compile's break-even on a chart: the total time of a job of N inferences (log x, from N = 1)
// on a compiled config and on the config it is weighed against (its eager twin), each line its
// set-up — a compile included — plus N steady medians (breakEvenInferences, gui/lib/break_even.h),
// both axes logarithmic. The compiled line starts higher by its compile time and rises more
// slowly; where they cross a marker and a label give the number of inferences. The numbers are the
// session's (setup_ms and the steady median of each config); a session where the compiled config
// took no longer to set up, or is not faster, says so on the chart instead of a crossing.
#pragma once

#include <QPointF>
#include <QString>
#include <QWidget>
#include <optional>

#include "gui/lib/break_even.h"
#include "gui/widgets/chart_style.h"

class QCustomPlot;
class QCPItemText;
class QCPItemTracer;

namespace inferscope::gui {

class SessionDocument;

class BreakEvenChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit BreakEvenChart(SessionDocument* document, QWidget* parent = nullptr);

  // `compiled` is weighed against `eager`: keys as the session writes them.
  void setConfigs(const QString& compiled, const QString& eager);

  QCustomPlot* plot() const { return plot_; }
  QCustomPlot* exportPlot() const override { return plot_; }
  QString exportTitle() const override;
  // Inferences after which the compiled config has taken no longer in all; nullopt: no crossing.
  std::optional<double> breakEven() const { return break_even_; }
  // The marker at the crossing, in plot coordinates (inferences, total seconds); nullptr when
  // there is no crossing. Its label sits beside it, clear of a ring of setPointClearance.
  QCPItemTracer* marker() const { return marker_; }
  QCPItemText* markerLabel() const { return marker_label_; }
  // Why there is no crossing, as the chart says it (empty when there is one).
  QString message() const { return message_; }
  // Pixels between the marker and its label: a lesson rings the marker.
  void setPointClearance(int px);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the texts again

 private:
  void rebuild();
  // The marker's label below right of it where the plot has the room, else above left: either
  // way away from both lines, which rise to the right through the crossing.
  void placeMarkerLabel();

  SessionDocument* document_;
  QCustomPlot* plot_;
  QString compiled_, eager_;
  std::optional<double> break_even_;
  QString message_;
  QCPItemTracer* marker_ = nullptr;
  QCPItemText* marker_label_ = nullptr;
  int point_clearance_px_ = 10;
};

}  // namespace inferscope::gui
