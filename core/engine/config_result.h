// What one configuration produced: per-iteration samples, statistics, memory, accuracy, status.
// Plain values: they cross threads as shared_ptr<const …> and go into session files as they are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/config/optimization_config.h"
#include "core/cudnn/cudnn_ledger.h"
#include "core/model/shape_set.h"
#include "core/roofline/roofline_types.h"
#include "core/trace/timeline_data.h"
#include "core/trace/trace_summary.h"

namespace inferscope {

enum class ConfigStatus { Ok, Unsupported, OutOfMemory, Error, Cancelled };

const char* toString(ConfigStatus status);
std::optional<ConfigStatus> parseConfigStatus(std::string_view text);

// Latency statistics over the steady (measured) iterations.
struct LatencyStats {
  double median_ms = 0, mean_ms = 0, p90_ms = 0, p99_ms = 0, min_ms = 0, max_ms = 0, stdev_ms = 0;
  double cold_start_ms = 0;           // iteration 0 on its own: context, autotune, compile
  double throughput_items_per_s = 0;  // batch / median
};

// Warm-up vs steady state as measured (docs/MEASUREMENT.md); filled by the analysis pass.
struct SteadyStateInfo {
  bool analysed = false;
  std::string series_class;      // flat | warmup | slowdown | drift | no-steady-state | switching
  std::size_t steady_start = 0;  // first steady iteration (index into latency_ms)
  bool low_confidence = false;   // MSER-5 disagrees with the changepoint cut
  double median_ci_low_ms = 0, median_ci_high_ms = 0;
  std::string ci_method;                         // order-statistic | block-bootstrap
  double p99_ci_low_ms = 0, p99_ci_high_ms = 0;  // 0/0 when n_steady < 1000
  double warmup_cost_ms = 0;                     // time before steady state beyond steady-rate cost
  std::size_t outliers = 0;                      // flagged, never dropped
  std::string stop_reason;  // fixed-count | converged | iteration-budget | time-budget | cancelled
  // Series class "switching" (docs/MEASUREMENT.md): the two levels the series alternates between
  // and the share of steady iterations spent at the slow one; all 0 for other classes.
  double fast_level_ms = 0, slow_level_ms = 0;
  double slow_share = 0;
  double mean_dwell_iterations = 0;  // average run length at the slow level
  // The level sequence's autocorrelation time (1 when the series does not switch; 0 in files
  // written before it was kept): comparisons take it as the floor of τ instead of fitting again.
  double level_tau = 0;
  // Switching with fewer switches than it takes to estimate the levels' mix (analysis::
  // kMinSwitchesForMix): fork the config or run it longer before ranking on it.
  bool too_few_switches = false;
  // The series spans a few steps of its timer (median < 50 × timer_quantum_ms): not segmented.
  bool resolution_limited = false;
  double timer_quantum_ms = 0;
};

// What a session file said about a config before it was analysed again with today's rules
// (core/engine/result_analysis.h): kept for comparison, never written back.
struct StoredAnalysis {
  LatencyStats stats;
  SteadyStateInfo steady;
};

struct MemoryStats {
  std::int64_t parameter_bytes = 0;
  std::int64_t peak_allocated_bytes = 0;
  std::int64_t peak_reserved_bytes = 0;  // CUDA caching allocator only
  std::string source;                    // "cuda-caching-allocator" | "cpu-allocator-hook" | ""
};

// Output of this config against the FP32-IEEE reference on the same inputs.
struct AccuracyStats {
  bool measured = false;
  double max_abs_error = 0;
  double rel_l2_error = 0;
  double cosine_similarity = 1;
  std::int64_t nan_count = 0;
  std::int64_t inf_count = 0;
  std::optional<double> top1_agreement;  // classifiers: share of rows whose argmax matches
  // Why no comparison with this reference can tell a good config from a broken one, when it
  // cannot: the FP32 output is constant or all zeros (torchvision's ViT-B/16 with fresh weights:
  // a zero-initialised head), or not finite. Empty when it can be judged.
  std::string unjudgeable;
  // Why top-1 agreement cannot judge it, when it cannot: one class is the reference's top-1 for
  // every row (random weights often do this). Cosine and rel. L2 still judge such an output.
  std::string top1_unjudgeable;
};

// One further fresh process's run of the same config (`--forks N`): forks 2…N. Fork 1 is the
// ConfigResult's own series, so a result without forks reads as before.
struct ForkRun {
  ConfigStatus status = ConfigStatus::Ok;
  std::string message;
  std::vector<double> latency_ms;  // every iteration, warm-up included
  std::vector<double> host_ms;
  int warmup_iterations = 0;
  double setup_ms = 0, first_result_ms = 0;
  LatencyStats stats;
  SteadyStateInfo steady;
};

// How a config's fresh processes agree: none had a steady part; one did (it says nothing about
// the next); their medians lie within δ (stable); they differ beyond their own intervals, so the
// process decides the level (unstable); or every process is noisy and they differ by more than δ
// without contradicting each other (noisy). text/ renders it; core keeps no sentence of it.
enum class ForkAgreement { NoSteadyPart, OneProcess, Stable, Unstable, Noisy };
const char* toString(ForkAgreement agreement);  // "no-steady-part", "one-process", "stable", …
std::optional<ForkAgreement> parseForkAgreement(std::string_view text);

// The config across all its forks (analysis::analyseForks): the level a fresh process measures,
// the interval of that level, and where one more process's median is expected to fall.
struct ForkStats {
  int forks = 0;                                  // processes with a steady part
  double median_ms = 0;                           // geometric mean of the fork medians
  double ci_low_ms = 0, ci_high_ms = 0;           // hierarchical bootstrap CI of median_ms
  double next_low_ms = 0, next_high_ms = 0;       // prediction interval for one further process
  double spread = 0;                              // (max − min) / median of the fork medians
  double log_sd = 0;                              // standard deviation of ln(fork median)
  bool stable = true;                             // fork medians agree within their intervals
  ForkAgreement outcome = ForkAgreement::Stable;  // what `stable` and the analysis say, as a code
  // Of `forks`, those remembered from the run that confirmed the config (RacePrior's pooled
  // processes): 0 when every process ran in this run.
  int remembered_forks = 0;
};

// The outcome a fork analysis gives (analysis::ForkSummary's forks, stable and noisy).
ForkAgreement forkAgreement(std::size_t forks, bool stable, bool noisy);

// Which host and device measured a result, in a session that spans several (`--devices`,
// `merge` of shards run on several hosts); unset in single-device sessions, where SessionResult's
// host and device say it. device.index is the physical ordinal (the worker saw it as cuda:0
// through CUDA_VISIBLE_DEVICES).
struct MeasuredOn {
  std::string host;
  DeviceInfo device;
};

struct ConfigResult {
  int index = 0;
  OptimizationConfig config;
  ConfigStatus status = ConfigStatus::Ok;
  std::string message;             // the reason for any status but Ok
  std::vector<double> latency_ms;  // every iteration, warm-up included, in order
  std::vector<double> host_ms;     // host wall time of the same iterations
  int warmup_iterations = 0;       // iterations run before measuring started
  double setup_ms = 0;             // model copy + settings + compile, before iteration 0
  // Of setup_ms: time spent compiling or waiting for a compile (AOTInductor packages; 0 on a cache
  // hit), so compile time reads apart from run time.
  double compile_ms = 0;
  // Set when this result ran a fallback instead of the config asked for: the key asked for (the
  // result's `config` is what ran, `message` says why), e.g. "bf16" whose cast failed → amp-bf16.
  std::string fallback_from;
  double first_result_ms =
      0;  // set-up + iteration 0's wall time: cold start as a user waits for it
  LatencyStats stats;
  SteadyStateInfo steady;
  MemoryStats memory;
  AccuracyStats accuracy;
  // Kernel tracing (unset when not asked): the aggregates, which iterations ran traced, and the
  // window itself for Chrome-trace export and the live timeline.
  std::optional<trace::TraceSummary> trace_summary;
  // A bounded copy of the kernel timeline (trace::boundedTimeline), so that a session file opened
  // elsewhere can draw it; the window itself never goes into files.
  std::optional<trace::TimelineData> timeline;
  // With RunSettings::trace_convolutions: this config's part of a cuDNN algorithm ledger
  // (cudnn::observeMode of the window, with cuDNN's candidate algorithms when cuDNN chose by
  // heuristics). `inferscope-cli cudnn` merges three of them.
  std::optional<cudnn::CudnnLedger> cudnn_observation;
  std::vector<int> traced_iterations;
  // With RunSettings::roofline: the work of one iteration (counted from an observed iteration, or
  // an eager twin's for compiled configs) and the config's place under the device's ceilings
  // (core/roofline/).
  std::optional<roofline::ConfigRoofline> roofline;
  // `--forks N`: the runs of processes 2…N (this result is process 1) and the statistics over all.
  std::vector<ForkRun> forks;
  std::optional<ForkStats> fork_stats;
  std::optional<StoredAnalysis> stored_analysis;
  std::optional<MeasuredOn> measured_on;
  // Sessions over a shape set (`sweep --batch 1,8,32`): the shape this result was measured at;
  // unset in sessions of one shape. Results at different shapes are different measurements of the
  // same config and are ranked apart (sessionAtShape, core/engine/shape_sweep.h).
  std::optional<ShapePoint> shape;
  std::shared_ptr<const trace::TraceWindow> trace_window;

  // The measured part of latency_ms (after the warm-up, or from the detected steady start).
  std::vector<double> steadyLatencies() const;
};

}  // namespace inferscope
