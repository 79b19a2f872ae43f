// Tools → Recommendation wizard: the advisor (core/advisor) as five pages — device (detected, or a
// simulated generation for teaching without that GPU), goals, the recommendation with each
// setting's reason, validation on this device by the tuner (a child process), and export as JSON /
// Python / C++. The pages share one WizardState; the wizard never calls LibTorch itself.
#pragma once

#include <QWizard>
#include <memory>
#include <vector>

#include "core/advisor/recommendation.h"
#include "core/device/device_info.h"
#include "core/engine/session_result.h"

namespace inferscope::gui {

// What the pages decide, in order: page 1 fills the device, page 2 the goals, page 3 the answer.
struct WizardState {
  std::vector<DeviceInfo> devices;  // detected here (the CPU first)
  bool simulating = false;
  QString simulated_id;  // GenerationTable id, or "cpu"
  advisor::AdvisorRequest request;
  advisor::Recommendation recommendation;
  // The table's own choice before an open session's evidence overruled it (equal to
  // recommendation.config when nothing did): the rule rows explain this config.
  OptimizationConfig table_config;
  bool has_recommendation = false;
  // The session open in the main window, if any: evidence that overrules the table where it
  // measured the same kind of device (core/advisor/session_evidence.h), and the model Validate
  // tunes.
  std::shared_ptr<const SessionResult> evidence;
};

class DevicePage;
class GoalsPage;
class RecommendationPage;
class ValidationPage;
class ExportPage;

class RecommendationWizard : public QWizard {
  Q_OBJECT

 public:
  enum PageId { Device, Goals, Advice, Validation, Export };

  explicit RecommendationWizard(std::vector<DeviceInfo> devices, QWidget* parent = nullptr);

  WizardState& state() { return state_; }
  // The main window's open session (or none): see WizardState::evidence.
  void setEvidence(std::shared_ptr<const SessionResult> session) {
    state_.evidence = std::move(session);
  }
  DevicePage* devicePage() const { return device_page_; }
  GoalsPage* goalsPage() const { return goals_page_; }
  RecommendationPage* recommendationPage() const { return advice_page_; }
  ValidationPage* validationPage() const { return validation_page_; }
  ExportPage* exportPage() const { return export_page_; }

 signals:
  // Validate wrote a session (every config the tuner measured): the main window opens it.
  void openSessionRequested(const QString& path);

 protected:
  // LanguageChange: QWizard keeps its button texts from construction; they are Qt's strings
  // (qtbase_*.qm), set again here in the new language.
  void changeEvent(QEvent* event) override;

 private:
  WizardState state_;
  DevicePage* device_page_;
  GoalsPage* goals_page_;
  RecommendationPage* advice_page_;
  ValidationPage* validation_page_;
  ExportPage* export_page_;
};

}  // namespace inferscope::gui
