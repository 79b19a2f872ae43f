// RaceView: the race table and its lines, from tune events (see race_view.h).
#include "gui/widgets/race_view.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

#include "core/common/units.h"
#include "core/tuner/race_record.h"
#include "gui/lib/display_text.h"
#include "gui/lib/session_document.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {
namespace {

// A race's sentences (verdict, host note, rule, budget note) come from a session file: bounded, and
// shown in wrapped labels that never size the window. A key or a reason is one line
// (display_text::kLineChars).
constexpr int kSentenceChars = 1000;

bool isOut(const std::string& state) {
  return state == "eliminated" || state == "failed" || state == "unsafe" ||
         state == "not-measured" || state == "accuracy-not-measured";
}

QString seconds(double ms) {
  return QString::number(units::msToS(ms), 'f', ms < 10000 ? 1 : 0);
}

// A candidate's state in the UI's language; the English words are the event stream's.
QString stateText(const std::string& state) {
  if (state == "winner") return RaceView::tr("winner");
  if (state == "tied") return RaceView::tr("tied");
  if (state == "finalist") return RaceView::tr("finalist");
  if (state == "eliminated") return RaceView::tr("eliminated");
  if (state == "failed") return RaceView::tr("failed");
  if (state == "unsafe") return RaceView::tr("unsafe");
  if (state == "not-measured") return RaceView::tr("not measured");
  if (state == "accuracy-not-measured") return RaceView::tr("accuracy not measured");
  return display_text::line(state);
}

QString verdictStateText(const QString& state) {
  if (state == QLatin1String("final")) return RaceView::tr("final");
  if (state == QLatin1String("provisional")) return RaceView::tr("provisional");
  if (state == QLatin1String("no-winner")) return RaceView::tr("no winner");
  if (state == QLatin1String("cancelled")) return RaceView::tr("cancelled");
  return state;
}

}  // namespace

