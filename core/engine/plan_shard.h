// Shards: a deterministic slice of a plan, so that a sweep can run as n independent jobs (array
// tasks of a cluster, the GPUs of a host) and be merged back into one session
// (core/session/session_merge.h). Every shard starts with the FP32 reference, so each shard's
// speed-ups and accuracy stand on their own; the other configs are dealt out round-robin, which
// spreads the expensive ones (compiles sit together at the end of the guide's plan) over the
// shards.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/config/optimization_config.h"

namespace inferscope {

struct ShardSpec {
  int index = 0;  // 0 … count-1
  int count = 1;

  std::string toString() const;  // "2/4"
  // "i/n" with 0 ≤ i < n; throws Error(InvalidInput) naming the text and what is wrong.
  static ShardSpec parse(std::string_view text);
  bool operator==(const ShardSpec& o) const { return index == o.index && count == o.count; }
};

// The reference config every shard holds: FP32 eager under inference_mode (OptimizationConfig{}).
bool isReferenceConfig(const OptimizationConfig& config);

// Shard `shard.index` of `plan`: the reference first, then plan entries k (the reference's first
// occurrence left out) with k mod count == index, in plan order. Repeated entries keep their
// multiplicity. The union of all shards is the plan, with the reference moved to the front and
// held by every shard; restoreShardOrder inverts the dealing.
std::vector<OptimizationConfig> shardPlan(const std::vector<OptimizationConfig>& plan,
                                          const ShardSpec& shard);

// The entries shardPlan deals out: the plan without the reference's first occurrence.
std::size_t dealtEntries(const std::vector<OptimizationConfig>& plan);

// A split into more shards than there are entries to deal would leave shards with nothing but
// the reference, and a count of 2^31-1 would make every later step (merge's list of shards)
// enormous: throws Error(InvalidInput) naming `option` ("--shard") and the largest n that
// `entries` allow (at least 1).
void checkShardFits(const ShardSpec& shard, std::size_t entries, const std::string& option);

// Position in the whole plan (reference first, then the dealt entries in their order) of the
// `position_in_shard`-th non-reference entry of shard `shard`.
std::size_t planPositionOf(const ShardSpec& shard, std::size_t position_in_shard);

}  // namespace inferscope
