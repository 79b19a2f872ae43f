// The engine on a real CUDA device: device info, CUDA-event timing, CUDA memory statistics, the
// TF32 API of this LibTorch, CUDA graphs, precision modes, a real out-of-memory. Run on the GPU
// machine (ctest -L gpu).
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <algorithm>
#include <set>

#include "core/cudnn/ledger_builder.h"
#include "core/cudnn/ledger_json.h"
#include "core/engine/cudnn_query.h"
#include "core/engine/engine.h"
#include "core/runner/profile_run.h"
#include "core/torch/settings_guard.h"
#include "core/torch/torch_compat.h"
#include "core/trace/chrome_trace_writer.h"
#include "core/trace/correlation_resolver.h"
#include "core/trace/trace_records.h"
#include "core/trace/trace_summary_json.h"
#include "engine_test_support.h"
#include "recording_sink.h"

using namespace inferscope;

namespace {

ProfileRequest cudaRequest(const std::string& model, std::int64_t batch,
                           std::vector<std::string> keys, int iters = 10) {
  return inferscope::testing::zooRequest(model, 3, iters, keys, batch, DeviceKind::Cuda);
}

SessionResult run(const ProfileRequest& r) {
  return inferscope::testing::runQuietly(r);
}

}  // namespace

class Cuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!engine::cudaAvailable()) GTEST_SKIP() << "no CUDA device";
  }
};

TEST_F(Cuda, DeviceInfoIsComplete) {
  const auto d = engine::deviceInfo(DeviceKind::Cuda, 0);
  EXPECT_FALSE(d.name.empty());
  EXPECT_GE(d.cc_major, 7);
  EXPECT_GT(d.total_memory_bytes, std::int64_t{1} << 30);
  EXPECT_GT(d.multiprocessors, 0);
  EXPECT_FALSE(d.cuda_runtime_version.empty());
  EXPECT_FALSE(d.cudnn_version.empty());
  EXPECT_FALSE(d.driver_version.empty());
  EXPECT_NE(d.generation().rfind("sm_", 0), 0u)
      << "unknown generation for " << d.computeCapability();
}

TEST_F(Cuda, EventTimingIsDeviceTime) {
  const auto s = run(cudaRequest("resnet50", 8, {"fp32"}));
  const auto& c = s.configs.at(0);
  ASSERT_EQ(c.status, ConfigStatus::Ok) << c.message;
  ASSERT_EQ(c.latency_ms.size(), 13u);
  for (std::size_t i = 0; i < c.latency_ms.size(); ++i) {
    EXPECT_GT(c.latency_ms[i], 0.05);
    // Host wall time includes launch + wait, so it is never much below device time.
    EXPECT_GT(c.host_ms[i], c.latency_ms[i] * 0.8);
  }
  EXPECT_EQ(c.memory.source, "cuda-caching-allocator");
  EXPECT_GT(c.memory.peak_allocated_bytes, c.memory.parameter_bytes);
  EXPECT_GE(c.memory.peak_reserved_bytes, c.memory.peak_allocated_bytes);
}

TEST_F(Cuda, PrecisionModesRunAndDifferAsExpected) {
  const auto s =
      run(cudaRequest("resnet50", 8, {"fp32", "tf32", "bf16", "fp16", "amp-bf16", "bf16+cl"}));
  for (const auto& c : s.configs) {
    ASSERT_EQ(c.status, ConfigStatus::Ok) << c.config.key() << ": " << c.message;
    ASSERT_TRUE(c.accuracy.measured);
    EXPECT_EQ(c.accuracy.nan_count, 0) << c.config.key();
  }
  EXPECT_EQ(s.configs[0].accuracy.max_abs_error, 0.0);  // FP32 matches its own reference
  EXPECT_GT(s.configs[1].accuracy.rel_l2_error, 0.0);   // TF32 really used TF32
  EXPECT_GT(s.configs[2].accuracy.rel_l2_error,
            s.configs[1].accuracy.rel_l2_error);  // BF16 coarser
  EXPECT_LT(s.configs[2].accuracy.rel_l2_error, 0.1);
  EXPECT_LT(s.configs[2].memory.parameter_bytes, s.configs[0].memory.parameter_bytes * 0.51);
}