RaceView::RaceView(QWidget* parent)
    : QWidget(parent),
      header_label_(new QLabel),
      progress_label_(new QLabel),
      compile_label_(new QLabel),
      pruned_label_(new QLabel),
      table_(new QTableWidget(0, ColumnCount)),
      verdict_label_(new QLabel) {
  setObjectName(QStringLiteral("raceView"));
  for (auto* label : {header_label_, progress_label_, compile_label_, pruned_label_}) {
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
  }
  // Wrapped text of a file can hold a word as long as the bound: cut at the edge, never wider.
  for (auto* label :
       {header_label_, progress_label_, compile_label_, pruned_label_, verdict_label_})
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  header_label_->setObjectName(QStringLiteral("raceHeader"));
  pruned_label_->setObjectName(QStringLiteral("racePruned"));
  table_->setObjectName(QStringLiteral("validationTable"));
  bindTrHeaders(this, table_,
                {QT_TR_NOOP("Config"), QT_TR_NOOP("State"), QT_TR_NOOP("Median (ms)"),
                 QT_TR_NOOP("Interval (ms)"), QT_TR_NOOP("Compile (s)"), QT_TR_NOOP("Reason")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(ReasonColumn, QHeaderView::Stretch);
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  verdict_label_->setObjectName(QStringLiteral("raceVerdict"));
  verdict_label_->setWordWrap(true);
  verdict_label_->setTextFormat(Qt::RichText);
  verdict_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(header_label_);
  layout->addWidget(progress_label_);
  layout->addWidget(compile_label_);
  layout->addWidget(pruned_label_);
  layout->addWidget(table_, 1);
  layout->addWidget(verdict_label_);
}

void RaceView::clear() {
  table_->setRowCount(0);
  for (auto* label :
       {header_label_, progress_label_, compile_label_, pruned_label_, verdict_label_}) {
    label->clear();
    label->setToolTip(QString());
  }
  winner_.clear();
  verdict_.clear();
  verdict_state_.clear();
  host_.clear();
  budget_note_.clear();
  ties_.clear();
  done_ = false;
}

void RaceView::showRace(const TuneRecord& race) {
  clear();
  for (const auto& e : tuner::raceEvents(race)) addEvent(e);
}

int RaceView::rowOf(const QString& key) const {
  for (int r = 0; r < table_->rowCount(); ++r) {
    if (table_->item(r, ConfigColumn) && table_->item(r, ConfigColumn)->data(Qt::UserRole) == key)
      return r;
  }
  return -1;
}

int RaceView::ensureRow(const QString& key) {
  if (const int row = rowOf(key); row >= 0) return row;
  const int row = table_->rowCount();
  table_->insertRow(row);
  auto* config = new QTableWidgetItem(key);
  config->setData(Qt::UserRole, key);  // the text gains ★ or ≈ once the answer is known
  table_->setItem(row, ConfigColumn, config);
  for (int c = StateColumn; c < ColumnCount; ++c) table_->setItem(row, c, new QTableWidgetItem);
  table_->item(row, StateColumn)->setText(tr("waiting"));
  table_->item(row, StateColumn)->setData(Qt::UserRole, QStringLiteral("waiting"));
  return row;
}

void RaceView::addEvent(const tuner::TuneEvent& e) {
  if (e.type == "tune_start") {
    header_label_->setText(tr("Tuning %1 on %2 · budget %3 s · safe: %4")
                               .arg(display_text::line(e.model), display_text::line(e.device),
                                    seconds(e.budget_ms),
                                    display_text::line(e.rule, kSentenceChars)));
  } else if (e.type == "tune_pruned") {
    std::map<std::string, int> reasons;
    for (const auto& [key, reason] : e.pruned) ++reasons[reason];
    QStringList lines;
    for (const auto& [reason, count] : reasons)
      lines << QStringLiteral("%1 × %2").arg(count).arg(display_text::line(reason));
    pruned_label_->setText(e.pruned.empty()
                               ? QString()
                               : tr("%1 configs pruned before anything ran (hover for the reasons)")
                                     .arg(e.pruned.size()));
    pruned_label_->setToolTip(lines.join(QLatin1Char('\n')));
  } else if (e.type == "tune_round") {
    for (const auto& key : e.keys) ensureRow(display_text::line(key));
    if (e.iterations > 0) {
      progress_label_->setText(
          e.round == 0
              ? tr("Screening %1 candidates × %2 iterations").arg(e.keys.size()).arg(e.iterations)
              : tr("Round %1: %2 survivors × %3 iterations")
                    .arg(e.round)
                    .arg(e.keys.size())
                    .arg(e.iterations));
    }
  } else if (e.type == "tune_config_start") {
    const int row = ensureRow(display_text::line(e.key));
    auto* state = table_->item(row, StateColumn);
    if (state->data(Qt::UserRole).toString() == QLatin1String("waiting")) {
      state->setText(tr("running"));
      state->setData(Qt::UserRole, QStringLiteral("running"));
    }
    table_->scrollToItem(table_->item(row, ConfigColumn));
  } else if (e.type == "tune_candidate") {
    const int row = ensureRow(display_text::line(e.key));
    const bool out = isOut(e.state);
    const double median = e.forked ? e.fork_median_ms : e.median_ms;
    const double low = e.forked ? e.fork_low_ms : e.low_ms,
                 high = e.forked ? e.fork_high_ms : e.high_ms;
    const QString state =
        e.state == "finalist" && e.rounds > 0 && !e.forked ? tr("in the race") : stateText(e.state);
    auto* state_item = table_->item(row, StateColumn);
    state_item->setText(e.forked ? tr("%1 (%2 forks)").arg(state).arg(e.forks) : state);
    state_item->setData(Qt::UserRole, display_text::line(e.state));
    state_item->setToolTip(display_text::details(e.fork_verdict));
    table_->item(row, MedianColumn)
        ->setText(median > 0 ? ValueFormat::number(median) : QStringLiteral("—"));
    table_->item(row, IntervalColumn)
        ->setText(low > 0 ? QStringLiteral("[%1, %2]")
                                .arg(ValueFormat::number(low), ValueFormat::number(high))
                          : QString());
    table_->item(row, CompileColumn)->setText(e.compile_ms > 0 ? seconds(e.compile_ms) : QString());
    table_->item(row, ReasonColumn)->setText(display_text::line(e.reason));
    table_->item(row, ReasonColumn)->setToolTip(display_text::details(e.reason));
    for (int c = 0; c < ColumnCount; ++c) {
      auto* item = table_->item(row, c);
      item->setForeground(out ? palette().brush(QPalette::Disabled, QPalette::Text)
                              : palette().brush(QPalette::Text));
      auto font = item->font();
      font.setBold(e.state == "winner");
      item->setFont(font);
    }
  } else if (e.type == "tune_compile") {
    QStringList jobs;
    for (const auto& j : e.jobs) {
      jobs << QStringLiteral("%1: %2 %3 s")
                  .arg(display_text::line(j.key), QString::fromUtf8(toString(j.state)),
                       seconds(j.elapsed_ms));
    }
    compile_label_->setText(
        jobs.isEmpty()
            ? QString()
            : tr("Compiling in the background — %1").arg(jobs.join(QStringLiteral(" · "))));
  } else if (e.type == "tune_finals") {
    QStringList keys;
    for (const auto& k : e.keys) keys << display_text::line(k);
    progress_label_->setText(tr("Finals: %1, each in %2 fresh processes")
                                 .arg(keys.join(QStringLiteral(", ")))
                                 .arg(e.forks));
  } else if (e.type == "tune_time") {
    progress_label_->setToolTip(tr("Spent %1 s of %2 s (%3 s left)")
                                    .arg(seconds(e.spent_ms), seconds(e.budget_ms),
                                         seconds(std::max(0.0, e.budget_ms - e.spent_ms))));
    emit budgetTextChanged(
        tr("Spent %1 s of the %2 s budget.").arg(seconds(e.spent_ms), seconds(e.budget_ms)) +
        (budget_note_.isEmpty() ? QString() : QLatin1Char(' ') + budget_note_));
  } else if (e.type == "tune_budget") {
    // The default budget grew for a cold compile: the reason stays beside the time spent.
    budget_note_ = display_text::line(e.reason, kSentenceChars);
    emit budgetTextChanged(budget_note_);
  } else if (e.type == "tune_done") {
    done_ = true;
    winner_ = display_text::line(e.winner);
    verdict_ = display_text::line(e.verdict, kSentenceChars);
    host_ = display_text::line(e.host, kSentenceChars);
    ties_.clear();
    for (const auto& t : e.tied_with) ties_ << display_text::line(t);
    verdict_state_ = e.race ? display_text::line(e.race->verdict_state) : QString();
    markAnswer();
    showVerdict();
  }
  // An empty line takes no room: a race without compiles has no compile line.
  for (auto* label : {header_label_, progress_label_, compile_label_, pruned_label_})
    label->setVisible(!label->text().isEmpty());
}

// The winner and its ties marked in the key itself, so that they read apart in a screenshot, a
// copy of the table or a colour-blind eye alike.
void RaceView::markAnswer() {
  for (int r = 0; r < table_->rowCount(); ++r) {
    auto* item = table_->item(r, ConfigColumn);
    const QString key = item->data(Qt::UserRole).toString();
    if (key == winner_) {
      item->setText(QStringLiteral("★ %1").arg(key));
      item->setToolTip(tr("the winner"));
    } else if (ties_.contains(key)) {
      item->setText(QStringLiteral("≈ %1").arg(key));
      item->setToolTip(tr("tied with the winner: no difference the race could show"));
    }
  }
}

void RaceView::showVerdict() {
  QString head;
  if (winner_.isEmpty()) {
    head = tr("<b>No safe winner</b>");
  } else {
    head = tr("<b>Winner ★ %1</b>").arg(winner_.toHtmlEscaped());
    if (!ties_.isEmpty())
      head += tr(" · tied ≈ %1").arg(ties_.join(QStringLiteral(", ")).toHtmlEscaped());
  }
  if (!verdict_state_.isEmpty())
    head += QStringLiteral(" (%1)").arg(verdictStateText(verdict_state_));
  QString text = head;
  if (!verdict_.isEmpty()) text += QStringLiteral("<br>") + verdict_.toHtmlEscaped();
  if (!host_.isEmpty()) text += QStringLiteral("<br>") + host_.toHtmlEscaped();
  verdict_label_->setText(text);
}

RacePage::RacePage(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      combo_(new QComboBox),
      note_(new QLabel),
      view_(new RaceView) {
  setObjectName(QStringLiteral("racePage"));
  combo_->setObjectName(QStringLiteral("raceCombo"));
  note_->setObjectName(QStringLiteral("raceNote"));
  note_->setWordWrap(true);
  note_->setTextFormat(Qt::RichText);
  note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo_->setMinimumContentsLength(24);  // a file's model name never widens the page
  auto* top = new QHBoxLayout;
  top->addWidget(combo_);
  top->addWidget(note_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addLayout(top);
  layout->addWidget(view_, 1);
  connect(combo_, &QComboBox::currentIndexChanged, this, &RacePage::showRace);
  connect(document_, &SessionDocument::reset, this, &RacePage::rebuild);
  rebuild();
}

int RacePage::raceCount() const {
  const auto session = document_->session();
  return session ? static_cast<int>(session->races.size()) : 0;
}

void RacePage::rebuild() {
  const QSignalBlocker block(combo_);
  combo_->clear();
  const auto session = document_->session();
  const int count = raceCount();
  for (int i = 0; i < count; ++i) {
    const auto& race = session->races[static_cast<std::size_t>(i)];
    combo_->addItem(race.shard.empty()
                        ? display_text::line(race.model)
                        : tr("%1 · shard %2")
                              .arg(display_text::line(race.model), display_text::line(race.shard)));
  }
  combo_->setVisible(count > 1);
  view_->setVisible(count > 0);
  if (count == 0) {
    view_->clear();
    note_->setText(
        tr("This session holds no race. <code>inferscope-cli tune … -o FILE.inferscope.json</code> "
           "records one: every candidate's state and reason, the pruned configs, the finals, the "
           "budget and the verdict — or use the wizard's <i>Validate on this device</i>."));
    note_->setForegroundRole(QPalette::PlaceholderText);
    return;
  }
  showRace(0);
}

void RacePage::showRace(int index) {
  const auto session = document_->session();
  if (!session || index < 0 || index >= static_cast<int>(session->races.size())) return;
  const auto& race = session->races[static_cast<std::size_t>(index)];
  view_->showRace(race);
  // The race was recorded by the tuner; the table below ranks the same measurements by today's
  // rules, which need not pick the same config (core compareWithRanking; sweep --from says it).
  note_->setText(race.accuracy_note.empty()
                     ? tr("The race as the tuner recorded it when this session was tuned.")
                     : display_text::line(race.accuracy_note, kSentenceChars).toHtmlEscaped());
  note_->setForegroundRole(QPalette::PlaceholderText);
}

void RacePage::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) rebuild();
}

}  // namespace inferscope::gui
