// The tuner's race as a table model: one row per candidate in the order the tune events named it
// (gui/widgets/race_view.h draws it, on the main window's Race page and the wizard's Validate
// page) — config, state, median, interval, compile time, reason. The winner's key reads "★ key"
// and is bold, its ties "≈ key"; eliminated, failed and unsafe candidates are greyed. Every text
// comes from a file or a child process, so it is bounded (gui/lib/display_text.h): one line in a
// cell, wrapped on hover. SortRole gives the number behind a numeric cell (a candidate not measured
// sorts last), so a proxy sorts 900 ms below 1 200 ms. Widget-free, so it is tested without a
// window; the words are RaceView's, translated in its context (gui/i18n).
#pragma once

#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/tuner/tune_event.h"

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
  // event stream ("waiting", "running", "winner", "eliminated", …).
  enum Role { SortRole = Qt::UserRole + 1, KeyRole, StateRole };

  explicit RaceTableModel(QObject* parent = nullptr);

  void clear();
  // The row of a config key, or −1.
  int rowOf(const QString& key) const;
  // The row of `key`, added as "waiting" at the end when the race did not name it yet.
  int ensureRow(const QString& key);
  // tune_config_start: a waiting candidate is running (a measured one keeps its state).
  void markRunning(const QString& key);
  // tune_candidate: the candidate's state, figures and reason.
  void setCandidate(const tuner::TuneEvent& event);
  // tune_done: the winner and its ties, marked in their keys.
  void markAnswer(const QString& winner, const QStringList& ties);
  // The headers and states in the current UI language (after a language change).
  void retranslate();

  int rowCount(const QModelIndex& parent = {}) const override;
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
    QString reason, reason_details, fork_verdict;  // one line; bounded, wrapped (hover)
    Mark mark = Mark::None;
  };
  QVariant display(const Row& row, int column) const;
  QVariant sortKey(const Row& row, int column) const;
  QString stateText(const Row& row) const;
  void rowChanged(int row);

  std::vector<Row> rows_;
};

}  // namespace inferscope::gui
