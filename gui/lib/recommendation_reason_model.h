// The wizard's recommendation table: one row per setting of the recommended config with the
// guide's rule behind it (its source on hover), optionally headed by a row that says the table's
// choice was replaced by a measured one; the rules that explain that replaced choice are greyed.
// The rows are plain text (the wizard turns core/advisor's reasons into them), bounded on the way
// in: an evidence row quotes a session file's config keys. Widget-free, so it is tested without a
// window; SortRole gives the text the rows sort by (column_table_model.h).
#pragma once

#include <QString>
#include <vector>

#include "gui/lib/column_table_model.h"

namespace inferscope::gui {

struct RecommendationReasonRow {
  QString setting;
  QString rule;
  QString source;        // on hover
  bool greyed = false;   // a rule of the table's choice, not of the config recommended
  bool heading = false;  // the "table's choice" row, in italics
};

class RecommendationReasonModel : public RowTableModel<RecommendationReasonRow> {
  Q_OBJECT

 public:
  enum Column { SettingColumn, RuleColumn, ColumnCount };

  explicit RecommendationReasonModel(QObject* parent = nullptr);

  void setRows(std::vector<RecommendationReasonRow> rows);

 private:
  QVariant cell(const RecommendationReasonRow& row, int column, int role) const override;
};

}  // namespace inferscope::gui
