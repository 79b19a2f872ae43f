#include "core/session/session_file.h"

#include <fmt/format.h>

#include <filesystem>

namespace inferscope {

void saveSession(const SessionResult& session, const std::string& path) {
  writeFileAtomically(path, sessionToJson(session));
}

SessionResult loadSession(const std::string& path, const SessionReadOptions& options) {
  return sessionFromJson(readFile(path, options.limits.max_file_bytes), path, options);
}

std::string partialSessionPath(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return path;
  const std::string_view suffix = kSessionExtension;
  const std::string_view text = path;
  if (text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix) {
    return fmt::format("{}.partial{}", text.substr(0, text.size() - suffix.size()), suffix);
  }
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + ".partial" + p.extension().string())).string();
}

}  // namespace inferscope
