// The Kernels page's top-operators table: one row per outermost operator of a traced config's
// summary (core/trace/trace_summary.h), by kernel time — operator, kernels launched, kernel µs,
// share. The operator's name comes from a file: one bounded line in the cell, in full (bounded,
// wrapped) on hover (gui/lib/display_text.h). SortRole gives the number behind a numeric cell.
// Widget-free, so it is tested without a window.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "core/trace/trace_summary.h"

namespace inferscope::gui {

class TopOperatorsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, KernelsColumn, TimeColumn, ShareColumn, ColumnCount };
  enum Role { SortRole = Qt::UserRole + 1 };

  explicit TopOperatorsModel(QObject* parent = nullptr);

  void setOperators(const std::vector<trace::OpKernelStat>& ops);
  void clear();
  // The headers in the current UI language (after a language change).
  void retranslate();

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  struct Row {
    QString name, full_name;
    int kernel_count = 0;
    double kernel_us = 0, share = 0;
  };
  std::vector<Row> rows_;
};

}  // namespace inferscope::gui
