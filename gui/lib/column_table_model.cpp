#include "gui/lib/column_table_model.h"

#include <QCoreApplication>

namespace inferscope::gui {

ColumnTableModel::ColumnTableModel(const char* context, std::vector<const char*> headers,
                                   QObject* parent)
    : QAbstractTableModel(parent), context_(context), headers_(std::move(headers)) {}

void ColumnTableModel::clear() {
  beginResetModel();
  dropRows();
  endResetModel();
}

void ColumnTableModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

int ColumnTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rowTotal());
}

int ColumnTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(headers_.size());
}

bool ColumnTableModel::numericColumn(int /*column*/) const {
  return false;
}

QVariant ColumnTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  if (role == Qt::TextAlignmentRole)
    return numericColumn(index.column()) ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                         : QVariant();
  return cellAt(static_cast<std::size_t>(index.row()), index.column(), role);
}

QVariant ColumnTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
      section >= columnCount())
    return QAbstractTableModel::headerData(section, orientation, role);
  return QCoreApplication::translate(context_, headers_[static_cast<std::size_t>(section)]);
}

}  // namespace inferscope::gui
