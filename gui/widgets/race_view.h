// The tuner's race as a table (gui/lib/race_table_model.h): every candidate as a row (state,
// median, interval, compile time, reason), the winner first in bold with ★, its ties next marked ≈,
// then the rest by level (RaceSortProxy) until a header click sorts by that column;
// eliminated/failed/unsafe ones greyed;
// above it the pruned configs (reasons on hover), the compile jobs, the finals and the time spent
// of the budget; under it the verdict and whether it is final. Fed by tune events: the wizard's
// Validate gives it the live events of `inferscope-cli tune --events ndjson`, the main window's
// Race page the events core rebuilds from a tuned session's saved race (tuner::raceEvents), so a
// race opened from a file reads as the live run showed it.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/engine/tune_answer.h"
#include "core/engine/tune_record.h"
#include "core/tuner/tune_event.h"
#include "gui/lib/tune_job.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QTableView;

namespace inferscope::gui {

class RaceSortProxy;
class RaceTableModel;
class SessionDocument;

class RaceView : public QWidget {
  Q_OBJECT

 public:
  explicit RaceView(QWidget* parent = nullptr);

  // Empties the table and every line (a new run, or another race).
  void clear();
  // One event of the race, in the order the tuner sent it.
  void addEvent(const tuner::TuneEvent& event);
  // A saved race, drawn with the events that drew it live.
  void showRace(const TuneRecord& race);

  // The table shows the model through a RaceSortProxy (the answer first, or the column clicked);
  // rows of the model are in the order the race named the candidates.
  QTableView* table() const { return table_; }
  RaceTableModel* model() const { return model_; }
  QLabel* verdictLabel() const { return verdict_label_; }
  // The verdict's text from outside the race (the Validate page's outcome, "Continuing…"), with the
  // area under the table as high as it (fitVerdict).
  void setVerdictText(const QString& html);
  QLabel* headerLabel() const { return header_label_; }
  QLabel* prunedLabel() const { return pruned_label_; }
  // The model's row of a config key, or −1.
  int rowOf(const QString& key) const;
  // The answer once tune_done arrived (empty before, or when there was no winner).
  QString winner() const { return winner_; }
  QStringList ties() const { return ties_; }
  // The answer's confidence (state, interval, why) and its ratio to torch.compile, rendered from
  // the race's fields in the window's language (text/answer_text.h); empty before tune_done.
  QString verdict() const { return verdict_; }
  // "final", "provisional", "no-winner", "cancelled" (a saved race, or a live one whose done event
  // carried it), else empty.
  QString verdictState() const { return verdict_state_; }
  bool done() const { return done_; }

 signals:
  // "Spent 12.0 s of the 40.0 s budget." and why the budget grew, when it did: the wizard shows it
  // as its page's subtitle.
  void budgetTextChanged(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;        // LanguageChange: the table's headers and states
  void resizeEvent(QResizeEvent* event) override;  // the verdict's height for the new width

 private:
  void showVerdict();
  void fetchAnswer();  // fetches the rows of the winner and its ties
  // The header (the rule in the window's language) and the pruned configs (their reasons on
  // hover, likewise) from the events that gave them, again after a language change.
  void showStart();
  void showPruned();

  QLabel* header_label_;
  QLabel* progress_label_;
  QLabel* compile_label_;
  QLabel* pruned_label_;
  RaceTableModel* model_;
  RaceSortProxy* proxy_;
  QTableView* table_;
  QLabel* verdict_label_;
  QScrollArea* verdict_area_ = nullptr;
  // The verdict's area as high as its text at the present width, as far as the table keeps a few
  // rows (at least kVerdictLines of the widget's font); past that it scrolls.
  void fitVerdict();
  QString winner_, verdict_, verdict_state_, budget_note_;
  // The candidates as their events left them, in first-event order, and the answer built from
  // them and tune_done's race once it arrives: the verdict label renders it.
  std::map<std::string, TuneCandidateRecord> candidates_;
  std::vector<std::string> candidate_order_;
  std::optional<TuneAnswer> answer_;
  QStringList ties_;
  std::optional<tuner::TuneEvent> start_, pruned_;
  bool done_ = false;
};

// The main window's "Race" page: the race a tuned session keeps (SessionResult::races), as the
// live run showed it. A merged session of several tune shards keeps one race per shard: the combo
// picks it. A session without a race says how to record one. A race that was cancelled,
// interrupted or ended by its budget with candidates unmeasured can be continued here ("Continue
// this race"): the same resume as `inferscope-cli tune --resume SESSION`, with a budget the user
// picks (by default the one the verdict says would reach the missing candidates), run through the
// GUI's tune job; the race shows live, and the continued session, written beside the file
// (NAME-continued.inferscope.json), is opened when it ends.
class RacePage : public QWidget {
  Q_OBJECT

 public:
  explicit RacePage(SessionDocument* document, QWidget* parent = nullptr);

  RaceView* raceView() const { return view_; }
  QComboBox* raceCombo() const { return combo_; }
  QLabel* noteLabel() const { return note_; }
  // Races in the session shown (0: not a tuned session).
  int raceCount() const;
  void showRace(int index);
  QPushButton* continueButton() const { return continue_button_; }
  QDoubleSpinBox* continueBudget() const { return continue_budget_; }
  // Continues the race shown with continueBudget()'s budget (the button's action).
  void continueRace();
  bool isContinuing() const;
  // Tests run the continued tune through this instead of runTuneJob.
  void setTuneRunner(TuneJob::RunFunction run) { run_ = std::move(run); }

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the texts again

 private:
  void rebuild();
  void retranslate();  // the texts set once (the button's, the budget's)
  // Shows the button for a race that can be continued, with its default budget.
  void offerContinue(const TuneRecord& race);
  QString continuedPath() const;

  SessionDocument* document_;
  QComboBox* combo_;
  QLabel* note_;
  QPushButton* continue_button_;
  QDoubleSpinBox* continue_budget_;
  RaceView* view_;
  TuneJob::RunFunction run_ = &runTuneJob;
  TuneJob* tune_ = nullptr;  // the continued race, while it runs
};

}  // namespace inferscope::gui
