// A config's place on the roofline: its counted work (or an eager twin's, for compiled configs)
// against its steady median and the device's measured ceilings, and the bound that applies
// (docs/MEASUREMENT.md, "Roofline"). Plain C++ over the engine's values.
#pragma once

#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/engine/session_result.h"
#include "core/roofline/roofline_types.h"
#include "core/trace/trace_records.h"

namespace inferscope::roofline {

// Below this share of the iteration with a kernel running, the GPU waits for the host (kernel
// launches, Python-free dispatch, synchronisation) more than it computes: the config is
// launch/host-bound whatever its intensity.
inline constexpr double kLaunchBoundBusyShare = 0.5;
// Within this factor of the ridge point (ceiling FLOP/s ÷ ceiling bytes/s) on either side, both
// roofs are near: "mixed".
inline constexpr double kRidgeBand = 2.0;

// The ceiling a config's products run against: fp32 | tf32 | fp16 | bf16.
std::string ceilingPrecision(const OptimizationConfig& config);

// Whether the engine observes a config's operators (eager and TorchScript: they go through the
// dispatcher) or takes its work from an eager count (CUDA graph replay, AOTInductor packages).
bool operatorsObservable(const OptimizationConfig& config);

struct BoundVerdict {
  Bound bound = Bound::Unknown;
  std::string reason;
};

// The bound rule. `gpu_busy_share` < 0: not known (the CPU, or nothing measured it).
BoundVerdict classifyBound(double intensity, double ceiling_tflops, double ceiling_gbps,
                           double gpu_busy_share, double pct_of_compute_ceiling,
                           double pct_of_memory_ceiling);

// For the trace window of a config: per operator name, the time per iteration of all its kernels
// over the basis iterations (steady ones, else warm-up ones), named by the longest. Work is
// filled in by placeConfig. At most `limit`, by time.
std::vector<KernelWork> mainKernels(const trace::TraceWindow& window, std::size_t limit = 12);

// Completes r.roofline (or sets it for a compiled config from an eager twin among `others`):
// rates, intensity, ceilings, busy share, bound, per-kernel rows. Leaves the result alone when it
// has no work and no twin, or did not run.
void placeConfig(ConfigResult& r, const std::vector<ConfigResult>& others,
                 const DeviceCeilings* ceilings);

// Why a tuned answer has no place under the roofline.
enum class Unplaced {
  PythonModel,  // the model runs in the Python worker: the engine observes none of its operators
  NoTime,       // nothing was left of the budget for the counting run
  PassFailed,   // the counting run failed (its message is the detail)
  NoWork,       // the counting run counted no work
};

// The tuner's verdict clause for its winner, from the winner's placed roofline: the share of the
// measured ceiling that bounds it and the bound ("Roofline: at 41 % of the measured BF16 matmul
// ceiling: compute-bound"; launch/host-bound configs with classifyBound's reason); where the
// placement has no bound (no ceilings, no work counted), a clause that says so, never a number.
std::string verdictClause(const ConfigRoofline& placed);
// The clause when the winner could not be placed at all; `detail` ("" for none) says more.
std::string unplacedClause(Unplaced why, const std::string& detail = {});

// placeConfig for every config of a session that was run with the roofline on (merged shards,
// isolated workers), each against all the others.
void placeSession(SessionResult& session);

}  // namespace inferscope::roofline
