// Bounds of numeric options, checked on the text the user typed and said in words: "--tolerance:
// must be a number > 0, e.g. 0.01 (got -1)" instead of CLI11's "Value -1 not in range 0.000000 to
// 1797…". NaN, infinities, 1e999 and trailing garbage are refused by every check.
#pragma once

#include <CLI/CLI.hpp>
#include <climits>
#include <string>

namespace inferscope::cli {

CLI::Validator numberAbove(double low, std::string example);                 // finite, > low
CLI::Validator numberAtLeast(double low, std::string example);               // finite, ≥ low
CLI::Validator numberBetween(double low, double high, std::string example);  // low < x < high
// low < x ≤ high: a budget or a timeout, whose upper bound keeps it from overflowing a clock.
CLI::Validator numberAboveAtMost(double low, double high, std::string example);
// Seconds of a budget or timeout: > 0 and at most kMaxSeconds (core/common/value_limits.h).
CLI::Validator secondsAboveZero(std::string example);
// An integer ≥ low that fits an int.
CLI::Validator wholeNumberAtLeast(long long low, std::string example);
// An integer low ≤ x ≤ high; a number above high is refused naming high.
CLI::Validator wholeNumberBetween(long long low, long long high, std::string example);
// An iteration count: low ≤ x ≤ kMaxIterations (core/common/value_limits.h), so that warm-up and
// measured iterations added together never overflow.
CLI::Validator iterationCount(long long low, std::string example);
// A seed: a whole number 0 … 2^64-1. A minus sign is refused: CLI11 and strtoull would read -1 as
// 2^64-1, a seed nobody typed.
CLI::Validator seedNumber();
// Any text but an empty one (`--devices ''` is a mistake, never "no devices").
CLI::Validator nonEmptyText(std::string rule, std::string example);
// A shard "i/n" with 0 ≤ i < n (ShardSpec::parse's rule and words); an empty one is refused.
CLI::Validator shardText();

}  // namespace inferscope::cli
