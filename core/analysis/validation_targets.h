// The targets of docs/MEASUREMENT.md ("Validation") evaluated over validation-grid results, and a
// per-family breakdown for the report. The ctest subset asserts these; the bench prints them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/analysis/validation_grid.h"

namespace inferscope::analysis {

struct TargetOutcome {
  std::string name;    // what is measured, e.g. "warm-up end of steps ≥ 1.3× at CV ≤ 3 %"
  std::string target;  // e.g. "≥ 95 %"
  std::size_t cells = 0;
  std::size_t runs = 0;
  double achieved = 0;  // a fraction (rates) or a relative error (bias)
  std::string note;     // extra context, e.g. how many runs had no CI
  bool met = false;
};

// Cells whose truth an analysis should get right: CV ≤ 3 %, effects ≥ 1.3× (10 % for drift),
// decays that settle in the first half of the run.
bool isClearCut(const CellResult& cell);

// Family label of a cell for the breakdown, e.g. "step ≥1.3×", "decay τ=100", "drift 10 %".
std::string familyOf(const SyntheticSpec& spec);

std::vector<TargetOutcome> evaluateTargets(const std::vector<CellResult>& results);

// Fractions; NaN where no run of the row qualifies.
struct BreakdownRow {
  std::string family;
  double sigma = 0;
  double phi = 0;
  std::size_t runs = 0;
  double class_correct = 0;
  double end_within_5 = 0;     // runs whose truth is not a drift
  double median_ci_valid = 0;  // runs whose truth has a steady level (flat, warmup, slowdown)
  double median_coverage = 0;  // among those with a median CI
  double bias_p95 = 0;         // 95th percentile of |median bias|, runs with a steady truth
};

// One row per family × σ × φ, pooled over lengths and shape parameters, in grid order. Coverage
// and bias only count runs whose truth has a steady level: a drift has none, and a run that never
// settles (a slow decay in a short run) only has a last level that is still moving.
std::vector<BreakdownRow> breakdown(const std::vector<CellResult>& results);

}  // namespace inferscope::analysis
