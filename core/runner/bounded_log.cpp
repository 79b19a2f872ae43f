#include "core/runner/bounded_log.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

#include "core/common/printable.h"

namespace inferscope::runner {

namespace {

// The end of a file: its last `max_bytes` at most.
std::string fileTail(const std::string& path, std::size_t max_bytes) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return {};
  const auto size = static_cast<std::size_t>(std::max<std::streamoff>(0, in.tellg()));
  const auto start = size > max_bytes ? size - max_bytes : 0;
  in.seekg(static_cast<std::streamoff>(start));
  std::string text(size - start, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  return text;
}

}  // namespace

// The last lines of a worker's log (its rotated older half first, when there is one), each made
// printable; only the tail of the files is read, whatever their size.
std::string lastLines(const std::string& path, int max_lines) {
  constexpr std::size_t kTailBytes = 16384;
  std::istringstream in(fileTail(path + ".1", kTailBytes) + fileTail(path, kTailBytes));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  const auto first =
      lines.size() > static_cast<std::size_t>(max_lines) ? lines.size() - max_lines : 0;
  std::string out;
  for (auto i = first; i < lines.size(); ++i)
    out += (out.empty() ? "" : "\n") + printable(lines[i].substr(0, 400));
  return out;
}

// Removes the oldest worker logs of `dir` until the rest hold at most `max_bytes`.
void pruneLogs(const std::string& dir, std::size_t max_bytes) {
  struct Log {
    std::string path;
    std::size_t bytes;
    std::time_t modified;
  };
  std::vector<Log> logs;
  std::size_t total = 0;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* entry = ::readdir(d)) {
      const std::string name = entry->d_name;
      if (name.rfind("worker-", 0) != 0) continue;
      std::string path = dir;
      path.append("/").append(name);
      struct stat st {};
      if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
      logs.push_back({path, static_cast<std::size_t>(st.st_size), st.st_mtime});
      total += static_cast<std::size_t>(st.st_size);
    }
    ::closedir(d);
  }
  std::sort(logs.begin(), logs.end(),
            [](const Log& a, const Log& b) { return a.modified < b.modified; });
  for (const auto& log : logs) {
    if (total <= max_bytes) break;
    if (::unlink(log.path.c_str()) == 0) total -= log.bytes;
  }
}

// Copies a worker's stderr (`fd`, a pipe) into its log, `cap_bytes` at most on disk: at half of
// it the file becomes NAME.1 and a fresh one starts. Ends at the pipe's end, or soon after
// `closing` is set (a grandchild that left the group could hold the pipe open forever).
void copyToBoundedLog(int fd, const std::string& path, std::size_t cap_bytes,
                      const std::atomic<bool>& closing, int echo_fd, std::size_t echo_bytes) {
  std::size_t echoed = 0;
  const std::size_t half = std::max<std::size_t>(cap_bytes / 2, 4096);
  int log = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  std::size_t in_file = 0;
  int reads_after_closing = 0;
  char chunk[65536];
  while (true) {
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, 100);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) break;
    if (closing.load() && (ready == 0 || ++reads_after_closing > 64)) break;
    if (ready == 0) continue;
    const auto n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    std::string_view text(chunk, static_cast<std::size_t>(n));
    if (echo_fd >= 0 && echoed <= echo_bytes) {
      const auto part = std::min(text.size(), echo_bytes - echoed);
      std::string shown(text.substr(0, part));
      if (part < text.size())
        shown += fmt::format("\n[a worker's output past {} bytes is not shown here; its log: {}]\n",
                             echo_bytes, path);
      echoed += part < text.size() ? part + 1 : part;  // past echo_bytes: nothing more is shown
      (void)!::write(echo_fd, shown.data(), shown.size());
    }
    if (in_file + text.size() > half) {
      if (log >= 0) ::close(log);
      ::rename(path.c_str(), (path + ".1").c_str());
      log = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
      in_file = 0;
      if (text.size() > half) text = text.substr(text.size() - half);
    }
    if (log >= 0 && ::write(log, text.data(), text.size()) > 0) in_file += text.size();
  }
  if (log >= 0) ::close(log);
}

}  // namespace inferscope::runner
