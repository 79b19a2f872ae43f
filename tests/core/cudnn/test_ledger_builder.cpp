// The ledger builder over synthetic windows: per-shape observations, autotune cost, merge with a
// fake cuDNN finder, the benchmark-vs-heuristic comparison and the summary.
#include <gtest/gtest.h>

#include "core/cudnn/ledger_builder.h"
#include "core/cudnn/ledger_json.h"
#include "ledger_test_support.h"

namespace inferscope::cudnn {
namespace {

using testing::convArgs;
using testing::WindowBuilder;

const char* kXmmaA =
    "sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize128x128x64_kernel__"
    "5x_cudnn";
const char* kXmmaB =
    "sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize256x64x32_kernel__5x_"
    "cudnn";
const char* kCutlass =
    "void "
    "cutlass__5x_cudnn::Kernel<cutlass_tensorop_bf16_s16816fprop_optimized_bf16_256x64_32x4_nhwc_"
    "align8>";
const char* kTranspose = "void cudnn::engines_precompiled::nchwToNhwcKernel<__nv_bfloat16>";

// Shape A (3×3, called twice per iteration) and shape B (1×1 stride 2, once): iteration 0 is
// warm-up with a slow first call per shape (autotune), iterations 1–3 steady.
trace::TraceWindow window(const char* kernel_a, std::int64_t a_ns, const char* kernel_b,
                          std::int64_t b_ns, std::int64_t first_call_host_ns) {
  WindowBuilder w(4, 1);
  for (int it = 0; it < 4; ++it) {
    const std::int64_t host = it == 0 ? first_call_host_ns : 20'000;
    w.call(it, 10'000, host, convArgs({32, 64, 56, 56}, {64, 64, 3, 3}), {{kernel_a, a_ns}});
    w.otherKernel(it, 200'000);
    w.call(it, 300'000, it == 0 ? 20'000 : 20'000, convArgs({32, 64, 56, 56}, {64, 64, 3, 3}),
           {{kernel_a, a_ns + 2000}});
    w.call(it, 500'000, host, convArgs({32, 256, 56, 56}, {512, 256, 1, 1}, 2, 0),
           {{kTranspose, 3000}, {kernel_b, b_ns}});
  }
  return w.window;
}

ModeRunInfo info(SelectionMode mode, const std::string& key) {
  ModeRunInfo i;
  i.mode = mode;
  i.config_key = key;
  i.latency_ms = {900.0, 2.9, 2.8, 2.85};
  i.steady_median_ms = 2.85;
  return i;
}

TEST(LedgerBuilder, ObservesShapesCallsKernelsAndAutotune) {
  const auto ledger = observeMode(window(kXmmaA, 40'000, kCutlass, 30'000, 520'000),
                                  info(SelectionMode::Benchmark, "bf16+cl+bench"));
  ASSERT_EQ(ledger.layers.size(), 2u);
  const auto& a = ledger.layers[0];
  EXPECT_EQ(a.shape.key(), "32x64x56x56 * 64x64x3x3 s1 p1 d1 g1 bfloat16 nhwc");
  EXPECT_EQ(a.calls_per_iteration, 2);
  EXPECT_EQ(a.layer_names, (std::vector<std::string>{"conv #1", "conv #2"}));
  const auto& obs = a.ran.at(SelectionMode::Benchmark);
  ASSERT_TRUE(obs.observed);
  EXPECT_EQ(obs.family, KernelFamily::TensorCoreFprop);
  EXPECT_TRUE(obs.tensor_core);
  EXPECT_NEAR(obs.gpu_time_us, 41.0, 1.01);  // the two calls take 40 and 42 µs
  EXPECT_EQ(obs.layout_transposes, 0);
  ASSERT_TRUE(obs.autotune_ms.has_value());
  EXPECT_NEAR(*obs.autotune_ms, 0.5, 1e-9);  // 520 µs first call vs 20 µs steady

  const auto& b = ledger.layers[1];
  EXPECT_EQ(b.shape.key(), "32x256x56x56 * 512x256x1x1 s2 p0 d1 g1 bfloat16 nhwc");
  EXPECT_EQ(b.shape.outputSizes(), (std::vector<std::int64_t>{32, 512, 28, 28}));
  EXPECT_EQ(b.calls_per_iteration, 1);
  const auto& ob = b.ran.at(SelectionMode::Benchmark);
  EXPECT_EQ(ob.layout_transposes, 1);
  EXPECT_EQ(ob.kernels.size(), 2u);
  EXPECT_NEAR(ob.gpu_time_us, 33.0, 1e-9);  // the transpose counts in the convolution's time
  EXPECT_EQ(ob.family, KernelFamily::TensorCoreFprop);  // the main kernel, not the transpose

  const auto& totals = ledger.modes.at(SelectionMode::Benchmark);
  EXPECT_TRUE(totals.ok);
  EXPECT_DOUBLE_EQ(totals.first_iteration_ms, 900.0);
  EXPECT_NEAR(totals.conv_gpu_time_us, 2 * 41.0 + 33.0, 1.01);
}

TEST(LedgerBuilder, NoAutotuneWithoutIterationZero) {
  WindowBuilder w(3, 0);  // iteration 0 untraced/steady: no first-call comparison possible
  for (int it = 0; it < 3; ++it)
    w.call(it, 0, 20'000, convArgs({1, 3, 8, 8}, {4, 3, 3, 3}), {{kXmmaA, 1000}});
  const auto ledger = observeMode(w.window, info(SelectionMode::Heuristic, "bf16+cl"));
  ASSERT_EQ(ledger.layers.size(), 1u);
  EXPECT_FALSE(ledger.layers[0].ran.at(SelectionMode::Heuristic).autotune_ms.has_value());
}

AlgorithmQuery fakeFinder(const ConvShape& shape) {
  AlgorithmQuery q;
  if (shape.weight[2] == 1) {
    q.error = "CUDNN_STATUS_NOT_SUPPORTED";
    return q;
  }
  auto cand = [](const char* algo, std::optional<double> ms, int rank, bool det) {
    AlgorithmCandidate c;
    c.algo = algo;
    c.family = familyOfAlgorithm(algo);
    c.time_ms = ms;
    c.heuristic_rank = rank;
    c.deterministic = det;
    c.tensor_core = true;
    return c;
  };
  q.candidates = {cand("GEMM", std::nullopt, 2, true), cand("IMPLICIT_GEMM", 0.080, 1, true),
                  cand("IMPLICIT_PRECOMP_GEMM", 0.041, 0, true), cand("FFT", 0.300, -1, false)};
  return q;
}

TEST(LedgerBuilder, MergesModesAndComparesBenchmarkWithHeuristic) {
  // Heuristic: kXmmaA for A (40 µs); benchmark: kXmmaB for A (30 µs), same kernel for B.
  const auto heur = observeMode(window(kXmmaA, 40'000, kCutlass, 30'000, 120'000),
                                info(SelectionMode::Heuristic, "bf16+cl"));
  const auto bench = observeMode(window(kXmmaB, 30'000, kCutlass, 30'000, 820'000),
                                 info(SelectionMode::Benchmark, "bf16+cl+bench"));
  const auto det = failedMode(SelectionMode::Deterministic, "bf16+cl+det", "oom: out of memory");
  CudnnLedger base;
  base.available = true;
  base.model = "resnet50";
  base.config = "bf16+cl";
  int queries = 0;
  const auto ledger = mergeModes(base, {heur, bench, det}, [&](const ConvShape& s) {
    ++queries;
    return fakeFinder(s);
  });
  EXPECT_EQ(queries, 2);
  ASSERT_EQ(ledger.layers.size(), 2u);
  EXPECT_EQ(ledger.modes.size(), 3u);
  EXPECT_FALSE(ledger.modes.at(SelectionMode::Deterministic).ok);
  EXPECT_EQ(ledger.modes.at(SelectionMode::Deterministic).error, "oom: out of memory");

  const auto& a = ledger.layers[0];
  EXPECT_EQ(a.ran.size(), 2u);  // heuristic and benchmark observed, deterministic failed
  EXPECT_TRUE(a.benchmark_differs);
  EXPECT_NEAR(a.benchmark_gain_us, 10.0, 1.01);
  // Candidates: measured by time first, then the heuristic-only one.
  ASSERT_EQ(a.candidates.size(), 4u);
  EXPECT_EQ(a.candidates[0].algo, "IMPLICIT_PRECOMP_GEMM");
  EXPECT_EQ(a.candidates[3].algo, "GEMM");
  EXPECT_EQ(a.heuristic_algo, "IMPLICIT_PRECOMP_GEMM");
  EXPECT_EQ(a.fastest_algo, "IMPLICIT_PRECOMP_GEMM");
  EXPECT_FALSE(a.nondeterministic_choice);

  const auto& b = ledger.layers[1];
  EXPECT_FALSE(b.benchmark_differs);
  EXPECT_TRUE(b.candidates.empty());
  EXPECT_EQ(b.query_error, "CUDNN_STATUS_NOT_SUPPORTED");

  const auto& s = ledger.summary;
  EXPECT_EQ(s.unique_shapes, 2);
  EXPECT_EQ(s.conv_calls_per_iteration, 3);
  EXPECT_EQ(s.benchmark_differs, 1);
  EXPECT_EQ(s.benchmark_faster, 1);
  EXPECT_EQ(s.benchmark_slower, 0);
  EXPECT_NEAR(s.benchmark_gain_us, 20.0, 2.01);       // 10 µs × 2 calls
  EXPECT_NEAR(s.autotune_ms_total, 0.8 + 0.8, 1e-9);  // 800 µs extra on each shape's first call
  EXPECT_EQ(s.tensor_core_shapes, 2);
  EXPECT_EQ(s.layout_transposes_per_iteration, 1);

  const std::string text = formatLedger(ledger);
  EXPECT_NE(text.find("benchmark differs"), std::string::npos);
  EXPECT_NE(text.find("failed: oom: out of memory"), std::string::npos);
}

TEST(LedgerBuilder, FlagsNonDeterministicFamilies) {
  const char* fft = "void fft2d_r2c_32x32<float, false, 0u, false>(float2*)";
  const auto heur = observeMode(window(kXmmaA, 40'000, kCutlass, 30'000, 20'000),
                                info(SelectionMode::Heuristic, "fp32"));
  const auto bench = observeMode(window(fft, 35'000, kCutlass, 30'000, 20'000),
                                 info(SelectionMode::Benchmark, "fp32+bench"));
  const auto det = observeMode(window(kXmmaA, 40'000, kCutlass, 30'000, 20'000),
                               info(SelectionMode::Deterministic, "fp32+det"));
  const auto ledger = mergeModes(CudnnLedger{}, {heur, bench, det}, fakeFinder);
  EXPECT_TRUE(
      ledger.layers[0].nondeterministic_choice);  // the only FFT candidate is non-deterministic
  // Deterministic mode ran the heuristic's kernel: benchmark's other choice is not its business.
  EXPECT_FALSE(ledger.layers[0].deterministic_differs);
  EXPECT_EQ(ledger.summary.deterministic_differs, 0);
  EXPECT_EQ(ledger.summary.nondeterministic_choices, 1);
  EXPECT_EQ(ledger.layers[0].ran.at(SelectionMode::Benchmark).family, KernelFamily::Fft);
}

TEST(LedgerBuilder, DeterministicIsComparedWithTheHeuristic) {
  // Benchmark agrees with the heuristic; deterministic mode swaps shape A's kernel.
  const auto heur = observeMode(window(kXmmaA, 40'000, kCutlass, 30'000, 20'000),
                                info(SelectionMode::Heuristic, "bf16"));
  const auto bench = observeMode(window(kXmmaA, 40'000, kCutlass, 30'000, 20'000),
                                 info(SelectionMode::Benchmark, "bf16+bench"));
  const auto det = observeMode(window(kXmmaB, 45'000, kCutlass, 30'000, 20'000),
                               info(SelectionMode::Deterministic, "bf16+det"));
  CudnnLedger base;
  base.available = true;
  const auto ledger = mergeModes(base, {heur, bench, det}, fakeFinder);
  ASSERT_EQ(ledger.layers.size(), 2u);
  EXPECT_TRUE(ledger.layers[0].deterministic_differs);
  EXPECT_FALSE(ledger.layers[1].deterministic_differs);
  EXPECT_FALSE(ledger.layers[0].benchmark_differs);
  EXPECT_EQ(ledger.summary.deterministic_differs, 1);
  const std::string text = formatLedger(ledger);
  EXPECT_NE(text.find("deterministic changes the kernel"), std::string::npos);
  EXPECT_NE(text.find("deterministic changed the kernel for 1 shapes"), std::string::npos);
  // …and the count survives the JSON round trip.
  EXPECT_EQ(ledgerFromJson(ledgerToJson(ledger)).summary.deterministic_differs, 1);
}

TEST(LedgerBuilder, TransposedConvolutionsAreListedNotQueried) {
  WindowBuilder w(2, 1);
  auto args = convArgs({1, 8, 4, 4}, {8, 4, 3, 3});
  args.transposed = true;
  for (int it = 0; it < 2; ++it) w.call(it, 0, 10'000, args, {{kXmmaA, 1000}});
  const auto part = observeMode(w.window, info(SelectionMode::Heuristic, "fp32"));
  int queries = 0;
  const auto ledger = mergeModes(CudnnLedger{}, {part}, [&](const ConvShape&) {
    ++queries;
    return AlgorithmQuery{};
  });
  EXPECT_EQ(queries, 0);
  ASSERT_EQ(ledger.layers.size(), 1u);
  EXPECT_NE(ledger.layers[0].query_error.find("transposed"), std::string::npos);
  EXPECT_TRUE(ledger.layers[0].shape.outputSizes().empty());
}

TEST(LedgerBuilder, UnavailableLedgerSaysWhy) {
  CudnnLedger l;
  l.available = false;
  l.reason = "requires CUDA and cuDNN";
  EXPECT_EQ(formatLedger(l), "cuDNN ledger unavailable: requires CUDA and cuDNN\n");
}

}  // namespace
}  // namespace inferscope::cudnn
