// Golden-file comparison for the exporters' output. With INFERSCOPE_UPDATE_GOLDEN=1 in the
// environment the golden file is (re)written instead and the check passes, so regenerating is one
// test run followed by a review of `git diff tests/core/advisor/golden`.
#pragma once

#include <string>

namespace inferscope::advisor::testing {

// Adds a gtest failure naming the first differing line when `actual` differs from golden/<name>,
// or when that file is missing.
void expectMatchesGolden(const std::string& name, const std::string& actual);

}  // namespace inferscope::advisor::testing
