// Writes a trace window as Chrome trace-event JSON, which ui.perfetto.dev and chrome://tracing
// both open. Layout:
//   process "Host": tracks "iterations" (one complete event per traced iteration), "operators"
//     (LibTorch operators, nested), "CUDA runtime (thread N)" (API calls of each host thread),
//     optionally "CUDA driver (thread N)", and "CUDA synchronization" (host waits);
//   process "GPU d": one track per stream ("stream N") with kernels, memcpys and memsets;
//   flow arrows ("s" → "f", bound to the enclosing slice) from each launching API call — or its
//     operator when the call was not recorded — to the kernel or copy it launched.
// Timestamps are microseconds from the window's first record (units::nsToUs, the one ns→µs
// conversion); "displayTimeUnit" is "ms".
#pragma once

#include <string>

#include "core/trace/trace_records.h"

namespace inferscope::trace {

struct ChromeTraceOptions {
  std::string title;                // shown in otherData (the config key)
  bool include_driver_api = false;  // cuLaunchKernel & co. double the host events; off by default
  bool include_flows = true;
};

class ChromeTraceWriter {
 public:
  explicit ChromeTraceWriter(ChromeTraceOptions options = {}) : options_(std::move(options)) {}

  // An untraced window gives a valid, empty trace whose otherData says why.
  std::string toJson(const TraceWindow& window) const;
  // Written atomically (temp file + rename); throws inferscope::Error naming the path.
  void writeFile(const TraceWindow& window, const std::string& path) const;

 private:
  ChromeTraceOptions options_;
};

}  // namespace inferscope::trace
