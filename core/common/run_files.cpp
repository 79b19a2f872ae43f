#include "core/common/run_files.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <filesystem>
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

}  // namespace

void RunFiles::addInput(std::string option, std::string path) {
  if (!path.empty()) inputs_.push_back({std::move(option), std::move(path)});
}

void RunFiles::addOutput(std::string option, std::string path) {
  if (!path.empty()) outputs_.push_back({std::move(option), std::move(path)});
}

void RunFiles::check() const {
  for (std::size_t i = 0; i < outputs_.size(); ++i) {
    const auto& out = outputs_[i];
    if (const auto kind = nonRegularKind(out.path)) {
      fail(fmt::format(
          "{} {}: that is {}, and InferScope writes only regular files: name a file{}", out.option,
          out.path, *kind,
          *kind == "a directory"
              ? fmt::format(" in it, e.g. {}", (fs::path(out.path) / "run.json").string())
              : std::string()));
    }
    fs::path folder = fs::path(resolveWriteTarget(out.path)).parent_path();
    if (folder.empty()) folder = ".";
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
      fail(fmt::format("{} {}: the folder '{}' does not exist (create it first)", out.option,
                       out.path, folder.string()));
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
