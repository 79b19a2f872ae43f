#include "gui/lib/config_catalog.h"

#include "core/common/error.h"
#include "core/config/optimization_config.h"
#include "gui/lib/config_text.h"

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
    return configDescription(OptimizationConfig::parse(key.toStdString()));
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
}

QString ConfigCatalog::unsupportedReason(const QString& key, const DeviceInfo& device,
                                         bool has_aoti) {
  try {
    const auto config = OptimizationConfig::parse(key.toStdString());
    return unsupportedText(config, DeviceCaps::from(device), has_aoti);
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
}

}  // namespace inferscope::gui
