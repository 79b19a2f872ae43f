// RaceView: the race table and its lines, from tune events (see race_view.h).
#include "gui/widgets/race_view.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/common/units.h"
#include "core/tuner/race_record.h"
#include "gui/lib/display_text.h"
#include "gui/lib/race_table_model.h"
#include "gui/lib/session_document.h"
#include "gui/lib/ui_lang.h"
#include "text/answer_text.h"

namespace inferscope::gui {
namespace {

// A race's sentences (verdict, host note, rule, budget note) come from a session file: bounded, and
// shown in wrapped labels that never size the window. A key or a reason is one line
// (display_text::kLineChars).
constexpr int kSentenceChars = 1000;
// Keys and reasons a line above or below the table lists before "and N more": a race of thousands
// of compiles, finalists or ties from a file must not lay out a label of megabytes (the table
// lists every candidate).
constexpr int kListedItems = 8;
// Lines of the verdict shown under the table at least (RaceView::fitVerdict); the rest scrolls.
constexpr int kVerdictLines = 4;
// Rows of the race the table keeps before the verdict under it takes more than kVerdictLines.
constexpr int kTableRows = 4;

// The first kListedItems of `items` joined by `separator`, then how many were left off.
QString listed(const QStringList& items, const QString& separator) {
  if (items.size() <= kListedItems) return items.join(separator);
  // One arg() call: a key from a file may hold "%2".
  return RaceView::tr("%1 and %2 more")
      .arg(items.first(kListedItems).join(separator), QString::number(items.size() - kListedItems));
}

QString seconds(double ms) {
  return QString::number(units::msToS(ms), 'f', ms < 10000 ? 1 : 0);
}

}  // namespace

RaceView::RaceView(QWidget* parent)
    : QWidget(parent),
      header_label_(new QLabel),
      progress_label_(new QLabel),
      compile_label_(new QLabel),
      pruned_label_(new QLabel),
      model_(new RaceTableModel(this)),
      proxy_(new RaceSortProxy(this)),
      table_(new QTableView),
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
  proxy_->setSourceModel(model_);
  table_->setModel(proxy_);
  // The proxy sorts the rows it has: every row first. Connected before sorting is enabled, so it
  // runs before the view's own sort on a header click.
  connect(table_->horizontalHeader(), &QHeaderView::sortIndicatorChanged, model_,
          [this](int column) {
            if (column >= 0) model_->fetchAll();
          });
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(RaceTableModel::ReasonColumn,
                                                   QHeaderView::Stretch);
  // The answer first (RaceSortProxy) until the user clicks a header.
  table_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
  table_->setSortingEnabled(true);
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setWordWrap(false);
  verdict_label_->setObjectName(QStringLiteral("raceVerdict"));
  verdict_label_->setWordWrap(true);
  verdict_label_->setTextFormat(Qt::RichText);
  verdict_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // The verdict scrolls where the table would keep fewer than kTableRows rows: a verdict of 1 000
  // characters wrapped to nine lines under the table, which kept two rows of the race at
  // 1024×768. Up to there it is as high as its text (fitVerdict): a height of four lines of the
  // widget's font cut a Japanese verdict mid-line, its fallback font's lines being taller.
  auto* verdict_area = new QScrollArea;
  verdict_area_ = verdict_area;
  verdict_area->setObjectName(QStringLiteral("raceVerdictArea"));
  verdict_area->setWidget(verdict_label_);
  verdict_area->setWidgetResizable(true);
  verdict_area->setFrameShape(QFrame::NoFrame);
  verdict_area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  verdict_area->setMaximumHeight(kVerdictLines * fontMetrics().lineSpacing() + 4);  // fitVerdict
  verdict_area->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Maximum);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(header_label_);
  layout->addWidget(progress_label_);
  layout->addWidget(compile_label_);
  layout->addWidget(pruned_label_);
  layout->addWidget(table_, 1);
  layout->addWidget(verdict_area);
}

