#include "core/lessons/lesson_library.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "core/common/error.h"
#include "core/cudnn/ledger_json.h"
#include "core/lessons/lesson_json.h"
#include "core/session/session_file.h"

namespace inferscope::lessons {

FileReader directoryReader(const std::string& directory) {
  return [directory](const std::string& name) -> std::optional<std::string> {
    std::ifstream in(directory + "/" + name, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
}

LoadedLesson loadLesson(const std::string& lesson_file, const FileReader& read) {
  const auto text = read(lesson_file);
  if (!text)
    throw Error(ErrorKind::InvalidInput, fmt::format("lesson file '{}' is missing", lesson_file));
  LoadedLesson out;
  out.lesson = lessonFromJson(*text, lesson_file);
  for (const auto& src : out.lesson.sources) {
    const auto data = read(src.file);
    if (!data) {
      out.unavailable_reason =
          out.lesson.pending_phase.empty()
              ? fmt::format("lesson '{}': its data file '{}' is missing", out.lesson.id, src.file)
              : fmt::format(
                    "session not recorded yet: '{}' comes from bench/gpu/h200_run.sh phase '{}'",
                    src.file, out.lesson.pending_phase);
      return out;
    }
    if (src.kind == SourceKind::Session)
      out.data.sessions.emplace(src.name, sessionFromJson(*data, src.file));
    else
      out.data.ledgers.emplace(src.name, cudnn::ledgerFromJson(*data, src.file));
  }
  out.values = evaluateMetrics(out.lesson, out.data);
  out.available = true;
  return out;
}

std::vector<std::string> lessonFiles(const FileReader& read) {
  const auto index = read("index.json");
  if (!index) throw Error(ErrorKind::InvalidInput, "the lessons' index.json is missing");
  return lessonIndexFromJson(*index, "index.json");
}

std::vector<LoadedLesson> loadLibrary(const FileReader& read) {
  std::vector<LoadedLesson> out;
  for (const auto& file : lessonFiles(read)) out.push_back(loadLesson(file, read));
  return out;
}

}  // namespace inferscope::lessons
