// A set of input shapes a model is measured at: the batch sizes a classifier serves, the sequence
// lengths an encoder sees. Written on the command line as a list or a range per dimension:
//   --batch 1,8,32,128                          zoo models at these batch sizes
//   --batch 1..256                              every power of two in the range, and its bounds
//   --batch 16..128:16                          16, 32, …, 128 (a step)
//   --input 'Bx3x224x224:float32' --dims B=1..256
//   --input 'Bx128:int64' --dims B=1,8 --dims S=16,64,128   (every combination)
// A symbolic dimension is an upper-case name ([A-Z][A-Z0-9_]*: an 'x' separates dimensions, so
// names are upper case); each one an input uses must be given by --dims, and each --dims name must
// be used. The batch of a point (items per iteration, for throughput) is dimension "B" where the
// inputs name it, else the first input's leading dimension.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/value_limits.h"
#include "core/model/input_spec.h"

namespace inferscope {

// One shape of the set: a label for tables and files ("B=8", "B=8 S=128"), the batch (items one
// iteration serves) and, for explicit inputs, the concrete input specs (empty: the zoo model's
// default inputs at `batch`).
struct ShapePoint {
  std::string label;
  std::int64_t batch = 1;
  std::vector<InputSpec> inputs;
  // The symbolic dimensions' values, in the order --dims named them ({{"B", 8}, {"S", 128}}).
  std::vector<std::pair<std::string, std::int64_t>> dims;

  bool operator==(const ShapePoint& other) const {
    return label == other.label && batch == other.batch && inputs == other.inputs &&
           dims == other.dims;
  }
};

struct ShapeSet {
  std::vector<ShapePoint> points;

  bool isSet() const { return points.size() > 1; }
  std::vector<std::string> labels() const;
};

// The values of one dimension: "8", "1,8,32", "1..256" (bounds and the powers of two between
// them), "16..128:16" (a step). Sorted, without repeats; every value in 1 … kMaxDimValue. `what`
// names the option in errors ("--batch", "--dims S"). Throws Error(InvalidInput).
std::vector<std::int64_t> parseDimValues(std::string_view text, std::string_view what);

// "--dims" text "NAME=VALUES" → {NAME, values}. Throws Error(InvalidInput) naming the culprit.
std::pair<std::string, std::vector<std::int64_t>> parseDimOption(std::string_view text);

// True when an input spec text names a symbolic dimension ("Bx3x224x224").
bool isSymbolicInput(std::string_view text);

// The shape set the options describe. `batch_text` is --batch (used when `input_texts` is empty or
// has no symbolic dimension); `input_texts` the --input specs, symbolic or not; `dims_texts` the
// --dims options. Every combination of the dims' values is one point, the first dim varying
// slowest. Throws Error(InvalidInput) naming the option: a symbol without --dims, a --dims name no
// input uses, a name given twice, --batch with several values beside symbolic inputs, more than
// kMaxShapePoints points, or a concrete spec InputSpec::parse refuses.
ShapeSet parseShapeSet(std::string_view batch_text, const std::vector<std::string>& input_texts,
                       const std::vector<std::string>& dims_texts);

}  // namespace inferscope
