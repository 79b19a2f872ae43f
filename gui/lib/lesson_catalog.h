// The lessons compiled into the application (resources/lessons/, embedded under ":/lessons/"), in
// the UI's language: texts filled with the lesson's metrics and formatted in the UI's locale
// (QLocale: "37,618" in English, "37,618" in Japanese, "37 618" in French), so the numbers a
// room reads are the data's, written as its language writes them.
#pragma once

#include <QLocale>
#include <QString>
#include <vector>

#include "core/lessons/lesson_library.h"
#include "core/lessons/lesson_text.h"

namespace inferscope::gui {

// Reads ":/lessons/<name>".
lessons::FileReader builtInLessonReader();

struct LessonEntry {
  QString file;  // "cold-start.lesson.json"
  lessons::Lesson lesson;
};
// The index's lessons without their data (for menus and --lesson); throws Error on a broken file.
std::vector<LessonEntry> builtInLessons();
// The lesson file of an id ("cold-start"), or empty.
QString builtInLessonFile(const QString& id);
// One lesson with its data and metrics; throws Error naming the file when it cannot be read.
lessons::LoadedLesson loadBuiltInLesson(const QString& file);

// Japanese when the UI's locale (QLocale(), which the language switch sets) is Japanese.
lessons::Language uiLanguage();
// Numbers as `locale` writes them, with the template's digits.
lessons::NumberFormatter localeNumberFormatter(const QLocale& locale);
// A lesson text in the UI's language, filled and formatted for the UI's locale.
QString lessonText(const lessons::LocalizedText& text, const lessons::MetricValues& values);

}  // namespace inferscope::gui
