#include "gui/lib/top_kernels_model.h"

#include <QCoreApplication>
#include <QLocale>

#include "gui/lib/display_text.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

// The headers are the Kernels page's words, translated in its context (gui/i18n).
constexpr const char* kContext = "inferscope::gui::KernelsView";
const char* const kHeaders[] = {
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "kernel"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "count"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "total (µs)"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "share"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "TC"),
};

QString percent(double share) {
  return QStringLiteral("%1 %").arg(share * 100, 0, 'f', 1);
}

}  // namespace

TopKernelsModel::TopKernelsModel(QObject* parent) : QAbstractTableModel(parent) {}

void TopKernelsModel::setKernels(const std::vector<trace::KernelStat>& kernels,
                                 const QStringList& labels) {
  beginResetModel();
  rows_.clear();
  rows_.reserve(kernels.size());
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& k = kernels[i];
    Row row;
    const int at = static_cast<int>(i);
    row.label = at < labels.size() ? display_text::line(labels[at]) : display_text::line(k.name);
    row.name = display_text::details(k.name);
    row.count = k.count;
    row.total_us = k.total_us;
    row.share = k.share;
    row.tensor_core = k.tensor_core;
    rows_.push_back(std::move(row));
  }
  endResetModel();
}

void TopKernelsModel::clear() {
  beginResetModel();
  rows_.clear();
  endResetModel();
}

void TopKernelsModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int TopKernelsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int TopKernelsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant TopKernelsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& row = rows_[static_cast<std::size_t>(index.row())];
  const int column = index.column();
  switch (role) {
    case Qt::DisplayRole:
      switch (column) {
        case NameColumn:
          return row.label;
        case CountColumn:
          return QLocale().toString(row.count);
        case TotalColumn:
          return ValueFormat::number(row.total_us);
        case ShareColumn:
          return percent(row.share);
        default:
          return row.tensor_core ? QStringLiteral("✓") : QString();
      }
    case SortRole:
      switch (column) {
        case NameColumn:
          return row.label;
        case CountColumn:
          return row.count;
        case TotalColumn:
          return row.total_us;
        case ShareColumn:
          return row.share;
        default:
          return row.tensor_core ? 1 : 0;
      }
    case Qt::ToolTipRole:
      return column == NameColumn ? QVariant(row.name) : QVariant();
    case Qt::TextAlignmentRole:
      return column == CountColumn || column == TotalColumn || column == ShareColumn
                 ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                 : QVariant();
    default:
      return {};
  }
}

QVariant TopKernelsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
      section >= ColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  return QCoreApplication::translate(kContext, kHeaders[section]);
}

}  // namespace inferscope::gui
