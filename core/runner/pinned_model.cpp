#include "core/runner/pinned_model.h"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <vector>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/printable.h"
#include "core/common/sha256.h"

namespace inferscope::runner {
namespace fs = std::filesystem;
namespace {

constexpr const char* kFolderPrefix = "inferscope-pinned-";

// What identifies a file's bytes without reading them: any write changes the modification and
// the status-change time (the latter cannot be set back from user space), a rename or a
// re-pointed symlink the inode.
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  timespec modified{}, changed{};
};

FileIdentity identityOf(const struct stat& s) {
  return {s.st_dev, s.st_ino, s.st_size, s.st_mtim, s.st_ctim};
}

bool operator==(const timespec& a, const timespec& b) {
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool sameFile(const FileIdentity& a, const FileIdentity& b) {
  return a.device == b.device && a.inode == b.inode && a.size == b.size &&
         a.modified == b.modified && a.changed == b.changed;
}

struct Pin {
  std::string original, sha256;
  FileIdentity original_identity, copy_identity;
  std::string failure;  // set once a check failed: the run is over for this file
};

std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}

std::map<std::string, Pin>& registry() {  // by the copy's path
  static std::map<std::string, Pin> pins;
  return pins;
}

std::string changedMessage(const Pin& pin) {
  return fmt::format(
      "'{}' changed during the run; nothing else from it runs (its bytes no longer hash to the "
      "sha256 {} you trusted): run again once it holds what you trusted, or trust the new file "
      "(docs/SECURITY.md)",
      printable(pin.original), pin.sha256);
}

// Whether `path` still holds the pinned bytes: the same identity, or (a touch, a copy of the same
// bytes put back) the same hash.
bool holdsPinnedBytes(const std::string& path, const FileIdentity& pinned,
                      const std::string& sha256) {
  struct stat now {};
  if (::stat(path.c_str(), &now) == 0 && sameFile(identityOf(now), pinned)) return true;
  try {
    return sha256OfFile(path) == sha256;
  } catch (const Error&) {
    return false;  // removed, unreadable, no longer a regular file
  }
}

// Removes the pinned folders of this user's earlier runs: those of a process that has ended
// (killed, or ended from a signal handler: no destructor ran) unless kept for compile helpers
// (a ".kept" note inside), and any older than a day. Named inferscope-pinned-<pid>-XXXXXX.
void removeOldFolders(const fs::path& root) {
  DIR* dir = ::opendir(root.c_str());
  if (!dir) return;
  const std::time_t day_ago = std::time(nullptr) - std::time_t{24} * 3600;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.rfind(kFolderPrefix, 0) != 0) continue;
    const auto path = (root / name).string();
    struct stat s {};
    if (::lstat(path.c_str(), &s) != 0 || !S_ISDIR(s.st_mode) || s.st_uid != ::getuid()) continue;
    const long pid = std::strtol(name.c_str() + std::strlen(kFolderPrefix), nullptr, 10);
    const bool owner_ended = pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
    struct stat kept {};
    const bool kept_for_compiles = ::stat((path + "/.kept").c_str(), &kept) == 0;
    if (s.st_mtime < day_ago || (owner_ended && !kept_for_compiles)) removeFolderOfFiles(path);
  }
  ::closedir(dir);
}

// Copies `from` into `to` (created, mode 0400) and returns the hash of the bytes copied. Throws
// Error(InvalidInput) when `from` changed while it was read, Error(Runtime) when the copy fails.
std::string copyAndHash(const std::string& from, const std::string& to, FileIdentity& identity) {
  const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    throw Error(ErrorKind::ModelLoad,
                fmt::format("cannot read '{}': {}", printable(from), std::strerror(errno)));
  struct stat before {};
  if (::fstat(in, &before) != 0 || !S_ISREG(before.st_mode)) {
    ::close(in);
    throw Error(ErrorKind::InvalidInput,
                fmt::format("'{}' is not a regular file: cannot run it", printable(from)));
  }
  const int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0400);
  if (out < 0) {
    ::close(in);
    throw Error(ErrorKind::Runtime, fmt::format("cannot pin '{}' for this run in '{}': {}",
                                                printable(from), to, std::strerror(errno)));
  }
  Sha256 hash;
  std::string failure;
  std::vector<char> buffer(std::size_t{1} << 20);
  while (failure.empty()) {
    const auto n = ::read(in, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) failure = fmt::format("cannot read '{}': {}", from, std::strerror(errno));
    if (n <= 0) break;
    hash.update(buffer.data(), static_cast<std::size_t>(n));
    for (ssize_t written = 0; written < n && failure.empty();) {
      const auto w = ::write(out, buffer.data() + written, static_cast<std::size_t>(n - written));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) failure = fmt::format("cannot write '{}': {}", to, std::strerror(errno));
      if (w > 0) written += w;
    }
  }
  struct stat after {};
  const bool unchanged =
      ::fstat(in, &after) == 0 && sameFile(identityOf(before), identityOf(after));
  ::close(in);
  if (::close(out) != 0 && failure.empty())
    failure = fmt::format("cannot write '{}': {}", to, std::strerror(errno));
  if (!failure.empty())
    throw Error(ErrorKind::Runtime,
                fmt::format("cannot pin '{}' for this run: {}", printable(from), failure));
  if (!unchanged)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("'{}' changed while it was read for this run: run again once it "
                            "stays as you trusted it",
                            printable(from)));
  identity = identityOf(before);
  return hash.hexDigest();
}

}  // namespace

