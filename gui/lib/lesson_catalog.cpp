#include "gui/lib/lesson_catalog.h"

#include <QFile>

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

lessons::NumberFormatter localeNumberFormatter(const QLocale& locale) {
  return [locale](double value, char type, int precision) {
    if (type == 'f')
      return locale.toString(value, 'f', precision < 0 ? 2 : precision).toStdString();
    if (type == 'e')
      return locale.toString(value, 'e', precision < 0 ? 1 : precision).toStdString();
    return locale.toString(value, 'g', precision < 0 ? 6 : precision).toStdString();
  };
}

QString lessonText(const lessons::LocalizedText& text, const lessons::MetricValues& values) {
  return QString::fromStdString(
      lessons::fillTemplate(text.in(uiLanguage()), values, localeNumberFormatter(QLocale())));
}

}  // namespace inferscope::gui
