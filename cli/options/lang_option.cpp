#include "cli/options/lang_option.h"

#include <atomic>

namespace inferscope::cli {
namespace {

// Process-wide like the cancel token: the printers are many and deep, the choice is one.
std::atomic<text::Lang> g_output_lang{text::Lang::En};

}  // namespace

CLI::Option* addLangOption(CLI::App& app, std::string& lang) {
  return app
      .add_option("--lang", lang,
                  "Language of the answers and verdicts printed: en or ja (default: "
                  "INFERSCOPE_LANG, else ja when LC_ALL/LC_MESSAGES/LANG start with ja, else en)")
      ->check(CLI::IsMember({"en", "ja"}, CLI::ignore_case));
}

text::Lang resolveLang(const std::string& lang_option) {
  if (const auto chosen = text::parseLang(lang_option)) return *chosen;
  return text::langFromEnvironment();
}

void setOutputLang(text::Lang lang) {
  g_output_lang.store(lang);
}

text::Lang outputLang() {
  return g_output_lang.load();
}

}  // namespace inferscope::cli
