// The "Kernels" page, from each config's TraceSummary (the "trace" aggregates of a session): per
// traced config a stacked bar of GPU busy, launch gaps and host overhead per iteration (they add
// up to the iteration's wall time), with kernels per iteration and the Tensor-Core share under
// the config's name; tables of the top kernels and top operators of the selected config; and the
// zoomable kernel timeline (KernelTimeline) from a live run's trace window or, for a session file,
// from the bounded copy the file keeps (ConfigResult::timeline). Configs that were not traced
// are listed with the reason.
#pragma once

#include <QStringList>
#include <QWidget>
#include <utility>
#include <vector>

#include "core/trace/trace_summary.h"
#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QSplitter;
class QStackedWidget;
class QTableView;

namespace inferscope::gui {

class KernelTimeline;
class SessionDocument;
class TopKernelsModel;
class TopOperatorsModel;

class KernelsView : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit KernelsView(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return deferred_->fresh(plot_); }
  QCustomPlot* exportPlot() const override;
  QString exportTitle() const override { return tr("GPU time per iteration"); }
  // Rows of the breakdown chart: configs with a traced summary.
  int tracedConfigCount() const { return static_cast<int>(deferred_->fresh(rows_).size()); }
  // The top-kernels and top-operators tables (TopKernelsModel, TopOperatorsModel through a
  // sorting proxy).
  QTableView* kernelTable() const { return deferred_->fresh(kernel_table_); }
  QTableView* opTable() const { return deferred_->fresh(op_table_); }
  KernelTimeline* timeline() const { return deferred_->fresh(timeline_); }
  QComboBox* configCombo() const { return deferred_->fresh(config_combo_); }
  QString untracedText() const;
  // Per traced config, "traced 8.7 ms · median 4.76 ms (+83 %)" at the end of its bar.
  QStringList barNotes() const { return deferred_->fresh(bar_notes_); }
  // What the top-kernels table shows for each name (the full name is the tooltip): "void " and
  // namespace qualifiers dropped; a name that shares a long start with another in the list shows
  // its head, "…", then where it differs, so that right-elided rows stay apart
  // ("sm80_xmma…32x32x8_stage3_…" beside "sm80_xmma…128x32x8_stage3_…").
  static QStringList kernelLabels(const QStringList& names);

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the plot's texts again

 private:
  DeferredRebuild* deferred_ = nullptr;  // document changes while hidden: rebuilt when shown
  struct Row {
    int series_index = 0;
    trace::TraceSummary summary;
  };
  void rebuild();
  void showConfig(int row);
  QString textAt(const QPointF& pixel) const;
  // Gives the breakdown the height its rows need and the timeline the rest.
  void fitBreakdownHeight();

  SessionDocument* document_;
  bool ranOnCpu() const;
  QStringList bar_notes_;
  QCustomPlot* plot_;
  QLabel* untraced_label_;
  QComboBox* config_combo_;
  TopKernelsModel* kernel_model_;
  TopOperatorsModel* op_model_;
  QTableView* kernel_table_;
  QTableView* op_table_;
  QStackedWidget* timeline_stack_;
  QLabel* timeline_note_;
  KernelTimeline* timeline_;
  QSplitter* split_ = nullptr;
  int fitted_rows_ = -1;  // row count the splitter was last sized for (a drag then stays)
  std::vector<Row> rows_;
  std::vector<std::pair<QString, QStringList>> untraced_;  // reason → configs, in plan order
};

}  // namespace inferscope::gui
