// ValidationPage: the tuner's race, live (see wizard_pages.h). A simulated device cannot be
// measured: the button is off and says why.
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

#include "core/common/units.h"
#include "core/model/model_zoo.h"
#include "gui/lib/tune_process.h"
#include "gui/lib/value_format.h"
#include "gui/widgets/translated_text.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {
namespace {

enum Column { kConfig, kState, kMedian, kInterval, kCompile, kReason, kColumns };

bool isOut(const std::string& state) {
  return state == "eliminated" || state == "failed" || state == "unsafe" ||
         state == "not-measured" || state == "accuracy-not-measured";
}

QString seconds(double ms) {
  return QString::number(units::msToS(ms), 'f', ms < 10000 ? 1 : 0);
}

}  // namespace

ValidationPage::ValidationPage(WizardState* state, QWidget* parent)
    : QWizardPage(parent),
      state_(state),
      tune_(new TuneProcess(this)),
      check_button_(newTr<QPushButton>(this, QT_TR_NOOP("Validate on this device"))),
      open_button_(newTr<QPushButton>(this, QT_TR_NOOP("Open as session"))),
      reason_label_(new QLabel),
      progress_label_(new QLabel),
      compile_label_(new QLabel),
      pruned_label_(new QLabel),
      results_table_(new QTableWidget(0, kColumns)),
      verdict_label_(new QLabel),
      session_dir_(new QTemporaryDir) {
  bindTr(this, this, "title", QT_TR_NOOP("Validation"));
  bindTr(
      this, this, "subTitle",
      QT_TR_NOOP(
          "The tuner races the whole space on this device, starting from the recommendation; the "
          "finalists "
          "run in fresh processes, and the fastest safe config wins."));
  check_button_->setObjectName(QStringLiteral("checkButton"));
  open_button_->setObjectName(QStringLiteral("openSessionButton"));
  open_button_->setEnabled(false);
  for (auto* label : {reason_label_, progress_label_, compile_label_, pruned_label_}) {
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
  }
  results_table_->setObjectName(QStringLiteral("validationTable"));
  bindTrHeaders(this, results_table_,
                {QT_TR_NOOP("Config"), QT_TR_NOOP("State"), QT_TR_NOOP("Median (ms)"),
                 QT_TR_NOOP("Interval (ms)"), QT_TR_NOOP("Compile (s)"), QT_TR_NOOP("Reason")});
  results_table_->horizontalHeader()->setSectionResizeMode(kReason, QHeaderView::Stretch);
  results_table_->verticalHeader()->setVisible(false);
  results_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  verdict_label_->setWordWrap(true);
  verdict_label_->setTextFormat(Qt::RichText);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(check_button_);
  buttons->addWidget(open_button_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(reason_label_);
  layout->addWidget(progress_label_);
  layout->addWidget(compile_label_);
  layout->addWidget(pruned_label_);
  layout->addWidget(results_table_, 1);
  layout->addWidget(verdict_label_);
  connect(check_button_, &QPushButton::clicked, this, [this] {
    // On a GPU the tuner's own default (60 s, more when an AOTInductor package must compile
    // first, and it says so); 30 s on the CPU, which has no compiles to wait for.
    startValidation(defaultModelArguments(), state_->request.caps.isCuda() ? 0 : 30);
  });
  connect(open_button_, &QPushButton::clicked, this,
          [this] { emit openSessionRequested(session_path_); });
  connect(tune_, &TuneProcess::eventReceived, this, &ValidationPage::onEvent);
  connect(tune_, &TuneProcess::finished, this, &ValidationPage::onFinished);
}

ValidationPage::~ValidationPage() {
  delete session_dir_;
}

QStringList ValidationPage::defaultModelArguments() const {
  // The open session's model when the wizard has one (its own inputs and batch), else the zoo's
  // first model of the family at batch 1: small enough to check in seconds on a laptop CPU.
  if (state_->evidence) {
    const auto& r = state_->evidence->request;
    QStringList args;
    if (r.model.source == ModelSource::Zoo) {
      args << QStringLiteral("-m") << QString::fromStdString(r.model.name) << QStringLiteral("-b")
           << QString::number(r.batch);
    } else if (r.model.source == ModelSource::PythonEntry) {
      // The user's own code builds the model and its example inputs, in the CLI's Python worker.
      args << QStringLiteral("--model-py")
           << QString::fromStdString(r.model.path + ":" + r.model.entry);
    } else {
      args << QStringLiteral("--model-file") << QString::fromStdString(r.model.path);
      // An ExportedProgram carries its example inputs; the other files need theirs named.
      if (r.model.source != ModelSource::ExportedProgram) {
        for (const auto& i : r.inputs)
          args << QStringLiteral("--input") << QString::fromStdString(i.toString());
      }
    }
    return args;
  }
  QString model = QStringLiteral("resnet18");
  for (const auto& m : zooModels()) {
    if (m.family == state_->request.family) {
      model = QString::fromStdString(m.name);
      break;
    }
  }
  return {QStringLiteral("-m"), model, QStringLiteral("-b"), QStringLiteral("1")};
}

void ValidationPage::initializePage() {
  const bool can_run = !state_->simulating;
  check_button_->setEnabled(can_run && !tune_->isRunning());
  reason_label_->setText(
      can_run ? tr("Runs `inferscope-cli tune %1` on %2, seeded with %3.")
                    .arg(defaultModelArguments().join(QLatin1Char(' ')),
                         QString::fromStdString(state_->request.device_name.empty()
                                                    ? "the CPU"
                                                    : state_->request.device_name),
                         QString::fromStdString(state_->recommendation.config.key()))
              : tr("Checking needs the real device: this recommendation is for a simulated %1. "
                   "Go back and pick this machine's device to measure.")
                    .arg(QString::fromStdString(state_->recommendation.device_label)));
  check_button_->setToolTip(can_run ? QString() : reason_label_->text());
}

void ValidationPage::cleanupPage() {
  tune_->cancel();
}

void ValidationPage::startValidation(const QStringList& model_arguments, double budget_s) {
  if (state_->simulating || tune_->isRunning()) return;
  results_table_->setRowCount(0);
  winner_.clear();
  verdict_.clear();
  budget_note_.clear();
  session_path_ = session_dir_->filePath(QStringLiteral("validation.inferscope.json"));
  const auto& caps = state_->request.caps;
  QStringList args = model_arguments;
  args << QStringLiteral("-d") << (caps.isCuda() ? QStringLiteral("cuda") : QStringLiteral("cpu"));
  if (budget_s > 0) args << QStringLiteral("--budget-s") << QString::number(budget_s);
  args << QStringLiteral("--metric") << QString::fromUtf8(toString(state_->request.metric))
       << QStringLiteral("--tolerance") << QString::number(state_->request.tolerance, 'g', 6)
       << QStringLiteral("--family") << QString::fromUtf8(advisor::toString(state_->request.family))
       << QStringLiteral("-o") << session_path_;
  verdict_label_->setText(tr("Measuring…"));
  check_button_->setEnabled(false);
  open_button_->setEnabled(false);
  tune_->start(args);
}

int ValidationPage::rowOf(const QString& key) const {
  for (int r = 0; r < results_table_->rowCount(); ++r) {
    if (results_table_->item(r, kConfig) && results_table_->item(r, kConfig)->text() == key)
      return r;
  }
  return -1;
}

int ValidationPage::ensureRow(const QString& key) {
  if (const int row = rowOf(key); row >= 0) return row;
  const int row = results_table_->rowCount();
  results_table_->insertRow(row);
  results_table_->setItem(row, kConfig, new QTableWidgetItem(key));
  for (int c = kState; c < kColumns; ++c) results_table_->setItem(row, c, new QTableWidgetItem);
  results_table_->item(row, kState)->setText(tr("waiting"));
  return row;
}

void ValidationPage::onEvent(const tuner::TuneEvent& e) {
  if (e.type == "tune_pruned") {
    std::map<std::string, int> reasons;
    for (const auto& [key, reason] : e.pruned) ++reasons[reason];
    QStringList lines;
    for (const auto& [reason, count] : reasons)
      lines << QStringLiteral("%1 × %2").arg(count).arg(QString::fromStdString(reason));
    pruned_label_->setText(
        tr("%1 configs pruned before anything ran (hover for the reasons)").arg(e.pruned.size()));
    pruned_label_->setToolTip(lines.join(QLatin1Char('\n')));
  } else if (e.type == "tune_round") {
    for (const auto& key : e.keys) ensureRow(QString::fromStdString(key));
    progress_label_->setText(
        e.round == 0
            ? tr("Screening %1 candidates × %2 iterations").arg(e.keys.size()).arg(e.iterations)
            : tr("Round %1: %2 survivors × %3 iterations")
                  .arg(e.round)
                  .arg(e.keys.size())
                  .arg(e.iterations));
  } else if (e.type == "tune_config_start") {
    const int row = ensureRow(QString::fromStdString(e.key));
    if (results_table_->item(row, kState)->text() == tr("waiting"))
      results_table_->item(row, kState)->setText(tr("running"));
    results_table_->scrollToItem(results_table_->item(row, kConfig));
  } else if (e.type == "tune_candidate") {
    const int row = ensureRow(QString::fromStdString(e.key));
    const bool out = isOut(e.state);
    const double median = e.forked ? e.fork_median_ms : e.median_ms;
    const double low = e.forked ? e.fork_low_ms : e.low_ms,
                 high = e.forked ? e.fork_high_ms : e.high_ms;
    const QString state = e.state == "finalist" && e.rounds > 0 && !e.forked
                              ? tr("in the race")
                              : QString::fromStdString(e.state);
    results_table_->item(row, kState)
        ->setText(e.forked ? tr("%1 (%2 forks)").arg(state).arg(e.forks) : state);
    results_table_->item(row, kMedian)
        ->setText(median > 0 ? ValueFormat::number(median) : QStringLiteral("—"));
    results_table_->item(row, kInterval)
        ->setText(low > 0 ? QStringLiteral("[%1, %2]")
                                .arg(ValueFormat::number(low), ValueFormat::number(high))
                          : QString());
    results_table_->item(row, kCompile)
        ->setText(e.compile_ms > 0 ? seconds(e.compile_ms) : QString());
    results_table_->item(row, kReason)->setText(QString::fromStdString(e.reason));
    results_table_->item(row, kReason)->setToolTip(QString::fromStdString(e.reason));
    for (int c = 0; c < kColumns; ++c) {
      auto* item = results_table_->item(row, c);
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
                  .arg(QString::fromStdString(j.key), QString::fromUtf8(toString(j.state)),
                       seconds(j.elapsed_ms));
    }
    compile_label_->setText(
        jobs.isEmpty()
            ? QString()
            : tr("Compiling in the background — %1").arg(jobs.join(QStringLiteral(" · "))));
  } else if (e.type == "tune_finals") {
    QStringList keys;
    for (const auto& k : e.keys) keys << QString::fromStdString(k);
    progress_label_->setText(tr("Finals: %1, each in %2 fresh processes")
                                 .arg(keys.join(QStringLiteral(", ")))
                                 .arg(e.forks));
  } else if (e.type == "tune_time") {
    progress_label_->setToolTip(tr("Spent %1 s of %2 s (%3 s left)")
                                    .arg(seconds(e.spent_ms), seconds(e.budget_ms),
                                         seconds(std::max(0.0, e.budget_ms - e.spent_ms))));
    setSubTitle(
        tr("Spent %1 s of the %2 s budget.").arg(seconds(e.spent_ms), seconds(e.budget_ms)) +
        (budget_note_.isEmpty() ? QString() : QLatin1Char(' ') + budget_note_));
  } else if (e.type == "tune_budget") {
    // The default budget grew for a cold compile: the reason stays beside the time spent.
    budget_note_ = QString::fromStdString(e.reason);
    setSubTitle(budget_note_);
  } else if (e.type == "tune_done") {
    winner_ = QString::fromStdString(e.winner);
    verdict_ = QString::fromStdString(e.verdict);
  }
}

void ValidationPage::onFinished(int exit_code, const QString& error) {
  check_button_->setEnabled(!state_->simulating);
  if (winner_.isEmpty()) {
    verdict_label_->setText(tr("<b>No safe winner</b> (exit %1): %2")
                                .arg(exit_code)
                                .arg((verdict_.isEmpty() ? error : verdict_).toHtmlEscaped()));
  } else {
    auto& rec = state_->recommendation;
    const auto measured = OptimizationConfig::parse(winner_.toStdString());
    const bool confirmed = measured == rec.config;
    if (!confirmed) {
      // The device overrules the table: the exports write what was measured fastest and safe.
      rec.warnings.push_back("validation replaced " + rec.config.key() + " with " + measured.key());
      rec.config = measured;
    }
    rec.reasons.push_back(
        {"validation", verdict_.toStdString(), "measured on this device by the tuner"});
    verdict_label_->setText(tr("<b>%1</b> → %2<br>%3")
                                .arg(confirmed ? tr("confirmed") : tr("switched"),
                                     winner_.toHtmlEscaped(), verdict_.toHtmlEscaped()));
  }
  open_button_->setEnabled(QFileInfo::exists(session_path_));
  emit validationFinished();
}

}  // namespace inferscope::gui
