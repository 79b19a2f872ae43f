// Plans ("guide", "grid:precision=fp32,bf16;cl=off,on", "KEY,KEY") from `sweep --plan` and the GUI:
// parse or throw Error(InvalidInput), in bounded time and size, for any device and model family.
// The first byte picks the context (device generation, family, model file kind).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/common/error.h"
#include "core/engine/plan.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inferscope;
  if (size == 0) return 0;
  const std::uint8_t flags = data[0];
  PlanContext context;
  DeviceInfo device;
  device.kind = (flags & 1) ? DeviceKind::Cuda : DeviceKind::Cpu;
  const int majors[] = {7, 8, 9, 10};
  device.cc_major = majors[(flags >> 1) & 3];
  context.caps = DeviceCaps::from(device);
  context.family = (flags & 8) ? ModelFamily::Transformer : ModelFamily::Cnn;
  context.is_torchscript_file = (flags & 16) != 0;
  context.aot_inductor_available = (flags & 32) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    const auto plan = parsePlan(text, context);
    if (plan.empty()) std::abort();  // an empty plan must be an error, never a silent no-op
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) std::abort();
  }
  return 0;
}
