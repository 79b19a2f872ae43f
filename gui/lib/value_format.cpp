#include "gui/lib/value_format.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <cmath>

#include "core/common/units.h"
#include "gui/lib/display_text.h"

namespace inferscope::gui {

QString ValueFormat::number(double value, int significant_digits) {
  if (!std::isfinite(value)) return QStringLiteral("—");
  if (value == 0) return QStringLiteral("0");
  // Decimals so that the value shows `significant_digits` digits; integers beyond that are
  // shown whole (rounding 4,523 ms to 4,520 would read as a measured zero).
  const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value)))) + 1;
  const int decimals = std::max(0, significant_digits - magnitude);
  return QLocale().toString(value, 'f', decimals);
}

QString ValueFormat::ms(double latency_ms) {
  return number(latency_ms) + QStringLiteral(" ms");
}

QString ValueFormat::mib(std::int64_t bytes) {
  if (bytes <= 0) return QStringLiteral("—");
  return QLocale().toString(units::bytesToMiB(bytes), 'f', 1);
}

QString ValueFormat::itemsPerSecond(double items_per_s) {
  if (items_per_s <= 0 || !std::isfinite(items_per_s)) return QStringLiteral("—");
  return number(items_per_s);
}

QString ValueFormat::relativeError(double error) {
  if (!std::isfinite(error)) return QStringLiteral("NaN/Inf");
  if (error == 0) return QStringLiteral("0");
  return QString::number(error, 'e', 1);
}

QString ValueFormat::deviceName(const DeviceInfo& device) {
  // A session's device name is the file's text: one bounded line (display_text.h).
  QString name = display_text::line(device.name, 120);
  if (device.kind == DeviceKind::Cuda) {
    return QStringLiteral("%1 (sm_%2%3, %4)")
        .arg(name)
        .arg(device.cc_major)
        .arg(device.cc_minor)
        .arg(QString::fromStdString(device.generation()));
  }
  return name.isEmpty() ? QStringLiteral("CPU") : name;
}

QString ValueFormat::cudnnVersion(const std::string& version) {
  bool ok = false;
  const int v = QString::fromStdString(version).toInt(&ok);
  if (!ok || v <= 0) return QString::fromStdString(version);
  if (v >= 90000)
    return QStringLiteral("%1.%2.%3").arg(v / 10000).arg(v % 10000 / 100).arg(v % 100);
  return QStringLiteral("%1.%2.%3").arg(v / 1000).arg(v % 1000 / 100).arg(v % 100);
}

QString ValueFormat::deviceVersions(const DeviceInfo& device) {
  QStringList parts;
  const auto add = [&](const QString& label, const std::string& version) {
    if (!version.empty())
      parts << QStringLiteral("%1 %2").arg(label, QString::fromStdString(version));
  };
  add(QCoreApplication::translate("inferscope::gui::ValueFormat", "driver"), device.driver_version);
  add(QStringLiteral("CUDA"), device.cuda_runtime_version);
  if (!device.cudnn_version.empty())
    parts << QStringLiteral("cuDNN %1").arg(cudnnVersion(device.cudnn_version));
  add(QStringLiteral("LibTorch"), device.libtorch_version);
  return parts.join(QStringLiteral(" · "));
}

QString ValueFormat::elapsed(double elapsed_ms) {
  const auto total_s = static_cast<long long>(std::max(0.0, units::msToS(elapsed_ms)));
  const long long h = total_s / 3600, m = (total_s / 60) % 60, s = total_s % 60;
  if (h > 0)
    return QStringLiteral("%1:%2:%3")
        .arg(h)
        .arg(m, 2, 10, QLatin1Char('0'))
        .arg(s, 2, 10, QLatin1Char('0'));
  return QStringLiteral("%1:%2").arg(m, 2, 10, QLatin1Char('0')).arg(s, 2, 10, QLatin1Char('0'));
}

}  // namespace inferscope::gui
