#include "core/common/printable.h"

#include <fmt/format.h>

namespace inferscope {

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool c0 = byte < 0x20 && byte != '\n' && byte != '\t';
    if (c0 || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else if (byte == 0xc2 && i + 1 < text.size() &&
               static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[i + 1]));  // C1 (CSI …)
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace inferscope
