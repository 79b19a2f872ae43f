#include "core/common/file_io.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/common/error.h"
#include "core/common/units.h"

namespace inferscope {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& message) {
  throw Error(ErrorKind::InvalidInput, message);
}

std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Closes a descriptor on every way out of a function.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }
  // close() reports delayed write errors (NFS, quotas): a writer must see them.
  bool close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }

 private:
  int fd_;
};

// The umask, read without setting it: umask() can only be read by changing it, which races with
// any other thread that creates a file meanwhile (the GUI's autosave and a save dialog).
mode_t processUmask() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Umask:", 0) == 0)
      return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
  }
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return mask;
}

bool writeAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::string sizeText(std::uint64_t bytes) {
  return fmt::format("{:.0f} MiB", units::bytesToMiB(static_cast<std::int64_t>(bytes)));
}

}  // namespace

std::optional<std::string> nonRegularKind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return std::nullopt;
  return kindOf(st.st_mode);
}

std::string readFile(const std::string& path, std::uint64_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    fail(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    fail(fmt::format("'{}' is {}, not a file: name a regular file", path, kindOf(st.st_mode)));
  }
  // O_NONBLOCK: should a FIFO take the file's place after the check, open() still returns at once
  // and the fstat below refuses it.
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) fail(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    fail(fmt::format("'{}' is {}, not a file: name a regular file", path, kindOf(st.st_mode)));
  }
  const auto size = static_cast<std::uint64_t>(st.st_size);
  const auto too_big = [&] {
    fail(fmt::format("'{}' is over {}, more than InferScope reads from one file", path,
                     sizeText(max_bytes)));
  };
  if (size > max_bytes) too_big();
  std::string text(static_cast<std::size_t>(size), '\0');
  std::size_t got = 0;
  char more[1 << 16];  // a file that grows while it is read
  while (true) {
    const bool into_text = got < text.size();
    const ssize_t n = into_text ? ::read(fd.get(), text.data() + got, text.size() - got)
                                : ::read(fd.get(), more, sizeof more);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(fmt::format("reading '{}' failed: {}", path, std::strerror(errno)));
    if (n == 0) break;
    if (!into_text) {
      if (text.size() + static_cast<std::size_t>(n) > max_bytes) too_big();
      text.append(more, static_cast<std::size_t>(n));
    }
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);  // a file that shrank while it was read
  return text;
}

std::string resolveWriteTarget(const std::string& path) {
  std::string target = path;
  for (int hops = 0; hops < 40; ++hops) {  // the kernel's own limit on links in a path
    struct stat st {};
    if (::lstat(target.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return target;
    std::error_code ec;
    const fs::path link = fs::read_symlink(target, ec);
    if (ec) return target;
    target = link.is_absolute() ? link.string() : (fs::path(target).parent_path() / link).string();
  }
  fail(fmt::format("cannot write '{}': too many levels of symbolic links", path));
}

void writeFileAtomically(const std::string& path, std::string_view contents,
                         const WriteOptions& options) {
  // Through a symlink, the link's target is replaced and the link stays.
  const std::string target = resolveWriteTarget(path);
  const std::string named =
      target == path ? fmt::format("'{}'", path) : fmt::format("'{}' (→ '{}')", path, target);
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) {
    fail(
        fmt::format("cannot write {}: it is {}, and InferScope replaces only regular files "
                    "(name a file instead)",
                    named, kindOf(existing.st_mode)));
  }
  // The temp file is created by mkstemp (O_EXCL, mode 0600) in the target's own folder, so the
  // rename stays on one file system and nobody can plant a link or a file under its name.
  fs::path folder = fs::path(target).parent_path();
  if (folder.empty()) folder = ".";
  std::string temp =
      (folder / fmt::format(".{}.tmp-XXXXXX", fs::path(target).filename().string())).string();
  FileDescriptor fd(::mkostemp(temp.data(), O_CLOEXEC));
  if (fd.get() < 0) {
    fail(fmt::format("cannot write {}: cannot create a file in '{}': {}", named, folder.string(),
                     std::strerror(errno)));
  }
  mode_t mode = exists ? (existing.st_mode & 07777) : (0666 & ~processUmask());
  if (options.executable) mode |= (mode & 0444) >> 2;  // execute wherever reading is allowed
  // Owner and group of the replaced file where this user may set them (root, or a group member);
  // before fchmod, which would otherwise lose set-id bits to the ownership change.
  if (exists) (void)!::fchown(fd.get(), existing.st_uid, existing.st_gid);
  const bool written = writeAll(fd.get(), contents);
  const int write_errno = errno;
  const bool ok = written && ::fchmod(fd.get(), mode) == 0 && fd.close();
  if (!ok) {
    const std::string reason = std::strerror(written ? errno : write_errno);
    ::unlink(temp.c_str());
    fail(fmt::format("writing {} failed: {} (the previous file, if any, is unchanged)", named,
                     reason));
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    fail(fmt::format("cannot replace {}: {}", named, reason));
  }
}

void removeFolderOfFiles(const std::string& path) {
  if (DIR* dir = ::opendir(path.c_str())) {
    while (const dirent* entry = ::readdir(dir)) {
      const std::string name = entry->d_name;
      if (name != "." && name != "..") ::unlink((path + "/" + name).c_str());
    }
    ::closedir(dir);
  }
  ::rmdir(path.c_str());
}

}  // namespace inferscope
