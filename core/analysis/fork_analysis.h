// The same config measured in several fresh processes ("forks", as JMH calls them): on
// launch-bound models the host's level switches from one process to the next, so one process's
// interval does not cover what the next one measures. This combines the forks' steady series into
// the interval a user can rely on in the next process, and says whether the config is stable
// across processes (docs/MEASUREMENT.md, "Forks").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/analysis/confidence_interval.h"
#include "core/common/cancel_token.h"

namespace inferscope::analysis {

struct ForkOptions {
  double level = 0.95;
  double equivalence_delta = 0.02;  // δ: forks whose medians differ by less than this agree
  // Checked before each fork: once cancelled, analyseForks throws AnalysisCancelled.
  const CancelToken* cancel = nullptr;
};

// What one fork contributed: its steady median and that median's within-process CI.
struct ForkMedian {
  double median_ms = 0;
  double ci_low_ms = 0, ci_high_ms = 0;  // 0/0 when the fork had no interval
};

struct ForkSummary {
  std::size_t forks = 0;                 // forks with a steady part
  std::vector<ForkMedian> fork_medians;  // in fork order
  // The config's level across processes: the geometric mean of the fork medians. Its CI is
  // hierarchical: the fork medians' spread on the log scale (which holds both the between-process
  // and the within-process variation), floored by the mean within-process variance of a median
  // (from each fork's own interval, so autocorrelation counts), with Student t on forks − 1
  // degrees of freedom (method "forks"). Ranking uses this.
  double median_ms = 0;
  ConfidenceInterval median_ci;
  // Where the median of one further fresh process falls (a prediction interval on the log scale:
  // the between-fork spread, floored by the within-process uncertainty, Student t on forks − 1
  // degrees of freedom). This is the interval a user should expect to reproduce.
  ConfidenceInterval next_process_interval;
  double between_fork_spread = 0;  // (max − min) / median of the fork medians
  double between_fork_cv = 0;      // standard deviation of ln(fork median)
  // Stable: the fork medians lie within δ of each other. Otherwise unstable, in one of two ways
  // a reader is told apart (text/ renders them): the process decides the level (the medians
  // differ beyond their own intervals, Cochran's Q p < 0.01), or every process is noisy and its
  // interval wide, so the medians differ by more than δ without contradicting each other. A noisy
  // pair is never called stable: a reader takes that to mean the medians agree, and these differ
  // by more than δ (a 1.63–1.82 ms pair on the H200 was called "stable … within 11.6 %").
  bool stable = true;
  bool noisy = false;  // unstable the second way
};

// `steady_series_ms[f]` is fork f's steady part (after its detected warm-up). Forks with fewer
// than 6 steady samples are left out of the intervals. With one usable fork the summary is that
// fork's own median and CI, and next_process_interval is invalid (one process says nothing about
// the next). Throws std::invalid_argument on a NaN, infinite or non-positive latency, naming the
// fork and iteration.
ForkSummary analyseForks(const std::vector<std::vector<double>>& steady_series_ms,
                         const ForkOptions& options = {});

// Speed-up of `candidate` over `baseline` when both were forked: ratio of their across-process
// levels, CI from the two levels' standard errors on the log scale with Welch–Satterthwaite
// degrees of freedom. A summary of one fork contributes its within-process interval.
struct ForkRatio {
  double ratio = 0;  // baseline level / candidate level: > 1 means the candidate is faster
  ConfidenceInterval ci;
  bool real_difference = false;  // the CI excludes [1/(1+δ), 1+δ]
};
ForkRatio compareForks(const ForkSummary& baseline, const ForkSummary& candidate,
                       double delta = 0.02);

}  // namespace inferscope::analysis
