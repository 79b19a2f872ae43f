#include "cli/options/option_checks.h"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/common/error.h"
#include "core/common/value_limits.h"
#include "core/engine/plan_shard.h"

namespace inferscope::cli {
namespace {

// The whole text as a finite double, or nothing (strtod alone accepts "nan", "inf" and "1e999" as
// ±HUGE_VAL, and stops silently at trailing characters).
std::optional<double> finiteNumber(const std::string& text) {
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::string shown(double bound) {
  // 1000000, not 1e+06: a bound is read by people.
  if (bound == std::floor(bound) && std::fabs(bound) < 1e15) return fmt::format("{:.0f}", bound);
  return fmt::format("{:g}", bound);
}

CLI::Validator numberCheck(std::string rule, std::string example,
                           bool (*ok)(double, double, double), double low, double high) {
  const std::string description = fmt::format("must be {}, e.g. {}", rule, example);
  return CLI::Validator(
      [description, ok, low, high](std::string& text) -> std::string {
        const auto value = finiteNumber(text);
        if (value && ok(*value, low, high)) return {};
        return fmt::format("{} (got {})", description, text);
      },
      rule);
}

}  // namespace

CLI::Validator numberAbove(double low, std::string example) {
  return numberCheck(
      fmt::format("a number > {}", shown(low)), std::move(example),
      [](double v, double lo, double) { return v > lo; }, low, 0);
}

CLI::Validator numberAtLeast(double low, std::string example) {
  return numberCheck(
      fmt::format("a number ≥ {}", shown(low)), std::move(example),
      [](double v, double lo, double) { return v >= lo; }, low, 0);
}

CLI::Validator numberBetween(double low, double high, std::string example) {
  return numberCheck(
      fmt::format("a number > {} and < {}", shown(low), shown(high)), std::move(example),
      [](double v, double lo, double hi) { return v > lo && v < hi; }, low, high);
}

CLI::Validator numberAboveAtMost(double low, double high, std::string example) {
  return numberCheck(
      fmt::format("a number > {} and ≤ {}", shown(low), shown(high)), std::move(example),
      [](double v, double lo, double hi) { return v > lo && v <= hi; }, low, high);
}

CLI::Validator secondsAboveZero(std::string example) {
  return numberAboveAtMost(0, kMaxSeconds, std::move(example));
}

CLI::Validator iterationCount(long long low, std::string example) {
  return wholeNumberBetween(low, kMaxIterations, std::move(example));
}

CLI::Validator seedNumber() {
  const std::string description = "must be a whole number from 0 to 18446744073709551615, e.g. 0";
  return CLI::Validator(
      [description](std::string& text) -> std::string {
        unsigned long long value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (!text.empty() && ptr == end && ec == std::errc()) return {};
        if (!text.empty() && text.front() == '-') {
          return fmt::format("{} (got {}: a seed cannot be negative)", description, text);
        }
        return fmt::format("{} (got {})", description, text);
      },
      "a whole number ≥ 0");
}

CLI::Validator wholeNumberAtLeast(long long low, std::string example) {
  return wholeNumberBetween(low, INT_MAX, std::move(example));
}

CLI::Validator wholeNumberBetween(long long low, long long high, std::string example) {
  const std::string rule = high == INT_MAX ? fmt::format("a whole number ≥ {}", low)
                                           : fmt::format("a whole number from {} to {}", low, high);
  const std::string description = fmt::format("must be {}, e.g. {}", rule, example);
  return CLI::Validator(
      [description, low, high](std::string& text) -> std::string {
        long long value = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, value);
        const bool whole = ptr == end && !text.empty();
        if (whole && ec == std::errc() && value >= low && value <= high) return {};
        // Too large to be meant: say the bound, not only the rule (99999999999 is a whole number).
        if (whole &&
            (ec == std::errc::result_out_of_range || (ec == std::errc() && value > high))) {
          return fmt::format("{} (got {}, more than the largest, {})", description, text, high);
        }
        return fmt::format("{} (got {})", description, text);
      },
      rule);
}

CLI::Validator nonEmptyText(std::string rule, std::string example) {
  const std::string description = fmt::format("must be {}, e.g. {}", rule, example);
  return CLI::Validator(
      [description](std::string& text) -> std::string {
        if (!text.empty()) return {};
        return fmt::format("{} (got an empty value)", description);
      },
      rule);
}

CLI::Validator shardText() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        try {
          ShardSpec::parse(text);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      },
      "i/n");
}

}  // namespace inferscope::cli
