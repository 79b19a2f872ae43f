#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/common/error.h"
#include "core/engine/plan.h"
#include "core/engine/plan_shard.h"

using namespace inferscope;

namespace {

std::vector<OptimizationConfig> plan(std::initializer_list<const char*> keys) {
  std::vector<OptimizationConfig> out;
  for (const char* k : keys) out.push_back(OptimizationConfig::parse(k));
  return out;
}

std::vector<std::string> keys(const std::vector<OptimizationConfig>& configs) {
  std::vector<std::string> out;
  for (const auto& c : configs) out.push_back(c.key());
  return out;
}

}  // namespace

TEST(ShardSpec, ParsesAndRejectsWithTheText) {
  const auto s = ShardSpec::parse("2/4");
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 4);
  EXPECT_EQ(s.toString(), "2/4");
  for (const char* bad : {"4/4", "-1/4", "1/0", "1", "a/4", "1/4x", "", "/"}) {
    try {
      ShardSpec::parse(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find(fmt::format("'{}'", bad)), std::string::npos)
          << e.what();
    }
  }
}

TEST(ShardPlan, EveryShardStartsWithTheReferenceAndDealsTheRestRoundRobin) {
  const auto p = plan({"fp32", "nograd+fp32", "autograd+fp32", "amp-bf16", "bf16"});
  EXPECT_EQ(keys(shardPlan(p, {0, 2})),
            (std::vector<std::string>{"fp32", "nograd+fp32", "amp-bf16"}));
  EXPECT_EQ(keys(shardPlan(p, {1, 2})),
            (std::vector<std::string>{"fp32", "autograd+fp32", "bf16"}));
  // More shards than configs: the extra shards hold only the reference.
  EXPECT_EQ(keys(shardPlan(p, {5, 6})), (std::vector<std::string>{"fp32"}));
  // One shard is the plan itself.
  EXPECT_EQ(keys(shardPlan(p, {0, 1})), keys(p));
}

TEST(ShardPlan, AddsTheReferenceWhereThePlanHasNoneAndKeepsRepeats) {
  const auto p = plan({"bf16", "amp-bf16", "bf16", "fp32", "fp32"});
  // The first fp32 is the reference; the second is an ordinary (repeated) entry.
  EXPECT_EQ(keys(shardPlan(p, {0, 2})), (std::vector<std::string>{"fp32", "bf16", "bf16"}));
  EXPECT_EQ(keys(shardPlan(p, {1, 2})), (std::vector<std::string>{"fp32", "amp-bf16", "fp32"}));
  EXPECT_EQ(keys(shardPlan(plan({"bf16"}), {0, 3})), (std::vector<std::string>{"fp32", "bf16"}));
}

TEST(ShardPlan, ShardsPartitionTheGridAndPositionsRestoreItsOrder) {
  const auto grid = gridPlan(GridKnobs{});  // 24 configs, fp32 first
  for (int n : {1, 2, 3, 4, 7, 24, 30}) {
    std::vector<std::string> restored(grid.size());
    std::map<std::string, int> seen;
    for (int i = 0; i < n; ++i) {
      const auto shard = shardPlan(grid, {i, n});
      ASSERT_FALSE(shard.empty());
      EXPECT_TRUE(isReferenceConfig(shard.front()));
      EXPECT_EQ(shard, shardPlan(grid, {i, n}));  // deterministic
      for (std::size_t j = 1; j < shard.size(); ++j) {
        const auto position = planPositionOf({i, n}, j - 1);
        ASSERT_LT(position, grid.size());
        restored[position] = shard[j].key();
        ++seen[shard[j].key()];
      }
    }
    restored[0] = "fp32";
    EXPECT_EQ(restored, keys(grid)) << n << " shards";
    EXPECT_EQ(seen.size(), grid.size() - 1) << n << " shards";
    for (const auto& [key, times] : seen) EXPECT_EQ(times, 1) << key;
  }
}
