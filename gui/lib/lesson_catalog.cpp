#include "gui/lib/lesson_catalog.h"

#include <QFile>
#include <cmath>

#include "core/common/error.h"
#include "core/lessons/lesson_json.h"
#include "core/lessons/lesson_text.h"

namespace inferscope::gui {

lessons::FileReader builtInLessonReader() {
  return [](const std::string& name) -> std::optional<std::string> {
    QFile file(QStringLiteral(":/lessons/") + QString::fromStdString(name));
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()));
  };
}

std::vector<LessonEntry> builtInLessons() {
  const auto read = builtInLessonReader();
  std::vector<LessonEntry> out;
  for (const auto& file : lessons::lessonFiles(read)) {
    const auto text = read(file);
    if (!text)
      throw Error(ErrorKind::InvalidInput, "built-in lesson file '" + file + "' is missing");
    out.push_back({QString::fromStdString(file), lessons::lessonFromJson(*text, file)});
  }
  return out;
}

QString builtInLessonFile(const QString& id) {
  for (const auto& e : builtInLessons())
    if (QString::fromStdString(e.lesson.id) == id) return e.file;
  return {};
}

lessons::LoadedLesson loadBuiltInLesson(const QString& file) {
  return lessons::loadLesson(file.toStdString(), builtInLessonReader());
}

lessons::Language uiLanguage() {
  return QLocale().language() == QLocale::Japanese ? lessons::Language::Japanese
                                                   : lessons::Language::English;
}

namespace {

// "8.8 × 10⁻⁴": one way to write an exponent in every language, as the charts' log axes do
// (QLocale writes "8.8e-04" in English and "8.8E-04" in Japanese).
QString scientific(const QLocale& locale, double value, int precision) {
  if (value == 0 || !std::isfinite(value)) return locale.toString(value, 'f', precision);
  int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
  double mantissa = value / std::pow(10.0, exponent);
  // Rounding can carry into the next power: 9.96e-4 at one decimal is 1.0 × 10⁻³.
  if (std::abs(std::round(mantissa * std::pow(10.0, precision))) >=
      10 * std::pow(10.0, precision)) {
    mantissa /= 10;
    ++exponent;
  }
  static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
  QString power;
  for (const QChar c : QString::number(std::abs(exponent))) power += digits[c.digitValue()];
  if (exponent < 0) power.prepend(QChar(0x207B));  // superscript minus
  return QStringLiteral("%1 × 10%2").arg(locale.toString(mantissa, 'f', precision), power);
}

}  // namespace

lessons::NumberFormatter localeNumberFormatter(const QLocale& locale) {
  return [locale](double value, char type, int precision) {
    if (type == 'f')
      return locale.toString(value, 'f', precision < 0 ? 2 : precision).toStdString();
    if (type == 'e') return scientific(locale, value, precision < 0 ? 1 : precision).toStdString();
    return locale.toString(value, 'g', precision < 0 ? 6 : precision).toStdString();
  };
}

QString lessonText(const lessons::LocalizedText& text, const lessons::MetricValues& values) {
  return QString::fromStdString(
      lessons::fillTemplate(text.in(uiLanguage()), values, localeNumberFormatter(QLocale())));
}

}  // namespace inferscope::gui