TEST_F(Cuda, CudaGraphReplayMatchesEager) {
  const auto s =
      run(cudaRequest("resnet50", 8, {"fp32", "fp32+graph", "bf16+graph+bench", "amp-bf16+graph"}));
  for (const auto& c : s.configs)
    ASSERT_EQ(c.status, ConfigStatus::Ok) << c.config.key() << ": " << c.message;
  EXPECT_LT(s.configs[1].accuracy.rel_l2_error, 1e-6);
  EXPECT_LT(s.configs[2].accuracy.rel_l2_error, 0.1);
  EXPECT_LT(s.configs[3].accuracy.rel_l2_error, 0.1);
}

TEST_F(Cuda, Tf32UsesOneApiAndRestoresIt) {
  const auto before = torchlayer::readGlobalSettings();
  {
    torchlayer::GlobalSettingsGuard guard(OptimizationConfig::parse("tf32"));
    EXPECT_TRUE(torchlayer::readGlobalSettings().fp32.cublas_tf32);
    EXPECT_TRUE(torchlayer::readGlobalSettings().fp32.cudnn_conv_tf32);
  }
  const auto after = torchlayer::readGlobalSettings();
  EXPECT_EQ(after.fp32.raw_matmul, before.fp32.raw_matmul);
  EXPECT_EQ(after.fp32.raw_conv, before.fp32.raw_conv);
  if (compat::kHasFp32PrecisionApi) {
    // ≥ 2.9: the config was written through the new fp32_precision table.
    torchlayer::GlobalSettingsGuard guard(OptimizationConfig::parse("tf32"));
    EXPECT_EQ(torchlayer::readGlobalSettings().fp32.raw_matmul, "tf32");
    EXPECT_EQ(torchlayer::readGlobalSettings().fp32.raw_conv, "tf32");
  }
}

TEST_F(Cuda, RealOutOfMemoryIsRecordedAndFreed) {
  // 65536 × 512 tokens: the embedding output alone is ~100 GiB in FP32, more than the whole card.
  auto huge = cudaRequest("bert-encoder", 65536, {"fp32", "bf16"}, 1);
  huge.model.encoder.seq_len = 512;
  huge.run.check_accuracy = false;
  const auto s = run(huge);
  for (const auto& c : s.configs)
    EXPECT_EQ(c.status, ConfigStatus::OutOfMemory) << c.config.key() << " " << c.message;
  // The memory came back: a normal run right after works.
  const auto ok = run(cudaRequest("resnet18", 8, {"fp32"}, 3));
  EXPECT_EQ(ok.configs.at(0).status, ConfigStatus::Ok) << ok.configs.at(0).message;
}

TEST_F(Cuda, BenchmarkModeShowsAutotuneInTheFirstIteration) {
  inferscope::testing::RecordingSink sink;
  CancelToken cancel;
  auto r = cudaRequest("resnet50", 32, {"fp16+bench"}, 20);
  r.run.warmup_iterations = 0;
  const auto s = engine::run(r, sink, cancel);
  const auto& c = s.configs.at(0);
  ASSERT_EQ(c.status, ConfigStatus::Ok) << c.message;
  EXPECT_GT(c.stats.cold_start_ms, 5.0 * c.stats.median_ms);
}

