// Sessions that span several hosts or devices (`sweep --devices`, `merge`): which device measured
// each result, which results are comparable (same device model and library versions: one ranking
// with one FP32 reference), and a ranking per such group. Pure values, shared by merge, the CLI
// and the GUI.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"

namespace inferscope {

// What must agree for two results to be ranked against one reference: device kind, model and
// compute capability, and every library version in the path (and the thread count on the CPU).
// Labelled pairs, so a mismatch can name its field: {"device name", "NVIDIA H200"}, …
std::vector<std::pair<std::string, std::string>> deviceIdentity(const DeviceInfo& device);

// The device and host of one result: its measured_on, or the session's own.
MeasuredOn placeOf(const SessionResult& session, const ConfigResult& result);
// "gpu-node-3 cuda:2", or "cuda:2" where the host is unknown.
std::string placeLabel(const MeasuredOn& place);

// One group of comparable results and its ranking. ranking's indices are positions in the group's
// `positions`; positions are into SessionResult::configs.
struct DeviceGroupRanking {
  std::string label;  // the device model, "NVIDIA H200 (libtorch 2.9.0, CUDA 12.8, …)" when needed
  DeviceInfo device;  // of the group's first result
  std::vector<int> positions;
  SessionRanking ranking;
};

// Groups the session's results by deviceIdentity (in order of first appearance) and ranks each
// group on its own (rankSession over the group's results). A session of one device gives one group
// whose ranking is rankSession(session).
std::vector<DeviceGroupRanking> rankDeviceGroups(const SessionResult& session,
                                                 const RankingOptions& options = {});

}  // namespace inferscope
