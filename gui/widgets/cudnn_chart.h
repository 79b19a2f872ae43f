// The "cuDNN" page: a session's cuDNN algorithm ledgers (core/cudnn/cudnn_ledger.h, recorded by
// `inferscope-cli cudnn`). For the ledger picked in the combo (model · config):
//   - a chart over the model's convolution layers (unique shapes in execution order): every
//     candidate algorithm's Find time as a small marker coloured by kernel family, the heuristic's
//     choice (hollow square) and the benchmark's choice (hollow diamond, Find's fastest) ringed,
//     and one line per selection mode for the GPU time that actually ran (heuristic solid,
//     benchmark dashed, deterministic dotted); µs on a linear or log axis, the full shape key on
//     hover;
//   - a sortable table per layer (CudnnLayerTableModel, gui/lib): shape, calls/iteration, the
//     kernel family each mode ran, the benchmark's gain, autotune time, flags, then cuDNN's
//     heuristic and fastest legacy algorithm;
//   - a summary line (unique shapes, where benchmark and deterministic mode changed the kernel,
//     whether benchmark was faster, gain per iteration, autotune, cuDNN version) and per mode the
//     steady median, conv GPU time and first iteration.
// Without a ledger the page says how to record one; an unavailable ledger shows its reason.
#pragma once

#include <QWidget>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QCheckBox;
class QComboBox;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace inferscope::gui {

class CudnnLayerTableModel;
class SessionDocument;

class CudnnChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit CudnnChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return deferred_->fresh(plot_); }
  QCustomPlot* exportPlot() const override { return deferred_->fresh(plot_); }
  QString exportTitle() const override;
  QComboBox* ledgerCombo() const { return deferred_->fresh(combo_); }
  // The layer table: a view of tableModel() through a proxy that sorts by the model's SortRole.
  QTableView* table() const { return deferred_->fresh(table_); }
  CudnnLayerTableModel* tableModel() const { return deferred_->fresh(table_model_); }
  void setLogScale(bool on);
  bool logScale() const;

  // What the chart draws, for tests: ledgers in the session, conv layers of the shown ledger,
  // candidate markers with a Find time (all families), ringed choices, points of a mode's line.
  int ledgerCount() const { return static_cast<int>(deferred_->fresh(ledgers_).size()); }
  int layerCount() const;
  int candidatePointCount() const;
  int familyCount() const { return static_cast<int>(deferred_->fresh(family_graphs_).size()); }
  int heuristicChoiceCount() const;
  int benchmarkChoiceCount() const;
  int ranPointCount(cudnn::SelectionMode mode) const;
  QString summaryText() const;
  // The line under the summary: each mode's steady median, conv GPU time and first iteration.
  QString modesText() const;
  // The ledger's notes under the table.
  QString notesText() const;
  // The legend entry of the mode that ran the session's answer ("★ benchmark (the race's answer)",
  // or the fastest safe config of a session not tuned); empty when no mode ran it.
  QString answerMarkText() const;
  // The text shown instead of the chart (no ledger, or the ledger's reason); empty when charted.
  QString messageText() const;
  // cudnnGetVersion() as text: 91900 → "9.19.0", 8902 → "8.9.2".
  static QString cudnnVersionText(int version);
  // A selection mode as the legend names it: "heuristic" is translated; "benchmark" and
  // "deterministic" are the names of PyTorch's switches and stay as they are.
  static QString modeName(cudnn::SelectionMode mode);
  // A note the CLI wrote into the ledger (in English), in the UI's language when it is one the CLI
  // writes; any other note as it was recorded.
  static QString noteText(const std::string& note);
  // The layer's tick label at a level of detail: 0 CudnnLayerTableModel::shortLabel, 1 stacked
  // in three lines, 2 number and kernel size, 3 the number alone.
  static QString tickLabel(const cudnn::ConvShape& shape, int layer, int tier);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the plot's texts again

 private:
  DeferredRebuild* deferred_ = nullptr;  // document changes while hidden: rebuilt when shown
  void createTable();
  void rebuild();
  void showLedger(int index);
  void fillPlot(const cudnn::CudnnLedger& ledger);
  void fillTable(const cudnn::CudnnLedger& ledger);
  void markAnswer(const cudnn::CudnnLedger& ledger);
  void fillSummary(const cudnn::CudnnLedger& ledger);
  void showMessage(const QString& html);
  void fitValueAxis();
  void fitTickLabels();
  QString textAt(const QPointF& pixel) const;
  const cudnn::CudnnLedger* currentLedger() const;

  SessionDocument* document_;
  QComboBox* combo_;
  QCheckBox* log_check_;
  QLabel* summary_;  // the headline, beside the picker
  QLabel* modes_;    // each mode's totals
  QLabel* notes_;    // the ledger's caveats, under the table
  QLabel* message_;
  QStackedWidget* stack_;
  QCustomPlot* plot_;
  CudnnLayerTableModel* table_model_;
  QSortFilterProxyModel* table_proxy_;
  QTableView* table_;
  double steadyMedianMs(const cudnn::ModeTotals& totals) const;
  std::vector<cudnn::CudnnLedger> ledgers_;  // copies of the session's, so that views never dangle
  std::vector<QCPGraph*> family_graphs_;
  QCPGraph* heuristic_choice_ = nullptr;
  QCPGraph* benchmark_choice_ = nullptr;
  std::vector<QCPGraph*> ran_graphs_;  // by SelectionMode
  QString answer_mark_;
  double min_us_ = 0, max_us_ = 0;
  int tick_tier_ = 0;
  bool decades_only_ = false;
};

}  // namespace inferscope::gui
