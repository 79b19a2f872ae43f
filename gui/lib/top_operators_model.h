// The Kernels page's top-operators table: one row per outermost operator of a traced config's
// summary (core/trace/trace_summary.h), by kernel time — operator, kernels launched, kernel µs,
// share. The operator's name comes from a file: one bounded line in the cell, in full (bounded,
// wrapped) on hover (gui/lib/display_text.h). SortRole gives the number behind a numeric cell
// (column_table_model.h). Widget-free, so it is tested without a window.
#pragma once

#include <vector>

#include "core/trace/trace_summary.h"
#include "gui/lib/column_table_model.h"

namespace inferscope::gui {

struct TopOperatorRow {
  QString name, full_name;  // shown (one line), on hover (bounded, wrapped)
  int kernel_count = 0;
  double kernel_us = 0, share = 0;
};

class TopOperatorsModel : public RowTableModel<TopOperatorRow> {
  Q_OBJECT

 public:
  enum Column { NameColumn, KernelsColumn, TimeColumn, ShareColumn, ColumnCount };

  explicit TopOperatorsModel(QObject* parent = nullptr);

  void setOperators(const std::vector<trace::OpKernelStat>& ops);

 private:
  QVariant cell(const TopOperatorRow& row, int column, int role) const override;
  bool numericColumn(int column) const override;
};

}  // namespace inferscope::gui
