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
// An integer ≥ low that fits an int.
CLI::Validator wholeNumberAtLeast(long long low, std::string example);

}  // namespace inferscope::cli
