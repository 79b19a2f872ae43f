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

struct BreakdownRow {
  std::string family;
  double sigma = 0;
  double phi = 0;
  std::size_t runs = 0;
  double class_correct = 0;   // fraction
  double end_within_5 = 0;    // fraction (meaningful where the truth has a warm-up)
  double median_ci_valid = 0;  // fraction of runs with a median CI
  double median_coverage = 0;  // among runs with a median CI
  double bias_p95 = 0;        // 95th percentile of |median bias|
};

// One row per family × σ × φ, pooled over lengths and shape parameters, in grid order.
std::vector<BreakdownRow> breakdown(const std::vector<CellResult>& results);

}  // namespace inferscope::analysis