// CUPTI through the engine: a bounded window, kernels attributed to operators, plausible
// aggregates, and a Chrome trace that parses.
TEST_F(Cuda, KernelTracingWindowOnResNet50) {
  auto r = cudaRequest("resnet50", 8, {"bf16"}, 40);
  r.run.trace_kernels = true;
  r.run.trace_warmup_iterations = 2;
  r.run.trace_steady_iterations = 10;
  const auto s = run(r);
  const auto& c = s.configs.at(0);
  ASSERT_EQ(c.status, ConfigStatus::Ok) << c.message;
  ASSERT_TRUE(c.trace_summary);
  const auto& t = *c.trace_summary;
  ASSERT_EQ(t.status, trace::TraceStatus::Traced) << t.untraced_reason;
  EXPECT_EQ(c.traced_iterations.size(), 12u);
  EXPECT_GT(t.kernels_per_iteration, 50.0);  // ResNet-50: 53 convolutions alone
  EXPECT_GT(t.gpu_busy_pct, 0.0);
  EXPECT_LE(t.gpu_busy_pct, 100.0 + 1e-9);
  ASSERT_FALSE(t.top_kernels.empty());
  ASSERT_FALSE(t.ops.empty());
  EXPECT_NE(t.ops.front().op_name, "(no operator)");
  ASSERT_TRUE(c.trace_window);
  EXPECT_EQ(c.trace_window->dropped_records, 0u);
  // Every steady iteration runs the same forward, so the same kernels. (CUPTI restarts its
  // correlation ids when re-attached after the untraced warm-up iteration; when the ids collided,
  // the first steady iterations lost their kernels to the warm-up ones.)
  std::set<int> steady_kernel_counts;
  for (const auto& it : t.iterations) {
    if (!it.warmup) steady_kernel_counts.insert(it.kernel_count);
  }
  EXPECT_EQ(steady_kernel_counts.size(), 1u);
  // The first steady iteration is full (operators, API calls), the other 9 light: GPU records
  // only, their kernels named by the full iteration's kernel order — every one of them.
  EXPECT_EQ(t.light_iterations, 9);
  EXPECT_EQ(t.replay_mismatches, 0);
  for (const auto& k : c.trace_window->kernels) {
    if (k.iteration >= c.traced_iterations[3]) {
      EXPECT_TRUE(k.op_by_replay) << k.name;
      EXPECT_FALSE(k.top_op_name.empty()) << k.name;
    }
  }
  // Input shapes are formatted in a stretch's first iteration and copied to the same calls later.
  const int first_steady = c.traced_iterations[2];
  const auto& ops = c.trace_window->ops;
  const auto conv = std::find_if(ops.begin(), ops.end(), [&](const trace::OpRecord& op) {
    return op.iteration == first_steady && op.name == "aten::conv2d";
  });
  ASSERT_NE(conv, ops.end());
  EXPECT_EQ(conv->input_shapes.rfind("8x3x224x224, 64x3x7x7", 0), 0u) << conv->input_shapes;
  const auto json = trace::ChromeTraceWriter().toJson(*c.trace_window);
  EXPECT_NE(json.find("\"traceEvents\""), std::string::npos);
  // Operators are timed with the clock CUPTI stamps its API records with: the operator whose host
  // span holds a kernel's launch is the one whose correlation id CUPTI joined to it. (Two clock
  // domains would leave the spans and the launches unrelated, and the agreement near zero.)
  const auto agreement = trace::compareAttributionMethods(*c.trace_window);
  EXPECT_GT(agreement.compared, 3u * 300u);  // the three full iterations
  EXPECT_GE(static_cast<double>(agreement.agreed), 0.99 * static_cast<double>(agreement.compared))
      << agreement.agreed << " of " << agreement.compared;
}

