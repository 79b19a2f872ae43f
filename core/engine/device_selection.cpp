#include "core/engine/device_selection.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "core/common/error.h"

namespace inferscope {
namespace {

std::vector<std::string> splitList(std::string_view text) {
  std::vector<std::string> out;
  while (true) {
    const auto comma = text.find(',');
    out.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) return out;
    text.remove_prefix(comma + 1);
  }
}

}  // namespace

std::vector<int> parseDeviceList(std::string_view text, int visible) {
  std::vector<int> devices;
  if (text == "all") {
    if (visible <= 0) {
      throw Error(ErrorKind::Unsupported,
                  "--devices all: this process sees no CUDA device (check the driver, and "
                  "CUDA_VISIBLE_DEVICES)");
    }
    for (int i = 0; i < visible; ++i) devices.push_back(i);
    return devices;
  }
  for (const auto& item : splitList(text)) {
    int ordinal = -1;
    const auto* end = item.data() + item.size();
    const auto [ptr, ec] = std::from_chars(item.data(), end, ordinal);
    if (item.empty() || ec != std::errc() || ptr != end || ordinal < 0) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--devices {}: '{}' is not a GPU ordinal (use all, or a list such "
                              "as 0,2,3)",
                              text, item));
    }
    if (visible >= 0 && ordinal >= visible) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--devices {}: GPU {} does not exist here ({} visible: 0–{})", text,
                              ordinal, visible, visible - 1));
    }
    if (std::find(devices.begin(), devices.end(), ordinal) != devices.end()) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("--devices {}: GPU {} is listed twice", text, ordinal));
    }
    devices.push_back(ordinal);
  }
  return devices;
}

std::string workerVisibleDevices(const char* parent_value, int ordinal) {
  if (parent_value == nullptr || *parent_value == '\0') return std::to_string(ordinal);
  const auto entries = splitList(parent_value);
  if (ordinal < 0 || static_cast<std::size_t>(ordinal) >= entries.size()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("GPU {} is not among this process's CUDA_VISIBLE_DEVICES={} ({} GPUs)",
                            ordinal, parent_value, entries.size()));
  }
  return entries[static_cast<std::size_t>(ordinal)];
}

}  // namespace inferscope
