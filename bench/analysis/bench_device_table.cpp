// bench_device_table: how long the GUI's Devices page takes to compare a session's GPUs
// (core deviceTable → compareAcrossDevices: a bootstrap of the ratio of medians per pair of GPUs
// of one model per config), which is why it runs off the GUI thread (docs/PERFORMANCE.md, "The
// Devices page"). Sessions are built in memory: G GPUs of one model, C configs each, S steady
// samples per config of ±1 % deterministic noise around a per-config median, every third GPU 5 %
// slower so some pairs differ.
//   bench_device_table [--configs C] [--samples S] [--reps N]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/engine/device_table.h"

using namespace inferscope;

namespace {

SessionResult session(int gpus, int configs, int samples) {
  const char* keys[] = {"fp32",       "tf32",       "bf16",    "fp16",
                        "amp-bf16",   "amp-fp16",   "bf16+cl", "fp16+cl",
                        "bf16+graph", "fp16+graph", "tf32+cl", "bf16+cl+graph"};
  SessionResult s;
  std::uint64_t state = 42;
  for (int g = 0; g < gpus; ++g) {
    for (int c = 0; c < configs; ++c) {
      ConfigResult r;
      r.config = OptimizationConfig::parse(keys[c % 12]);
      const double median_ms = (10.0 - 0.5 * c) * (g % 3 == 2 ? 1.05 : 1.0);
      for (int i = 0; i < samples; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double u = static_cast<double>(state >> 11) / 9007199254740992.0;  // [0, 1)
        r.latency_ms.push_back(median_ms * (0.99 + 0.02 * u));
      }
      r.stats.median_ms = median_ms;
      r.steady.analysed = true;
      r.steady.median_ci_low_ms = median_ms * 0.998;
      r.steady.median_ci_high_ms = median_ms * 1.002;
      DeviceInfo d;
      d.kind = DeviceKind::Cuda;
      d.index = g;
      d.name = "NVIDIA H200";
      r.measured_on = MeasuredOn{"node", d};
      s.configs.push_back(std::move(r));
    }
  }
  return s;
}

double bestMs(int reps, const SessionResult& s, bool compare, std::size_t& differences) {
  double best = 1e300;
  for (int k = 0; k < reps; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto t = deviceTable(s, 0.02, compare);
    best = std::min(
        best,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    differences = 0;
    for (const auto& row : t.rows) differences += row.differences.size();
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int configs = 11, samples = 220, reps = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const int v = std::atoi(argv[i + 1]);
    if (a == "--configs")
      configs = v;
    else if (a == "--samples")
      samples = v;
    else if (a == "--reps")
      reps = v;
    else {
      fmt::print(stderr, "bench_device_table: unknown option {}\n", a);
      return 2;
    }
  }
  fmt::print("{:>5} {:>8} {:>8} {:>12} {:>14} {:>12}\n", "GPUs", "configs", "samples", "cells ms",
             "compared ms", "differences");
  for (int gpus : {2, 4, 8}) {
    const auto s = session(gpus, configs, samples);
    std::size_t none = 0, differences = 0;
    const double cells = bestMs(reps, s, false, none);
    const double compared = bestMs(reps, s, true, differences);
    fmt::print("{:>5} {:>8} {:>8} {:>12.2f} {:>14.1f} {:>12}\n", gpus, configs, samples, cells,
               compared, differences);
  }
  return 0;
}
