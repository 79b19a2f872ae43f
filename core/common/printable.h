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

}  // namespace inferscope