void RaceView::clear() {
  model_->clear();
  for (auto* label :
       {header_label_, progress_label_, compile_label_, pruned_label_, verdict_label_}) {
    label->clear();
    label->setToolTip(QString());
  }
  winner_.clear();
  verdict_.clear();
  verdict_state_.clear();
  candidates_.clear();
  candidate_order_.clear();
  answer_.reset();
  start_.reset();
  pruned_.reset();
  budget_note_.clear();
  ties_.clear();
  done_ = false;
}

void RaceView::showRace(const TuneRecord& race) {
  clear();
  // One reset for the whole race, not a signal per candidate and event.
  model_->beginBatch();
  for (const auto& e : tuner::raceEvents(race)) addEvent(e);
  model_->endBatch();
  fetchAnswer();
  // A race sorted by the user before stays sorted: every row, then.
  if (table_->horizontalHeader()->sortIndicatorSection() >= 0) model_->fetchAll();
}

int RaceView::rowOf(const QString& key) const {
  return model_->rowOf(key);
}

void RaceView::addEvent(const tuner::TuneEvent& e) {
  if (e.type == "tune_start") {
    start_ = e;
    showStart();
  } else if (e.type == "tune_pruned") {
    pruned_ = e;
    showPruned();
  } else if (e.type == "tune_round") {
    QStringList keys;
    keys.reserve(static_cast<qsizetype>(e.keys.size()));
    for (const auto& key : e.keys) keys << display_text::line(key);
    model_->ensureRows(keys);
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
    const QString key = display_text::line(e.key);
    model_->markRunning(key);
    const int row = model_->rowOf(key);
    model_->fetchThrough(row);  // the running row is shown, however far down
    table_->scrollTo(proxy_->mapFromSource(model_->index(row, 0)));
  } else if (e.type == "tune_candidate") {
    model_->setCandidate(e);
    if (e.candidate) {
      if (!candidates_.count(e.key)) candidate_order_.push_back(e.key);
      candidates_[e.key] = *e.candidate;
    }
  } else if (e.type == "tune_compile") {
    model_->setCompileJobs(e.jobs);
    QStringList jobs;
    std::map<std::string, int> states;  // how many packages are in each state
    for (const auto& j : e.jobs) {
      jobs << QStringLiteral("%1: %2 %3 s")
                  .arg(display_text::line(j.key),
                       uiText(text::compileStateText(toString(j.state), uiLang())),
                       seconds(j.elapsed_ms));
      ++states[toString(j.state)];
    }
    // One line of counts, each package on hover: the packages named in full (model and key)
    // took four lines at 1024×768, which the table's rows needed.
    QStringList counts;
    for (const auto& [state, count] : states)
      counts << QStringLiteral("%1 %2").arg(count).arg(QString::fromStdString(state));
    compile_label_->setText(jobs.isEmpty()
                                ? QString()
                                : tr("Compiling %1 packages in the background: %2 (hover for each)")
                                      .arg(jobs.size())
                                      .arg(counts.join(QStringLiteral(" · "))));
    compile_label_->setToolTip(listed(jobs, QStringLiteral("\n")));
  } else if (e.type == "tune_finals") {
    QStringList keys;
    for (const auto& k : e.keys) keys << display_text::line(k);
    progress_label_->setText(
        tr("Finals: %1, each in %2 fresh processes")
            .arg(listed(keys, QStringLiteral(", ")), QString::number(e.forks)));
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
    ties_.clear();
    for (const auto& t : e.tied_with) ties_ << display_text::line(t);
    verdict_state_ = e.race ? display_text::line(e.race->verdict_state) : QString();
    answer_.reset();
    // A stream without the race's fields (an older writer) keeps its sentence.
    verdict_ = e.race ? QString() : display_text::line(e.verdict, kSentenceChars);
    if (e.race) {
      // The answer as data: tune_done's accounting with the candidates' own events.
      TuneRecord race = *e.race;
      race.winner = e.winner;
      race.tied_with = e.tied_with;
      race.candidates.clear();
      for (const auto& key : candidate_order_) race.candidates.push_back(candidates_.at(key));
      answer_ = answerOf(race);
    }
    model_->markAnswer(winner_, ties_);
    fetchAnswer();
    showVerdict();
  }
  // An empty line takes no room: a race without compiles has no compile line.
  for (auto* label : {header_label_, progress_label_, compile_label_, pruned_label_})
    label->setVisible(!label->text().isEmpty());
}

