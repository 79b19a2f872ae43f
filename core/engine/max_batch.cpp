#include "core/engine/max_batch.h"

#include <fmt/format.h>

#include "core/common/error.h"

namespace inferscope {

MaxBatchSearch findMaxBatch(const std::function<BatchProbe(std::int64_t)>& probe,
                            std::int64_t start, std::int64_t limit, const CancelToken& cancel) {
  if (start < 1 || start > limit) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("the largest-batch search needs 1 ≤ start ≤ limit (got start {}, "
                            "limit {})",
                            start, limit));
  }
  MaxBatchSearch search;
  // One probe; false when the search must stop (cancelled, or a failure that is not memory).
  const auto run = [&](std::int64_t batch) {
    if (cancel.cancelled()) {
      search.stop_reason = "cancelled";
      return false;
    }
    auto p = probe(batch);
    p.batch = batch;
    search.probes.push_back(p);
    if (p.fit == BatchFit::Fits) {
      if (!search.largest_fitting || batch > *search.largest_fitting)
        search.largest_fitting = batch;
    } else if (p.fit == BatchFit::OutOfMemory) {
      if (!search.smallest_oom || batch < *search.smallest_oom) search.smallest_oom = batch;
    } else {
      search.stop_reason = "failed";
      return false;
    }
    return true;
  };
  // Doubling: the first out-of-memory batch bounds the search from above.
  for (std::int64_t batch = start;;) {
    if (!run(batch)) return search;
    if (search.smallest_oom) break;
    if (batch == limit) {
      search.stop_reason = "limit";
      return search;
    }
    batch = batch > limit / 2 ? limit : batch * 2;
  }
  // Bisection between the largest batch that ran and the smallest that did not.
  while (search.largest_fitting && *search.smallest_oom - *search.largest_fitting > 1) {
    const auto mid = *search.largest_fitting + (*search.smallest_oom - *search.largest_fitting) / 2;
    if (!run(mid)) return search;
  }
  search.stop_reason = search.largest_fitting ? "bisected" : "none-fits";
  return search;
}

}  // namespace inferscope
