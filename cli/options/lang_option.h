// --lang: the language inferscope-cli renders core's answers in (text/answer_text.h) — the tune
// summary and its answer block, a saved session's races, the fork lines, recommend --validate.
// A global option of the program (before or after the command), so every command takes it the
// same way. Unset, the environment decides (text::langFromEnvironment: INFERSCOPE_LANG, then a
// locale starting with "ja").
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "text/lang.h"

namespace inferscope::cli {

// Adds --lang to `app`, bound to `lang` ("" when not given). CLI11 rejects anything but en and ja,
// naming the option.
CLI::Option* addLangOption(CLI::App& app, std::string& lang);

// The language `--lang` names, or, when it was not given, the environment's.
text::Lang resolveLang(const std::string& lang_option);

// The language this process prints answers in: set once after parsing, read by the printers.
void setOutputLang(text::Lang lang);
text::Lang outputLang();

}  // namespace inferscope::cli
