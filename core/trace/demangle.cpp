// demangle: the Itanium C++ ABI demangler of the toolchain (GCC and Clang both ship it).
#include "core/trace/demangle.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace inferscope::trace {

std::string demangle(const char* symbol) {
  if (symbol == nullptr) return "<unnamed>";
  // Only "_Z…" symbols are mangled; anything else would be misread as a type name ("i" → int).
  if (symbol[0] != '_' || symbol[1] != 'Z') return symbol;
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> out(abi::__cxa_demangle(symbol, nullptr, nullptr, &status),
                                             std::free);
  return status == 0 && out ? std::string(out.get()) : std::string(symbol);
}

}  // namespace inferscope::trace
