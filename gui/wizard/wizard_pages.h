// The five pages of the RecommendationWizard. Each reads and writes the shared WizardState; each
// exposes its inputs by objectName and a few accessors so the tests can drive it offscreen.
#pragma once

#include <QWizardPage>
#include <memory>

#include "core/advisor/recommendation_validator.h"
#include "core/engine/session_result.h"
#include "core/tuner/tune_event.h"
#include "gui/lib/tune_job.h"
#include "gui/wizard/recommendation_wizard.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableView;
class QTableWidget;

namespace inferscope::gui {

class RecommendationReasonModel;

class RaceView;
class TuneJob;

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
  void initializePage() override;  // the model family of the open session, when it tells
  bool validatePage() override;

 private:
  WizardState* state_;
  QComboBox* goal_combo_;
  QComboBox* sizes_combo_;
  QCheckBox* reproducible_check_;
  QDoubleSpinBox* tolerance_spin_;
  QComboBox* metric_combo_;
  QComboBox* family_combo_;
  QLineEdit* torch_edit_;
  QLabel* error_label_;
};

class RecommendationPage : public QWizardPage {
  Q_OBJECT
 public:
  RecommendationPage(WizardState* state, QWidget* parent = nullptr);
  void initializePage() override;
  // Over a RecommendationReasonModel (gui/lib).
  QTableView* reasonTable() const { return reason_table_; }
  QString configKey() const;

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the table's headers

 private:
  WizardState* state_;
  QLabel* summary_label_;
  RecommendationReasonModel* reason_model_;
  QTableView* reason_table_;
  QLabel* warnings_label_;
};

// Validate: the tuner on this device, in this program through the run layer (gui/lib/tune_job.h:
// its own thread, the finalists in fresh processes), seeded with the recommendation, shown as a
// live race (RaceView): candidates as they start, eliminated ones greyed with the reason, compile
// jobs, the finalists' forks, time spent and left, the winner ★ and its ties ≈.
// The result is a normal session the main window can open.
class ValidationPage : public QWizardPage {
  Q_OBJECT
 public:
  ValidationPage(WizardState* state, QWidget* parent = nullptr);
  ~ValidationPage() override;
  void initializePage() override;
  void cleanupPage() override;
  // The tune the button starts: the open session's model (its inputs and batch) or the zoo's
  // first model of the family at batch 1, on the wizard's device, seeded with the recommendation,
  // under its accuracy rule, within `budget_s` (≤ 0: the tuner's default), the session written to
  // a temporary file. Tests shrink its iterations before startValidation().
  TuneJobRequest defaultTune(double budget_s) const;
  // Tunes `tune`; validationFinished() follows. Nothing when the device is simulated or a tune
  // still runs.
  void startValidation(TuneJobRequest tune);
  void cancelValidation();
  bool isValidating() const;
  QPushButton* checkButton() const { return check_button_; }
  RaceView* raceView() const { return race_; }
  // The race's table (a QTableView or a QTableWidget, read through its model).
  QTableView* resultsTable() const;
  bool hasOutcome() const;
  QString winner() const;
  QString verdict() const;
  QString sessionPath() const { return session_path_; }
  // The row of a config key, or −1.
  int rowOf(const QString& key) const;

 signals:
  void validationFinished();
  void openSessionRequested(const QString& path);

 private:
  void onFinished(const std::shared_ptr<const TuneOutcome>& outcome);
  ProfileRequest tunedModel() const;

  WizardState* state_;
  TuneJob* tune_;
  QPushButton* check_button_;
  QPushButton* open_button_;
  QLabel* reason_label_;
  RaceView* race_;  // the race as it happens (gui/widgets/race_view.h)
  QString session_path_;
  class QTemporaryDir* session_dir_;
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
  QLineEdit* pathRow(const char* label, const QString& filter, class QFormLayout* form);

  WizardState* state_;
  QLineEdit* json_edit_;
  QLineEdit* python_edit_;
  QLineEdit* cpp_edit_;
  QLabel* status_label_;
};

}  // namespace inferscope::gui
