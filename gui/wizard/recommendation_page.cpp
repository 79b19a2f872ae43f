// RecommendationPage (the advice with each setting's rule) and ExportPage (JSON / Python / C++
// through core's writeExportFile, the same bytes the CLI writes).
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "core/advisor/config_document.h"
#include "core/advisor/config_exporter.h"
#include "gui/lib/config_text.h"
#include "gui/lib/display_text.h"
#include "gui/lib/recommendation_reason_model.h"
#include "gui/widgets/translated_text.h"
#include "gui/wizard/advisor_text.h"
#include "gui/wizard/wizard_pages.h"

namespace inferscope::gui {

RecommendationPage::RecommendationPage(WizardState* state, QWidget* parent)
    : QWizardPage(parent),
      state_(state),
      summary_label_(new QLabel),
      reason_model_(new RecommendationReasonModel(this)),
      reason_table_(new QTableView),
      warnings_label_(new QLabel) {
  bindTr(this, this, "title", QT_TR_NOOP("Recommendation"));
  bindTr(
      this, this, "subTitle",
      QT_TR_NOOP("The settings for your device and goals, each with the guide's rule behind it."));
  summary_label_->setWordWrap(true);
  summary_label_->setTextFormat(Qt::RichText);
  reason_table_->setObjectName(QStringLiteral("reasonTable"));
  reason_table_->setModel(reason_model_);
  reason_table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  reason_table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
  reason_table_->verticalHeader()->setVisible(false);
  reason_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  reason_table_->setWordWrap(true);
  reason_table_->setSelectionMode(QAbstractItemView::NoSelection);
  reason_table_->setFocusPolicy(Qt::NoFocus);
  warnings_label_->setWordWrap(true);
  warnings_label_->setTextFormat(Qt::RichText);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary_label_);
  layout->addWidget(reason_table_, 1);
  layout->addWidget(warnings_label_);
}

QString RecommendationPage::configKey() const {
  // A key can come from a session's evidence: one bounded line.
  return state_->has_recommendation ? display_text::line(state_->recommendation.config.key())
                                    : QString();
}

void RecommendationPage::initializePage() {
  const auto& rec = state_->recommendation;
  QStringList neighbours;
  for (const auto& n : rec.neighbours) neighbours << display_text::line(n.key());
  summary_label_->setText(
      tr("<b>%1</b> for %2%3<br>%4<br><span style='color:gray'>Measured around "
         "it when checking: %5</span>")
          .arg(configKey().toHtmlEscaped(), display_text::line(rec.device_label).toHtmlEscaped(),
               state_->simulating ? tr(" (simulated)") : QString(),
               display_text::line(configDescription(rec.config), 600).toHtmlEscaped(),
               neighbours.isEmpty() ? tr("none")
                                    : neighbours.join(QStringLiteral(", ")).toHtmlEscaped()));
  // When an open session's measurements replaced the table's choice, the guide's rules explain the
  // table's config, not the one recommended: they stay, greyed and headed as the table's, and the
  // evidence row (in full colour) says why the measured config replaced it.
  const bool overruled =
      state_->has_recommendation && state_->table_config.key() != rec.config.key();
  const QString table_key = display_text::line(state_->table_config.key());
  std::vector<RecommendationReasonRow> rows;
  if (overruled) {
    rows.push_back(
        {tr("table's choice"),
         tr("%1 — the rules below explain it; measured, %2 replaced it (see the evidence row)")
             .arg(table_key, configKey()),
         QString(), false, true});
  }
  for (const auto& reason : rec.reasons) {
    const bool table_rule =
        overruled && reason.setting != "evidence" && reason.setting != "validation";
    const QString source = display_text::details(adviceSourceText(reason));
    rows.push_back(
        {QString::fromStdString(reason.setting), adviceRuleText(reason),
         table_rule
             ? tr("The table's rule for %1 (not the recommended config): %2").arg(table_key, source)
             : source,
         table_rule, false});
  }
  reason_model_->setRows(std::move(rows));
  reason_table_->resizeRowsToContents();
  QStringList warnings;
  for (std::size_t i = 0; i < rec.warnings.size(); ++i)
    warnings << QStringLiteral("⚠ ") +
                    display_text::line(adviceWarningText(rec, i), 600).toHtmlEscaped();
  warnings_label_->setText(warnings.join(QStringLiteral("<br>")));
  warnings_label_->setVisible(!warnings.isEmpty());
}

