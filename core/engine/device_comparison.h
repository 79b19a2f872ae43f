// The same config measured on several GPUs of one model (`--devices` with a replicated plan, or
// sessions of several hosts merged with --keep-hosts): each device's median with its interval,
// and the pairs of devices whose difference exceeds their intervals — what the GUI marks when it
// shows the devices side by side. Pure values over a SessionResult.
#pragma once

#include <string>
#include <vector>

#include "core/engine/session_result.h"

namespace inferscope {

struct DeviceMeasurement {
  int position = 0;  // into SessionResult::configs
  MeasuredOn place;
  double median_ms = 0;
  double ci_low_ms = 0, ci_high_ms = 0;  // 95 % CI of the median; 0/0 when the run has none
};

// Device a against device b: median(a) / median(b) with its 95 % interval (> 1: a is slower).
struct DeviceDifference {
  std::size_t a = 0, b = 0;  // into ConfigAcrossDevices::measurements
  double ratio = 0, ratio_low = 0, ratio_high = 0;
  std::string method;  // as RankedConfig::speedup_ci_method
};

struct ConfigAcrossDevices {
  std::string device_name;  // the GPU model all measurements share
  std::string config_key;
  std::vector<DeviceMeasurement> measurements;  // one per place, in session order
  // Only the pairs whose interval excludes [1/(1+δ), 1+δ]: real differences between the GPUs.
  std::vector<DeviceDifference> differences;
};

// Every config that ran ok on two or more places (host and device ordinal) with the same device
// name, in order of first appearance. `equivalence_delta` is the ranking's "no real difference"
// band (RankingOptions::equivalence_delta).
std::vector<ConfigAcrossDevices> compareAcrossDevices(const SessionResult& session,
                                                      double equivalence_delta = 0.02);

}  // namespace inferscope
