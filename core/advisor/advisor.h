// The recommendation wizard's rules: from a device (real or simulated), a target PyTorch version
// and the user's goals to one OptimizationConfig, with the guide's reason for every setting and the
// neighbouring configs to measure around it. Generation-specific choices come from the
// GenerationTable; the rules that hold for every GPU (cuDNN benchmark, determinism, compile choice,
// accuracy tolerance) live in advisor.cpp.
#pragma once

#include <string_view>

#include "core/advisor/generation_table.h"
#include "core/advisor/recommendation.h"

namespace inferscope::advisor {

// Unit roundoff of each format's stored mantissa: the smallest relative error a cast introduces.
// A tolerance below it rules the format out before anything is measured.
inline constexpr double kBf16UnitRoundoff = 0.00390625;         // 2^-8: 7 mantissa bits
inline constexpr double kFp16UnitRoundoff = 0.00048828125;      // 2^-11: 10 mantissa bits
inline constexpr double kTf32UnitRoundoff = kFp16UnitRoundoff;  // TF32 keeps FP16's 10 bits

class Advisor {
 public:
  explicit Advisor(const GenerationTable& table = GenerationTable::builtin()) : table_(&table) {}

  // Throws Error(InvalidInput) for a tolerance that is not a positive number.
  Recommendation recommend(const AdvisorRequest& request) const;

  // Caps of a simulated device: a generation id of the table ("turing", "hopper") or "cpu".
  // Throws Error(InvalidInput) listing the valid names.
  DeviceCaps simulatedCaps(std::string_view name) const;

  const GenerationTable& table() const { return *table_; }

 private:
  const GenerationTable* table_;
};

}  // namespace inferscope::advisor
