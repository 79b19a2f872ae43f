// SHA-256 (FIPS 180-4) of files and byte strings: the content hash the trust store keys model files
// by (trust_store.h). Our own small implementation because nothing the core links provides one
// (LibTorch has none public, OpenSSL is not a dependency, Qt is off-limits in core).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace inferscope {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, std::size_t size);
  void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
  // The digest as 64 lowercase hex digits; the object is spent afterwards.
  std::string hexDigest();

 private:
  void compress(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> block_{};
  std::size_t block_used_ = 0;
  std::uint64_t total_bytes_ = 0;
};

std::string sha256Hex(std::string_view bytes);

// Reads `path` whole and returns its bytes in `bytes` (when given) and their hash, so a caller can
// hash and then use the very bytes it hashed (no window for the file to change in between).
// Refuses what is not a regular file (a FIFO would block, a device never ends) and a missing file
// (Error(ModelLoad), "does not exist") or an unreadable one (Error(InvalidInput)), naming it.
std::string sha256OfFile(const std::string& path, std::string* bytes = nullptr);

}  // namespace inferscope
