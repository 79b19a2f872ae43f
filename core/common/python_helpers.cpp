#include "core/common/python_helpers.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "core/common/error.h"

namespace inferscope {
namespace fs = std::filesystem;

std::string cacheDirectory() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return (fs::path(x) / "inferscope").string();
  if (const char* h = std::getenv("HOME"); h && *h)
    return (fs::path(h) / ".cache" / "inferscope").string();
  return (fs::temp_directory_path() / "inferscope").string();
}

std::string pythonHelperPath(const std::string& name) {
  if (const char* dir = std::getenv("INFERSCOPE_PYTHON_HELPERS"))
    return (fs::path(dir) / name).string();
  for (const fs::path& dir :
       {fs::path(INFERSCOPE_INSTALL_PYTHON_DIR), fs::path(INFERSCOPE_SOURCE_PYTHON_DIR)}) {
    if (fs::exists(dir / name)) return (dir / name).string();
  }
  return (fs::path(INFERSCOPE_SOURCE_PYTHON_DIR) / name).string();
}

std::string resolvePythonInterpreter() {
  const char* configured = std::getenv("INFERSCOPE_PYTHON");
  const std::string name = configured && *configured ? configured : "python3";
  const auto usable = [](const fs::path& p) {
    return fs::is_regular_file(p) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) {
    const auto path = fs::absolute(name);
    if (usable(path)) return path.lexically_normal().string();
    throw Error(ErrorKind::Runtime,
                fmt::format("INFERSCOPE_PYTHON={} is not an executable file", name));
  }
  const char* path_env = std::getenv("PATH");
  std::string_view rest = path_env ? path_env : "";
  while (!rest.empty()) {
    const auto colon = rest.find(':');
    const std::string dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    if (dir.empty() || dir[0] != '/') continue;  // a relative PATH entry would depend on the cwd
    if (usable(fs::path(dir) / name)) return (fs::path(dir) / name).string();
  }
  throw Error(
      ErrorKind::Runtime,
      fmt::format(
          "no '{}' on PATH for the AOTInductor helper: install python3 with torch ≥ 2.6 or set "
          "INFERSCOPE_PYTHON to its absolute path",
          name));
}

}  // namespace inferscope
