// A cuDNN ledger of three conv layers built in code (no GPU), shared by the cuDNN page's test and
// the layer table model's test.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"

namespace inferscope::gui::testing {

using cudnn::KernelFamily;
using cudnn::SelectionMode;

inline cudnn::AlgorithmCandidate candidate(const char* algo, KernelFamily family,
                                           std::optional<double> time_ms, const char* status = "ok",
                                           bool deterministic = true) {
  cudnn::AlgorithmCandidate c;
  c.algo = algo;
  c.family = family;
  c.time_ms = time_ms;
  c.status = status;
  c.deterministic = deterministic;
  return c;
}

inline cudnn::ModeObservation ran(KernelFamily family, double gpu_time_us,
                                  std::optional<double> autotune_ms = {}) {
  cudnn::ModeObservation o;
  o.observed = true;
  o.family = family;
  o.gpu_time_us = gpu_time_us;
  o.autotune_ms = autotune_ms;
  o.kernels.push_back({"implicit_convolve_sgemm", family, false, gpu_time_us});
  return o;
}

inline cudnn::ConvShape shape(std::vector<std::int64_t> input, std::vector<std::int64_t> weight,
                              std::int64_t stride, std::int64_t padding) {
  cudnn::ConvShape s;
  s.input = std::move(input);
  s.weight = std::move(weight);
  s.stride = {stride, stride};
  s.padding = {padding, padding};
  s.dilation = {1, 1};
  return s;
}

// Three conv layers of a ResNet-like stem:
//   #1 the 7×7 stem: 3 timed candidates (+ one unsupported, one heuristic-only), all modes agree;
//   #2 a 3×3: benchmark picks Winograd over the heuristic's precomputed GEMM, 18 µs faster per
//   call; #3 a transposed conv: listed, not queried; only the heuristic run observed it.
inline cudnn::CudnnLedger sampleLedger() {
  cudnn::CudnnLedger l;
  l.available = true;
  l.model = "resnet50";
  l.input = "32x3x224x224:float32";
  l.config = "fp32";
  l.device = "NVIDIA H200 (sm_90)";
  l.cudnn_version = 91900;
  l.torch_version = "2.9.0";

  cudnn::LedgerLayer stem;
  stem.shape = shape({32, 3, 224, 224}, {64, 3, 7, 7}, 2, 3);
  stem.layer_names = {"conv1"};
  stem.calls_per_iteration = 1;
  stem.candidates = {
      candidate("IMPLICIT_PRECOMP_GEMM", KernelFamily::PrecomputedImplicitGemm, 0.080),
      candidate("IMPLICIT_GEMM", KernelFamily::ImplicitGemm, 0.120),
      candidate("GEMM", KernelFamily::Gemm, 0.300),
      candidate("FFT", KernelFamily::Fft, std::nullopt, "CUDNN_STATUS_NOT_SUPPORTED"),
      candidate("WINOGRAD", KernelFamily::Winograd, std::nullopt)};
  stem.heuristic_algo = "IMPLICIT_PRECOMP_GEMM";
  stem.fastest_algo = "IMPLICIT_PRECOMP_GEMM";
  stem.ran[SelectionMode::Heuristic] = ran(KernelFamily::PrecomputedImplicitGemm, 82);
  stem.ran[SelectionMode::Benchmark] = ran(KernelFamily::PrecomputedImplicitGemm, 81, 12.0);
  stem.ran[SelectionMode::Deterministic] = ran(KernelFamily::PrecomputedImplicitGemm, 82);

  cudnn::LedgerLayer block;
  block.shape = shape({32, 64, 56, 56}, {64, 64, 3, 3}, 1, 1);
  block.layer_names = {"layer1.0.conv2", "layer1.1.conv2", "layer1.2.conv2"};
  block.calls_per_iteration = 3;
  block.candidates = {
      candidate("WINOGRAD_NONFUSED", KernelFamily::Winograd, 0.030),
      candidate("IMPLICIT_PRECOMP_GEMM", KernelFamily::PrecomputedImplicitGemm, 0.050),
      candidate("FFT_TILING", KernelFamily::Fft, 0.200, "ok", false)};
  block.heuristic_algo = "IMPLICIT_PRECOMP_GEMM";
  block.fastest_algo = "WINOGRAD_NONFUSED";
  block.ran[SelectionMode::Heuristic] = ran(KernelFamily::PrecomputedImplicitGemm, 52);
  block.ran[SelectionMode::Benchmark] = ran(KernelFamily::Winograd, 34, 40.0);
  block.ran[SelectionMode::Benchmark].layout_transposes = 2;
  block.ran[SelectionMode::Deterministic] = ran(KernelFamily::PrecomputedImplicitGemm, 52);
  block.benchmark_differs = true;
  block.benchmark_gain_us = 18;

  cudnn::LedgerLayer transposed;
  transposed.shape = shape({32, 64, 28, 28}, {64, 32, 2, 2}, 2, 0);
  transposed.shape.transposed = true;
  transposed.calls_per_iteration = 1;
  transposed.query_error = "transposed convolutions are listed, not queried";
  transposed.ran[SelectionMode::Heuristic] = ran(KernelFamily::Other, 10);
  cudnn::ModeObservation failed;
  failed.error = "the benchmark run failed";
  transposed.ran[SelectionMode::Benchmark] = failed;

  l.layers = {stem, block, transposed};
  l.summary.unique_shapes = 3;
  l.summary.conv_calls_per_iteration = 5;
  l.summary.benchmark_differs = 1;
  l.summary.benchmark_faster = 1;
  l.summary.benchmark_gain_us = 54;
  l.summary.autotune_ms_total = 52;
  for (const auto mode : cudnn::kSelectionModes) {
    cudnn::ModeTotals t;
    t.ok = true;
    t.config_key = mode == SelectionMode::Benchmark       ? "fp32+bench"
                   : mode == SelectionMode::Deterministic ? "fp32+det"
                                                          : "fp32";
    t.steady_median_ms = 11.7;
    t.first_iteration_ms = mode == SelectionMode::Benchmark ? 120 : 30;
    l.modes[mode] = t;
  }
  l.notes = {"times are medians over 20 steady iterations"};
  return l;
}

}  // namespace inferscope::gui::testing
