// Which model files the user trusts to run (docs/SECURITY.md). Loading a TorchScript .pt runs the
// code in its graph and an AOTInductor .pt2 is native code, so neither loads until the user has
// trusted the file's exact bytes: the store remembers SHA-256 content hashes, not paths, so an
// edited or swapped file is a new, untrusted file. Kept in $XDG_CONFIG_HOME/inferscope/trusted.json
// (default ~/.config/…), private to the user (mode 0600, written through a temp file + rename).
// Plain C++: the CLI and the GUI's trust prompt share it.
#pragma once

#include <string>
#include <vector>

namespace inferscope {

struct TrustedFile {
  std::string sha256;       // 64 lowercase hex digits of the file's bytes
  std::string path;         // where the file was when it was trusted (shown to the user only)
  std::string trusted_utc;  // when
};

class TrustStore {
 public:
  // $XDG_CONFIG_HOME/inferscope/trusted.json, else $HOME/.config/inferscope/trusted.json.
  static std::string defaultPath();

  // Reads the store; a missing file is an empty store. A store that is not ours to read (not a
  // regular file, unreadable or malformed JSON) throws Error(InvalidInput) naming it.
  explicit TrustStore(std::string path = defaultPath());

  bool isTrusted(const std::string& sha256) const;
  // Adds (or refreshes) the hash and saves the store. `path` is remembered for listing.
  void trust(const std::string& sha256, const std::string& path);
  // Removes the hash and saves; false when it was not trusted.
  bool revoke(const std::string& sha256);
  const std::vector<TrustedFile>& entries() const { return entries_; }
  const std::string& path() const { return path_; }

 private:
  void save() const;

  std::string path_;
  std::vector<TrustedFile> entries_;
};

// The check every model-file load makes right before loading (core/torch/model_loader.cpp, the
// .pt2 path in prepared_model.cpp): the file's hash must equal `trusted_sha256`, the hash the front
// end (CLI or GUI) found in the store or was told to trust. Returns the hash; with `bytes`, also
// the bytes it hashed, so the caller can load exactly those. Throws Error(InvalidInput) when the
// file is untrusted (empty `trusted_sha256`) or changed since it was trusted, saying how to trust.
std::string verifyTrustedFile(const std::string& path, const std::string& trusted_sha256,
                              std::string* bytes = nullptr);

// The sentence that tells a user how to trust `path` (CLI flag, command and GUI prompt).
std::string howToTrust(const std::string& path);

}  // namespace inferscope
