// The "Model & input" dock: which model, batch, device, configs and iteration budget a run uses.
// It only turns widget state into a ProfileRequest (and back from QSettings); starting the run is
// the window's business. While a run is going the inputs are locked, so what the panel shows is
// what is being measured.
#pragma once

#include <QVariantMap>
#include <QWidget>
#include <vector>

#include "core/device/device_info.h"
#include "core/engine/profile_request.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QSettings;
class QSpinBox;

namespace inferscope::gui {

class RunSetupPanel : public QWidget {
  Q_OBJECT

 public:
  RunSetupPanel(std::vector<DeviceInfo> devices, bool has_aoti, QWidget* parent = nullptr);

  // The run as chosen; the plan holds the checked configs in list order.
  ProfileRequest request() const;
  const DeviceInfo& selectedDevice() const;
  QString modelName() const;

  QStringList checkedKeys() const;
  void setCheckedKeys(const QStringList& keys);
  void setModelName(const QString& name);
  void setBatch(int batch);
  void setIterations(int warmup, int measured);
  void setRunning(bool running);
  // A model file opened in the window (File ▸ Open Model…, a drop) once trusted: an entry point
  // (FILE.py:FUNCTION) or an ExportedProgram (.pt2). It joins the model list after the zoo models
  // and is selected; Start runs it through the Python worker on its own example inputs. The same
  // file and function opened again selects its entry.
  void addModelFile(const ModelRef& model);
  // Whether the selected entry of the model list is a model file (not a zoo model).
  bool modelFileSelected() const { return selectedModelFile() != nullptr; }

  // Plan presets: "guide" (core guidePlan for this device and model family), "grid" (gridPlan's
  // full product) or "custom" (the checkboxes as the user left them). Picking guide or grid
  // checks exactly that plan's keys; touching a checkbox makes the plan custom.
  QString planPreset() const;
  void setPlanPreset(const QString& preset);
  // Per-iteration time the estimate uses: the last run's mean median, or a conservative default.
  void setLastIterationMs(double ms);
  QString estimateText() const;
  bool traceKernels() const;
  // Shows an opened session's choices, so Start measures the same plan again. Config keys
  // outside the offered list are added to it; the device stays as it is when the session's
  // device is not here (recorded on a GPU server, opened on a laptop).
  void applyRequest(const ProfileRequest& request);

  // The panel's settings, keys with their group ("setup/batch"), for MainWindow's SettingsWriter.
  QVariantMap settingsValues() const;
  void restoreSettings(const QSettings& settings);

 signals:
  void changed();
  // The model picker's "File…": the window opens a model file (FileActions::openModelDialog).
  void openModelRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  QWidget* createModelGroup();
  QWidget* createDeviceGroup();
  QWidget* createConfigGroup();
  QWidget* createIterationGroup();
  void updateModelDetails();
  void updateDeviceDetails();
  void addConfigItem(const QString& key, bool checked);
  void applyPreset();
  void updateEstimate();
  const ModelRef* selectedModelFile() const;
  void updateBatchEnabled();

  std::vector<DeviceInfo> devices_;
  // The model files opened (addModelFile), in the order of their entries after the zoo models;
  // an entry's Qt::UserRole is its index here.
  std::vector<ModelRef> model_files_;
  bool running_ = false;
  bool has_aoti_ = false;
  QComboBox* model_combo_ = nullptr;
  QWidget* model_file_button_ = nullptr;
  QLabel* model_details_ = nullptr;
  QSpinBox* batch_spin_ = nullptr;
  QComboBox* device_combo_ = nullptr;
  QLabel* device_details_ = nullptr;
  QListWidget* config_list_ = nullptr;
  QComboBox* plan_combo_ = nullptr;
  QCheckBox* trace_check_ = nullptr;
  QLabel* estimate_label_ = nullptr;
  double last_iteration_ms_ = 0;  // 0: none measured yet
  // The opened session's model and inputs, described under the combo until the user picks a model
  // or a batch for a new run: a session of a model file or entry point (the combo lists zoo models
  // only), or with inputs of its own, read as the zoo default's otherwise ("resnet18 …
  // 32x3x224x224" under a tuned GPT-2 session).
  bool session_described_ = false;
  ModelRef session_model_;
  std::vector<InputSpec> session_inputs_;
  bool applying_request_ = false;
  bool applying_preset_ = false;
  QSpinBox* warmup_spin_ = nullptr;
  QSpinBox* iterations_spin_ = nullptr;
  QCheckBox* accuracy_check_ = nullptr;
  QCheckBox* adaptive_check_ = nullptr;
  QCheckBox* roofline_check_ = nullptr;
};

}  // namespace inferscope::gui
