// ValidationPage: the tuner's race, live (see wizard_pages.h). A simulated device cannot be
// measured: the button is off and says why.
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>  // the race table, a QTableView or a QTableWidget
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <algorithm>
#include <map>

#include "core/common/units.h"
#include "core/model/model_zoo.h"
#include "gui/lib/engine_pool.h"
#include "gui/lib/tune_job.h"
#include "gui/widgets/race_view.h"
#include "gui/widgets/translated_text.h"
#include "gui/widgets/trust_prompt.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {
namespace {

// "resnet18 (1x3x224x224:float32)", as the race names what it tunes; a model whose inputs its
// own file or code provides by its name alone.
std::string modelText(const ProfileRequest& r) {
  if (!r.inputs.empty()) return r.model.displayName() + " (" + toString(r.inputs) + ")";
  if (r.model.source == ModelSource::Zoo)
    return r.model.displayName() + " (" + toString(defaultInputs(r.model, r.batch)) + ")";
  return r.model.displayName();
}

}  // namespace

ValidationPage::ValidationPage(WizardState* state, QWidget* parent)
    : QWizardPage(parent),
      state_(state),
      tune_(new TuneJob(this)),
      check_button_(newTr<QPushButton>(this, QT_TR_NOOP("Validate on this device"))),
      open_button_(newTr<QPushButton>(this, QT_TR_NOOP("Open as session"))),
      reason_label_(new QLabel),
      race_(new RaceView),
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
  reason_label_->setWordWrap(true);
  reason_label_->setForegroundRole(QPalette::PlaceholderText);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(check_button_);
  buttons->addWidget(open_button_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(reason_label_);
  layout->addWidget(race_, 1);
  connect(check_button_, &QPushButton::clicked, this, [this] {
    // On a GPU the tuner's own default (60 s, more when an AOTInductor package must compile
    // first, and it says so); 30 s on the CPU, which has no compiles to wait for.
    startValidation(defaultTune(state_->request.caps.isCuda() ? 0 : 30));
  });
  connect(open_button_, &QPushButton::clicked, this,
          [this] { emit openSessionRequested(session_path_); });
  connect(tune_, &TuneJob::eventReceived, race_, &RaceView::addEvent);
  connect(race_, &RaceView::budgetTextChanged, this, &QWizardPage::setSubTitle);
  connect(tune_, &TuneJob::finished, this, &ValidationPage::onFinished);
  connect(tune_, &TuneJob::started, this, [this] { race_->setVerdictText(tr("Measuring…")); });
}

ValidationPage::~ValidationPage() {
  delete session_dir_;
}

ProfileRequest ValidationPage::tunedModel() const {
  // The open session's model when the wizard has one (its own inputs and batch), else the zoo's
  // first model of the family at batch 1: small enough to check in seconds on a laptop CPU.
  ProfileRequest r;
  if (state_->evidence) {
    const auto& measured = state_->evidence->request;
    r.model = measured.model;  // a Python entry's model is built by the user's code in the worker
    r.batch = measured.batch;
    // An ExportedProgram carries its example inputs; the other files need theirs named.
    if (r.model.source != ModelSource::ExportedProgram &&
        r.model.source != ModelSource::PythonEntry)
      r.inputs = measured.inputs;
  } else {
    r.model.source = ModelSource::Zoo;
    r.model.name = "resnet18";
    for (const auto& m : zooModels()) {
      if (m.family == state_->request.family) {
        r.model.name = m.name;
        break;
      }
    }
    r.batch = 1;
  }
  r.device = state_->request.caps.isCuda() ? DeviceKind::Cuda : DeviceKind::Cpu;
  return r;
}

TuneJobRequest ValidationPage::defaultTune(double budget_s) const {
  auto tune = TuneJob::defaults(tunedModel(), budget_s,
                                AccuracyRule{state_->request.metric, state_->request.tolerance});
  tune.seeds = {state_->recommendation.config};
  tune.session_path =
      session_dir_->filePath(QStringLiteral("validation.inferscope.json")).toStdString();
  return tune;
}

