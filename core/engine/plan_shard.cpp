#include "core/engine/plan_shard.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "core/common/error.h"

namespace inferscope {
namespace {

bool parseInt(std::string_view text, int& value) {
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && ec == std::errc() && ptr == end;
}

}  // namespace

std::string ShardSpec::toString() const {
  return fmt::format("{}/{}", index, count);
}

ShardSpec ShardSpec::parse(std::string_view text) {
  const auto slash = text.find('/');
  ShardSpec s;
  if (slash == std::string_view::npos || !parseInt(text.substr(0, slash), s.index) ||
      !parseInt(text.substr(slash + 1), s.count)) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("shard '{}': expected i/n, e.g. 0/4 (shard i of n, counted from 0)", text));
  }
  if (s.count < 1 || s.index < 0 || s.index >= s.count) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("shard '{}': i must be between 0 and n-1, and n at least 1", text));
  }
  return s;
}

bool isReferenceConfig(const OptimizationConfig& config) {
  return config == OptimizationConfig{};
}

std::vector<OptimizationConfig> shardPlan(const std::vector<OptimizationConfig>& plan,
                                          const ShardSpec& shard) {
  std::vector<OptimizationConfig> out{OptimizationConfig{}};
  const auto reference = std::find_if(plan.begin(), plan.end(), isReferenceConfig);
  std::size_t k = 0;  // position among the dealt entries
  for (auto it = plan.begin(); it != plan.end(); ++it) {
    if (it == reference) continue;
    if (k % static_cast<std::size_t>(shard.count) == static_cast<std::size_t>(shard.index)) {
      out.push_back(*it);
    }
    ++k;
  }
  return out;
}

std::size_t dealtEntries(const std::vector<OptimizationConfig>& plan) {
  const bool has_reference = std::any_of(plan.begin(), plan.end(), isReferenceConfig);
  return plan.size() - (has_reference ? 1 : 0);
}

void checkShardFits(const ShardSpec& shard, std::size_t entries, const std::string& option) {
  const std::size_t most = std::max<std::size_t>(1, entries);
  if (static_cast<std::size_t>(shard.count) <= most) return;
  throw Error(
      ErrorKind::InvalidInput,
      fmt::format("{} {}: there are {} configs besides the FP32 reference to deal out, so n "
                  "may be at most {}",
                  option, shard.toString(), entries, most));
}

std::size_t planPositionOf(const ShardSpec& shard, std::size_t position_in_shard) {
  return 1 + position_in_shard * static_cast<std::size_t>(shard.count) +
         static_cast<std::size_t>(shard.index);
}

}  // namespace inferscope
