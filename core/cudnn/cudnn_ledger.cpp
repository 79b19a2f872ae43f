// ConvShape's key and output sizes; the selection modes' names.
#include "core/cudnn/cudnn_ledger.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace inferscope::cudnn {

const char* toString(SelectionMode mode) {
  switch (mode) {
    case SelectionMode::Heuristic:
      return "heuristic";
    case SelectionMode::Benchmark:
      return "benchmark";
    case SelectionMode::Deterministic:
      return "deterministic";
  }
  return "heuristic";
}

std::optional<SelectionMode> selectionModeFromString(const std::string& text) {
  for (SelectionMode m : kSelectionModes) {
    if (text == toString(m)) return m;
  }
  return std::nullopt;
}

namespace {
// "1" when every spatial value is the same ("s2"), "2,1" otherwise.
std::string compact(const std::vector<std::int64_t>& values) {
  if (values.empty()) return "?";
  for (auto v : values) {
    if (v != values.front()) return fmt::format("{}", fmt::join(values, ","));
  }
  return std::to_string(values.front());
}
}  // namespace

std::string ConvShape::key() const {
  return fmt::format("{} * {} s{} p{} d{} g{} {} {}{}", fmt::join(input, "x"),
                     fmt::join(weight, "x"), compact(stride), compact(padding), compact(dilation),
                     groups, dtype, channels_last ? "nhwc" : "nchw",
                     transposed ? " transposed" : "");
}

std::vector<std::int64_t> ConvShape::outputSizes() const {
  std::vector<std::int64_t> out;
  if (transposed || input.size() < 3 || weight.size() != input.size()) return out;
  const std::size_t spatial = input.size() - 2;
  out.push_back(input[0]);
  out.push_back(weight[0]);
  for (std::size_t i = 0; i < spatial; ++i) {
    const auto s = i < stride.size() ? stride[i] : 1;
    const auto p = i < padding.size() ? padding[i] : 0;
    const auto d = i < dilation.size() ? dilation[i] : 1;
    const auto extent = d * (weight[i + 2] - 1) + 1;
    out.push_back((input[i + 2] + 2 * p - extent) / s + 1);
  }
  return out;
}

}  // namespace inferscope::cudnn
