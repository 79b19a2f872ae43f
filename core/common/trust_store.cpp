#include "core/common/trust_store.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/sha256.h"
#include "core/common/time_format.h"

namespace inferscope {
namespace fs = std::filesystem;
namespace {

// Writes `text` to `path` so that no other user can read or swap it at any moment: the folder is
// created 0700, the temp file comes from mkstemp (0600, O_EXCL: a planted name or symlink cannot
// be followed) in that folder, and a rename replaces the old store in one step.
void writePrivateFile(const fs::path& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) {
    throw Error(ErrorKind::InvalidInput, fmt::format("cannot create '{}' for the trust store: {}",
                                                     path.parent_path().string(), ec.message()));
  }
  ::chmod(path.parent_path().c_str(), 0700);
  std::string tmp = (path.parent_path() / ".trusted.json.XXXXXX").string();
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot write the trust store in '{}': {}", path.parent_path().string(),
                            std::strerror(errno)));
  }
  bool ok = ::fchmod(fd, 0600) == 0;
  for (std::size_t done = 0; ok && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) done += static_cast<std::size_t>(n);
  }
  ok = ok && ::fsync(fd) == 0;
  const std::string reason = std::strerror(errno);
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot write the trust store '{}': {}", path.string(), reason));
  }
}

// Far above any real store (one ~150-byte entry per trusted file).
constexpr std::uint64_t kMaxStoreBytes = 16u << 20;

bool isSha256Hex(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

std::string TrustStore::defaultPath() {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x == '/')
    return (fs::path(x) / "inferscope" / "trusted.json").string();
  if (const char* h = std::getenv("HOME"); h && *h)
    return (fs::path(h) / ".config" / "inferscope" / "trusted.json").string();
  throw Error(
      ErrorKind::InvalidInput,
      "neither XDG_CONFIG_HOME nor HOME is set: there is nowhere to keep trusted model files");
}

TrustStore::TrustStore(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  const auto status = fs::symlink_status(path_, ec);
  if (status.type() == fs::file_type::not_found) return;
  if (status.type() != fs::file_type::regular) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("the trust store '{}' is not a regular file: remove it", path_));
  }
  try {
    const auto j = nlohmann::json::parse(readFile(path_, kMaxStoreBytes));
    for (const auto& e : j.at("trusted")) {
      TrustedFile f{e.at("sha256").get<std::string>(), e.value("path", std::string()),
                    e.value("trusted_utc", std::string())};
      if (!isSha256Hex(f.sha256)) throw std::runtime_error("a hash is not 64 hex digits");
      entries_.push_back(std::move(f));
    }
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("the trust store '{}' is malformed ({}): fix or remove it", path_, e.what()));
  }
}

bool TrustStore::isTrusted(const std::string& sha256) const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [&](const TrustedFile& f) { return f.sha256 == sha256; });
}

void TrustStore::trust(const std::string& sha256, const std::string& path) {
  revoke(sha256);  // one entry per hash, with its latest path
  entries_.push_back({sha256, path, utcTimestamp()});
  save();
}

bool TrustStore::revoke(const std::string& sha256) {
  const auto before = entries_.size();
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [&](const TrustedFile& f) { return f.sha256 == sha256; }),
                 entries_.end());
  if (entries_.size() == before) return false;
  save();
  return true;
}

void TrustStore::save() const {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : entries_) {
    list.push_back({{"sha256", f.sha256}, {"path", f.path}, {"trusted_utc", f.trusted_utc}});
  }
  writePrivateFile(path_, nlohmann::json{{"trusted", list}}.dump(1) + "\n");
}

std::string howToTrust(const std::string& path) {
  return fmt::format(
      "if you trust its author and its contents, trust it with `inferscope-cli trust {0}` "
      "(or add --trust {0}; the GUI asks when you pick it)",
      path);
}

std::string verifyTrustedFile(const std::string& path, const std::string& trusted_sha256,
                              std::string* bytes) {
  if (trusted_sha256.empty()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("'{}' is not trusted: loading a model file runs its code with your "
                            "rights (docs/SECURITY.md); {}",
                            path, howToTrust(path)));
  }
  const auto hash = sha256OfFile(path, bytes);
  if (hash != trusted_sha256) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("'{}' changed after it was trusted (sha256 {} now, {} trusted): it was "
                    "not loaded; {}",
                    path, hash.substr(0, 16), trusted_sha256.substr(0, 16), howToTrust(path)));
  }
  return hash;
}

}  // namespace inferscope