void ValidationPage::initializePage() {
  const bool can_run = !state_->simulating;
  check_button_->setEnabled(can_run && !tune_->isRunning());
  const auto model = tunedModel();
  reason_label_->setText(
      can_run ? tr("Tunes %1 on %2 in this program, seeded with %3.")
                    .arg(QString::fromStdString(modelText(model)),
                         state_->request.device_name.empty()
                             ? tr("the CPU")
                             : QString::fromStdString(state_->request.device_name),
                         QString::fromStdString(state_->recommendation.config.key()))
              : tr("Checking needs the real device: this recommendation is for a simulated %1. "
                   "Go back and pick this machine's device to measure.")
                    .arg(QString::fromStdString(state_->recommendation.device_label)));
  check_button_->setToolTip(can_run ? QString() : reason_label_->text());
}

void ValidationPage::cleanupPage() {
  tune_->cancel();
}

void ValidationPage::startValidation(TuneJobRequest tune) {
  if (state_->simulating || tune_->isRunning()) return;
  // The open session names its model's file (an entry point, an ExportedProgram, a TorchScript
  // file), and a session may come from anywhere: the file runs only once the user trusts its bytes,
  // as a run of the window does (trust_prompt.h), and the tune is pinned to those bytes.
  QString trust_error;
  if (!TrustPrompt::ensureTrusted(this, tune.request.model, &trust_error)) {
    race_->setVerdictText(
        trust_error.isEmpty()
            ? tr("Not checked: %1 was not trusted, and nothing of it ran")
                  .arg(QString::fromStdString(tune.request.model.path).toHtmlEscaped())
            : trust_error.toHtmlEscaped());
    return;
  }
  race_->clear();
  session_path_.clear();
  // Behind another engine job (a lesson's live run, the main window's run) the tune waits, and
  // the page says for what until it starts.
  const auto ahead = runningEngineJob();
  race_->setVerdictText(ahead ? engineWaitText(*ahead) : tr("Measuring…"));
  check_button_->setEnabled(false);
  open_button_->setEnabled(false);
  tune_->start(std::move(tune));
}

void ValidationPage::cancelValidation() {
  tune_->cancel();
}

bool ValidationPage::isValidating() const {
  return tune_->isRunning();
}

QTableView* ValidationPage::resultsTable() const {
  return race_->table();
}
bool ValidationPage::hasOutcome() const {
  return !race_->winner().isEmpty();
}
QString ValidationPage::winner() const {
  return race_->winner();
}
QString ValidationPage::verdict() const {
  return race_->verdict();
}
int ValidationPage::rowOf(const QString& key) const {
  return race_->rowOf(key);
}

void ValidationPage::onFinished(const std::shared_ptr<const TuneOutcome>& outcome) {
  const int exit_code = outcome->exit_code;
  const QString error = QString::fromStdString(outcome->error);
  session_path_ = QString::fromStdString(outcome->session_path);
  check_button_->setEnabled(!state_->simulating);
  const QString winner = race_->winner(), verdict = race_->verdict();
  if (winner.isEmpty()) {
    race_->setVerdictText(tr("<b>No safe winner</b> (exit %1): %2")
                              .arg(exit_code)
                              .arg((verdict.isEmpty() ? error : verdict).toHtmlEscaped()));
  } else {
    auto& rec = state_->recommendation;
    const auto measured = OptimizationConfig::parse(winner.toStdString());
    const bool confirmed = measured == rec.config;
    const std::string recommended = rec.config.key();
    if (!confirmed) {
      // The device overrules the table: the exports write what was measured fastest and safe.
      rec.warn("validation replaced " + recommended + " with " + measured.key(),
               {"validation-replaced", {{"from", recommended}, {"to", measured.key()}}});
      rec.config = measured;
    }
    // The race's answer as fields, which the Recommendation page writes in the UI's language.
    rec.reasons.push_back({"validation",
                           verdict.toStdString(),
                           "measured on this device by the tuner",
                           {"validation.race",
                            {{"winner", measured.key()},
                             {"state", race_->verdictState().toStdString()},
                             {"recommended", recommended},
                             {"confirmed", confirmed ? "yes" : "no"}}},
                           "device"});
    // The race's own verdict line (winner ★, ties ≈, final or provisional) under what it did to
    // the recommendation.
    race_->setVerdictText(tr("<b>%1</b> → %2<br>%3")
                              .arg(confirmed ? tr("confirmed") : tr("switched"),
                                   winner.toHtmlEscaped(), race_->verdictLabel()->text()));
  }
  open_button_->setEnabled(!session_path_.isEmpty() && QFileInfo::exists(session_path_));
  emit validationFinished();
}

}  // namespace inferscope::gui
