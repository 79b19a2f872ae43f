// Requests and quiet runs shared by the engine tests (CPU and GPU).
#pragma once

#include <string>
#include <vector>

#include "core/engine/engine.h"

namespace inferscope::testing {

inline ProfileRequest zooRequest(const std::string& model, int warmup, int iters,
                                 const std::vector<std::string>& keys = {"fp32"},
                                 std::int64_t batch = 1, DeviceKind device = DeviceKind::Cpu) {
  ProfileRequest r;
  r.model.name = model;
  r.batch = batch;
  r.device = device;
  r.run.warmup_iterations = warmup;
  r.run.measure_iterations = iters;
  r.plan.clear();
  for (const auto& k : keys) r.plan.push_back(OptimizationConfig::parse(k));
  return r;
}

inline SessionResult runQuietly(const ProfileRequest& r) {
  NullSink sink;
  CancelToken cancel;
  return engine::run(r, sink, cancel);
}

}  // namespace inferscope::testing
