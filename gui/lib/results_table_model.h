// One row per finished config of the SessionDocument, in plan order, filling as each config
// finishes. Display text is formatted (ValueFormat); SortRole gives the raw number so a
// QSortFilterProxyModel sorts 9.8 before 10.1. Rows that did not end Ok stay visible, greyed,
// with the reason on hover (UI.md: unsafe results are never silently hidden).
#pragma once

#include <QAbstractTableModel>

#include <vector>

namespace inferscope::gui {

class SessionDocument;

class ResultsTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    ConfigColumn,
    StatusColumn,
    MedianColumn,
    MeanColumn,
    P90Column,
    MinColumn,
    MaxColumn,
    ColdStartColumn,
    ThroughputColumn,
    PeakMemoryColumn,
    RelErrorColumn,
    ColumnCount
  };
  enum Role { SortRole = Qt::UserRole + 1, SeriesIndexRole };

  explicit ResultsTableModel(SessionDocument* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  void rebuild();
  void onResultAdded(int series_index);

  SessionDocument* document_;
  std::vector<int> rows_;  // series indices with a result, ascending
};

}  // namespace inferscope::gui
