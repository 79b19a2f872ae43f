// Whole-file reads and writes for every reader and writer of the project (session files, exports,
// Chrome traces, the GUI's saves). Files come from users and go next to theirs, so both sides are
// defensive: a read refuses what is not a regular file (a FIFO would block forever, a device never
// ends) and anything over a size limit; a write never replaces anything but a regular file, goes
// through a private temp file in the target's own folder (mkstemp, then rename, so a crash never
// leaves half a file and nobody can plant a link in its place), writes through a symlink to the
// link's target, and keeps the replaced file's permissions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace inferscope {

// What a read accepts at most unless told otherwise: far above any file InferScope writes.
inline constexpr std::uint64_t kDefaultReadLimitBytes = std::uint64_t{1} << 30;

// Reads a regular file whole; throws Error(InvalidInput) naming the path for a missing file, a
// directory, FIFO, device or socket (never blocking on one), or a file over `max_bytes`.
std::string readFile(const std::string& path, std::uint64_t max_bytes = kDefaultReadLimitBytes);

struct WriteOptions {
  bool executable = false;  // a script: execute permission where read permission is given
};

// Replaces (or creates) `path` with `contents` atomically. Throws Error(InvalidInput) naming the
// path when it is a directory, a device or another non-regular file, when its folder is missing or
// not writable, or when the disk fills up (the old file is then left as it was).
void writeFileAtomically(const std::string& path, std::string_view contents,
                         const WriteOptions& options = {});

// "a directory", "a FIFO", "a character device", … for what exists at `path` and is not a regular
// file (symlinks followed); nullopt for a regular file or nothing at all.
std::optional<std::string> nonRegularKind(const std::string& path);

// `path` with its symlinks followed to the file a write would replace (which may not exist yet).
std::string resolveWriteTarget(const std::string& path);

// Removes a folder that holds only files (a worker's request folder, a prepared model's folder):
// its files, then the folder; what cannot be removed stays, silently. POSIX calls, never
// std::filesystem::remove_all: beside PyTorch's libtorch.so the dynamic linker binds that to
// libtorch's own copy, which jumps to address 0 on a folder with entries (LIBTORCH_COMPAT.md,
// trap 4; a tune of a --model-py model crashed so on the H200).
void removeFolderOfFiles(const std::string& path);

}  // namespace inferscope
