#include "core/roofline/ceiling_cache.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/sha256.h"
#include "core/roofline/datasheet.h"
#include "core/roofline/roofline_json.h"

namespace inferscope::roofline {
namespace fs = std::filesystem;
namespace {

std::string describeDifference(const CeilingKey& was, const CeilingKey& now) {
  const auto diff = [](const char* what, const auto& a, const auto& b) {
    return fmt::format("measured with {} {}, now {}", what, a, b);
  };
  if (was.device_name != now.device_name) return diff("device", was.device_name, now.device_name);
  if (was.driver_version != now.driver_version)
    return diff("driver", was.driver_version, now.driver_version);
  if (was.libtorch_version != now.libtorch_version)
    return diff("LibTorch", was.libtorch_version, now.libtorch_version);
  if (was.cuda_version != now.cuda_version) return diff("CUDA", was.cuda_version, now.cuda_version);
  if (was.cudnn_version != now.cudnn_version)
    return diff("cuDNN", was.cudnn_version, now.cudnn_version);
  return diff("CPU threads", was.cpu_threads, now.cpu_threads);
}

}  // namespace

std::string defaultCeilingCacheDir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x == '/') {
    return (fs::path(x) / "inferscope" / "ceilings").string();
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return (fs::path(home) / ".cache" / "inferscope" / "ceilings").string();
  }
  return {};
}

std::string ceilingCachePath(const std::string& dir, const std::string& device_name) {
  // Hashed: device names hold spaces, slashes and parentheses ("Intel(R) Xeon(R) …").
  return (fs::path(dir) / (sha256Hex(device_name).substr(0, 16) + ".json")).string();
}

std::optional<DeviceCeilings> loadCachedCeilings(const std::string& dir, const CeilingKey& key,
                                                 std::string* why) {
  const auto say = [&](std::string text) {
    if (why != nullptr) *why = std::move(text);
    return std::nullopt;
  };
  const std::string path = ceilingCachePath(dir, key.device_name);
  std::error_code ec;
  if (!fs::exists(path, ec)) return say(fmt::format("no cached ceilings in {}", path));
  DeviceCeilings c;
  try {
    c = ceilingsFromJson(readFile(path, 1 << 20), path);
  } catch (const Error& e) {
    return say(fmt::format("cached ceilings unreadable ({}): measured again", e.what()));
  }
  if (c.key != key)
    return say(fmt::format("cached ceilings are stale ({}): measured again",
                           describeDifference(c.key, key)));
  c.from_cache = true;
  return c;
}

void storeCeilings(const std::string& dir, const DeviceCeilings& ceilings) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot create the ceiling cache {}: {}", dir, ec.message()));
  writeFileAtomically(ceilingCachePath(dir, ceilings.key.device_name),
                      ceilingsToJson(ceilings, 2) + "\n");
}

void addDatasheetFigures(DeviceCeilings& c) {
  const auto sheet = datasheetFor(c.key.device_name);
  c.datasheet_source = sheet ? sheet->source : std::string();
  c.datasheet_gbps = sheet ? sheet->memory_gbps : 0;
  for (auto& p : c.matmul) p.datasheet_tflops = sheet ? sheet->tflops(p.precision) : 0;
}

DeviceCeilings ceilingsFor(const std::string& dir, const CeilingKey& key,
                           const std::function<DeviceCeilings()>& measure, std::string* log) {
  std::string why = "no ceiling cache folder (neither XDG_CACHE_HOME nor HOME is set)";
  if (!dir.empty()) {
    if (auto cached = loadCachedCeilings(dir, key, &why)) {
      addDatasheetFigures(*cached);
      return *cached;
    }
  }
  if (log != nullptr) *log = why;
  DeviceCeilings c = measure();
  c.key = key;
  addDatasheetFigures(c);
  if (!dir.empty()) {
    try {
      storeCeilings(dir, c);
    } catch (const Error& e) {
      if (log != nullptr) *log += fmt::format("; not cached: {}", e.what());
    }
  }
  return c;
}

}  // namespace inferscope::roofline
