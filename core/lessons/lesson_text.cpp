#include "core/lessons/lesson_text.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>

#include "core/common/error.h"

namespace inferscope::lessons {
namespace {

struct Placeholder {
  std::string name;
  char type = 'g';
  int precision = -1;
};

Placeholder parsePlaceholder(const std::string& body, const std::string& text) {
  Placeholder p;
  const auto colon = body.find(':');
  p.name = body.substr(0, colon);
  auto bad = [&](const char* why) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("text template \"{}\": placeholder '{{{}}}' {}", text, body, why));
  };
  if (p.name.empty()) bad("names no metric");
  if (colon == std::string::npos) return p;
  const std::string spec = body.substr(colon + 1);
  // ".Nf" | ".Ne" | ".Ng" | "f" | "e" | "g"
  std::size_t i = 0;
  if (i < spec.size() && spec[i] == '.') {
    ++i;
    std::size_t digits = 0;
    int precision = 0;
    while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) {
      precision = precision * 10 + (spec[i] - '0');
      ++i;
      ++digits;
    }
    if (digits == 0 || precision > 12) bad("has a bad precision (use .0 to .12)");
    p.precision = precision;
  }
  if (i + 1 != spec.size() || (spec[i] != 'f' && spec[i] != 'e' && spec[i] != 'g'))
    bad("has a format other than .Nf, .Ne or .Ng");
  p.type = spec[i];
  return p;
}

// Calls `onText` for literal runs and `onPlaceholder` for each placeholder.
template <class OnText, class OnPlaceholder>
void scan(const std::string& text, OnText onText, OnPlaceholder onPlaceholder) {
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      onText(std::string(1, c));
      i += 2;
    } else if (c == '{') {
      const auto end = text.find('}', i + 1);
      if (end == std::string::npos)
        throw Error(ErrorKind::InvalidInput,
                    fmt::format("text template \"{}\": '{{' without a closing '}}'", text));
      onPlaceholder(parsePlaceholder(text.substr(i + 1, end - i - 1), text));
      i = end + 1;
    } else if (c == '}') {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("text template \"{}\": '}}' without an opening '{{' (write '}}}}')", text));
    } else {
      const auto next = text.find_first_of("{}", i);
      const auto stop = next == std::string::npos ? text.size() : next;
      onText(text.substr(i, stop - i));
      i = stop;
    }
  }
}

}  // namespace

std::string formatNumberPlain(double value, char type, int precision) {
  if (type == 'f') {
    const int digits = precision < 0 ? 2 : precision;
    // Thousands separators for what a room reads aloud ("37,716 inferences").
    std::string s = fmt::format("{:.{}f}", std::fabs(value), digits);
    const auto dot = s.find('.');
    std::string whole = s.substr(0, dot), grouped;
    for (std::size_t k = 0; k < whole.size(); ++k) {
      if (k > 0 && (whole.size() - k) % 3 == 0) grouped += ',';
      grouped += whole[k];
    }
    return (value < 0 && std::stod(s) != 0 ? "-" : "") + grouped +
           (dot == std::string::npos ? "" : s.substr(dot));
  }
  if (type == 'e') return fmt::format("{:.{}e}", value, precision < 0 ? 1 : precision);
  return precision < 0 ? fmt::format("{:g}", value) : fmt::format("{:.{}g}", value, precision);
}

std::string fillTemplate(const std::string& text, const MetricValues& values,
                         const NumberFormatter& format) {
  std::string out;
  scan(
      text, [&](const std::string& literal) { out += literal; },
      [&](const Placeholder& p) {
        const auto it = values.find(p.name);
        if (it == values.end())
          throw Error(ErrorKind::InvalidInput,
                      fmt::format("text template \"{}\": no metric '{}'", text, p.name));
        out += format(it->second, p.type, p.precision);
      });
  return out;
}

std::vector<std::string> templateMetrics(const std::string& text) {
  std::vector<std::string> names;
  scan(
      text, [](const std::string&) {}, [&](const Placeholder& p) { names.push_back(p.name); });
  return names;
}

}  // namespace inferscope::lessons