PinnedModel::PinnedModel(ModelRef& model, const std::string& temp_root) {
  if (model.source == ModelSource::Zoo || model.trusted_sha256.empty() || model.path.empty())
    return;
  // Already this run's pinned copy (a run layer that pins, called by another that did): the
  // outer pin holds the bytes and is checked as it is.
  if (!pinnedOriginal(model.path).empty()) return;
  const fs::path root = temp_root.empty() ? fs::temp_directory_path() : fs::path(temp_root);
  removeOldFolders(root);
  std::string folder =
      (root / fmt::format("{}{}-XXXXXX", kFolderPrefix, static_cast<long>(::getpid()))).string();
  if (!::mkdtemp(folder.data()))  // mode 0700: no other user can reach the copy
    throw Error(ErrorKind::Runtime, fmt::format("cannot make a private folder in '{}': {}",
                                                root.string(), std::strerror(errno)));
  folder_ = folder;
  const auto name = fs::path(model.path).filename();
  const std::string copy = (fs::path(folder_) / (name.empty() ? "model" : name)).string();
  Pin pin;
  pin.original = model.path;
  pin.sha256 = model.trusted_sha256;
  try {
    const auto hash = copyAndHash(model.path, copy, pin.original_identity);
    if (hash != model.trusted_sha256) throw Error(ErrorKind::InvalidInput, changedMessage(pin));
    struct stat s {};
    if (::stat(copy.c_str(), &s) != 0)
      throw Error(ErrorKind::Runtime, fmt::format("cannot read back '{}'", copy));
    pin.copy_identity = identityOf(s);
    if (builtInPython(model.source)) {
      // For the worker (inferscope_pymodel.py): the module's __file__ and the folder its
      // neighbours are imported from are the original's; its code is the copy's. Its messages
      // name the file the user gave, not this copy.
      std::error_code ec;
      const auto absolute = fs::absolute(model.path, ec);
      const std::string note = (ec ? fs::path(model.path) : absolute).lexically_normal().string();
      const auto note_path = (fs::path(folder_) / ".inferscope-origin").string();
      const int fd = ::open(note_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (fd < 0 || ::write(fd, note.data(), note.size()) != static_cast<ssize_t>(note.size())) {
        if (fd >= 0) ::close(fd);
        throw Error(ErrorKind::Runtime,
                    fmt::format("cannot write '{}': {}", note_path, std::strerror(errno)));
      }
      ::close(fd);
    }
  } catch (...) {
    removeFolderOfFiles(folder_);
    throw;
  }
  {
    const std::lock_guard<std::mutex> lock(registryMutex());
    registry()[copy] = pin;
  }
  original_ = model.path;
  copy_ = copy;
  model.path = copy;
}

PinnedModel::~PinnedModel() {
  if (copy_.empty()) return;
  {
    const std::lock_guard<std::mutex> lock(registryMutex());
    registry().erase(copy_);
  }
  if (!keep_) {
    removeFolderOfFiles(folder_);
    return;
  }
  // Left for the compile helpers still running: a later run removes it a day on, not as soon as
  // this process has ended.
  const int fd = ::open((folder_ + "/.kept").c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (fd >= 0) ::close(fd);
}

void checkPinnedModels(const std::vector<std::string>& arguments) {
  const std::lock_guard<std::mutex> lock(registryMutex());
  for (auto& entry : registry()) {
    const std::string& copy = entry.first;
    Pin& pin = entry.second;
    const bool named = std::any_of(arguments.begin(), arguments.end(), [&](const std::string& a) {
      return a.find(copy) != std::string::npos;
    });
    if (!named) continue;
    if (pin.failure.empty() &&
        (!holdsPinnedBytes(pin.original, pin.original_identity, pin.sha256) ||
         !holdsPinnedBytes(copy, pin.copy_identity, pin.sha256)))
      pin.failure = changedMessage(pin);
    if (!pin.failure.empty()) throw Error(ErrorKind::InvalidInput, pin.failure);
  }
}

std::string pinnedOriginal(const std::string& path) {
  const std::lock_guard<std::mutex> lock(registryMutex());
  const auto it = registry().find(path);
  return it == registry().end() ? std::string() : it->second.original;
}

}  // namespace inferscope::runner
