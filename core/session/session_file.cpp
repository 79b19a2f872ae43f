#include "core/session/session_file.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/common/error.h"

namespace inferscope {

void writeFileAtomically(const std::string& path, std::string_view contents) {
  const std::string tmp = fmt::format("{}.tmp-{}", path, ::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
    }
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw Error(ErrorKind::InvalidInput, fmt::format("writing '{}' failed (disk full?)", path));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(tmp.c_str());
    throw Error(ErrorKind::InvalidInput, fmt::format("cannot replace '{}': {}", path, reason));
  }
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error(ErrorKind::InvalidInput, fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

void saveSession(const SessionResult& session, const std::string& path) {
  writeFileAtomically(path, sessionToJson(session));
}

SessionResult loadSession(const std::string& path) { return sessionFromJson(readFile(path), path); }

}  // namespace inferscope
