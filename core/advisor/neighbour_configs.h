// The configs worth measuring around a recommendation: each differs from it in one group of
// settings (precision, cuDNN benchmark, memory format, compile), so a faster neighbour on the
// device points at the one setting the guide's general rule got wrong for this model.
#pragma once

#include <vector>

#include "core/advisor/recommendation.h"

namespace inferscope::advisor {

// Never contains `recommended` itself, a duplicate, or a config unsupportedReason() rejects on
// request.caps; benchmark and CUDA-graph variants are left out when input sizes vary and benchmark
// ones when reproducibility is required, because the advice would then be unusable.
std::vector<OptimizationConfig> neighbourConfigs(const OptimizationConfig& recommended,
                                                 const AdvisorRequest& request);

}  // namespace inferscope::advisor
