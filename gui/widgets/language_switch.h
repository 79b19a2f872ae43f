// The UI's language, switched while the application runs (a teacher switches in front of a room):
// English (the source strings) or Japanese (gui/i18n/inferscope_ja.ts, compiled in when Qt Linguist
// was there at build time), the system's locale by default. Applying a language installs its
// translators, makes its locale the default (QLocale(): numbers, dates and lesson narration follow
// it) and sends QEvent::LanguageChange to every window, whose widgets retranslate themselves.
#pragma once

#include <QObject>
#include <QStringList>
#include <QTranslator>
#include <memory>
#include <vector>

namespace inferscope::gui {

class LanguageSwitch : public QObject {
  Q_OBJECT

 public:
  static LanguageSwitch& instance();

  // "en", "ja", or "" for the system's locale. A language without a compiled translation falls
  // back to English strings (its locale still formats numbers).
  void apply(const QString& choice);
  // The saved choice (QSettings "language"), or the system's: call once at start-up.
  void applySaved();
  QString choice() const { return choice_; }
  // "en" or "ja": the language the UI's strings are in now.
  QString effective() const { return effective_; }
  // The languages with their strings compiled in ("en" always).
  static QStringList available();
  // Each language's name in itself, for the menu: "English", "日本語".
  static QString nativeName(const QString& code);

 signals:
  void changed(const QString& effective);

 private:
  LanguageSwitch() = default;
  std::vector<std::unique_ptr<QTranslator>> translators_;
  QString choice_, effective_ = QStringLiteral("en");
};

}  // namespace inferscope::gui
