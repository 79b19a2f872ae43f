#include "gui/app/app_setup.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>

#include "core/common/version.h"
#include "gui/app/app_options.h"
#include "gui/widgets/dark_style.h"
#include "gui/widgets/language_switch.h"

namespace inferscope::gui {

QStringList argumentList(int argc, char** argv) {
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments << QString::fromLocal8Bit(argv[i]);
  return arguments;
}

void chooseOffscreenPlatform(const QStringList& arguments) {
  if (!wantsOffscreen(arguments)) return;
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  const QString dejavu = QStringLiteral("/usr/share/fonts/truetype/dejavu");
  if (qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR") && QDir(dejavu).exists())
    qputenv("QT_QPA_FONTDIR", dejavu.toLocal8Bit());
}

bool displayAvailable() {
#if defined(Q_OS_LINUX) || defined(Q_OS_FREEBSD)
  return !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") ||
         !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
#else
  return true;  // macOS and Windows always have their window system
#endif
}

QString noDisplayMessage() {
  // English, as the option refusals: the language is chosen by options read after this.
  return QStringLiteral(
      "inferscope: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset). Run it "
      "in a desktop session, render offscreen with --screenshot FILE, or profile headless with "
      "inferscope-cli (scripts/run.sh does when it finds no display).");
}

void setApplicationIdentity() {
  QCoreApplication::setOrganizationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationVersion(QString::fromUtf8(kInferScopeVersion));
}

void applyLookAndLanguage(const AppOptions& options) {
  if (options.dark) DarkStyle::apply();
  if (options.offscreen()) {
    QCoreApplication::setApplicationName(QStringLiteral("InferScope-screenshot"));
    QSettings().clear();
  }
  // Before any window exists, so every text starts in the language.
  auto& language = LanguageSwitch::instance();
  if (options.lang) {
    const QString saved = QSettings().value(QStringLiteral("language")).toString();
    language.apply(*options.lang == QLatin1String("system") ? QString() : *options.lang);
    QSettings().setValue(QStringLiteral("language"), saved);
  } else {
    language.applySaved();
  }
}

}  // namespace inferscope::gui
