#include "core/model/input_spec.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>

#include "core/common/error.h"

namespace inferscope {

const char* toString(DType dtype) {
  switch (dtype) {
    case DType::Float32:
      return "float32";
    case DType::Float16:
      return "float16";
    case DType::BFloat16:
      return "bfloat16";
    case DType::Int64:
      return "int64";
    case DType::Int32:
      return "int32";
  }
  return "float32";
}

std::optional<DType> parseDType(std::string_view text) {
  if (text == "float32" || text == "float" || text == "fp32") return DType::Float32;
  if (text == "float16" || text == "half" || text == "fp16") return DType::Float16;
  if (text == "bfloat16" || text == "bf16") return DType::BFloat16;
  if (text == "int64" || text == "long") return DType::Int64;
  if (text == "int32" || text == "int") return DType::Int32;
  return std::nullopt;
}

std::size_t dtypeSizeBytes(DType dtype) {
  switch (dtype) {
    case DType::Float16:
    case DType::BFloat16:
      return 2;
    case DType::Int64:
      return 8;
    default:
      return 4;
  }
}

bool isFloatingPoint(DType dtype) {
  return dtype == DType::Float32 || dtype == DType::Float16 || dtype == DType::BFloat16;
}

std::int64_t InputSpec::numel() const {
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

std::string InputSpec::toString() const {
  return fmt::format("{}:{}", fmt::join(shape, "x"), inferscope::toString(dtype));
}

InputSpec InputSpec::parse(std::string_view text) {
  const std::string original(text);
  InputSpec spec;
  if (auto colon = text.find(':'); colon != std::string_view::npos) {
    const auto dtype_text = text.substr(colon + 1);
    auto dtype = parseDType(dtype_text);
    if (!dtype) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("input spec '{}': unknown dtype '{}' (use float32, float16, "
                              "bfloat16, int64 or int32)",
                              original, dtype_text));
    }
    spec.dtype = *dtype;
    text = text.substr(0, colon);
  }
  while (!text.empty()) {
    const auto x = text.find('x');
    const auto dim_text = text.substr(0, x);
    std::int64_t dim = 0;
    const auto* end = dim_text.data() + dim_text.size();
    auto [ptr, ec] = std::from_chars(dim_text.data(), end, dim);
    if (ec != std::errc() || ptr != end || dim <= 0) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("input spec '{}': '{}' is not a positive dimension (expected e.g. "
                              "1x3x224x224:float32)",
                              original, dim_text));
    }
    spec.shape.push_back(dim);
    if (x == std::string_view::npos) break;
    text = text.substr(x + 1);
    if (text.empty()) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("input spec '{}': trailing 'x' without a dimension", original));
    }
  }
  // The tensor's size in bytes must be a number: 1x3x100000x100000x100000 overflows any int64.
  std::int64_t bytes = static_cast<std::int64_t>(dtypeSizeBytes(spec.dtype));
  for (const auto dim : spec.shape) {
    if (__builtin_mul_overflow(bytes, dim, &bytes)) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("input spec '{}' is too large: its tensor would not fit any memory",
                              original));
    }
  }
  if (spec.shape.empty()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("input spec '{}' has no dimensions (expected e.g. 1x3x224x224:float32)",
                            original));
  }
  return spec;
}

std::string toString(const std::vector<InputSpec>& specs) {
  std::vector<std::string> parts;
  for (const auto& s : specs) parts.push_back(s.toString());
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace inferscope
