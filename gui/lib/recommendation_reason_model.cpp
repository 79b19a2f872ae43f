#include "gui/lib/recommendation_reason_model.h"

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include "gui/lib/display_text.h"

namespace inferscope::gui {
namespace {

// The headers are the recommendation page's words, translated in its context (gui/i18n).
constexpr const char* kContext = "inferscope::gui::RecommendationPage";
const char* const kHeaders[] = {
    QT_TRANSLATE_NOOP("inferscope::gui::RecommendationPage", "Setting"),
    QT_TRANSLATE_NOOP("inferscope::gui::RecommendationPage", "Rule (source on hover)"),
};
// A rule cell wraps, so it may hold a few lines' worth; a setting is one short line.
constexpr int kRuleChars = 600;

}  // namespace

RecommendationReasonModel::RecommendationReasonModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void RecommendationReasonModel::setRows(std::vector<RecommendationReasonRow> rows) {
  beginResetModel();
  rows_ = std::move(rows);
  for (auto& row : rows_) {
    row.setting = display_text::line(row.setting);
    row.rule = display_text::line(row.rule, kRuleChars);
    row.source = display_text::details(row.source);
  }
  endResetModel();
}

void RecommendationReasonModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int RecommendationReasonModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RecommendationReasonModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RecommendationReasonModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const auto& row = rows_[static_cast<std::size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
    case SortRole:
      return index.column() == SettingColumn ? row.setting : row.rule;
    case Qt::ToolTipRole:
      return index.column() == RuleColumn && !row.source.isEmpty() ? QVariant(row.source)
                                                                   : QVariant();
    case Qt::ForegroundRole:
      // Read at paint time, so a palette change (dark mode) reaches it.
      return row.greyed
                 ? QVariant(QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text))
                 : QVariant();
    case Qt::FontRole: {
      if (!row.heading) return {};
      QFont italic;
      italic.setItalic(true);
      return italic;
    }
    default:
      return {};
  }
}

QVariant RecommendationReasonModel::headerData(int section, Qt::Orientation orientation,
                                               int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
      section >= ColumnCount)
    return QAbstractTableModel::headerData(section, orientation, role);
  return QCoreApplication::translate(kContext, kHeaders[section]);
}

}  // namespace inferscope::gui
