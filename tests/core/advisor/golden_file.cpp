// Golden-file comparison (see golden_file.h).
#include "golden_file.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>

namespace inferscope::advisor::testing {
namespace {

bool updating() {
  const char* v = std::getenv("INFERSCOPE_UPDATE_GOLDEN");
  return v && std::string_view(v) == "1";
}

std::string lineAt(const std::string& text, std::size_t line) {
  std::istringstream in(text);
  std::string s;
  for (std::size_t i = 0; i <= line && std::getline(in, s); ++i) {
    if (i == line) return s;
  }
  return "<end of file>";
}

}  // namespace

void expectMatchesGolden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(INFERSCOPE_ADVISOR_GOLDEN_DIR) + "/" + name;
  if (updating()) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << actual;
    ASSERT_TRUE(out.good()) << "cannot write " << path;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in.good()) << "missing golden file " << path
                         << " (run with INFERSCOPE_UPDATE_GOLDEN=1)";
  std::ostringstream expected;
  expected << in.rdbuf();
  if (expected.str() == actual) return;
  std::size_t line = 0;
  std::istringstream a(actual), e(expected.str());
  for (std::string la, le; std::getline(a, la) && std::getline(e, le) && la == le;) ++line;
  ADD_FAILURE() << name << " differs from its golden file at line " << line + 1
                << ":\n  golden: " << lineAt(expected.str(), line)
                << "\n  actual: " << lineAt(actual, line)
                << "\n(if the change is intended: INFERSCOPE_UPDATE_GOLDEN=1, then review git diff "
                << path << ")";
}

}  // namespace inferscope::advisor::testing
