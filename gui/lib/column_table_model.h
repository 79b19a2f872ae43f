// The shared part of the page tables that are filled whole from a list of values and only read:
// rows from a vector (replaced or cleared with a model reset), fixed columns whose headers are
// translated when asked (so a language change needs only retranslate()), cells only for valid
// top-level indexes, numbers right-aligned, and a SortRole that a proxy sorts by (numbers as
// numbers). A model says only what a cell shows: TopKernelsModel, TopOperatorsModel and
// RecommendationReasonModel. Tables that grow row by row as events arrive (RaceTableModel,
// LogModel) or whose columns vary (ResultsTableModel, DeviceTableModel) keep their own.
#pragma once

#include <QAbstractTableModel>
#include <cstddef>
#include <utility>
#include <vector>

namespace inferscope::gui {

class ColumnTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Role { SortRole = Qt::UserRole + 1 };

  void clear();
  // The headers in the current UI language (after a language change).
  void retranslate();

  int rowCount(const QModelIndex& parent = {}) const final;
  int columnCount(const QModelIndex& parent = {}) const final;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const final;

 protected:
  // `headers`: one per column, marked with QT_TRANSLATE_NOOP in `context` (the page's translation
  // context, gui/i18n) and translated each time a view asks.
  ColumnTableModel(const char* context, std::vector<const char*> headers, QObject* parent);

  virtual std::size_t rowTotal() const = 0;
  virtual void dropRows() = 0;
  // Any role but Qt::TextAlignmentRole, of the cell at a valid `row` and `column`.
  virtual QVariant cellAt(std::size_t row, int column, int role) const = 0;
  // Right-aligned, so that numbers line up; no column unless a model says so.
  virtual bool numericColumn(int column) const;

 private:
  const char* context_;
  std::vector<const char*> headers_;
};

// The rows themselves: a vector of `Row` values, one a table row.
template <typename Row>
class RowTableModel : public ColumnTableModel {
 protected:
  using ColumnTableModel::ColumnTableModel;

  void resetRows(std::vector<Row> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
  }
  virtual QVariant cell(const Row& row, int column, int role) const = 0;

 private:
  std::size_t rowTotal() const final { return rows_.size(); }
  void dropRows() final { rows_.clear(); }
  QVariant cellAt(std::size_t row, int column, int role) const final {
    return cell(rows_[row], column, role);
  }

  std::vector<Row> rows_;
};

}  // namespace inferscope::gui
