#include "gui/lib/top_operators_model.h"

#include <QCoreApplication>
#include <QLocale>

#include "gui/lib/display_text.h"
#include "gui/lib/value_format.h"

namespace inferscope::gui {
namespace {

// The headers are the Kernels page's words, translated in its context (gui/i18n).
constexpr const char* kContext = "inferscope::gui::KernelsView";
const char* const kHeaders[] = {
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "operator"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "kernels"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "kernel time (µs)"),
    QT_TRANSLATE_NOOP("inferscope::gui::KernelsView", "share"),
};

}  // namespace

TopOperatorsModel::TopOperatorsModel(QObject* parent) : QAbstractTableModel(parent) {}

void TopOperatorsModel::setOperators(const std::vector<trace::OpKernelStat>& ops) {
  beginResetModel();
  rows_.clear();
  rows_.reserve(ops.size());
  for (const auto& o : ops) {
    rows_.push_back({display_text::line(o.op_name), display_text::details(o.op_name),
                     o.kernel_count, o.kernel_us, o.share});
  }
  endResetModel();
}

void TopOperatorsModel::clear() {
  beginResetModel();
  rows_.clear();
  endResetModel();
}

void TopOperatorsModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int TopOperatorsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int TopOperatorsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant TopOperatorsModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const Row& row = rows_[static_cast<std::size_t>(index.row())];
  const int column = index.column();
  switch (role) {
    case Qt::DisplayRole:
      switch (column) {
        case NameColumn:
          return row.name;
        case KernelsColumn:
          return QLocale().toString(row.kernel_count);
        case TimeColumn:
          return ValueFormat::number(row.kernel_us);
        default:
          return QStringLiteral("%1 %").arg(row.share * 100, 0, 'f', 1);
      }
    case SortRole:
      switch (column) {
        case NameColumn:
          return row.name;
        case KernelsColumn:
          return row.kernel_count;
        case TimeColumn:
          return row.kernel_us;
        default:
          return row.share;
      }
    case Qt::ToolTipRole:
      return column == NameColumn && row.full_name != row.name ? QVariant(row.full_name)
                                                               : QVariant();
    case Qt::TextAlignmentRole:
      return column == NameColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    default:
      return {};
  }
}

QVariant TopOperatorsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
      section >= ColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  return QCoreApplication::translate(kContext, kHeaders[section]);
}

}  // namespace inferscope::gui
