// FLOPs and bytes moved per operator, from the calls the operator observer saw in one iteration
// (names, nesting, argument and result shapes and dtypes: trace::OpValue). docs/MEASUREMENT.md,
// "Roofline", has the rules as a table; in short:
//   * FLOPs = 2 × multiply-adds, like torch.utils.flop_counter.FlopCounterMode, so that the totals
//     of the operators both count (matmuls, convolutions, attention) agree; a bias is not counted.
//   * bytes = every tensor argument read once + every result written once: the traffic of an
//     unfused operator that keeps nothing in cache between operators.
//   * an operator is counted at the outermost call a rule knows (aten::linear, not the aten::addmm
//     inside it); views, allocations and dispatch wrappers (aten::to, aten::reshape, …) count
//     nothing themselves and let what they call be counted; a top-level operator with nothing
//     counted in it is listed as uncounted with its share of the operators' time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/roofline/roofline_types.h"
#include "core/trace/trace_records.h"

namespace inferscope::roofline {

// One observed operator call (work_recorder.h fills these).
struct OpCall {
  std::uint64_t id = 0;
  std::uint64_t parent_id = 0;  // 0 at the top level
  int depth = 0;
  std::string name;  // "aten::conv2d"
  std::vector<trace::OpValue> inputs, outputs;
  std::int64_t start_ns = 0, end_ns = 0;  // host time
};

enum class CallClass {
  Counted,      // a rule counted it
  Transparent,  // a view, allocation or wrapper: no work of its own, its callees are looked at
  Unknown,      // no rule: its callees are looked at, and if none counts, it is listed
  Unreadable,   // a rule exists but the shapes it needs were not recorded
};

struct CallWork {
  CallClass cls = CallClass::Unknown;
  std::string kind;  // for Counted: matmul | convolution | attention | norm | …
  double flops = 0, bytes = 0;
};

// The work of one call on its own (what the rule for its name says).
CallWork countCall(const OpCall& call);

// The work of one iteration: `calls` in start order (parents before their callees).
WorkCount countWork(const std::vector<OpCall>& calls);

}  // namespace inferscope::roofline
