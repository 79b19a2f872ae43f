// Sessions of several devices for the GUI tests, made as `inferscope-cli merge` makes them
// (core mergeSessions) from a real H200 session of tests/fixtures and copies of it. THE OTHER
// DEVICES ARE SYNTHETIC: a copy is the same session re-labelled as another GPU (or host, or GPU
// model), its samples those of the real run, the samples of the `scaled` configs multiplied by
// their factor and analysed again (analyseLatencies), so the test knows which differences are real.
// Only single-GPU machines were lent: no real multi-GPU session exists yet (docs/SCALE.md).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/engine/result_analysis.h"
#include "core/session/session_file.h"
#include "core/session/session_merge.h"

namespace inferscope::testing {

struct SyntheticDevice {
  std::string host;                                    // "" keeps the real session's host
  int index = 1;                                       // the GPU ordinal it pretends to be
  std::string name;                                    // "" keeps the real GPU model
  std::vector<std::pair<std::string, double>> scaled;  // config key → factor on its samples
};

// The real session `path` on its own GPU, then one synthetic copy per entry of `copies`, merged.
// keep_hosts as merge's --keep-hosts: needed where a copy names another GPU model.
inline SessionResult mergedWithSyntheticDevices(const std::string& path,
                                                const std::vector<SyntheticDevice>& copies,
                                                bool keep_hosts = false) {
  // Analysed again with today's rules, as the window does on opening a file, so that a scaled copy
  // and its original are told apart by their samples only.
  SessionResult real = loadSession(path);
  for (auto& c : real.configs) analyseLatencies(c, real.request.batch);
  std::vector<MergeInput> inputs{{real, path}};
  for (const auto& copy : copies) {
    SessionResult s = real;
    if (!copy.host.empty()) s.host = copy.host;
    s.device.index = copy.index;
    if (!copy.name.empty()) s.device.name = copy.name;
    for (auto& c : s.configs) {
      for (const auto& [key, factor] : copy.scaled) {
        if (c.config.key() != key) continue;
        for (auto& v : c.latency_ms) v *= factor;
        analyseLatencies(c, s.request.batch);
      }
    }
    std::string origin = "synthetic " + s.host + " cuda:" + std::to_string(copy.index);
    inputs.push_back({std::move(s), std::move(origin)});
  }
  MergeOptions options;
  options.keep_hosts = keep_hosts;
  return mergeSessions(inputs, options).session;
}

}  // namespace inferscope::testing
