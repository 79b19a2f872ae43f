// The tuner's search space: every combination of precision × memory format × compile
// mode × cuDNN benchmark, with the combinations that cannot run — or cannot change anything — for
// this model on this device pruned before anything runs. Each pruned config keeps its reason, so
// the user sees why it was never measured (and it is never reported as a failure or a warning).
#pragma once

#include <string>
#include <vector>

#include "core/config/optimization_config.h"
#include "core/engine/plan_shard.h"
#include "core/model/input_spec.h"
#include "core/model/model_ref.h"

namespace inferscope::tuner {

// What the space depends on: the device, the build, and the model's inputs and source.
struct SpaceContext {
  DeviceCaps caps;
  bool aot_inductor_available = false;  // LibTorch with AOTIModelPackageLoader (≥ 2.6, CUDA)
  ModelSource source = ModelSource::Zoo;
  std::vector<InputSpec> inputs;  // resolved inputs of the model
  bool static_shapes = true;      // false when input sizes vary between iterations
  // torch.compile's max-autotune as a candidate (tune --max-autotune): minutes per compile.
  bool max_autotune = false;
};

struct PrunedConfig {
  OptimizationConfig config;
  std::string reason;
};

class SearchSpace {
 public:
  // Builds the space. `seeds` (the guide table's recommendation and its neighbours) come first in
  // candidates(), in their order; the rest follow by how promising the guide deems them (lower
  // precision and compiled first). Seeds outside the space are pruned like any other config.
  SearchSpace(const SpaceContext& context, const std::vector<OptimizationConfig>& seeds = {});
  // A space of exactly these candidates in this order, nothing pruned: what a recorded run raced,
  // replayed against its own figures (core/tuner/replay_measurer.h).
  static SearchSpace ofCandidates(std::vector<OptimizationConfig> candidates);

  const std::vector<OptimizationConfig>& candidates() const { return candidates_; }
  const std::vector<PrunedConfig>& pruned() const { return pruned_; }

  // Why `config` cannot be in this space, or "" when it can.
  std::string pruneReason(const OptimizationConfig& config) const;

  // Keeps this shard's slice of the candidates (`tune --shard i/n`, docs/SCALE.md): the FP32
  // reference in every shard, the others dealt round-robin by their place in the key order, so
  // that the slices partition the space whatever order the guide's seeds give on each node. The
  // race order within the slice is kept. Returns how many candidates the whole space had.
  std::size_t restrictToShard(const ShardSpec& shard);

 private:
  SearchSpace() = default;
  SpaceContext context_;
  std::vector<OptimizationConfig> candidates_;
  std::vector<PrunedConfig> pruned_;
};

}  // namespace inferscope::tuner
