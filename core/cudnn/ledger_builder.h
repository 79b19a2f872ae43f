// Builds a cuDNN ledger in two steps, so that each selection mode can run in its own process
// (PyTorch keeps one cuDNN plan cache per process: a mode run after another would reuse the
// earlier mode's plans and show neither its choice nor its autotune cost):
//   1. observeMode: one mode's traced run (a trace window with convolution records) → a ledger
//      holding that mode's observations only;
//   2. mergeModes: the modes' ledgers + cuDNN's candidate algorithms per shape → the full ledger,
//      with the comparisons (benchmark vs heuristic, determinism) and the summary derived.
// Pure logic over plain records: tested on the CPU with synthetic windows and a fake finder.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"
#include "core/cudnn/kernel_classifier.h"
#include "core/trace/trace_records.h"

namespace inferscope::cudnn {

// What one mode's run measured besides its trace window.
struct ModeRunInfo {
  SelectionMode mode = SelectionMode::Heuristic;
  std::string config_key;          // "bf16+cl+bench"
  std::vector<double> latency_ms;  // every iteration, iteration 0 first
  double steady_median_ms = 0;
  std::vector<std::pair<std::string, double>> retune_first_ms;
};

// Layers (unique shapes, in first-execution order) with `info.mode`'s observation, and that mode's
// totals. The window must hold convolution records (TraceWindowPolicy::capture_convolutions).
CudnnLedger observeMode(const trace::TraceWindow& window, const ModeRunInfo& info);

// A mode whose run failed: recorded with its error, no observations.
CudnnLedger failedMode(SelectionMode mode, const std::string& config_key, const std::string& error);

// cuDNN's answer for one shape (core/torch: the legacy Find/Get API; tests: a fake).
struct AlgorithmQuery {
  std::vector<AlgorithmCandidate> candidates;
  std::string error;  // why there are none
};
using AlgorithmFinder = std::function<AlgorithmQuery(const ConvShape& shape)>;

// Merges the modes' ledgers (matching layers by shape key), asks `finder` (may be empty: no
// candidates) about every non-transposed shape, and derives the comparisons and the summary.
// `base` supplies the identity fields (model, input, config, device, versions, tf32).
CudnnLedger mergeModes(const CudnnLedger& base, const std::vector<CudnnLedger>& modes,
                       const AlgorithmFinder& finder);

// Recomputes every derived field from observations and candidates (used by mergeModes).
void deriveComparisons(CudnnLedger& ledger);

// A few lines per layer for the console (`inferscope-cli cudnn`).
std::string formatLedger(const CudnnLedger& ledger);

}  // namespace inferscope::cudnn
