// The config keys the "Model & input" dock offers as checkboxes: the guide's usual suspects per
// precision family, in the order a user would try them. Any other key stays reachable from the
// CLI; the GUI keeps the list short enough to read at a glance.
#pragma once

#include <QString>
#include <QStringList>

#include "core/device/device_info.h"

namespace inferscope::gui {

class ConfigCatalog {
 public:
  static QStringList offeredKeys();
  static QString defaultKey() { return QStringLiteral("fp32"); }

  // The config's one-line description ("BF16 cast · channels_last"), or the parse error.
  static QString describe(const QString& key);
  // Why `key` cannot run on `device`, or an empty string when it can. Such configs stay
  // selectable: the engine records them as unsupported with the same reason, never silently.
  static QString unsupportedReason(const QString& key, const DeviceInfo& device, bool has_aoti);
};

}  // namespace inferscope::gui
