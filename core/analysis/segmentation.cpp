// Segment-level helpers of analyse(); see segmentation.h.
#include "core/analysis/segmentation.h"

#include <algorithm>
#include <cmath>

#include "core/analysis/pelt.h"
#include "core/analysis/summary_stats.h"

namespace inferscope::analysis {
namespace {

constexpr std::size_t kMinSegment = 3;
constexpr std::size_t kBatch = 10;
// Hysteresis: strong evidence to start trimming (a clean cut is left alone in 99.9 % of cases),
// weaker evidence to keep going once a settling tail has been seen (what is left behind biases
// the steady median; what is trimmed only costs samples).
constexpr double kSettlingStartZ = 3.0;
constexpr double kSettlingContinueZ = 1.5;

}  // namespace

double medianOfRange(const std::vector<double>& y, std::size_t begin, std::size_t end) {
  std::vector<double> part(y.begin() + static_cast<std::ptrdiff_t>(begin),
                           y.begin() + static_cast<std::ptrdiff_t>(end));
  std::sort(part.begin(), part.end());
  return quantileSorted(part, 0.5);
}

Segmentation segmentSeries(const std::vector<double>& y, double penalty) {
  Segmentation seg;
  const NormalMeanVarCost cost(y);
  seg.penalty = penalty;
  seg.variance_floor = cost.varianceFloor();
  seg.starts = pelt(y, penalty, kMinSegment);
  for (std::size_t k = 0; k < seg.starts.size(); ++k) {
    const std::size_t end = seg.end(k, y.size());
    seg.medians.push_back(medianOfRange(y, seg.starts[k], end));
    seg.costs.push_back(cost.segment(seg.starts[k], end));
  }
  return seg;
}

std::size_t firstSteadySegment(const Segmentation& seg, double tolerance) {
  const double last = seg.medians.back();
  std::size_t k = seg.medians.size() - 1;
  while (k > 0 && std::abs(seg.medians[k - 1] - last) <= tolerance) --k;
  return k;
}

std::size_t settlingHead(const std::vector<double>& y, std::size_t begin, double direction) {
  const std::size_t length = y.size() - begin;
  if (length < 4 * kBatch) return 0;
  // Reference level and batch-median noise from the second half of the region, well past any
  // settling head. The MAD of batch medians includes autocorrelation within and across batches.
  const std::size_t mid = begin + length / 2;
  const double reference = medianOfRange(y, mid, y.size());
  // Overlapping windows: a short second half holds only a few disjoint batches, too few for a MAD;
  // every 10-point window median has the same distribution, correlated or not.
  std::vector<double> spread;
  for (std::size_t w = mid; w + kBatch <= y.size(); ++w) {
    spread.push_back(std::abs(medianOfRange(y, w, w + kBatch) - reference));
  }
  std::sort(spread.begin(), spread.end());
  const double batch_sigma = 1.4826 * quantileSorted(spread, 0.5);
  // Walk forward in half-batch steps while the next 10 iterations are still off the reference in
  // the warm-up's direction; stop at the first window that is not, and never eat into the second
  // half.
  std::size_t head = 0;
  while (begin + head + kBatch <= mid) {
    const double excess =
        direction * (medianOfRange(y, begin + head, begin + head + kBatch) - reference);
    if (excess <= (head == 0 ? kSettlingStartZ : kSettlingContinueZ) * batch_sigma) break;
    head += kBatch / 2;
  }
  return head;
}

}  // namespace inferscope::analysis
