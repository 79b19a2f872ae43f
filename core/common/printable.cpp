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

std::string printableLine(std::string_view text) {
  std::string out;
  for (const char c : printable(text)) {
    if (c == '\n')
      out += "\\x0a";
    else if (c == '\t')
      out += "\\x09";
    else
      out += c;
  }
  return out;
}

bool isValidUtf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    char32_t code = 0;
    if (lead < 0x80) {
      ++i;
      continue;
    }
    if ((lead & 0xe0) == 0xc0) {
      length = 2;
      code = lead & 0x1fU;
    } else if ((lead & 0xf0) == 0xe0) {
      length = 3;
      code = lead & 0x0fU;
    } else if ((lead & 0xf8) == 0xf0) {
      length = 4;
      code = lead & 0x07U;
    } else {
      return false;  // a continuation byte without a lead, or 0xf8…0xff
    }
    if (i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xc0) != 0x80) return false;
      code = (code << 6) | (next & 0x3fU);
    }
    const char32_t smallest = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (code < smallest || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    i += length;
  }
  return true;
}

}  // namespace inferscope
