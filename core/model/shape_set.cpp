#include "core/model/shape_set.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>

#include "core/common/error.h"
#include "core/common/printable.h"

namespace inferscope {
namespace {

[[noreturn]] void invalid(const std::string& message) {
  throw Error(ErrorKind::InvalidInput, message);
}

std::int64_t parseValue(std::string_view token, std::string_view text, std::string_view what) {
  std::int64_t value = 0;
  const auto* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data(), end, value);
  if (token.empty() || ec != std::errc() || ptr != end || value < 1 || value > kMaxDimValue) {
    invalid(fmt::format("{} {}: '{}' is not a size from 1 to {} (expected e.g. 1,8,32 or 1..256)",
                        what, printableLine(std::string(text)), printableLine(std::string(token)),
                        kMaxDimValue));
  }
  return value;
}

bool isSymbolStart(char c) {
  return c >= 'A' && c <= 'Z';
}
bool isSymbolChar(char c) {
  return isSymbolStart(c) || (c >= '0' && c <= '9') || c == '_';
}

bool isSymbol(std::string_view token) {
  return !token.empty() && isSymbolStart(token.front()) &&
         std::all_of(token.begin(), token.end(), isSymbolChar);
}

// An input spec split into its dimension tokens and its dtype text ("" for the default).
struct SpecTemplate {
  std::vector<std::string> dims;
  std::string dtype_suffix;  // ":float32" or ""
};

SpecTemplate splitSpec(std::string_view text) {
  SpecTemplate t;
  if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    t.dtype_suffix = std::string(text.substr(colon));
    text = text.substr(0, colon);
  }
  while (true) {
    const auto x = text.find('x');
    t.dims.emplace_back(text.substr(0, x));
    if (x == std::string_view::npos) break;
    text = text.substr(x + 1);
  }
  return t;
}

std::string joinLabel(const std::vector<std::pair<std::string, std::int64_t>>& dims) {
  std::vector<std::string> parts;
  parts.reserve(dims.size());
  for (const auto& [name, value] : dims) parts.push_back(fmt::format("{}={}", name, value));
  return fmt::format("{}", fmt::join(parts, " "));
}

}  // namespace

std::vector<std::string> ShapeSet::labels() const {
  std::vector<std::string> out;
  out.reserve(points.size());
  for (const auto& p : points) out.push_back(p.label);
  return out;
}

