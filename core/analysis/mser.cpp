// MSER-5 with suffix sums: O(n).
#include "core/analysis/mser.h"

#include <limits>

namespace inferscope::analysis {

std::size_t mser5(const std::vector<double>& y) {
  constexpr std::size_t kBatch = 5;
  const std::size_t m = y.size() / kBatch;
  if (m < 2) return 0;
  std::vector<double> z(m, 0.0);
  for (std::size_t j = 0; j < m; ++j) {
    for (std::size_t k = 0; k < kBatch; ++k) z[j] += y[j * kBatch + k];
    z[j] /= static_cast<double>(kBatch);
  }
  // Suffix sums of z and z² give each truncation's variance in O(1). Centre first: batch means of
  // log-latencies sit far from 0 relative to their spread.
  const double centre = z[m / 2];
  std::vector<double> s1(m + 1, 0.0), s2(m + 1, 0.0);
  for (std::size_t j = m; j-- > 0;) {
    const double c = z[j] - centre;
    s1[j] = s1[j + 1] + c;
    s2[j] = s2[j + 1] + c * c;
  }
  std::size_t best_d = 0;
  double best_stat = std::numeric_limits<double>::infinity();
  for (std::size_t d = 0; d <= m / 2 && d + 1 < m; ++d) {
    const double k = static_cast<double>(m - d);
    const double ss = s2[d] - s1[d] * s1[d] / k;
    const double stat = ss / (k * k);
    if (stat < best_stat) {
      best_stat = stat;
      best_d = d;
    }
  }
  return best_d * kBatch;
}

}  // namespace inferscope::analysis
