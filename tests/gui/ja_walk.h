// The Japanese walk's eyes: every text a user can read in a widget tree (labels, buttons, tabs,
// group titles, tool tips, wizard titles, menus' actions, item views' cells and headers, text
// documents, the status bar, QCustomPlot titles, axes, legends and text items), and what is left of
// each as an English sentence once the Latin script that Japanese keeps is taken out: config keys,
// numbers and units, paths, options, product and model names. Shared by the walk (tst_ja_walk) and
// any test that must say "nothing English left here".
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

class QAbstractItemView;
class QWidget;

namespace inferscope::gui::testing {

struct VisibleText {
  QString where;  // "QLabel verdictLabel", "QTableView row 3 col 2 tooltip", …
  QString text;
};

// Every text readable in `root` and its descendants visible to it (a hidden tab's page is not
// read: the walk shows each one), except in the subtrees of `skip`.
// `skip_columns`: columns of a view's model not read, each as (view, column).
QList<VisibleText> visibleTexts(
    QWidget* root, const QList<const QWidget*>& skip = {},
    const QList<QPair<const QAbstractItemView*, int>>& skip_columns = {});

// The first run of three or more English words left in `text` once tags, entities, tokens with a
// digit or a symbol (fp16+cl+aoti, 1.17×, --budget-s, /tmp/x.json, torch.compile), product names
// and `also_allowed` (model names, this machine's device names) are taken out; empty when none.
QString englishSentence(const QString& text, const QStringList& also_allowed = {});

struct WalkOptions {
  QStringList also_allowed;  // names that stay Latin (models, devices): see englishSentence
  // Texts quoted from outside the program (an allocator's message), which stay as written.
  QStringList verbatim;
  QList<const QWidget*> skip;  // subtrees not read (another part's texts, checked elsewhere)
  // A view's column not read (its texts are another part's), as (view, column).
  QList<QPair<const QAbstractItemView*, int>> skip_columns;
};

// "where: text  [sentence]" for every visible text of `root` with an English sentence left.
QStringList untranslatedSentences(QWidget* root, const WalkOptions& options = {});

}  // namespace inferscope::gui::testing
