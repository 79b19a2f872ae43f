// The shape and dtype of one model input, written "32x3x224x224:float32" on the command line,
// in session files and in the GUI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace inferscope {

enum class DType { Float32, Float16, BFloat16, Int64, Int32 };

const char* toString(DType dtype);
std::optional<DType> parseDType(std::string_view text);
std::size_t dtypeSizeBytes(DType dtype);
bool isFloatingPoint(DType dtype);

struct InputSpec {
  std::vector<std::int64_t> shape;
  DType dtype = DType::Float32;
  // For integer inputs (token ids): values are drawn from [0, int_high).
  std::int64_t int_high = 1000;

  std::int64_t numel() const;
  std::int64_t batch() const { return shape.empty() ? 1 : shape.front(); }
  std::string toString() const;  // "32x3x224x224:float32"

  // Parses "1x3x224x224" or "1x3x224x224:float16"; throws Error(InvalidInput) with the reason.
  static InputSpec parse(std::string_view text);
  bool operator==(const InputSpec& other) const {
    return shape == other.shape && dtype == other.dtype;
  }
};

std::string toString(const std::vector<InputSpec>& specs);  // "a, b"

}  // namespace inferscope
