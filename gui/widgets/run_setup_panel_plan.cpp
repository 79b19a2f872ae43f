// RunSetupPanel's plan picker: the guide / grid presets from core/engine/plan.h, kernel tracing,
// and the run-time estimate under the config list. Layout is in run_setup_panel.cpp.
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>

#include "core/common/units.h"
#include "core/engine/plan.h"
#include "core/model/model_zoo.h"
#include "gui/widgets/run_setup_panel.h"

namespace inferscope::gui {

QString RunSetupPanel::planPreset() const {
  return plan_combo_->currentData().toString();
}

void RunSetupPanel::setPlanPreset(const QString& preset) {
  const int i = plan_combo_->findData(preset);
  if (i >= 0) plan_combo_->setCurrentIndex(i);
}

bool RunSetupPanel::traceKernels() const {
  return trace_check_->isChecked() && selectedDevice().kind == DeviceKind::Cuda;
}

void RunSetupPanel::applyPreset() {
  const QString preset = planPreset();
  if (preset == QLatin1String("custom")) return;
  PlanContext context;
  context.caps = DeviceCaps::from(selectedDevice());
  if (const auto info = findZooModel(modelName().toStdString())) context.family = info->family;
  context.aot_inductor_available = has_aoti_;
  const auto plan = preset == QLatin1String("guide") ? guidePlan(context) : gridPlan(GridKnobs{});
  QStringList keys;
  applying_preset_ = true;
  for (const auto& config : plan) {
    const QString key = QString::fromStdString(config.key());
    keys << key;
    if (config_list_->findItems(key, Qt::MatchExactly).isEmpty()) addConfigItem(key, true);
  }
  setCheckedKeys(keys);
  applying_preset_ = false;
  updateDeviceDetails();  // greys what this device cannot run
  updateEstimate();
}

void RunSetupPanel::setLastIterationMs(double ms) {
  last_iteration_ms_ = ms;
  updateEstimate();
}

QString RunSetupPanel::estimateText() const {
  return estimate_label_->text();
}

void RunSetupPanel::updateEstimate() {
  if (!estimate_label_) return;
  const int configs = static_cast<int>(checkedKeys().size());
  // Without a measurement: 100 ms per iteration on the CPU, 20 ms on a GPU — on the slow side for
  // the zoo models at small batches, so the estimate rarely promises too little.
  const bool measured = last_iteration_ms_ > 0;
  const double per_iteration_ms =
      measured ? last_iteration_ms_ : (selectedDevice().kind == DeviceKind::Cpu ? 100.0 : 20.0);
  const double total_ms =
      configs * (warmup_spin_->value() + iterations_spin_->value()) * per_iteration_ms;
  const int seconds = static_cast<int>(units::msToS(total_ms) + 0.5);
  const QString duration =
      seconds < 60 ? tr("%1 s").arg(seconds)
                   : tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
  estimate_label_->setText(configs == 1 ? tr("1 config · est. %1").arg(duration)
                                        : tr("%1 configs · est. %2").arg(configs).arg(duration));
  estimate_label_->setToolTip(
      tr("configs × (warm-up + measured) × %1 ms per iteration (%2); excludes model loading and "
         "compilation")
          .arg(per_iteration_ms, 0, 'g', 3)
          .arg(measured ? tr("from the last run") : tr("conservative default")));
}

}  // namespace inferscope::gui
