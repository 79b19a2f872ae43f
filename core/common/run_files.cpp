#include "core/common/run_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>

#include "core/common/error.h"
#include "core/common/file_io.h"

namespace inferscope {
namespace {

namespace fs = std::filesystem;

// What a path points at: an inode when it exists, else the absolute path a write would create.
struct FileIdentity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string normal;
};

FileIdentity identify(const std::string& path) {
  FileIdentity id;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    id.exists = true;
    id.device = st.st_dev;
    id.inode = st.st_ino;
  }
  std::error_code ec;
  const fs::path absolute = fs::absolute(resolveWriteTarget(path), ec);
  const fs::path normal = fs::weakly_canonical(absolute, ec);
  id.normal = (ec ? absolute.lexically_normal() : normal).string();
  return id;
}

bool sameFile(const FileIdentity& a, const FileIdentity& b) {
  if (a.exists && b.exists) return a.device == b.device && a.inode == b.inode;
  return !a.exists && !b.exists && a.normal == b.normal;
}

[[noreturn]] void fail(const std::string& message) {
  throw Error(ErrorKind::InvalidInput, message);
}

// The first bytes of an existing regular file (enough to tell its kind); nullopt when there is no
// file. O_NONBLOCK: a FIFO swapped in after the caller's check does not block the check.
std::optional<std::string> fileHead(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  if (!S_ISREG(st.st_mode)) return std::string();
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::string();
  std::string head(64 * 1024, '\0');
  std::size_t got = 0;
  while (got < head.size()) {
    const ssize_t n = ::read(fd, head.data() + got, head.size() - got);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  head.resize(got);
  return head;
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool looksLikeJson(std::string_view head) {
  const auto first = head.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (head[first] == '{' || head[first] == '[');
}

bool looksLikeImage(std::string_view head) {
  if (head.size() >= 12 && startsWith(head, "RIFF") && head.substr(8, 4) == "WEBP") return true;
  if (head.size() >= 2 && head[0] == 'P' && head[1] >= '1' && head[1] <= '7') return true;  // PNM
  for (const std::string_view magic :
       {std::string_view("\x89PNG\r\n\x1a\n"), std::string_view("\xff\xd8\xff"),
        std::string_view("BM"), std::string_view("GIF8"), std::string_view("II*\0", 4),
        std::string_view("MM\0*", 4), std::string_view("/* XPM */"),
        std::string_view("#define ")}) {
    if (startsWith(head, magic)) return true;
  }
  return false;
}

std::string lowerSuffix(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  if (!ext.empty()) ext.erase(0, 1);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

const char* exampleName(OutputKind kind) {
  switch (kind) {
    case OutputKind::Script:
      return "load_model.py";
    case OutputKind::Image:
      return "window.png";
    case OutputKind::Pdf:
      return "handout.pdf";
    case OutputKind::Json:
    case OutputKind::Folder:
      break;
  }
  return "run.json";
}

std::string suffixList() {
  std::string list;
  for (const auto& s : imageSuffixes()) list += (list.empty() ? "." : ", .") + s;
  return list;
}

// Whether a file can be created in `folder`, tried rather than predicted: permissions, a read-only
// mount, a full inode table, /proc and ACLs all answer the same way. The probe is a uniquely
// named empty file, removed at once; nothing else in the folder is touched. Returns the reason
// when it cannot.
std::optional<std::string> cannotCreateIn(const fs::path& folder) {
  std::string name = (folder / ".inferscope-probe-XXXXXX").string();
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) return std::string(std::strerror(errno));
  ::close(fd);
  ::unlink(name.c_str());
  return std::nullopt;
}

}  // namespace

const std::vector<std::string>& imageSuffixes() {
  // The formats Qt writes without plug-ins.
  static const std::vector<std::string> suffixes{"png", "jpg", "jpeg", "bmp", "ppm",
                                                 "pgm", "pbm", "xpm",  "xbm"};
  return suffixes;
}

void checkReplaceable(const std::string& option, const std::string& path, OutputKind kind) {
  const std::string target = resolveWriteTarget(path);
  if (kind == OutputKind::Image) {
    const auto& suffixes = imageSuffixes();
    if (std::find(suffixes.begin(), suffixes.end(), lowerSuffix(target)) == suffixes.end()) {
      fail(fmt::format("{} {}: not an image file name; end it in {} (e.g. {}.png)", option, path,
                       suffixList(), fs::path(path).stem().string()));
    }
  }
  if (kind == OutputKind::Pdf && lowerSuffix(target) != "pdf") {
    fail(fmt::format("{} {}: not a PDF file name; end it in .pdf", option, path));
  }
  if (kind == OutputKind::Folder) {
    std::error_code ec;
    if (fs::exists(target, ec) && !fs::is_directory(target, ec)) {
      fail(
          fmt::format("{} {}: that is a file, and {} writes a folder of files: name a folder "
                      "(new or existing)",
                      option, path, option));
    }
    return;
  }
  const auto head = fileHead(target);
  if (!head || head->empty()) return;  // nothing there, or nothing in it to lose
  const char* wanted = nullptr;
  switch (kind) {
    case OutputKind::Json:
      if (!looksLikeJson(*head)) wanted = "a session or another JSON document";
      break;
    case OutputKind::Script:
      if (head->find('\0') != std::string::npos) wanted = "a text file";
      break;
    case OutputKind::Image:
      if (!looksLikeImage(*head)) wanted = "an image";
      break;
    case OutputKind::Pdf:
      if (!startsWith(*head, "%PDF-")) wanted = "a PDF";
      break;
    case OutputKind::Folder:
      break;
  }
  if (wanted) {
    fail(
        fmt::format("{} {}: that file exists and is not {}, the only kind of file {} replaces: "
                    "name another file, or move that one away first",
                    option, path, wanted, option));
  }
}

void RunFiles::addInput(std::string option, std::string path) {
  if (!path.empty()) inputs_.push_back({std::move(option), std::move(path)});
}

void RunFiles::addOutput(std::string option, std::string path, OutputKind kind) {
  if (!path.empty()) outputs_.push_back({std::move(option), std::move(path), kind});
}

void RunFiles::check() const {
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const auto& out = outputs_[i];
    const auto kind = nonRegularKind(out.path);
    if (kind && !(out.kind == OutputKind::Folder && *kind == "a directory")) {
      fail(fmt::format("{} {}: that is {}, and InferScope writes only regular files: name a file{}",
                       out.option, out.path, *kind,
                       *kind == "a directory"
                           ? fmt::format(" in it, e.g. {}",
                                         (fs::path(out.path) / exampleName(out.kind)).string())
                           : std::string()));
    }
    std::string written = resolveWriteTarget(out.path);
    while (out.kind == OutputKind::Folder && written.size() > 1 && written.back() == '/')
      written.pop_back();  // "slides/" is the folder slides, in the current one
    fs::path folder = fs::path(written).parent_path();
    if (folder.empty()) folder = ".";
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
      fail(fmt::format("{} {}: the folder '{}' does not exist (create it first)", out.option,
                       out.path, folder.string()));
    }
    // The output is written at the end (a temp file renamed into place in this folder): a folder
    // that cannot take it must be said now, not after the run has produced what it would lose.
    // A hand-out's folder that exists already is written into.
    fs::path writes_in = folder;
    if (out.kind == OutputKind::Folder && fs::is_directory(written, ec)) writes_in = written;
    if (const auto why = cannotCreateIn(writes_in)) {
      fail(
          fmt::format("{} {}: cannot write in the folder '{}' ({}): name a folder you can write "
                      "to (checked before the run, so that no result is lost)",
                      out.option, out.path, writes_in.string(), *why));
    }
    const FileIdentity target = identify(out.path);
    for (const auto& in : inputs_) {
      if (sameFile(target, identify(in.path))) {
        fail(
            fmt::format("{} {} is this run's {} ({}): writing there would replace it; choose "
                        "another file name",
                        out.option, out.path, in.option, in.path));
      }
    }
    checkReplaceable(out.option, out.path, out.kind);
    for (std::size_t j = 0; j < i; ++j) {
      if (sameFile(target, identify(outputs_[j].path))) {
        fail(
            fmt::format("{} and {} both write {}: the second would replace the first; give each "
                        "its own file",
                        outputs_[j].option, out.option, out.path));
      }
    }
  }
}

}  // namespace inferscope
