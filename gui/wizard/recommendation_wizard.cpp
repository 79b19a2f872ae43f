// RecommendationWizard and its two input pages (device, goals). The answer pages live in
// recommendation_page.cpp (recommendation, export) and validation_page.cpp.
#include "gui/wizard/recommendation_wizard.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

#include "core/advisor/advisor.h"
#include "core/advisor/generation_table.h"
#include "core/advisor/session_evidence.h"
#include "gui/widgets/translated_text.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {

RecommendationWizard::RecommendationWizard(std::vector<DeviceInfo> devices, QWidget* parent)
    : QWizard(parent) {
  setObjectName(QStringLiteral("recommendationWizard"));
  bindTr(this, this, "windowTitle", QT_TR_NOOP("Recommendation wizard"));
  setWizardStyle(QWizard::ClassicStyle);  // the same look on every platform, and offscreen
  setOption(QWizard::NoBackButtonOnStartPage);
  state_.devices = std::move(devices);
  if (state_.devices.empty()) state_.devices.push_back(DeviceInfo{});
  device_page_ = new DevicePage(&state_);
  goals_page_ = new GoalsPage(&state_);
  advice_page_ = new RecommendationPage(&state_);
  validation_page_ = new ValidationPage(&state_);
  export_page_ = new ExportPage(&state_);
  setPage(Device, device_page_);
  setPage(Goals, goals_page_);
  setPage(Advice, advice_page_);
  setPage(Validation, validation_page_);
  setPage(Export, export_page_);
  connect(validation_page_, &ValidationPage::openSessionRequested, this,
          &RecommendationWizard::openSessionRequested);
  // Validate may replace the recommendation: the Advice page, if the user goes back to it, shows
  // the config the exports now write.
  connect(validation_page_, &ValidationPage::validationFinished, advice_page_,
          [this] { advice_page_->initializePage(); });
  resize(920, 640);
}

DevicePage::DevicePage(WizardState* state, QWidget* parent)
    : QWizardPage(parent),
      state_(state),
      detected_radio_(newTr<QRadioButton>(this, QT_TR_NOOP("This machine's device"))),
      simulate_radio_(newTr<QRadioButton>(
          this, QT_TR_NOOP("Simulate a GPU generation (for teaching: no such GPU needed)"))),
      device_combo_(new QComboBox),
      generation_combo_(new QComboBox) {
  bindTr(this, this, "title", QT_TR_NOOP("Device"));
  bindTr(this, this, "subTitle", QT_TR_NOOP("Which device should the settings be chosen for?"));
  device_combo_->setObjectName(QStringLiteral("wizardDeviceCombo"));
  generation_combo_->setObjectName(QStringLiteral("generationCombo"));
  for (const auto& d : state_->devices) {
    device_combo_->addItem(d.kind == DeviceKind::Cpu
                               ? tr("CPU — %1").arg(QString::fromStdString(d.name))
                               : QStringLiteral("%1 (sm %2, %3)")
                                     .arg(QString::fromStdString(d.name),
                                          QString::fromStdString(d.computeCapability()),
                                          QString::fromStdString(d.generation())));
  }
  device_combo_->setCurrentIndex(device_combo_->count() - 1);  // a GPU when there is one
  for (const auto& id : advisor::GenerationTable::builtin().ids()) {
    const auto* generation = advisor::GenerationTable::builtin().find(id);
    generation_combo_->addItem(
        generation ? QString::fromStdString(generation->rangeLabel()) : QString::fromStdString(id),
        QString::fromStdString(id));
  }
  addTrItem(this, generation_combo_, QT_TR_NOOP("CPU"), QStringLiteral("cpu"));
  auto* group = new QButtonGroup(this);
  group->addButton(detected_radio_);
  group->addButton(simulate_radio_);
  detected_radio_->setChecked(true);
  generation_combo_->setEnabled(false);
  connect(simulate_radio_, &QRadioButton::toggled, generation_combo_, &QWidget::setEnabled);
  connect(simulate_radio_, &QRadioButton::toggled, device_combo_, &QWidget::setDisabled);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(detected_radio_);
  layout->addWidget(device_combo_);
  layout->addSpacing(12);
  layout->addWidget(simulate_radio_);
  layout->addWidget(generation_combo_);
  auto* note = newTr<QLabel>(this, QT_TR_NOOP("A simulated device gets the same advice as the real "
                                              "one, but cannot be checked by measurement."));
  note->setWordWrap(true);
  note->setForegroundRole(QPalette::PlaceholderText);
  layout->addWidget(note);
  layout->addStretch(1);
}

void DevicePage::simulate(const QString& id) {
  simulate_radio_->setChecked(true);
  generation_combo_->setCurrentIndex(std::max(0, generation_combo_->findData(id)));
}

bool DevicePage::validatePage() {
  const advisor::Advisor advisor;
  state_->simulating = simulate_radio_->isChecked();
  if (state_->simulating) {
    state_->simulated_id = generation_combo_->currentData().toString();
    state_->request.caps = advisor.simulatedCaps(state_->simulated_id.toStdString());
    state_->request.device_name.clear();
  } else {
    const auto& d =
        state_->devices[static_cast<std::size_t>(std::max(0, device_combo_->currentIndex()))];
    state_->request.caps = DeviceCaps::from(d);
    state_->request.device_name = d.name;
  }
  return true;
}

