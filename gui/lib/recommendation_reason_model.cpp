#include "gui/lib/recommendation_reason_model.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <iterator>

#include "gui/lib/display_text.h"

namespace inferscope::gui {
namespace {

// The headers are the recommendation page's words, translated in its context (gui/i18n).
constexpr const char* kContext = "inferscope::gui::RecommendationPage";
const char* const kHeaders[] = {
    QT_TRANSLATE_NOOP("inferscope::gui::RecommendationPage", "Setting"),
    QT_TRANSLATE_NOOP("inferscope::gui::RecommendationPage", "Rule (source on hover)"),
};
static_assert(std::size(kHeaders) == RecommendationReasonModel::ColumnCount);
// A rule cell wraps, so it may hold a few lines' worth; a setting is one short line.
constexpr int kRuleChars = 600;

}  // namespace

RecommendationReasonModel::RecommendationReasonModel(QObject* parent)
    : RowTableModel(kContext, {std::begin(kHeaders), std::end(kHeaders)}, parent) {}

void RecommendationReasonModel::setRows(std::vector<RecommendationReasonRow> rows) {
  for (auto& row : rows) {
    row.setting = display_text::line(row.setting);
    row.rule = display_text::line(row.rule, kRuleChars);
    row.source = display_text::details(row.source);
  }
  resetRows(std::move(rows));
}

QVariant RecommendationReasonModel::cell(const RecommendationReasonRow& row, int column,
                                         int role) const {
  switch (role) {
    case Qt::DisplayRole:
    case SortRole:
      return column == SettingColumn ? row.setting : row.rule;
    case Qt::ToolTipRole:
      return column == RuleColumn && !row.source.isEmpty() ? QVariant(row.source) : QVariant();
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

}  // namespace inferscope::gui
