// Text from files and models (names, messages, keys) echoed to a terminal or a log: control
// characters are escaped, so a crafted session or model name cannot move the cursor, recolour the
// screen or forge lines through escape sequences.
#pragma once

#include <string>
#include <string_view>

namespace inferscope {

// C0 controls other than newline and tab, DEL and the C1 controls (UTF-8 U+0080–U+009F) become
// "\x1b"-style escapes; everything else, UTF-8 included, is kept as it is.
std::string printable(std::string_view text);
// printable(), and newlines and tabs escaped too ("\x0a", "\x09"): for a value shown on one line
// of a table or a list (a model name, a verdict, a path), which a crafted file must not be able to
// continue on a forged line of its own.
std::string printableLine(std::string_view text);

// Whether `text` is well-formed UTF-8 (no stray continuation bytes, overlong forms, surrogates or
// code points past U+10FFFF). A session stores paths and names as JSON strings, which must be
// UTF-8.
bool isValidUtf8(std::string_view text);

}  // namespace inferscope
