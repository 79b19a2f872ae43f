// The measured ceilings of a device, kept on disk so that they are measured once per device and
// software stack: $XDG_CACHE_HOME/inferscope/ceilings/ (or ~/.cache/inferscope/ceilings/), one file
// per device name holding the key it was measured under (driver, LibTorch, CUDA, cuDNN, CPU
// threads). A file whose key differs — a new driver, another LibTorch — is measured again and
// replaced. Plain C++: the measurement is the caller's (core/torch/ceiling_probe.h).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/roofline/roofline_types.h"

namespace inferscope::roofline {

// The cache folder, from the environment; empty when neither XDG_CACHE_HOME nor HOME is set.
std::string defaultCeilingCacheDir();

// The file that holds `device_name`'s ceilings under `dir`.
std::string ceilingCachePath(const std::string& dir, const std::string& device_name);

// The cached ceilings when the file exists, reads and has exactly `key`; nullopt otherwise, with
// the reason in `why` ("no cached ceilings", "cached for driver 570.1, now 580.95", "unreadable:
// …").
std::optional<DeviceCeilings> loadCachedCeilings(const std::string& dir, const CeilingKey& key,
                                                 std::string* why = nullptr);

// Writes (atomically) `ceilings` to its file under `dir`, creating the folder.
void storeCeilings(const std::string& dir, const DeviceCeilings& ceilings);

// The cached ceilings for `key`, or `measure()`'s, stored for next time (a cache that cannot be
// written is reported in `log` and otherwise ignored). Either way with the datasheet figures of
// the device filled in. `dir` empty: no cache, always measured.
DeviceCeilings ceilingsFor(const std::string& dir, const CeilingKey& key,
                           const std::function<DeviceCeilings()>& measure,
                           std::string* log = nullptr);

// Fills the datasheet fields of `ceilings` from the table (datasheet.h) for its device.
void addDatasheetFigures(DeviceCeilings& ceilings);

}  // namespace inferscope::roofline
