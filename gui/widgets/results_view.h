// The results table under the chart: ResultsTableModel behind a sorting proxy, with Copy
// (Ctrl+C or the context menu) putting the selected cells on the clipboard as tab-separated
// text with a header row — it pastes straight into a spreadsheet or an issue.
#pragma once

#include <QTableView>

class QSortFilterProxyModel;

namespace inferscope::gui {

class ResultsTableModel;

class ResultsView : public QTableView {
  Q_OBJECT

 public:
  explicit ResultsView(ResultsTableModel* model, QWidget* parent = nullptr);

  QSortFilterProxyModel* proxy() const { return proxy_; }
  // The selection (or the whole table when nothing is selected) as TSV, header included.
  QString selectionAsText() const;

 public slots:
  void copySelection();

 private:
  QSortFilterProxyModel* proxy_;
};

}  // namespace inferscope::gui