// The cuDNN ledger's two halves on the real thing: convolution records with their kernels beneath
// them (one mode, in-process), and cuDNN's legacy Find/Get answer for a ResNet-50 shape.
TEST_F(Cuda, LedgerObservesResNet50Convolutions) {
  auto r = cudaRequest("resnet50", 8, {"bf16+cl"}, 6);
  r.run.check_accuracy = false;
  r.run.trace_kernels = true;
  r.run.trace_convolutions = true;
  r.run.trace_warmup_iterations = 1;
  r.run.trace_steady_iterations = 2;
  const auto s = run(r);
  const auto& c = s.configs.at(0);
  ASSERT_EQ(c.status, ConfigStatus::Ok) << c.message;
  ASSERT_TRUE(c.trace_window && c.trace_window->traced());
  cudnn::ModeRunInfo info;
  info.config_key = "bf16+cl";
  info.latency_ms = c.latency_ms;
  const auto ledger = cudnn::observeMode(*c.trace_window, info);
  EXPECT_GE(ledger.layers.size(), 15u);  // ResNet-50 has 20-odd unique convolution shapes
  int calls = 0, observed = 0, tensor_core = 0;
  for (const auto& l : ledger.layers) {
    calls += l.calls_per_iteration;
    const auto& o = l.ran.at(cudnn::SelectionMode::Heuristic);
    observed += o.observed && o.gpu_time_us > 0 ? 1 : 0;
    tensor_core += o.tensor_core ? 1 : 0;
    EXPECT_EQ(l.shape.dtype, "bfloat16");
    EXPECT_TRUE(l.shape.channels_last);
  }
  EXPECT_EQ(calls, 53);  // every convolution of one ResNet-50 forward
  EXPECT_EQ(observed, static_cast<int>(ledger.layers.size()));
  EXPECT_GT(tensor_core, 0);
  // The engine's own part (what `inferscope-cli cudnn` merges): heuristic mode, with candidates.
  ASSERT_TRUE(c.cudnn_observation);
  const auto& part = *c.cudnn_observation;
  ASSERT_EQ(part.layers.size(), ledger.layers.size());
  int with_candidates = 0;
  for (const auto& l : part.layers) with_candidates += l.candidates.empty() ? 0 : 1;
  EXPECT_EQ(with_candidates, static_cast<int>(part.layers.size()));
  EXPECT_GE(part.cudnn_version, 90000);
}

TEST_F(Cuda, CudnnFindAndGetAnswerForAResNetShape) {
  ASSERT_EQ(engine::cudnnLedgerUnavailableReason(0), "");
  EXPECT_GE(engine::cudnnLibraryVersion(), 90000);
  cudnn::ConvShape shape;
  shape.input = {32, 64, 56, 56};
  shape.weight = {64, 64, 3, 3};
  shape.stride = {1, 1};
  shape.padding = {1, 1};
  shape.dilation = {1, 1};
  for (const char* dtype : {"float32", "bfloat16"}) {
    shape.dtype = dtype;
    const auto q = engine::queryConvolutionAlgorithms(shape, false, 0);
    ASSERT_TRUE(q.error.empty()) << q.error;
    ASSERT_FALSE(q.candidates.empty());
    int timed = 0, ranked_first = 0;
    for (const auto& cand : q.candidates) {
      if (cand.time_ms && *cand.time_ms > 0) ++timed;
      if (cand.heuristic_rank == 0) ++ranked_first;
    }
    EXPECT_GT(timed, 0) << dtype;
    EXPECT_EQ(ranked_first, 1) << dtype;
  }
}

// aoti-graph: the AOTInductor package's run captured in a CUDA graph. It replays the same
// package as aoti (one compile, shared), so both compute the same thing: their errors against
// FP32 agree. Compiles a ResNet-18 package (~30 s on the H200) unless it is cached.
TEST_F(Cuda, AotInductorPackageReplaysInACudaGraph) {
  if (!engine::aotInductorAvailable()) GTEST_SKIP() << "this LibTorch has no AOTInductor loader";
  // Through the run layer: the package's compile is its compile queue's (engine::run alone has
  // none, and records such a config as unsupported).
  NullSink sink;
  CancelToken cancel;
  const auto s = runner::runInProcess(
      cudaRequest("resnet18", 8, {"fp32", "fp16+cl+aoti", "fp16+cl+aoti-graph"}, 20), sink, cancel);
  for (const auto& c : s.configs)
    ASSERT_EQ(c.status, ConfigStatus::Ok) << c.config.key() << ": " << c.message;
  const auto& plain = s.configs[1].accuracy;
  const auto& graphed = s.configs[2].accuracy;
  ASSERT_TRUE(plain.measured && graphed.measured);
  EXPECT_LT(graphed.rel_l2_error, 1e-2);
  EXPECT_NEAR(graphed.rel_l2_error, plain.rel_l2_error, 1e-4);
  EXPECT_EQ(graphed.nan_count, 0);
}
