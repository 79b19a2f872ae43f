// What screening one candidate costs in this process, learnt per kind of candidate as results
// arrive. A config that torch.compile compiles when it is measured costs its compile (23–25 s for
// EfficientNet-B0 on the H200, contended by AOTInductor compiles) where an eager config costs
// about a second: priced with one average over both, the eager candidates looked 25 s dear and
// screening stopped after 2 of 56 candidates (the H200, 2026-12-03). Among the plain ones, a cached
// package's load (ViT-B/16: 0.14 s) and an eager cast of the weights in the Python worker (0.5 s)
// differ as much: priced as one, a chunk of eager casts ran into the time kept for the finals.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/config/optimization_config.h"

namespace inferscope::tuner {

enum class ScreeningKind {
  Plain,      // eager, TorchScript, CUDA graphs, a ready AOTInductor package: no compile here
  JitCompile  // torch.compile: the measurement compiles it first
};

ScreeningKind screeningKind(const OptimizationConfig& config);

class ScreeningCosts {
 public:
  // One candidate's own cost (its share of a measure() call, the session's load excluded).
  void add(const OptimizationConfig& config, double cost_ms);
  // The mean cost of its class: an AOTInductor package (a load), another plain candidate (eager,
  // TorchScript, CUDA graphs: a cast or a copy of the weights) or a torch.compile candidate. A
  // class with nothing measured yet takes its kind's mean (a package priced by the eager configs);
  // nullopt while no candidate of its kind was measured.
  std::optional<double> predictMs(const OptimizationConfig& config) const;
  // The prediction, else the mean over everything measured (0 when nothing was).
  double estimateMs(const OptimizationConfig& config) const;
  int count() const { return counts_[0] + counts_[1] + counts_[2]; }

 private:
  std::array<double, 3> sums_ms_{};
  std::array<int, 3> counts_{};
};

}  // namespace inferscope::tuner
