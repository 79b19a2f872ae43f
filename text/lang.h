// The language the CLI and the GUI render core's codes in (text/answer_text.h). Qt-free: the CLI
// picks it from --lang and the environment, the GUI from View → Language.
#pragma once

#include <optional>
#include <string>

namespace inferscope::text {

enum class Lang { En, Ja };

const char* toString(Lang lang);  // "en", "ja"

// "en" or "ja" (any case); nullopt for anything else, so that a caller can name the culprit.
std::optional<Lang> parseLang(const std::string& name);

// The language the environment asks for: INFERSCOPE_LANG when it names one ("en" or "ja"), else
// Japanese when the locale (LC_ALL, else LC_MESSAGES, else LANG, the POSIX order) starts with
// "ja", else English. Null or empty arguments count as unset.
Lang langFromEnvironment(const char* inferscope_lang, const char* lc_all, const char* lc_messages,
                         const char* lang);
// The same, read from this process's environment.
Lang langFromEnvironment();

}  // namespace inferscope::text
