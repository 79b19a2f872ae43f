#include "gui/lib/top_kernels_model.h"

#include <QLocale>
#include <iterator>

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
static_assert(std::size(kHeaders) == TopKernelsModel::ColumnCount);

QString percent(double share) {
  return QStringLiteral("%1 %").arg(share * 100, 0, 'f', 1);
}

}  // namespace

TopKernelsModel::TopKernelsModel(QObject* parent)
    : RowTableModel(kContext, {std::begin(kHeaders), std::end(kHeaders)}, parent) {}

void TopKernelsModel::setKernels(const std::vector<trace::KernelStat>& kernels,
                                 const QStringList& labels) {
  std::vector<TopKernelRow> rows;
  rows.reserve(kernels.size());
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& k = kernels[i];
    TopKernelRow row;
    const int at = static_cast<int>(i);
    row.label = at < labels.size() ? display_text::line(labels[at]) : display_text::line(k.name);
    row.name = display_text::details(k.name);
    row.count = k.count;
    row.total_us = k.total_us;
    row.share = k.share;
    row.tensor_core = k.tensor_core;
    rows.push_back(std::move(row));
  }
  resetRows(std::move(rows));
}

bool TopKernelsModel::numericColumn(int column) const {
  return column == CountColumn || column == TotalColumn || column == ShareColumn;
}

QVariant TopKernelsModel::cell(const TopKernelRow& row, int column, int role) const {
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
    default:
      return {};
  }
}

}  // namespace inferscope::gui
