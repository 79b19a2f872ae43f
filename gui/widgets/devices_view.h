// The "Devices" page: a session measured on several GPUs (`sweep --devices`, or sessions of
// several hosts merged) side by side — the devices it ran on with their driver and libraries, a
// table config × device (DeviceTableModel: median, interval, marks where GPUs of one model differ
// beyond their intervals) and beside it a grouped chart, a row per config as in the table: each
// device's median relative to the first GPU of its model with its 95 % CI as an error bar, one
// colour per device, the devices named at the right edge and every marked difference written
// beside its point. A session of one device says so instead.
#pragma once

#include <QWidget>
#include <vector>

#include "gui/widgets/chart_style.h"

class QCustomPlot;
class QCPGraph;
class QCPItemText;
class QLabel;
class QSplitter;
class QTableView;

namespace inferscope::gui {

class DeviceTableModel;
class SessionDocument;

class DevicesView : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit DevicesView(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return plot_; }
  QCustomPlot* exportPlot() const override { return plot_; }
  QString exportTitle() const override { return tr("The same configs on each device"); }
  DeviceTableModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  QLabel* devicesLabel() const { return devices_; }
  QLabel* noteLabel() const { return note_; }
  // False for a session of one device (or none): the table and chart are hidden and the note
  // says why.
  bool comparing() const;
  // Chart content, for tests: configs drawn as groups, the graph of each device (place index),
  // the marks written over points, and the direct labels at the right edge.
  int groupCount() const { return static_cast<int>(group_rows_.size()); }
  QCPGraph* deviceGraph(int place) const;
  const std::vector<QCPItemText*>& markLabels() const { return marks_; }
  const std::vector<QCPItemText*>& deviceLabels() const { return labels_; }
  // The hover text at a pixel of the plot (empty: nothing there).
  QString textAt(const QPointF& pixel) const;
  // One colour per device, colour-blind safe (Okabe–Ito), made readable on the page's palette.
  static QColor deviceColor(int place);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the texts and the chart again

 private:
  void rebuild();
  void rebuildChart();
  void layoutDeviceLabels();

  SessionDocument* document_;
  DeviceTableModel* model_;
  QLabel* devices_;
  QLabel* note_;
  QSplitter* split_;
  QTableView* table_;
  QCustomPlot* plot_;
  std::vector<int> group_rows_;    // table row drawn at chart row 1, 2, … (the y axis)
  std::vector<QCPGraph*> graphs_;  // per place; null where a place has no point
  std::vector<QCPItemText*> marks_;
  std::vector<QCPItemText*> labels_;  // per place with a graph
  std::vector<int> label_places_;
  std::vector<double> label_values_;  // chart row of each label's last point
  struct Point {
    int row = 0, place = 0;
    double x = 0, y = 0;  // the difference (%) and the chart row
  };
  std::vector<Point> points_;
};

}  // namespace inferscope::gui
