// A zoomable kernel timeline of one config's trace window (core buildTimelineData): one row per
// GPU stream, each kernel or copy a rectangle coloured by the operator that launched it,
// iteration boundaries as vertical lines labelled with their kernel count and GPU busy %. The data
// comes from a live run's trace window or from the bounded copy a session file keeps per traced
// config (ConfigResult::timeline, core/trace/timeline_json.h); the legend line says what such a
// copy left out. Thousands of kernels are drawn by one custom plottable, not one item each.
#pragma once

#include <QWidget>
#include <vector>

#include "core/trace/timeline_data.h"

class QCustomPlot;
class QLabel;
class QCPItemText;

namespace inferscope::gui {

class KernelTimeline : public QWidget {
  Q_OBJECT

 public:
  explicit KernelTimeline(QWidget* parent = nullptr);

  void setData(trace::TimelineData data);
  const trace::TimelineData& data() const { return data_; }
  QCustomPlot* plot() const { return plot_; }
  int streamCount() const { return static_cast<int>(data_.streams.size()); }
  // Kernels, copies and memsets over all streams.
  int itemCount() const;
  // Colour of an operator index (data().op_names); grey for unattributed kernels.
  static QColor opColour(int op_index);
  QString legendText() const;

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the plot's texts again

 private:
  QString textAt(const QPointF& pixel) const;
  // Iteration labels only where the iteration is wide enough on screen to hold them.
  void updateLabels();

  QCustomPlot* plot_;
  QLabel* legend_;  // operator → colour, heaviest first
  trace::TimelineData data_;
  struct Label {
    QCPItemText* item;
    double start_ms, end_ms;
  };
  std::vector<Label> labels_;
};

}  // namespace inferscope::gui
