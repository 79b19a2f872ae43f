// The order of a forked run's processes (`--forks`, the tuner's finals; docs/MEASUREMENT.md,
// "Forks"). Round by round — every config once, then every config again — so that a host whose
// level drifts over minutes touches every config alike. Except when a deadline leaves time for
// fewer processes than are left: then the earliest configs get their second process before later
// ones get their first. The tuner lists its leader first, and one config confirmed across two
// processes answers more than two configs seen once each (a warm H200 run of the encoder ended
// with its leader and its rival in one process each, 2 of 4 processes cut by the budget).
#pragma once

#include <optional>
#include <vector>

namespace inferscope {

class ForkSchedule {
 public:
  ForkSchedule(int configs, int forks);

  struct Process {
    int config = 0, round = 0;
    int planIndex(int configs) const { return round * configs + config; }  // rounds laid end to end
  };

  // The next process to start, given how many more the deadline leaves time for (`fits`; pass a
  // large number without a deadline), or nothing when every process has started. Marks it started.
  std::optional<Process> next(int fits);

  int started(int config) const { return started_[static_cast<std::size_t>(config)]; }
  int remaining() const { return total_ - started_total_; }

 private:
  int forks_, total_, started_total_ = 0;
  std::vector<int> started_;  // processes started per config; a config's rounds start in order
};

// How many more fresh processes fit before a deadline `left_ms` away, judged by the mean of the
// `done` ones before them, which took `elapsed_ms` together: 0 when the next would end past it,
// INT_MAX before the first has ended. The isolation runner stops on it and passes it to next();
// the tuner's fake measurer asks the same.
int processesThatFit(double elapsed_ms, int done, double left_ms);

}  // namespace inferscope
