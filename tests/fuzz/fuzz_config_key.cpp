// Config keys ("bf16+cl+graph+bench") come from the command line, plans and session files: parse
// or throw Error(InvalidInput); a parsed config's canonical key parses back to the same config.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/common/error.h"
#include "core/config/optimization_config.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inferscope;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  OptimizationConfig config;
  try {
    config = OptimizationConfig::parse(text);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) std::abort();
    return 0;
  }
  if (!(OptimizationConfig::parse(config.key()) == config)) std::abort();
  (void)config.describe();
  return 0;
}