GoalsPage::GoalsPage(WizardState* state, QWidget* parent)
    : QWizardPage(parent),
      state_(state),
      goal_combo_(new QComboBox),
      sizes_combo_(new QComboBox),
      reproducible_check_(newTr<QCheckBox>(
          this, QT_TR_NOOP("Bit-for-bit reproducible results (deterministic cuDNN)"))),
      tolerance_spin_(new QDoubleSpinBox),
      metric_combo_(new QComboBox),
      family_combo_(new QComboBox),
      torch_edit_(new QLineEdit),
      error_label_(new QLabel) {
  bindTr(this, this, "title", QT_TR_NOOP("Goals"));
  bindTr(this, this, "subTitle", QT_TR_NOOP("What matters for this model in production?"));
  addTrItem(this, goal_combo_, QT_TR_NOOP("Latency — one request at a time"),
            QStringLiteral("latency"));
  addTrItem(this, goal_combo_, QT_TR_NOOP("Throughput — large batches"),
            QStringLiteral("throughput"));
  addTrItem(this, sizes_combo_, QT_TR_NOOP("Fixed input sizes"), QStringLiteral("fixed"));
  addTrItem(this, sizes_combo_, QT_TR_NOOP("Varying input sizes"), QStringLiteral("varying"));
  addTrItem(this, family_combo_, QT_TR_NOOP("CNN (convolutions)"), QStringLiteral("cnn"));
  addTrItem(this, family_combo_, QT_TR_NOOP("Transformer (matmuls, attention)"),
            QStringLiteral("transformer"));
  tolerance_spin_->setObjectName(QStringLiteral("wizardTolerance"));
  tolerance_spin_->setDecimals(5);
  tolerance_spin_->setRange(1e-5, 1.0);
  tolerance_spin_->setSingleStep(0.001);
  tolerance_spin_->setValue(1e-2);
  bindTr(
      this, tolerance_spin_, "toolTip",
      QT_TR_NOOP(
          "The accepted deviation from FP32, in the metric's unit. Auto: classifiers may change at "
          "most this share of top-1 predictions (with rel. L2 ≤ 10×), other outputs keep a "
          "cosine similarity ≥ 1 − this. The default 1e-2 accepts BF16's rounding, not an "
          "FP16 overflow."));
  metric_combo_->setObjectName(QStringLiteral("wizardMetric"));
  addTrItem(this, metric_combo_, QT_TR_NOOP("Auto (top-1 for classifiers, cosine otherwise)"),
            QStringLiteral("auto"));
  addTrItem(this, metric_combo_, QT_TR_NOOP("Cosine similarity"), QStringLiteral("cosine"));
  addTrItem(this, metric_combo_, QT_TR_NOOP("Top-1 agreement"), QStringLiteral("top1"));
  addTrItem(this, metric_combo_, QT_TR_NOOP("Relative L2 error"), QStringLiteral("rel-l2"));
  torch_edit_->setText(QString::fromUtf8(advisor::kDefaultTargetTorch.data(),
                                         static_cast<int>(advisor::kDefaultTargetTorch.size())));
  bindTr(this, torch_edit_, "toolTip",
         QT_TR_NOOP("The PyTorch version the exported code will run with (decides the TF32 API, "
                    "AOTInductor)"));
  error_label_->setStyleSheet(QStringLiteral("color: #c03030"));
  auto* form = new QFormLayout(this);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Goal")), goal_combo_);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Input sizes")), sizes_combo_);
  form->addRow(QString(), reproducible_check_);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Accuracy metric")), metric_combo_);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Tolerance")), tolerance_spin_);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Model family")), family_combo_);
  form->addRow(newTr<QLabel>(this, QT_TR_NOOP("Target PyTorch")), torch_edit_);
  form->addRow(error_label_);
}

void GoalsPage::initializePage() {
  if (!state_->evidence) return;
  if (const auto family = advisor::sessionModelFamily(*state_->evidence)) {
    const int index = family_combo_->findData(QString::fromLatin1(advisor::toString(*family)));
    if (index >= 0) family_combo_->setCurrentIndex(index);
  }
}

bool GoalsPage::validatePage() {
  try {
    auto& r = state_->request;
    r.goal = advisor::parseGoal(goal_combo_->currentData().toString().toStdString());
    r.sizes = advisor::parseInputSizes(sizes_combo_->currentData().toString().toStdString());
    r.reproducible = reproducible_check_->isChecked();
    r.tolerance = tolerance_spin_->value();
    r.family = advisor::parseModelFamily(family_combo_->currentData().toString().toStdString());
    r.target_torch = advisor::TorchVersion::parse(torch_edit_->text().trimmed().toStdString());
    r.metric = parseAccuracyMetric(metric_combo_->currentData().toString().toStdString());
    state_->recommendation = advisor::Advisor().recommend(r);
    state_->table_config = state_->recommendation.config;
    // An open session measured on this kind of device overrules the table where they disagree.
    if (state_->evidence)
      state_->recommendation =
          advisor::applySessionEvidence(state_->recommendation, *state_->evidence);
    state_->has_recommendation = true;
  } catch (const std::exception& e) {
    error_label_->setText(
        QString::fromStdString(e.what()));  // e.g. a version the advisor cannot read
    return false;
  }
  error_label_->clear();
  return true;
}

void RecommendationWizard::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    setButtonText(BackButton, QCoreApplication::translate("QWizard", "< &Back"));
    setButtonText(NextButton, QCoreApplication::translate("QWizard", "&Next >"));
    setButtonText(CommitButton, QCoreApplication::translate("QWizard", "Commit"));
    setButtonText(FinishButton, QCoreApplication::translate("QWizard", "&Finish"));
    setButtonText(CancelButton, QCoreApplication::translate("QWizard", "Cancel"));
    setButtonText(HelpButton, QCoreApplication::translate("QWizard", "&Help"));
  }
  QWizard::changeEvent(event);
}

}  // namespace inferscope::gui