std::vector<std::int64_t> parseDimValues(std::string_view text, std::string_view what) {
  std::vector<std::int64_t> values;
  if (text.empty()) invalid(fmt::format("{}: no value (expected e.g. 1,8,32 or 1..256)", what));
  if (const auto dots = text.find(".."); dots != std::string_view::npos) {
    const auto low_text = text.substr(0, dots);
    auto high_text = text.substr(dots + 2);
    std::int64_t step = 0;  // 0: the powers of two between the bounds
    if (const auto colon = high_text.find(':'); colon != std::string_view::npos) {
      step = parseValue(high_text.substr(colon + 1), text, what);
      high_text = high_text.substr(0, colon);
    }
    const auto low = parseValue(low_text, text, what);
    const auto high = parseValue(high_text, text, what);
    if (low > high) {
      invalid(fmt::format("{} {}: the range runs backwards ({} > {}); write LOW..HIGH", what,
                          printableLine(std::string(text)), low, high));
    }
    if (step > 0) {
      // Counted before it is built: 1..16777216:1 would be millions of shapes.
      if ((high - low) / step + 1 > static_cast<std::int64_t>(kMaxShapePoints)) {
        invalid(fmt::format(
            "{} {}: {} values, more than the {} shapes a set may hold; use a "
            "larger step or LOW..HIGH (powers of two)",
            what, printableLine(std::string(text)), (high - low) / step + 1, kMaxShapePoints));
      }
      for (std::int64_t v = low; v <= high; v += step) values.push_back(v);
    } else {
      // The bounds the user typed are always measured; between them every power of two, the sizes
      // allocators and kernels are tuned for.
      values.push_back(low);
      for (std::int64_t p = 1; p <= high; p *= 2) {
        if (p > low && p < high) values.push_back(p);
      }
      values.push_back(high);
    }
  } else {
    std::string_view rest = text;
    while (true) {
      const auto comma = rest.find(',');
      values.push_back(parseValue(rest.substr(0, comma), text, what));
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  if (values.size() > kMaxShapePoints) {
    invalid(fmt::format("{} {}: {} values, more than the {} shapes a set may hold", what,
                        printableLine(std::string(text)), values.size(), kMaxShapePoints));
  }
  return values;
}

std::pair<std::string, std::vector<std::int64_t>> parseDimOption(std::string_view text) {
  const auto eq = text.find('=');
  const auto name = text.substr(0, eq);
  if (eq == std::string_view::npos || !isSymbol(name)) {
    invalid(
        fmt::format("--dims {}: expected NAME=VALUES with an upper-case NAME used in --input, "
                    "e.g. --dims B=1..256 or --dims S=16,64,128",
                    printableLine(std::string(text))));
  }
  return {std::string(name),
          parseDimValues(text.substr(eq + 1), fmt::format("--dims {}", std::string(name)))};
}

bool isSymbolicInput(std::string_view text) {
  const auto t = splitSpec(text);
  return std::any_of(t.dims.begin(), t.dims.end(),
                     [](const std::string& d) { return !d.empty() && isSymbolStart(d.front()); });
}

ShapeSet parseShapeSet(std::string_view batch_text, const std::vector<std::string>& input_texts,
                       const std::vector<std::string>& dims_texts) {
  const auto batches = parseDimValues(batch_text, "--batch");
  std::vector<std::pair<std::string, std::vector<std::int64_t>>> dims;
  for (const auto& text : dims_texts) {
    auto dim = parseDimOption(text);
    for (const auto& d : dims) {
      if (d.first == dim.first) {
        invalid(
            fmt::format("--dims {} is given twice; give each dimension's values once, e.g. "
                        "--dims {}=1,8,32",
                        dim.first, dim.first));
      }
    }
    dims.push_back(std::move(dim));
  }
  std::vector<SpecTemplate> templates;
  std::map<std::string, bool> used;
  for (const auto& [name, values] : dims) used[name] = false;
  bool symbolic = false;
  for (const auto& text : input_texts) {
    auto t = splitSpec(text);
    for (const auto& d : t.dims) {
      if (d.empty() || !isSymbolStart(d.front())) continue;
      if (!isSymbol(d)) {
        invalid(
            fmt::format("--input {}: '{}' is neither a size nor a dimension name (names are "
                        "upper case: B, S, SEQ_LEN)",
                        printableLine(text), printableLine(d)));
      }
      if (!used.count(d)) {
        invalid(
            fmt::format("--input {} names the dimension {}: give its values with --dims, e.g. "
                        "--dims {}=1,8,32",
                        printableLine(text), d, d));
      }
      used[d] = true;
      symbolic = true;
    }
    templates.push_back(std::move(t));
  }
  for (const auto& [name, is_used] : used) {
    if (!is_used) {
      invalid(fmt::format("--dims {}: no --input names {} (e.g. --input '{}x3x224x224:float32')",
                          name, name, name));
    }
  }
  ShapeSet set;
  if (!symbolic) {
    // Concrete inputs (or the zoo's defaults): --batch is the only axis, and it sets the batch of
    // zoo models only; a model file's inputs say their own.
    if (!input_texts.empty() && batches.size() > 1) {
      invalid(fmt::format(
          "--batch {} sets zoo models' batch sizes; with --input name the batch "
          "dimension and give its values, e.g. --input 'Bx3x224x224:float32' "
          "--dims B={}",
          printableLine(std::string(batch_text)), printableLine(std::string(batch_text))));
    }
    for (const auto b : batches) {
      ShapePoint p;
      p.batch = b;
      for (const auto& text : input_texts) p.inputs.push_back(InputSpec::parse(text));
      p.dims = {{"B", b}};
      p.label = joinLabel(p.dims);
      set.points.push_back(std::move(p));
    }
    return set;
  }
  if (batches.size() > 1 || batches.front() != 1) {
    invalid(fmt::format(
        "--batch {} beside symbolic --input: the batch is the input's dimension "
        "B, e.g. --input 'Bx3x224x224:float32' --dims B={}",
        printableLine(std::string(batch_text)), printableLine(std::string(batch_text))));
  }
  std::size_t total = 1;
  for (const auto& [name, values] : dims) {
    total *= values.size();
    if (total > kMaxShapePoints) {
      invalid(
          fmt::format("--dims: {} combinations or more, more than the {} shapes a set may "
                      "hold; give fewer values",
                      total, kMaxShapePoints));
    }
  }
  // Every combination, the first --dims varying slowest (an odometer over the value lists).
  std::vector<std::size_t> at(dims.size(), 0);
  for (std::size_t n = 0; n < total; ++n) {
    ShapePoint p;
    for (std::size_t d = 0; d < dims.size(); ++d)
      p.dims.emplace_back(dims[d].first, dims[d].second[at[d]]);
    for (std::size_t i = 0; i < templates.size(); ++i) {
      std::vector<std::string> parts;
      for (const auto& token : templates[i].dims) {
        const auto it = std::find_if(p.dims.begin(), p.dims.end(),
                                     [&](const auto& d) { return d.first == token; });
        parts.push_back(it == p.dims.end() ? token : std::to_string(it->second));
      }
      const auto concrete = fmt::format("{}{}", fmt::join(parts, "x"), templates[i].dtype_suffix);
      try {
        p.inputs.push_back(InputSpec::parse(concrete));
      } catch (const Error& e) {
        invalid(fmt::format("--input {} at {}: {}", printableLine(input_texts[i]),
                            joinLabel(p.dims), e.what()));
      }
    }
    const auto b =
        std::find_if(p.dims.begin(), p.dims.end(), [](const auto& d) { return d.first == "B"; });
    p.batch = b != p.dims.end() ? b->second : p.inputs.front().batch();
    p.label = joinLabel(p.dims);
    set.points.push_back(std::move(p));
    for (std::size_t d = dims.size(); d-- > 0;) {
      if (++at[d] < dims[d].second.size()) break;
      at[d] = 0;
    }
  }
  return set;
}

}  // namespace inferscope
