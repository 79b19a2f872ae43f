// Input specs ("32x3x224x224:float32") come from the command line, the GUI and session files:
// parse or throw Error(InvalidInput), and what parses prints back to a spec that parses equal.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/common/error.h"
#include "core/model/input_spec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inferscope;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  InputSpec spec;
  try {
    spec = InputSpec::parse(text);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) std::abort();
    return 0;
  }
  if (spec.numel() <= 0 || !(InputSpec::parse(spec.toString()) == spec)) std::abort();
  return 0;
}
