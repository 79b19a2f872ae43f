#include "gui/widgets/results_view.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTimer>
#include <map>
#include <set>

#include "gui/lib/results_table_model.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

ResultsView::ResultsView(ResultsTableModel* model, QWidget* parent)
    : QTableView(parent), proxy_(new QSortFilterProxyModel(this)) {
  setObjectName(QStringLiteral("resultsView"));
  proxy_->setSourceModel(model);
  proxy_->setSortRole(ResultsTableModel::SortRole);
  setModel(proxy_);
  setSortingEnabled(true);
  sortByColumn(ResultsTableModel::ConfigColumn, Qt::AscendingOrder);  // plan order
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::ExtendedSelection);
  setAlternatingRowColors(true);
  setWordWrap(false);
  verticalHeader()->setVisible(false);
  verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);

  // ResizeToContents alone does not re-measure when rows arrive one by one during a run (a
  // late "nograd+fp32" came out elided); re-measure once the insertion has settled.
  auto refit = [this] {
    QTimer::singleShot(
        0, this, [this] { horizontalHeader()->resizeSections(QHeaderView::ResizeToContents); });
  };
  connect(proxy_, &QAbstractItemModel::rowsInserted, this, refit);
  connect(proxy_, &QAbstractItemModel::dataChanged, this, refit);
  connect(proxy_, &QAbstractItemModel::modelReset, this, refit);

  auto* copy = newTr<QAction>(this, QT_TR_NOOP("&Copy"), this);
  copy->setShortcut(QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(copy, &QAction::triggered, this, &ResultsView::copySelection);
  addAction(copy);
  setContextMenuPolicy(Qt::ActionsContextMenu);
}

QString ResultsView::selectionAsText() const {
  // Row → columns present in the selection, in view order (the sort the user sees).
  std::map<int, std::set<int>> cells;
  for (const auto& index : selectionModel()->selectedIndexes())
    cells[index.row()].insert(index.column());
  if (cells.empty()) {
    for (int row = 0; row < proxy_->rowCount(); ++row) {
      for (int column = 0; column < proxy_->columnCount(); ++column) cells[row].insert(column);
    }
  }
  std::set<int> columns;
  for (const auto& [row, cols] : cells) columns.insert(cols.begin(), cols.end());

  QStringList lines;
  QStringList header;
  // Headers are two lines on screen ("Median\n(ms)"); one line each in the copy.
  for (int column : columns) {
    header << proxy_->headerData(column, Qt::Horizontal)
                  .toString()
                  .replace(QLatin1Char('\n'), QLatin1Char(' '));
  }
  lines << header.join(QLatin1Char('\t'));
  for (const auto& [row, cols] : cells) {
    QStringList fields;
    for (int column : columns)
      fields << (cols.count(column) ? proxy_->index(row, column).data().toString() : QString());
    lines << fields.join(QLatin1Char('\t'));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ResultsView::copySelection() {
  QApplication::clipboard()->setText(selectionAsText());
}

}  // namespace inferscope::gui
