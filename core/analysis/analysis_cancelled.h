// A long analysis stopped on request. The analysis library has no error type of its own (it throws
// std::invalid_argument for bad input); cancellation is not bad input, so callers can tell the two
// apart: core/engine/result_analysis turns this into Error(Cancelled).
#pragma once

#include <stdexcept>
#include <string>

#include "core/common/cancel_token.h"

namespace inferscope::analysis {

class AnalysisCancelled : public std::runtime_error {
 public:
  explicit AnalysisCancelled(const std::string& where)
      : std::runtime_error("analysis cancelled (" + where + ")") {}
};

// Between stages and every few thousand steps of a long loop: a relaxed atomic load.
inline void throwIfCancelled(const CancelToken* cancel, const char* where) {
  if (cancel != nullptr && cancel->cancelled()) throw AnalysisCancelled(where);
}

}  // namespace inferscope::analysis
