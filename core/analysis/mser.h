// MSER-5 truncation point (White 1997; White, Cobb & Spratt 2000): used as an independent
// cross-check of the changepoint-based warm-up end.
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

// Index (a multiple of 5) where MSER-5 truncates `y`: over batch means z of 5, the truncation d
// minimising Σ_{j≥d}(z_j − z̄_d)² / (m − d)², searched in the first half only (beyond it the
// statistic is dominated by too few batches). 0 for fewer than two batches.
std::size_t mser5(const std::vector<double>& y);

}  // namespace inferscope::analysis
