#include "core/engine/fork_schedule.h"

#include <algorithm>
#include <climits>

namespace inferscope {

ForkSchedule::ForkSchedule(int configs, int forks)
    : forks_(std::max(forks, 0)),
      total_(std::max(configs, 0) * std::max(forks, 0)),
      started_(static_cast<std::size_t>(std::max(configs, 0)), 0) {}

std::optional<ForkSchedule::Process> ForkSchedule::next(int fits) {
  if (remaining() <= 0) return std::nullopt;
  const auto start = [&](std::size_t c) {
    Process p{static_cast<int>(c), started_[c]++};
    ++started_total_;
    return p;
  };
  // Short of time: the earliest config short of two processes (two is the least that says
  // anything about the next process).
  if (fits < remaining()) {
    for (std::size_t c = 0; c < started_.size(); ++c) {
      if (started_[c] < std::min(2, forks_)) return start(c);
    }
  }
  // Round by round: the lowest round not started, earliest config first.
  const auto lowest = std::min_element(started_.begin(), started_.end());
  return start(static_cast<std::size_t>(lowest - started_.begin()));
}

int processesThatFit(double elapsed_ms, int done, double left_ms) {
  if (done <= 0) return INT_MAX;
  const double mean_ms = elapsed_ms / done;
  if (mean_ms > left_ms) return 0;
  if (!(mean_ms > 0)) return INT_MAX;
  return static_cast<int>(std::min(left_ms / mean_ms, static_cast<double>(INT_MAX)));
}

}  // namespace inferscope
