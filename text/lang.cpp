#include "text/lang.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace inferscope::text {
namespace {

bool set(const char* s) {
  return s != nullptr && *s != '\0';
}

}  // namespace

const char* toString(Lang lang) {
  return lang == Lang::Ja ? "ja" : "en";
}

std::optional<Lang> parseLang(const std::string& name) {
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "en") return Lang::En;
  if (lower == "ja") return Lang::Ja;
  return std::nullopt;
}

Lang langFromEnvironment(const char* inferscope_lang, const char* lc_all, const char* lc_messages,
                         const char* lang) {
  if (set(inferscope_lang)) {
    if (const auto chosen = parseLang(inferscope_lang)) return *chosen;
  }
  // The first locale variable that is set decides, as for any POSIX program's messages.
  const char* locale = set(lc_all) ? lc_all : set(lc_messages) ? lc_messages : lang;
  if (set(locale) && std::string(locale).rfind("ja", 0) == 0) return Lang::Ja;
  return Lang::En;
}

Lang langFromEnvironment() {
  return langFromEnvironment(std::getenv("INFERSCOPE_LANG"), std::getenv("LC_ALL"),
                             std::getenv("LC_MESSAGES"), std::getenv("LANG"));
}

}  // namespace inferscope::text
