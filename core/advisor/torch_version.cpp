// Parsing of target PyTorch versions ("2.11", "2.11.0+cu130", "2.9.0a0+git…").
#include "core/advisor/torch_version.h"

#include <fmt/format.h>

#include <cctype>

#include "core/common/error.h"

namespace inferscope::advisor {
namespace {

// Reads a run of digits at `pos`; -1 when there is none.
int readNumber(std::string_view s, std::size_t& pos) {
  const std::size_t start = pos;
  int value = 0;
  while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) && pos - start < 4) {
    value = value * 10 + (s[pos] - '0');
    ++pos;
  }
  return pos == start ? -1 : value;
}

}  // namespace

TorchVersion TorchVersion::parse(std::string_view text) {
  const auto bad = [&] {
    return Error(
        ErrorKind::InvalidInput,
        fmt::format("target PyTorch version '{}' is not a version like 2.8 or 2.11", text));
  };
  std::size_t pos = 0;
  const int major = readNumber(text, pos);
  if (major < 0 || pos >= text.size() || text[pos] != '.') throw bad();
  ++pos;
  const int minor = readNumber(text, pos);
  if (minor < 0) throw bad();
  // After major.minor only a patch level and local/pre-release tags may follow.
  if (pos < text.size() && text[pos] != '.' && text[pos] != '+' &&
      !std::isalpha(static_cast<unsigned char>(text[pos]))) {
    throw bad();
  }
  TorchVersion v{major, minor};
  if (!v.atLeast(2, 0)) {
    throw Error(
        ErrorKind::Unsupported,
        fmt::format(
            "target PyTorch {} is older than 2.0; the guide and InferScope's exports assume "
            "PyTorch 2.x (torch.compile, inference_mode)",
            v.str()));
  }
  return v;
}

std::string TorchVersion::str() const {
  return fmt::format("{}.{}", major, minor);
}

const char* TorchVersion::tf32ApiName() const {
  return hasFp32PrecisionApi() ? "fp32_precision (PyTorch >= 2.9)"
                               : "set_float32_matmul_precision + allow_tf32 (legacy)";
}

}  // namespace inferscope::advisor