void RecommendationPage::changeEvent(QEvent* event) {
  QWizardPage::changeEvent(event);
  // The rows are rendered in the UI's language from the advice's codes: again in the new one.
  if (event->type() == QEvent::LanguageChange) {
    reason_model_->retranslate();
    if (state_->has_recommendation) initializePage();
  }
}

ExportPage::ExportPage(WizardState* state, QWidget* parent)
    : QWizardPage(parent), state_(state), status_label_(new QLabel) {
  bindTr(this, this, "title", QT_TR_NOOP("Export"));
  bindTr(this, this, "subTitle",
         QT_TR_NOOP("Write the recommended config as files that apply it: leave a path empty to "
                    "skip that format."));
  auto* form = new QFormLayout;
  json_edit_ = pathRow(QT_TR_NOOP("JSON config"), tr("JSON (*.json)"), form);
  python_edit_ = pathRow(QT_TR_NOOP("Python script"), tr("Python (*.py)"), form);
  cpp_edit_ = pathRow(QT_TR_NOOP("C++ (LibTorch)"), tr("C++ (*.cpp)"), form);
  json_edit_->setObjectName(QStringLiteral("jsonPath"));
  python_edit_->setObjectName(QStringLiteral("pythonPath"));
  cpp_edit_->setObjectName(QStringLiteral("cppPath"));
  auto* write = newTr<QPushButton>(this, QT_TR_NOOP("Write files"));
  write->setObjectName(QStringLiteral("writeExportsButton"));
  connect(write, &QPushButton::clicked, this, &ExportPage::writeExports);
  status_label_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(write, 0, Qt::AlignLeft);
  layout->addWidget(status_label_);
  layout->addStretch(1);
}

QLineEdit* ExportPage::pathRow(const char* label, const QString& filter, QFormLayout* form) {
  auto* edit = new QLineEdit;
  auto* browse = newTr<QPushButton>(this, QT_TR_NOOP("Browse…"));
  connect(browse, &QPushButton::clicked, this, [this, edit, filter] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export"), edit->text(), filter);
    if (!path.isEmpty()) edit->setText(path);
  });
  auto* row = new QHBoxLayout;
  row->addWidget(edit, 1);
  row->addWidget(browse);
  form->addRow(newTr<QLabel>(this, label), row);
  return edit;
}

void ExportPage::initializePage() {
  // Suggested names in the home folder; the user picks others with Browse….
  const QString base = QDir::home().filePath(
      QStringLiteral("inferscope-%1")
          .arg(QString::fromStdString(state_->recommendation.generation_id.empty()
                                          ? "config"
                                          : state_->recommendation.generation_id)));
  if (json_edit_->text().isEmpty()) json_edit_->setText(base + QStringLiteral(".json"));
  if (python_edit_->text().isEmpty()) python_edit_->setText(base + QStringLiteral(".py"));
  if (cpp_edit_->text().isEmpty()) cpp_edit_->setText(base + QStringLiteral(".cpp"));
}

void ExportPage::setPaths(const QString& json, const QString& python, const QString& cpp) {
  json_edit_->setText(json);
  python_edit_->setText(python);
  cpp_edit_->setText(cpp);
}

int ExportPage::writeExports() {
  if (!state_->has_recommendation) return 0;
  const auto document = advisor::ConfigDocument::from(state_->recommendation);
  const std::pair<QLineEdit*, advisor::ExportFormat> targets[] = {
      {json_edit_, advisor::ExportFormat::Json},
      {python_edit_, advisor::ExportFormat::Python},
      {cpp_edit_, advisor::ExportFormat::Cpp}};
  int written = 0;
  QStringList lines;
  for (const auto& [edit, format] : targets) {
    const QString path = edit->text().trimmed();
    if (path.isEmpty()) continue;
    try {
      advisor::writeExportFile(document, format, path.toStdString());
      lines << tr("✓ %1 written to %2").arg(QString::fromUtf8(advisor::toString(format)), path);
      ++written;
    } catch (const std::exception& e) {
      lines << tr("✗ %1").arg(QString::fromStdString(e.what()));
    }
  }
  status_label_->setText(lines.join(QLatin1Char('\n')));
  return written;
}

}  // namespace inferscope::gui