void RaceView::showStart() {
  if (!start_) return;
  const auto& e = *start_;
  // The rule core described, read back in the window's language (text/).
  header_label_->setText(
      tr("Tuning %1 on %2 · budget %3 s · safe: %4")
          .arg(display_text::line(e.model), display_text::line(e.device), seconds(e.budget_ms),
               display_text::line(text::ruleText(e.rule, uiLang()), kSentenceChars)));
}

void RaceView::showPruned() {
  if (!pruned_) return;
  const auto& pruned = pruned_->pruned;
  std::map<std::string, int> reasons;
  for (const auto& [key, reason] : pruned) ++reasons[text::prunedReasonText(reason, uiLang())];
  QStringList lines;
  for (const auto& [reason, count] : reasons) {
    if (lines.size() == kListedItems) {
      lines << tr("… %1 more").arg(reasons.size() - kListedItems);
      break;
    }
    lines << QStringLiteral("%1 × %2").arg(count).arg(display_text::line(reason));
  }
  pruned_label_->setText(
      pruned.empty()
          ? QString()
          : tr("%1 configs pruned before anything ran (hover for the reasons)").arg(pruned.size()));
  pruned_label_->setToolTip(lines.join(QLatin1Char('\n')));
}

void RaceView::fetchAnswer() {
  // The answer heads the table: its rows are fetched, however far down the race named them.
  int last = model_->rowOf(winner_);
  for (const auto& t : ties_) last = std::max(last, model_->rowOf(t));
  if (last >= 0) model_->fetchThrough(last);
}

void RaceView::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() != QEvent::LanguageChange) return;
  model_->retranslate();
  showStart();
  showPruned();
  if (done_) showVerdict();
}

void RaceView::showVerdict() {
  QString head;
  if (winner_.isEmpty()) {
    head = tr("<b>No safe winner</b>");
  } else {
    head = tr("<b>Winner ★ %1</b>").arg(winner_.toHtmlEscaped());
    if (!ties_.isEmpty())
      head += tr(" · tied ≈ %1").arg(listed(ties_, QStringLiteral(", ")).toHtmlEscaped());
  }
  const auto lang = uiLang();
  const auto line = [](const std::string& s) {
    return display_text::line(s, kSentenceChars).toHtmlEscaped();
  };
  if (!verdict_state_.isEmpty())
    head += QStringLiteral(" (%1)").arg(
        uiText(text::answerStateText(verdict_state_.toStdString(), lang)).toHtmlEscaped());
  QString text = head;
  if (!answer_ && !verdict_.isEmpty()) text += QStringLiteral("<br>") + verdict_.toHtmlEscaped();
  if (answer_) {
    // From the answer's fields, in the window's language; the log paths are the Answer page's.
    const auto confidence = text::confidenceText(*answer_, lang);
    const auto peer = answer_->winner.empty() ? std::string() : text::peerText(*answer_, lang);
    verdict_ =
        display_text::line(peer.empty() ? confidence : confidence + " · " + peer, kSentenceChars);
    text += QStringLiteral("<br>") + line(confidence);
    if (!peer.empty()) text += QStringLiteral("<br>%1 %2").arg(tr("vs torch.compile:"), line(peer));
    if (answer_->missing > 0)
      text += QStringLiteral("<br>%1 %2")
                  .arg(tr("Not measured:"), line(text::missingText(*answer_, lang)));
    if (answer_->host_measured && answer_->host_bound)
      text += QStringLiteral("<br>") + line(text::hostText(*answer_, lang));
  }
  verdict_label_->setText(text);
  fitVerdict();
}

