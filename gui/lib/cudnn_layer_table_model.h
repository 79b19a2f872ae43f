// One row per convolution layer of a cuDNN ledger (core/cudnn/cudnn_ledger.h), in execution order:
// shape, calls per iteration, the kernel family each selection mode ran, the benchmark's gain,
// autotune time, flags, then cuDNN's legacy heuristic and fastest algorithm. The cuDNN page's
// table shows it through a QSortFilterProxyModel sorting by SortRole: the number behind a numeric
// cell (a gain of −43.4 sorts below 2.1), the text of the others. The benchmark's cell is bold
// where it ran another kernel than the heuristic; the gain is green or red where it is more than
// 2 % of the heuristic's time. Widget-free, so it is tested without a window.
#pragma once

#include <QAbstractTableModel>
#include <QColor>
#include <QVariant>
#include <array>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"

namespace inferscope::gui {

class CudnnLayerTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    // What ran and the benchmark's gain first (they fit beside the shape at 1280 px); cuDNN's
    // legacy catalogue answers last.
    ColLayer,
    ColShape,
    ColCalls,
    ColRanHeuristic,
    ColRanBenchmark,
    ColGain,
    ColRanDeterministic,
    ColAutotune,
    ColFlags,
    ColHeuristicAlgo,
    ColFastestAlgo,
    ColumnCount
  };
  enum Role { SortRole = Qt::UserRole + 1 };

  explicit CudnnLayerTableModel(QObject* parent = nullptr);

  // The ledger's layers become the rows (the model keeps its own cells: no pointer into the
  // ledger); clear() empties the table.
  void setLedger(const cudnn::CudnnLedger& ledger);
  void clear();

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  // Short label of a conv shape: "#3 64→64 3×3 s1" (1-based layer number); the shape column shows
  // it without the number, the chart's ticks with it.
  static QString shortLabel(const cudnn::ConvShape& shape, int layer);
  // Green/red of a faster/slower benchmark choice, readable on light and dark backgrounds alike;
  // the summary line colours its counts the same.
  static QColor fasterColour() { return QColor(46, 160, 67); }
  static QColor slowerColour() { return QColor(218, 54, 51); }

 private:
  struct Cell {
    QString text;
    QString tooltip;
    QVariant number;  // numeric cells: what sorting compares (and right-aligned)
    QColor foreground;
    bool bold = false;
  };
  using Row = std::array<Cell, ColumnCount>;
  static Row makeRow(const cudnn::LedgerLayer& layer, int number);

  std::vector<Row> rows_;
};

// What `layer` ran under `mode`, or nullptr when that mode did not see it.
const cudnn::ModeObservation* observationOf(const cudnn::LedgerLayer& layer,
                                            cudnn::SelectionMode mode);

}  // namespace inferscope::gui
