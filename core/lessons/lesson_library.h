// Loading lessons with their data: the index (resources/lessons/index.json), each lesson file, the
// sessions and ledgers it names, its metrics. Files are read through a callback, so the GUI reads
// them from its compiled-in resources and tests from the source tree.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/lessons/lesson.h"
#include "core/lessons/lesson_metrics.h"

namespace inferscope::lessons {

// Returns a file's text by its name relative to the lessons folder, or nullopt when it is absent.
using FileReader = std::function<std::optional<std::string>(const std::string& name)>;

FileReader directoryReader(const std::string& directory);

struct LoadedLesson {
  Lesson lesson;
  LessonData data;
  MetricValues values;
  // False while its data is not recorded (Lesson::pending_phase) or its sources are absent: the
  // reason says which file and which h200_run.sh phase records it.
  bool available = false;
  std::string unavailable_reason;
};

// Reads, parses and evaluates one lesson file. A malformed lesson or session throws
// Error(InvalidInput) naming the file; a missing source makes the lesson unavailable instead.
LoadedLesson loadLesson(const std::string& lesson_file, const FileReader& read);

// Every lesson of the index, in teaching order.
std::vector<LoadedLesson> loadLibrary(const FileReader& read);

// The index's lesson files and ids without loading sessions (for --lesson's list).
std::vector<std::string> lessonFiles(const FileReader& read);

}  // namespace inferscope::lessons
