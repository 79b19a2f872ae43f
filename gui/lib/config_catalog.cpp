#include "gui/lib/config_catalog.h"

#include "core/common/error.h"
#include "core/config/optimization_config.h"

namespace inferscope::gui {

QStringList ConfigCatalog::offeredKeys() {
  return {
      QStringLiteral("fp32"),       QStringLiteral("nograd+fp32"),   QStringLiteral("fp32+cl"),
      QStringLiteral("fp32+ts"),    QStringLiteral("tf32"),          QStringLiteral("tf32-medium"),
      QStringLiteral("bf16"),       QStringLiteral("amp-bf16"),      QStringLiteral("bf16+cl"),
      QStringLiteral("bf16+bench"), QStringLiteral("bf16+cl+graph"), QStringLiteral("fp16"),
      QStringLiteral("amp-fp16"),   QStringLiteral("fp16+cl"),       QStringLiteral("fp16+graph"),
  };
}

QString ConfigCatalog::describe(const QString& key) {
  try {
    return QString::fromStdString(OptimizationConfig::parse(key.toStdString()).describe());
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
}

QString ConfigCatalog::unsupportedReason(const QString& key, const DeviceInfo& device,
                                         bool has_aoti) {
  try {
    const auto config = OptimizationConfig::parse(key.toStdString());
    const auto reason = inferscope::unsupportedReason(config, DeviceCaps::from(device), has_aoti);
    return reason ? QString::fromStdString(*reason) : QString();
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
}

}  // namespace inferscope::gui
