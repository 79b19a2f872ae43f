// Header comments of the Python and C++ exports (see export_header.h).
#include "core/advisor/export_header.h"

#include <fmt/format.h>

#include <sstream>

#include "core/common/printable.h"
#include "core/common/version.h"

namespace inferscope::advisor {

std::string wrapComment(std::string_view text, std::string_view first, std::string_view next,
                        std::size_t width) {
  std::string out;
  std::string line(first);
  bool line_has_words = false;
  std::istringstream words{std::string(text)};
  std::string word;
  // Lengths count bytes; the arrows and dots in reasons are multi-byte, so lines wrap a little
  // early.
  // A line that ended in a backslash would continue a C++ // comment onto the next line, which may
  // be code: such a line gets a closing " ." (the text is a file's: a session's warning).
  const auto end = [](const std::string& l) {
    return l.empty() || l.back() != '\\' ? l : l + " .";
  };
  while (words >> word) {
    word = printableLine(word);  // no control character from a file reaches the export
    if (line_has_words && line.size() + 1 + word.size() > width) {
      out += end(line) + "\n";
      line = std::string(next);
      line_has_words = false;
    }
    if (line_has_words) line += ' ';
    line += word;
    line_has_words = true;
  }
  out += end(line) + "\n";
  return out;
}

std::string exportHeader(const ConfigDocument& d, std::string_view prefix, std::string_view title) {
  const std::string p(prefix);
  const std::string bare = p.substr(0, p.find_last_not_of(' ') + 1);  // "#" / "//" for blank lines
  std::string out;
  out += fmt::format("{}{} — exported by InferScope {}.\n", p, title, kInferScopeVersion);
  out += bare + "\n";
  out += fmt::format("{}Config:  {} ({})\n", p, d.config.key(), d.config.describe());
  // The label may come from a session file: one line, escaped, or a newline in it would end the
  // comment and make the rest of the label Python or C++ code.
  const std::string label =
      d.device_label.empty() ? std::string() : printableLine(d.device_label) + ", ";
  out += fmt::format("{}Device:  {}{}\n", p, label, toString(d.device));
  out += fmt::format("{}Target:  PyTorch {} — FP32 math through {}\n", p, d.target_torch.str(),
                     d.target_torch.tf32ApiName());
  if (!d.reasons.empty()) {
    out += bare + "\n";
    out += p + "Why each setting (after the PyTorch inference optimization guide):\n";
    for (const auto& r : d.reasons) {
      out += wrapComment(fmt::format("{}: {}", r.setting, r.rule), p + "  - ", p + "    ");
    }
  }
  if (!d.warnings.empty()) {
    out += bare + "\n";
    out += p + "Warnings:\n";
    for (const auto& w : d.warnings) out += wrapComment(w, p + "  - ", p + "    ");
  }
  return out;
}

}  // namespace inferscope::advisor