void RaceView::setVerdictText(const QString& html) {
  verdict_label_->setText(html);
  fitVerdict();
}

void RaceView::fitVerdict() {
  const int width =
      verdict_area_->viewport()->width() > 0 ? verdict_area_->viewport()->width() : this->width();
  const int needed = verdict_label_->heightForWidth(width) + 4;
  // The table keeps its header and kTableRows rows (the race at 1024×768 had shrunk to two); the
  // verdict takes the rest of the height the two share, up to its text, and never less than
  // kVerdictLines lines of the widget's font (past which it scrolls).
  const int shared = table_->height() + verdict_area_->height();
  const int table_floor = table_->horizontalHeader()->sizeHint().height() +
                          kTableRows * table_->verticalHeader()->defaultSectionSize() +
                          table_->horizontalScrollBar()->sizeHint().height() +
                          2 * table_->frameWidth();
  const int floor = kVerdictLines * fontMetrics().lineSpacing() + 4;
  // Fixed, not a maximum: the area's size hint (the label's at some other width) kept it lower.
  verdict_area_->setFixedHeight(std::min(needed, std::max(floor, shared - table_floor)));
}

void RaceView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitVerdict();
}

RacePage::RacePage(SessionDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      combo_(new QComboBox),
      note_(new QLabel),
      continue_button_(new QPushButton),
      continue_budget_(new QDoubleSpinBox),
      view_(new RaceView) {
  setObjectName(QStringLiteral("racePage"));
  combo_->setObjectName(QStringLiteral("raceCombo"));
  note_->setObjectName(QStringLiteral("raceNote"));
  note_->setWordWrap(true);
  note_->setTextFormat(Qt::RichText);
  note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo_->setMinimumContentsLength(24);  // a file's model name never widens the page
  continue_button_->setObjectName(QStringLiteral("continueRace"));
  continue_budget_->setObjectName(QStringLiteral("continueBudget"));
  continue_budget_->setRange(10, 24 * 3600);
  continue_budget_->setDecimals(0);
  continue_button_->setVisible(false);
  continue_budget_->setVisible(false);
  auto* top = new QHBoxLayout;
  top->addWidget(combo_);
  top->addWidget(note_, 1);
  top->addWidget(continue_budget_);
  top->addWidget(continue_button_);
  connect(continue_button_, &QPushButton::clicked, this, &RacePage::continueRace);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addLayout(top);
  layout->addWidget(view_, 1);
  connect(combo_, &QComboBox::currentIndexChanged, this, &RacePage::showRace);
  connect(document_, &SessionDocument::reset, this, &RacePage::rebuild);
  retranslate();
  rebuild();
}

void RacePage::retranslate() {
  continue_button_->setText(tr("Continue this race"));
  continue_budget_->setSuffix(tr(" s"));
  continue_budget_->setToolTip(tr("The continued race's budget (tune --budget-s)"));
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
    continue_button_->setVisible(false);
    continue_budget_->setVisible(false);
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
  note_->setText(
      race.accuracy_note.empty()
          ? tr("The race as the tuner recorded it when this session was tuned.")
          : display_text::line(text::accuracyText(race.accuracy_note, uiLang()), kSentenceChars)
                .toHtmlEscaped());
  note_->setForegroundRole(QPalette::PlaceholderText);
  offerContinue(race);
}

void RacePage::offerContinue(const TuneRecord& race) {
  // One race of the whole space (a shard's race is continued by its own tune), cancelled or ended
  // by its budget with candidates it never measured: what `tune --resume` continues.
  const bool unfinished =
      race.cancelled || race.verdict_state == "cancelled" || race.not_measured > 0;
  const bool can = raceCount() == 1 && race.shard.empty() && unfinished;
  continue_button_->setVisible(can);
  continue_budget_->setVisible(can);
  if (!can) return;
  // The budget the verdict names as reaching the candidates left, else twice this one's.
  double budget_s = race.budget_to_reach_ms > 0 ? units::msToS(race.budget_to_reach_ms)
                                                : 2 * units::msToS(race.budget_ms);
  if (!std::isfinite(budget_s) || !(budget_s > 0)) budget_s = 60;  // a file's odd figure
  continue_budget_->setValue(
      std::clamp(budget_s, continue_budget_->minimum(), continue_budget_->maximum()));
  const bool saved = !document_->filePath().isEmpty();
  continue_button_->setEnabled(saved && !isContinuing());
  continue_button_->setToolTip(
      saved ? tr("Continue the race with this budget, as inferscope-cli tune --resume %1 does: "
                 "what it measured is kept, the rest is screened and the finals run again; the "
                 "continued session is written to %2")
                  .arg(document_->filePath(), continuedPath())
            : tr("Save the session first: the continued race is written beside it"));
}

QString RacePage::continuedPath() const {
  const QFileInfo file(document_->filePath());
  QString stem = file.fileName();
  for (const auto& suffix :
       {QStringLiteral(".inferscope.json"), QStringLiteral(".json"), QStringLiteral(".gz")}) {
    if (stem.endsWith(suffix)) stem.chop(suffix.size());
  }
  return file.dir().filePath(stem + QStringLiteral("-continued.inferscope.json"));
}

bool RacePage::isContinuing() const {
  return tune_ && tune_->isRunning();
}

void RacePage::continueRace() {
  const auto session = document_->session();
  if (isContinuing() || !session || session->races.size() != 1 || document_->filePath().isEmpty())
    return;
  const auto& race = session->races.front();
  // The CLI's defaults for what the user does not pick here (its accuracy rule among them).
  auto tune = TuneJob::defaults(session->request, continue_budget_->value(), AccuracyRule{});
  if (!race.candidates.empty())  // the race's first: the guide's recommendation that led it
    tune.seeds = {OptimizationConfig::parse(race.candidates.front().key)};
  tune.settings.resume = session.get();
  tune.settings.resume_path = document_->filePath().toStdString();
  tune.settings.remember = true;  // as tune: the continued race is remembered too
  tune.session_path = continuedPath().toStdString();
  // The session the run continues lives as long as the run (which may outlive this page: a
  // destroyed job is cancelled without waiting for it).
  auto run = [run = run_, keep = session](const TuneJobRequest& request, const CancelToken& cancel,
                                          const std::function<void(tuner::TuneEvent)>& deliver) {
    return run(request, cancel, deliver);
  };
  if (tune_) tune_->deleteLater();
  tune_ = new TuneJob(run, this);
  connect(tune_, &TuneJob::eventReceived, view_, &RaceView::addEvent);
  connect(
      tune_, &TuneJob::finished, this, [this](const std::shared_ptr<const TuneOutcome>& outcome) {
        continue_button_->setEnabled(true);
        if (!outcome->session_path.empty()) {
          note_->setText(tr("Continued: %1")
                             .arg(QString::fromStdString(outcome->session_path).toHtmlEscaped()));
          document_->load(QString::fromStdString(outcome->session_path));
          return;
        }
        note_->setText((outcome->error.empty()
                            ? tr("The continued race wrote no session (nothing was measured).")
                            : tr("The continued race failed: %1")
                                  .arg(display_text::line(outcome->error, kSentenceChars)))
                           .toHtmlEscaped());
      });
  view_->clear();
  view_->setVerdictText(tr("Continuing the race…"));
  continue_button_->setEnabled(false);
  tune_->start(std::move(tune));
}

void RacePage::changeEvent(QEvent* event) {
  QWidget::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    rebuild();
  }
}

}  // namespace inferscope::gui
