#include "core/runner/worker_location.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/runner/worker_paths.h"

namespace inferscope::runner {
namespace {

namespace fs = std::filesystem;

// Whether `path` lies inside `folder` (both absolute and lexically normal): "/usr/local" holds
// "/usr/local/bin/inferscope" but not "/usr/local2/bin/inferscope".
bool isUnder(const std::string& path, const std::string& folder) {
  if (folder.empty() || path.empty()) return false;
  const fs::path p = fs::path(path).lexically_normal();
  const fs::path f = fs::path(folder).lexically_normal();
  const auto relative = p.lexically_relative(f);
  return !relative.empty() && *relative.begin() != ".." && *relative.begin() != ".";
}

std::string runningProgram() {
  std::error_code error;
  const auto self = fs::read_symlink("/proc/self/exe", error);
  return error ? std::string() : self.string();
}

}  // namespace

WorkerLocations configuredWorkerLocations() {
  return {built::kInstallPrefix, built::kInstalledWorker, built::kBuildTreeWorker};
}

std::string chooseWorkerExecutable(const std::string& running_program,
                                   const WorkerLocations& locations,
                                   const std::string& override_path,
                                   const std::function<bool(const std::string&)>& exists) {
  if (!override_path.empty()) return override_path;
  if (isUnder(running_program, locations.install_prefix)) return locations.installed;
  if (exists(locations.build_tree)) return locations.build_tree;
  if (!running_program.empty()) {
    const auto beside = fs::path(running_program).parent_path() / "inferscope-cli";
    if (exists(beside.string())) return beside.string();
  }
  // Nothing there: the build tree's path, which a failed start names in its error.
  return locations.build_tree;
}

WorkerLauncher defaultWorkerLauncher() {
  const char* configured = std::getenv("INFERSCOPE_WORKER_EXECUTABLE");
  WorkerLauncher launcher;
  launcher.executable = chooseWorkerExecutable(
      runningProgram(), configuredWorkerLocations(), configured != nullptr ? configured : "",
      [](const std::string& path) { return ::access(path.c_str(), X_OK) == 0; });
  launcher.arguments = {"worker"};
  return launcher;
}

}  // namespace inferscope::runner
