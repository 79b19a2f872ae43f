// The devices of a session side by side: one column per place (host and GPU) that measured
// anything, one row per config key, each cell that place's median with its interval — and, per
// row, the pairs of places of one GPU model whose difference exceeds their intervals, as
// compareAcrossDevices (device_comparison.h) decides it. What the GUI's Devices page shows; pure
// values over a SessionResult, so the rule is core's and tested without Qt.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/engine/device_comparison.h"
#include "core/engine/session_result.h"

namespace inferscope {

// One config on one place. position is -1 where the place did not run the key (a shard of a
// spread plan runs only its share and the reference).
struct DeviceTableCell {
  int position = -1;  // into SessionResult::configs: the first result of the key on this place
  ConfigStatus status = ConfigStatus::Ok;
  std::string message;  // why it did not end Ok
  double median_ms = 0;
  double ci_low_ms = 0, ci_high_ms = 0;  // 95 % CI of the median; 0/0 when the run has none
  int results = 0;  // results of the key on this place (a plan may list a key twice)

  bool measured() const { return position >= 0 && status == ConfigStatus::Ok && median_ms > 0; }
};

// Place a against place b for one config: median(a) / median(b) with its 95 % interval
// (> 1: a is slower), only for pairs whose interval excludes the equivalence band.
struct PlaceDifference {
  std::size_t a = 0, b = 0;  // into DeviceTable::places, a < b
  double ratio = 0, ratio_low = 0, ratio_high = 0;
  std::string method;  // as DeviceDifference::method
};

struct DeviceTableRow {
  std::string config_key;
  std::vector<DeviceTableCell> cells;  // one per DeviceTable::places
  std::vector<PlaceDifference> differences;
};

struct DeviceTable {
  std::vector<MeasuredOn> places;    // in order of first appearance
  std::vector<std::string> labels;   // placeLabel of each place: "node-a cuda:1"
  std::vector<DeviceTableRow> rows;  // in order of first appearance of the key
  double equivalence_delta = 0.02;

  // Places whose medians the rule compares: the same GPU model (device name). Others are shown
  // side by side but never marked: an A100 is not a slow H200.
  bool comparable(std::size_t a, std::size_t b) const;
  // How many places measured the row's key (Ok): below 2 there is nothing to compare.
  int measuredPlaces(const DeviceTableRow& row) const;
};

// Places are told apart by host, device ordinal and device name. Differences come from
// compareAcrossDevices(session, equivalence_delta), each pair once (a key repeated on a place
// keeps the first result's pair). That is a bootstrap per pair of GPUs per config — about 2 s for
// 8 GPUs × 11 configs of 220 samples on a busy 2-core machine — so `compare = false` gives the
// places and cells alone, at once, for a caller that compares on another thread.
DeviceTable deviceTable(const SessionResult& session, double equivalence_delta = 0.02,
                        bool compare = true);

}  // namespace inferscope
