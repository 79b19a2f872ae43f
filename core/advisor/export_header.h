// The comment block both code exports start with: what the config is, where it was chosen, which
// PyTorch it targets and the reason for every setting, so an exported file explains itself.
// Internal to core/advisor.
#pragma once

#include <string>
#include <string_view>

#include "core/advisor/config_document.h"

namespace inferscope::advisor {

// `prefix` is the comment marker ("# " or "// "); `title` the first line's text.
std::string exportHeader(const ConfigDocument& document, std::string_view prefix,
                         std::string_view title);

// Word-wraps `text` into comment lines of at most `width` characters: the first line starts with
// `first`, the following ones with `next`.
std::string wrapComment(std::string_view text, std::string_view first, std::string_view next,
                        std::size_t width = 100);

}  // namespace inferscope::advisor
