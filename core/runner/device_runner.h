// `--devices all|0,2,3`: one isolation worker per GPU at a time (isolated_runner.h), each pinned
// to its GPU through CUDA_VISIBLE_DEVICES, the devices running side by side on threads of this
// process. The plan is spread over the GPUs as shards (core/engine/plan_shard.h: the FP32
// reference on every GPU) or, with `replicate`, run whole on each to compare the GPUs; either way
// the result is one session (core/session/session_merge.h) whose results say which GPU measured
// them (ConfigResult::measured_on, the GPU's ordinal as this process numbers it).
// The workers are whatever `isolation.launcher` starts: tests without GPUs pass a stand-in.
#pragma once

#include <vector>

#include "core/runner/isolated_runner.h"

namespace inferscope::runner {

struct DeviceRunOptions {
  std::vector<int> devices;  // ordinals as this process sees them (parseDeviceList)
  bool replicate = false;    // the whole plan on every GPU instead of a shard each
  IsolationOptions isolation;
};

SessionResult runOnDevices(const ProfileRequest& request, EventSink& sink,
                           const CancelToken& cancel, const DeviceRunOptions& options);

}  // namespace inferscope::runner
