// The Kernels page's top-kernels table: one row per kernel of a traced config's summary
// (core/trace/trace_summary.h), by total time as the summary orders them — name, count, total µs,
// share of kernel time, whether it ran on Tensor Cores. The name cell shows the label the page
// gives it (KernelsView::kernelLabels) cut to one line, the full name on hover, bounded
// (gui/lib/display_text.h): a kernel name comes from a file. SortRole gives the number behind a
// numeric cell, so a proxy sorts 900 below 1 200 (column_table_model.h). Widget-free, so it is
// tested without a window.
#pragma once

#include <QStringList>
#include <vector>

#include "core/trace/trace_summary.h"
#include "gui/lib/column_table_model.h"

namespace inferscope::gui {

struct TopKernelRow {
  QString label, name;  // shown (one line), on hover (bounded, wrapped)
  int count = 0;
  double total_us = 0, share = 0;
  bool tensor_core = false;
};

class TopKernelsModel : public RowTableModel<TopKernelRow> {
  Q_OBJECT

 public:
  enum Column { NameColumn, CountColumn, TotalColumn, ShareColumn, TensorCoreColumn, ColumnCount };

  explicit TopKernelsModel(QObject* parent = nullptr);

  // `labels[i]` is what the name cell shows for `kernels[i]` (missing: the name itself).
  void setKernels(const std::vector<trace::KernelStat>& kernels, const QStringList& labels);

 private:
  QVariant cell(const TopKernelRow& row, int column, int role) const override;
  bool numericColumn(int column) const override;
};

}  // namespace inferscope::gui
