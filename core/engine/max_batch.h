// The largest batch that fits: doubling from a start until a batch runs out of memory (or a limit
// is reached), then bisection between the largest batch that ran and the smallest that did not.
// Each probe is a whole run at that batch through the run's out-of-memory path (its memory given
// back before the next probe), so that a failed size leaves nothing behind.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"

namespace inferscope {

enum class BatchFit { Fits, OutOfMemory, Failed };

struct BatchProbe {
  std::int64_t batch = 1;
  BatchFit fit = BatchFit::Fits;
  std::string message;  // why it did not fit or failed
};

struct MaxBatchSearch {
  std::vector<BatchProbe> probes;               // in the order they ran
  std::optional<std::int64_t> largest_fitting;  // unset when even the start did not fit
  std::optional<std::int64_t> smallest_oom;     // unset when the limit fitted
  // How the search ended: "bisected" (largest_fitting + 1 == smallest_oom), "limit" (the limit
  // fitted), "none-fits" (the start ran out of memory), "failed" (a probe failed otherwise: its
  // message says why), "cancelled".
  std::string stop_reason;
};

// Probes `probe` at start, 2·start, 4·start, … up to `limit` (the limit itself is probed last),
// then bisects. start ≥ 1 and start ≤ limit, else Error(InvalidInput). A probe that fails other
// than by memory stops the search: a model that breaks at a size is not out of memory there.
MaxBatchSearch findMaxBatch(const std::function<BatchProbe(std::int64_t)>& probe,
                            std::int64_t start, std::int64_t limit, const CancelToken& cancel);

}  // namespace inferscope
