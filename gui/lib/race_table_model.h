// The tuner's race as a table model: one row per candidate in the order the tune events named it
// (gui/widgets/race_view.h draws it, on the main window's Race page and the wizard's Validate
// page) — config, state, median, interval, compile time, reason. The winner's key reads "★ key"
// and is bold, its ties "≈ key"; eliminated, failed and unsafe candidates are greyed. Every text
// comes from a file or a child process, so it is bounded (gui/lib/display_text.h): one line in a
// cell, wrapped on hover. SortRole gives the number behind a numeric cell (a candidate not measured
// sorts last), so a proxy sorts 900 ms below 1 200 ms. RaceSortProxy shows the answer first until
// a header is clicked: the winner, its ties, then the rest by level. Widget-free, so it is tested
// without a window; the words are RaceView's, translated in its context (gui/i18n).
//
// Linear in the candidates: a key finds its row through a hash, a saved race is loaded between
// beginBatch() and endBatch() with one reset instead of a signal per row, and the rows reach the
// view kFetchRows at a time as it scrolls (canFetchMore/fetchMore), so opening a race of 10 000
// candidates lays out 1 000 rows. Rows are numbered in race order whether fetched or not.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QSortFilterProxyModel>
#include <QStringList>
#include <optional>
#include <vector>

#include "core/tuner/tune_event.h"
#include "text/answer_text.h"

namespace inferscope::gui {

class RaceTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    ConfigColumn,
    StateColumn,
    MedianColumn,
    IntervalColumn,
    CompileColumn,
    ReasonColumn,
    ColumnCount
  };
  // KeyRole: the config's key (the cell's text may carry ★ or ≈); StateRole: the state word of the
  // event stream ("waiting", "running", "winner", "eliminated", …); RankRole: the row's place in
  // the answer-first order (RaceSortProxy), an int that sorts ascending — 0 the winner, 1 its
  // ties, 2 the measured candidates still standing, 3 the measured ones out of the race
  // (eliminated, unsafe, failed), 4 those without a figure.
  enum Role { SortRole = Qt::UserRole + 1, KeyRole, StateRole, RankRole };

  // Rows a fetch adds, and how many a race shows before the first one.
  static constexpr int kFetchRows = 1000;

  explicit RaceTableModel(QObject* parent = nullptr);

  void clear();
  // Changes between these two reach the views as one reset (a saved race replayed), and the race
  // shows its first kFetchRows rows after it; nothing may ask the model for data in between.
  void beginBatch();
  void endBatch();
  // The row of a config key, or −1; the row may not be fetched yet (≥ rowCount()).
  int rowOf(const QString& key) const;
  // The row of `key`, added as "waiting" at the end when the race did not name it yet. A row
  // added while every row is shown is shown at once; else it waits for a fetch.
  int ensureRow(const QString& key);
  // Every key of a round, the new ones added at the end with one signal.
  void ensureRows(const QStringList& keys);
  // Candidates in the race, fetched or not (rowCount() counts the fetched ones).
  int candidateCount() const { return static_cast<int>(rows_.size()); }
  // Fetches up to and including `row` (a row the live race scrolls to), or every row (before the
  // user sorts: a proxy sorts only the rows it has).
  void fetchThrough(int row);
  void fetchAll() { fetchThrough(candidateCount() - 1); }
  // tune_config_start: a waiting candidate is running (a measured one keeps its state).
  void markRunning(const QString& key);
  // tune_candidate: the candidate's state, figures and reason.
  void setCandidate(const tuner::TuneEvent& event);
  // tune_done: the winner and its ties, marked in their keys; no row is in the race any more, nor
  // is a row measured after it (until clear()).
  void markAnswer(const QString& winner, const QStringList& ties);
  bool ended() const { return ended_; }
  // tune_compile: each package's compile time in the rows of the configs that load it.
  void setCompileJobs(const std::vector<CompileStatus>& jobs);
  // The headers and states in the current UI language (after a language change).
  void retranslate();

  int rowCount(const QModelIndex& parent = {}) const override;
  bool canFetchMore(const QModelIndex& parent) const override;
  void fetchMore(const QModelIndex& parent) override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  enum class Mark { None, Winner, Tie };
  struct Row {
    QString key;                                // one line
    QString state = QStringLiteral("waiting");  // the event stream's word, one line
    bool reported = false;  // a tune_candidate event arrived: its figures are known
    bool racing = false;    // a finalist still in the rounds (not yet forked)
    int forks = 0;          // > 0: measured in that many fresh processes
    double median_ms = 0, low_ms = 0, high_ms = 0, compile_ms = 0;
    // Its package's background compile (AOTInductor: aoti and aoti-graph share one), which the
    // config's own set-up never waited for when the package was ready: 0 when none.
    double package_ms = 0;
    double compileMs() const { return compile_ms > package_ms ? compile_ms : package_ms; }
    // Its reason as a code with values, rendered in the window's language when shown; the
    // English sentence beside it is what shows for a stream or session saved before the codes.
    TuneReason reason_code;
    std::string reason_sentence;
    // Its outcome across fresh processes, rendered in the window's language when shown (hover).
    std::optional<text::ForkOutcome> fork_outcome;
    Mark mark = Mark::None;
  };
  QVariant display(const Row& row, int column) const;
  QVariant sortKey(const Row& row, int column) const;
  QString stateText(const Row& row) const;
  static int rank(const Row& row);
  void rowChanged(int row);
  // Adds `key` at the end without a signal; its row.
  int appendRow(const QString& key);
  // Shows the rows appended since `before` rows were there, when all of those were shown.
  void showAppended(int before);
  // Rows shown_ … last reach the views, with one signal.
  void showThrough(int last);

  std::vector<Row> rows_;
  QHash<QString, int> row_of_;  // key → its first row
  int shown_ = 0;               // rows the views know: rows_[0, shown_)
  bool batch_ = false;
  bool changing_ = false;  // while the views hear of an insertion or a reset
  bool ended_ = false;     // tune_done arrived: nothing is in the race any more
};

// The race table's proxy. After a header click it sorts that column by SortRole, as any proxy
// would; before one (sort column −1, how RaceView opens) it shows the answer first: the winner,
// its ties, then the candidates still standing by level (the median the race decided on: across
// fresh processes for a forked finalist), then those out of the race by level, then the ones
// without a figure, each group in race order where levels are equal. A live race reorders as
// figures arrive. The ★ winner used to sit below faster rows that the race had refuted or judged
// unsafe, with the reason only in its Reason cell.
class RaceSortProxy : public QSortFilterProxyModel {
  Q_OBJECT

 public:
  explicit RaceSortProxy(QObject* parent = nullptr);
  // column < 0: the answer-first order; otherwise that column by SortRole.
  void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
  bool answerFirst() const { return answer_first_; }

 protected:
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

 private:
  bool answer_first_ = true;
};

}  // namespace inferscope::gui
