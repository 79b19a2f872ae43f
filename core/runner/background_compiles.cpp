#include "core/runner/background_compiles.h"

#include <fmt/format.h>
#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>
#include <thread>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/json_reader.h"
#include "core/common/python_helpers.h"
#include "core/common/units.h"
#include "core/runner/compile_queue.h"

namespace inferscope::runner {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using JsonReader = BasicJsonReader<Json>;

constexpr std::uint64_t kStateFileLimitBytes =
    std::uint64_t{64} * 1024;  // a state file is a few hundred bytes

// The pid the package's lock file names (the helper writes its own there when it starts; 0: none).
long lockHolder(const std::string& package_path) {
  try {
    const auto text = readFile(package_path + ".lock", 64);
    const long pid = std::strtol(text.c_str(), nullptr, 10);
    return pid > 1 ? pid : 0;
  } catch (const Error&) {
    return 0;
  }
}

// Whether the compile's helper is still at work: its pid lives, is still the one its package's
// lock names (a helper that ended leaves the lock file to the next one, and a pid the system
// reused for another program is not named there), is the helper program (its command line names
// the helper script; a zombie's is empty), and its package is not finished.
bool helperRunning(const BackgroundCompile& c) {
  if (c.pid <= 1) return false;
  const auto pid = static_cast<pid_t>(c.pid);
  if (::kill(pid, 0) != 0 && errno != EPERM) return false;
  if (lockHolder(c.package_path) != c.pid) return false;
  const auto proc = fmt::format("/proc/{}/cmdline", c.pid);
  std::error_code ec;
  if (fs::exists("/proc/self/cmdline", ec)) {
    std::string cmdline;
    try {
      cmdline = readFile(proc, 1 << 16);
    } catch (const Error&) {
      return false;  // gone between the calls
    }
    if (cmdline.find("inferscope_aoti") == std::string::npos) return false;
  }
  return !verifiedPackage(c.package_path);
}

BackgroundCompile readState(const std::string& path) {
  const auto text = readFile(path, kStateFileLimitBytes);
  const Json j = JsonReader::parseText(text, path);
  const JsonReader r(j, path);
  r.expectObject(
      {"model", "key", "package_path", "log_path", "pid", "started_unix_s", "typical_ms"});
  BackgroundCompile c;
  c.model = r.at("model").string();
  c.key = r.at("key").string();
  c.package_path = r.at("package_path").string();
  c.log_path = r.at("log_path").string();
  c.pid = static_cast<long>(r.at("pid").int64());
  c.started_unix_s = r.at("started_unix_s").number();
  c.typical_ms = r.numberOr("typical_ms", 0);
  return c;
}

std::vector<std::string> stateFiles(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json") files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void removeFile(const std::string& path) {
  ::unlink(path.c_str());
}

}  // namespace

double BackgroundCompile::elapsedMs(double now_unix_s) const {
  return std::max(0.0, units::sToMs(now_unix_s - started_unix_s));
}

double BackgroundCompile::etaMs(double now_unix_s) const {
  if (!(typical_ms > 0)) return -1;
  return std::max(0.0, typical_ms - elapsedMs(now_unix_s));
}

std::string backgroundCompilesDirectory() {
  return (fs::path(cacheDirectory()) / "compiles").string();
}

double typicalCompileMs(const std::vector<CompileStatus>& jobs) {
  std::vector<double> done;
  for (const auto& j : jobs) {
    if (j.state == CompileStatus::State::Done && j.elapsed_ms > 0) done.push_back(j.elapsed_ms);
  }
  if (done.empty()) return 0;
  std::sort(done.begin(), done.end());
  const auto n = done.size();
  return n % 2 ? done[n / 2] : 0.5 * (done[n / 2 - 1] + done[n / 2]);
}

std::string etaText(double elapsed_ms, double typical_ms) {
  if (!(typical_ms > 0)) {
    return fmt::format("{:.0f} s in; no compile of this run finished to say how long one takes",
                       units::msToS(elapsed_ms));
  }
  const double left_ms = typical_ms - elapsed_ms;
  if (left_ms <= 0) {
    return fmt::format("{:.0f} s in, past this model's typical {:.0f} s: ready soon",
                       units::msToS(elapsed_ms), units::msToS(typical_ms));
  }
  return fmt::format("ready in about {:.0f} s (a compile of this model took {:.0f} s; {:.0f} s in)",
                     units::msToS(left_ms), units::msToS(typical_ms), units::msToS(elapsed_ms));
}

std::vector<std::string> recordBackgroundCompiles(const std::string& dir, const std::string& model,
                                                  const std::vector<CompileStatus>& left,
                                                  double typical_ms, double now_unix_s,
                                                  std::string* error) {
  std::vector<std::string> written;
  if (left.empty()) return written;
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const auto& job : left) {
    const long pid = lockHolder(job.package_path);
    if (pid <= 1) continue;
    Json j;
    j["model"] = model;
    j["key"] = job.key;
    j["package_path"] = job.package_path;
    j["log_path"] = job.log_path;
    j["pid"] = pid;
    j["started_unix_s"] = now_unix_s - units::msToS(job.elapsed_ms);
    j["typical_ms"] = typical_ms;
    const auto path = (fs::path(dir) / fmt::format("{}.json", pid)).string();
    try {
      writeFileAtomically(path, j.dump(2) + "\n");
    } catch (const Error& e) {
      if (error) *error = e.what();
      return written;
    }
    written.push_back(path);
  }
  return written;
}

std::vector<BackgroundCompile> listBackgroundCompiles(const std::string& dir) {
  std::vector<BackgroundCompile> running;
  for (const auto& path : stateFiles(dir)) {
    BackgroundCompile c;
    try {
      c = readState(path);
    } catch (const Error&) {
      removeFile(path);  // not a state file this program wrote: nothing to stop by it
      continue;
    }
    if (!helperRunning(c)) {
      removeFile(path);
      continue;
    }
    running.push_back(c);
  }
  std::sort(running.begin(), running.end(),
            [](const BackgroundCompile& a, const BackgroundCompile& b) {
              return a.started_unix_s < b.started_unix_s;
            });
  return running;
}

std::vector<StoppedCompile> stopBackgroundCompiles(const std::string& dir) {
  std::vector<StoppedCompile> out;
  for (const auto& c : listBackgroundCompiles(dir)) {
    StoppedCompile s;
    s.compile = c;
    const auto group = static_cast<pid_t>(c.pid);
    // SIGTERM to the whole group (Inductor's compile workers are the helper's children); SIGCONT
    // after it, so that a helper another run paused for its finals ends too.
    if (::kill(-group, SIGTERM) != 0) {
      s.message = fmt::format("cannot stop process group {}: {}", c.pid, std::strerror(errno));
      out.push_back(s);
      continue;
    }
    ::kill(-group, SIGCONT);
    // A helper that ignores SIGTERM for two seconds is killed.
    constexpr int kPolls = 40;
    for (int k = 0; k < kPolls && helperRunning(c); ++k)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (helperRunning(c)) ::kill(-group, SIGKILL);
    s.stopped = true;
    removeFile((fs::path(dir) / fmt::format("{}.json", c.pid)).string());
    out.push_back(s);
  }
  return out;
}

}  // namespace inferscope::runner
