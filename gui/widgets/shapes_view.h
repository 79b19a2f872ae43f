// The "Shapes" page, for sessions measured over a shape set (`sweep --batch 1,8,32`, `--dims`,
// `--max-batch`): latency against throughput per config across batch sizes — the per-item latency
// and the items per second, each config's knee (the smallest batch reaching 90 % of its peak
// items/s) marked ◆ and the single config for the whole set marked ★ — then the peak memory per
// precision across the batches with each precision's largest batch (the guide's memory argument,
// drawn), and the answers: the router's table (the fastest safe config per shape) and the one
// config for every shape under the mix, against that table.
//
// It reads the session's record (core/engine/shape_record.h) or, for a file written before the
// record was kept, derives it with the default accuracy rule: what the CLI printed for the run.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

#include "core/engine/session_result.h"
#include "core/engine/shape_values.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QCPItemLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace inferscope::gui {

class SessionDocument;

class ShapesView : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit ShapesView(SessionDocument* document, QWidget* parent = nullptr);

  // Whether a session has answers across shapes to show (more than one shape, or a largest-batch
  // search): the window shows the tab only then.
  static bool applies(const SessionResult* session);

  QCustomPlot* latencyPlot() const { return deferred_->fresh(latency_plot_); }
  QCustomPlot* throughputPlot() const { return deferred_->fresh(throughput_plot_); }
  QCustomPlot* memoryPlot() const { return deferred_->fresh(memory_plot_); }
  // Export: latency against throughput, the chart the page is about.
  QCustomPlot* exportPlot() const override { return throughputPlot(); }
  QString exportTitle() const override { return tr("Throughput across batch sizes"); }

  // What the charts draw, read back from the plots themselves (tests): the curves' names in plot
  // order, the batch of the knee mark on a curve's throughput line (nullopt: no mark), the curve
  // drawn as the winner, the memory lines' names, and the batch a precision's largest-batch line
  // stands at.
  QStringList curveNames() const;
  std::optional<double> kneeMarkBatch(const QString& curve) const;
  std::optional<double> kneeMarkItemsPerSecond(const QString& curve) const;
  QString winnerCurve() const;
  QStringList memoryLineNames() const;
  std::optional<double> largestBatchMark(const QString& precision) const;
  // The router's table as shown, one "shape | batch | config | median" line per row, and the
  // single-config and largest-batch texts.
  QStringList routingRows() const;
  QString answerText() const;
  // Where the knees' labels are drawn on the throughput plot (pixels, after a replot at the plot's
  // present size): the label's text and rectangle, its knee's point, and whether a line joins them.
  struct KneeLabelPlace {
    QString text;
    QRectF rect;
    QPointF knee;
    bool leader = false;
  };
  std::vector<KneeLabelPlace> kneeLabelPlaces() const;

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the texts again

 private:
  void rebuild();
  void buildCurves(const ShapeRecord& record, const SessionResult& session);
  void buildMemory(const ShapeRecord& record);
  void buildAnswers(const ShapeRecord& record);
  void layoutKneeLabels();

  SessionDocument* document_;
  DeferredRebuild* deferred_ = nullptr;
  QCustomPlot* latency_plot_;
  QCustomPlot* throughput_plot_;
  QCustomPlot* memory_plot_;
  QLabel* heading_;
  QTableWidget* routing_;
  QLabel* answer_;
  QString winner_;
  // The knees' labels on the throughput plot, each with the dotted line to its knee.
  struct KneeLabel {
    QCPItemText* text = nullptr;
    QCPItemLine* leader = nullptr;
    double batch = 0, items_per_s = 0;
    bool last = false;  // the knee is the curve's last batch: the label goes left of it
    QRectF placed;      // where layoutKneeLabels put it, in pixels
    QPointF knee;
  };
  std::vector<KneeLabel> knee_labels_;
};

}  // namespace inferscope::gui
