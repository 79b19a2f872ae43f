// The five pages of the RecommendationWizard. Each reads and writes the shared WizardState; each
// exposes its inputs by objectName and a few accessors so the tests can drive it offscreen.
#pragma once

#include <QWizardPage>

#include <memory>

#include "core/advisor/recommendation_validator.h"
#include "core/engine/session_result.h"
#include "gui/wizard/recommendation_wizard.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableWidget;

namespace inferscope::gui {

class EngineBridge;

class DevicePage : public QWizardPage {
  Q_OBJECT
 public:
  DevicePage(WizardState* state, QWidget* parent = nullptr);
  bool validatePage() override;
  // Simulate a generation ("turing", "hopper", "cpu") instead of the detected device.
  void simulate(const QString& id);

 private:
  WizardState* state_;
  QRadioButton* detected_radio_;
  QRadioButton* simulate_radio_;
  QComboBox* device_combo_;
  QComboBox* generation_combo_;
};

class GoalsPage : public QWizardPage {
  Q_OBJECT
 public:
  GoalsPage(WizardState* state, QWidget* parent = nullptr);
  bool validatePage() override;

 private:
  WizardState* state_;
  QComboBox* goal_combo_;
  QComboBox* sizes_combo_;
  QCheckBox* reproducible_check_;
  QDoubleSpinBox* tolerance_spin_;
  QComboBox* family_combo_;
  QLineEdit* torch_edit_;
  QLabel* error_label_;
};

class RecommendationPage : public QWizardPage {
  Q_OBJECT
 public:
  RecommendationPage(WizardState* state, QWidget* parent = nullptr);
  void initializePage() override;
  QTableWidget* reasonTable() const { return reason_table_; }
  QString configKey() const;

 private:
  WizardState* state_;
  QLabel* summary_label_;
  QTableWidget* reason_table_;
  QLabel* warnings_label_;
};

class ValidationPage : public QWizardPage {
  Q_OBJECT
 public:
  ValidationPage(WizardState* state, QWidget* parent = nullptr);
  void initializePage() override;
  void cleanupPage() override;
  // Runs rec.config + neighbours on the detected device with `model` (a zoo model of the
  // family) for a few iterations; validationFinished() follows.
  void startValidation(const QString& model, int warmup, int iterations);
  QPushButton* checkButton() const { return check_button_; }
  QTableWidget* resultsTable() const { return results_table_; }
  bool hasOutcome() const { return has_outcome_; }
  const advisor::ValidationOutcome& outcome() const { return outcome_; }

 signals:
  void validationFinished();

 private:
  void onSession(const std::shared_ptr<const SessionResult>& session);

  WizardState* state_;
  EngineBridge* bridge_;
  QPushButton* check_button_;
  QLabel* reason_label_;
  QTableWidget* results_table_;
  QLabel* verdict_label_;
  advisor::ValidationOutcome outcome_;
  bool has_outcome_ = false;
};

class ExportPage : public QWizardPage {
  Q_OBJECT
 public:
  ExportPage(WizardState* state, QWidget* parent = nullptr);
  void initializePage() override;
  void setPaths(const QString& json, const QString& python, const QString& cpp);
  // Writes every format with a path; returns how many were written (errors go to the label).
  int writeExports();

 private:
  QLineEdit* pathRow(const QString& label, const QString& filter, class QFormLayout* form);

  WizardState* state_;
  QLineEdit* json_edit_;
  QLineEdit* python_edit_;
  QLineEdit* cpp_edit_;
  QLabel* status_label_;
};

}  // namespace inferscope::gui
