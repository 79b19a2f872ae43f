#include "gui/lib/top_operators_model.h"

#include <QLocale>
#include <iterator>

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
static_assert(std::size(kHeaders) == TopOperatorsModel::ColumnCount);

}  // namespace

TopOperatorsModel::TopOperatorsModel(QObject* parent)
    : RowTableModel(kContext, {std::begin(kHeaders), std::end(kHeaders)}, parent) {}

void TopOperatorsModel::setOperators(const std::vector<trace::OpKernelStat>& ops) {
  std::vector<TopOperatorRow> rows;
  rows.reserve(ops.size());
  for (const auto& o : ops) {
    rows.push_back({display_text::line(o.op_name), display_text::details(o.op_name), o.kernel_count,
                    o.kernel_us, o.share});
  }
  resetRows(std::move(rows));
}

bool TopOperatorsModel::numericColumn(int column) const {
  return column != NameColumn;
}

QVariant TopOperatorsModel::cell(const TopOperatorRow& row, int column, int role) const {
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
    default:
      return {};
  }
}

}  // namespace inferscope::gui
