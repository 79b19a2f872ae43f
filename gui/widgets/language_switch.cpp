#include "gui/widgets/language_switch.h"

#include <QApplication>
#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QWidget>

#include "gui/lib/ui_lang.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

LanguageSwitch& LanguageSwitch::instance() {
  static LanguageSwitch* the = new LanguageSwitch;  // lives as long as the application
  return *the;
}

QStringList LanguageSwitch::available() {
  QStringList out{QStringLiteral("en")};
  if (QFile::exists(QStringLiteral(":/i18n/inferscope_ja.qm"))) out << QStringLiteral("ja");
  return out;
}

QString LanguageSwitch::nativeName(const QString& code) {
  return code == QLatin1String("ja") ? QStringLiteral("日本語") : QStringLiteral("English");
}

void LanguageSwitch::applySaved() {
  apply(QSettings().value(QStringLiteral("language")).toString());
}

void LanguageSwitch::apply(const QString& choice) {
  choice_ = choice == QLatin1String("en") || choice == QLatin1String("ja") ? choice : QString();
  QSettings().setValue(QStringLiteral("language"), choice_);
  const QLocale system = QLocale::system();
  const QString wanted =
      choice_.isEmpty()
          ? (system.language() == QLocale::Japanese ? QStringLiteral("ja") : QStringLiteral("en"))
          : choice_;
  effective_ = available().contains(wanted) ? wanted : QStringLiteral("en");
  // Core's answers (text/) in the same language as the strings, before anything retranslates.
  setUiLang(effective_ == QLatin1String("ja") ? text::Lang::Ja : text::Lang::En);
  // The system's locale formats numbers when the user chose nothing or it speaks the language.
  QLocale locale = system;
  if (effective_ == QLatin1String("ja") && system.language() != QLocale::Japanese)
    locale = QLocale(QLocale::Japanese, QLocale::Japan);
  if (effective_ == QLatin1String("en") && system.language() == QLocale::Japanese)
    locale = QLocale(QLocale::English, QLocale::UnitedStates);
  if (!choice_.isEmpty() && wanted != effective_)
    locale = QLocale(QLocale::English, QLocale::UnitedStates);
  QLocale::setDefault(locale);

  for (auto& t : translators_) QCoreApplication::removeTranslator(t.get());
  translators_.clear();
  auto load = [this](const QString& name, const QString& dir) {
    auto t = std::make_unique<QTranslator>();
    if (t->load(name, dir)) {
      QCoreApplication::installTranslator(t.get());
      translators_.push_back(std::move(t));
    }
  };
  // English is the source language; its file holds only plural forms ("%n results").
  load(QStringLiteral("inferscope_") + effective_, QStringLiteral(":/i18n"));
  if (effective_ == QLatin1String("ja")) {
    // Qt's own strings (standard dialog buttons), where Qt's translations are installed.
    load(QStringLiteral("qtbase_ja"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
  }
  // installTranslator posts LanguageChange; send it now as well (also when no translator changed,
  // e.g. without compiled translations), so every widget has its new texts when apply() returns.
  for (auto* window : QApplication::topLevelWidgets()) {
    retranslateBound(window);  // the static texts (translated_text.h)
    QEvent change(QEvent::LanguageChange);
    QCoreApplication::sendEvent(window, &change);  // QWidget passes it on to its children
  }
  emit changed(effective_);
}

}  // namespace inferscope::gui
