// Removes a folder and everything in it with POSIX calls, not std::filesystem::remove_all: beside
// the wheel's libtorch.so (GPU machine, LibTorch 2.11) the dynamic linker binds remove_all to the
// copy libtorch.so exports, which jumps to address 0 on a folder that has entries
// (LIBTORCH_COMPAT.md, trap 4). The roofline tests that link LibTorch share it.
#pragma once

#include <ftw.h>
#include <stdio.h>

#include <filesystem>

namespace inferscope::test {

inline void removeTree(const std::filesystem::path& dir) {
  ::nftw(
      dir.c_str(),
      [](const char* path, const struct stat*, int, struct FTW*) { return ::remove(path); }, 16,
      FTW_DEPTH | FTW_PHYS);
}

}  // namespace inferscope::test
