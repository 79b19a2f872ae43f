// ValidationPage: "Check on this device" runs the recommendation and its neighbours through an
// EngineBridge of its own (live rows as configs finish), then validateRecommendation's verdict.
// A simulated device cannot be measured: the button is off and says why.
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/model/model_zoo.h"
#include "gui/lib/engine_bridge.h"
#include "gui/lib/value_format.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {

ValidationPage::ValidationPage(WizardState* state, QWidget* parent)
    : QWizardPage(parent), state_(state), bridge_(new EngineBridge(this)), check_button_(new QPushButton(tr("Check on this device"))),
      reason_label_(new QLabel), results_table_(new QTableWidget(0, 4)), verdict_label_(new QLabel) {
  setTitle(tr("Validation"));
  setSubTitle(tr("Measure the recommendation and its neighbours here; a faster config within the tolerance wins."));
  check_button_->setObjectName(QStringLiteral("checkButton"));
  reason_label_->setWordWrap(true);
  reason_label_->setForegroundRole(QPalette::PlaceholderText);
  results_table_->setObjectName(QStringLiteral("validationTable"));
  results_table_->setHorizontalHeaderLabels({tr("Config"), tr("Median (ms)"), tr("Rel. error"), tr("Verdict")});
  results_table_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
  results_table_->verticalHeader()->setVisible(false);
  results_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  verdict_label_->setWordWrap(true);
  verdict_label_->setTextFormat(Qt::RichText);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(check_button_, 0, Qt::AlignLeft);
  layout->addWidget(reason_label_);
  layout->addWidget(results_table_, 1);
  layout->addWidget(verdict_label_);
  connect(check_button_, &QPushButton::clicked, this, [this] {
    // The zoo's first model of the family: small enough to check in seconds on a laptop CPU.
    QString model = QStringLiteral("resnet18");
    for (const auto& m : zooModels()) {
      if (m.family == state_->request.family) { model = QString::fromStdString(m.name); break; }
    }
    startValidation(model, 3, 20);
  });
  connect(bridge_, &EngineBridge::configFinished, this, [this](const std::shared_ptr<const ConfigResult>& r) {
    const int row = r->index;
    if (row < 0 || row >= results_table_->rowCount()) return;
    results_table_->setItem(row, 1, new QTableWidgetItem(r->status == ConfigStatus::Ok ? ValueFormat::number(r->stats.median_ms) : QStringLiteral("—")));
    results_table_->setItem(row, 2, new QTableWidgetItem(r->accuracy.measured ? ValueFormat::relativeError(r->accuracy.rel_l2_error) : QStringLiteral("—")));
    results_table_->setItem(row, 3, new QTableWidgetItem(r->status == ConfigStatus::Ok ? tr("measured") : QString::fromStdString(r->message)));
  });
  connect(bridge_, &EngineBridge::sessionFinished, this, &ValidationPage::onSession);
  connect(bridge_, &EngineBridge::runFailed, this, [this](const QString& message) {
    verdict_label_->setText(tr("<b>Could not run:</b> %1").arg(message.toHtmlEscaped()));
    check_button_->setEnabled(true);
    emit validationFinished();
  });
}

void ValidationPage::initializePage() {
  const bool can_run = !state_->simulating;
  check_button_->setEnabled(can_run && !bridge_->isRunning());
  reason_label_->setText(can_run ? tr("Runs %1 configs for a few iterations each on %2.")
                                       .arg(1 + state_->recommendation.neighbours.size())
                                       .arg(QString::fromStdString(state_->request.device_name.empty() ? "the CPU" : state_->request.device_name))
                                 : tr("Checking needs the real device: this recommendation is for a simulated %1. "
                                      "Go back and pick this machine's device to measure.")
                                       .arg(QString::fromStdString(state_->recommendation.device_label)));
  check_button_->setToolTip(can_run ? QString() : reason_label_->text());
}

void ValidationPage::cleanupPage() {
  if (bridge_->isRunning()) bridge_->cancel();
}

void ValidationPage::startValidation(const QString& model, int warmup, int iterations) {
  if (state_->simulating || bridge_->isRunning()) return;
  ProfileRequest request;
  request.model.name = model.toStdString();
  request.batch = 1;
  request.device = state_->request.caps.kind;
  request.plan = {state_->recommendation.config};
  for (const auto& n : state_->recommendation.neighbours) request.plan.push_back(n);
  request.run.warmup_iterations = warmup;
  request.run.measure_iterations = iterations;
  results_table_->setRowCount(static_cast<int>(request.plan.size()));
  for (int i = 0; i < results_table_->rowCount(); ++i) {
    results_table_->setItem(i, 0, new QTableWidgetItem(QString::fromStdString(request.plan[static_cast<std::size_t>(i)].key())));
    results_table_->setItem(i, 3, new QTableWidgetItem(tr("waiting")));
  }
  has_outcome_ = false;
  verdict_label_->setText(tr("Measuring…"));
  check_button_->setEnabled(false);
  bridge_->start(request);
}

void ValidationPage::onSession(const std::shared_ptr<const SessionResult>& session) {
  outcome_ = advisor::validateRecommendation(state_->recommendation, session->configs);
  has_outcome_ = true;
  for (std::size_t i = 0; i < outcome_.candidates.size() && static_cast<int>(i) < results_table_->rowCount(); ++i) {
    results_table_->setItem(static_cast<int>(i), 3, new QTableWidgetItem(QString::fromStdString(outcome_.candidates[i].note)));
  }
  verdict_label_->setText(tr("<b>%1</b> → %2<br>%3")
                              .arg(QString::fromUtf8(advisor::toString(outcome_.verdict)),
                                   QString::fromStdString(outcome_.chosen.key()).toHtmlEscaped(),
                                   QString::fromStdString(outcome_.explanation).toHtmlEscaped()));
  check_button_->setEnabled(true);
  emit validationFinished();
}

}  // namespace inferscope::gui
